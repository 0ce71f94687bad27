/**
 * Every tool declares the schema of its `data.structured`, and the catalog, OpenAPI and MCP publish
 * it. The tests' callTool checks every real output against it (test/support/output-check.ts).
 */
import * as v from 'valibot';
import { buildCatalog } from '../../functions/catalog/catalog';
import { buildOpenApi } from '../../functions/catalog/openapi';
import { mcpTool } from '../../functions/mcp/tools';
import { REGISTRY } from '../../functions/all-tools';
import { checkToolOutput } from '../support/output-check';

/** Tools that declare no `output`: none. A new tool is never added here: every tool declares its output. */
const WITHOUT_OUTPUT_YET: readonly string[] = [];

const entries = buildCatalog(REGISTRY);

describe('output schemas', () => {
  it('every tool declares one', () => {
    const missing = REGISTRY.all().filter((tool) => !tool.output).map((tool) => tool.name).sort();
    expect(missing).toEqual([...WITHOUT_OUTPUT_YET].sort());
  });

  it('are published in the catalog, OpenAPI (a typed 200 per operation) and MCP (outputSchema)', () => {
    const document: any = buildOpenApi(REGISTRY, entries);
    for (const entry of entries) {
      const tool = REGISTRY.get(entry.name)!;
      const response = document.paths[entry.execute.path].post.responses['200'].content['application/json'].schema;
      if (!tool.output) {
        expect(entry.output_schema).toBeUndefined();
        expect(response).toEqual({ $ref: '#/components/schemas/SuccessResponse' });
        continue;
      }
      expect(entry.output_schema).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema' });
      expect(response.properties.data.properties.structured).toEqual({ $ref: `#/components/schemas/${entry.name}_output` });
      const published = document.components.schemas[`${entry.name}_output`];
      if (tool.plan) expect(published.oneOf).toEqual([expect.any(Object), { $ref: '#/components/schemas/DryRunPlan' }, { $ref: '#/components/schemas/HeldAction' }]);
      const mcp = mcpTool(entry).outputSchema!;
      expect(mcp).toMatchObject({ type: 'object', properties: { quota: { type: 'object' } } });
      expect(mcp.$schema).toBeUndefined();
    }
  });

  it('a mismatch fails with the path of the field, and so does a field the schema does not declare', () => {
    const tool = REGISTRY.all().find((t) => t.output && t.access === 'read' && v.safeParse(t.output, {}).success === false)!;
    expect(() => checkToolOutput(tool.name, {})).toThrow(/structured\.\w+/);
    const planned = REGISTRY.all().find((t) => t.output && t.plan)!;
    const plan = { dry_run: true, tool: planned.name, summary: 'x', changes: [] };
    expect(() => checkToolOutput(planned.name, plan)).not.toThrow();
    expect(() => checkToolOutput(planned.name, { ...plan, surprise: 1 })).toThrow('structured.surprise');
    expect(() => checkToolOutput(planned.name, { ...plan, changes: [{ action: 'rename', entity: 'x', fields: {} }] })).toThrow('structured.changes[0].action');
  });
});
