/**
 * Every request example the catalog and OpenAPI document works as documented: each is sent, as it
 * is, to a fresh demo owner seeded as `npm start` seeds it (tier pro, one sandbox account per
 * platform), and must answer 200. A tool whose example would need made-up values publishes none.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalog } from '../../functions/catalog/catalog';
import { openApiDocument } from '../../functions/catalog/openapi';
import { ensureDemoOwner } from '../../functions/local/demo';
import { callTool, useTestTables } from '../support/gateway';

useTestTables();

const document: any = openApiDocument();
const documented = catalog()
  .map((entry) => ({ tool: entry.name, example: document.paths[entry.execute.path].post.requestBody.content['application/json'].example }))
  .filter((item) => item.example !== undefined);

let apiKey: string;
beforeAll(async () => {
  const { demo } = await ensureDemoOwner(join(mkdtempSync(join(tmpdir(), 'examples-')), 'demo.json'));
  apiKey = demo.api_key;
});

describe('documented request examples', () => {
  it('exist for the tools that need no made-up value, and no Idempotency-Key example is fixed', () => {
    expect(documented.length).toBeGreaterThan(10);
    expect(document.components.parameters.IdempotencyKey.example).toBeUndefined();
    expect(JSON.stringify(catalog())).not.toContain('"examples"');
  });

  it.each(documented.map((item) => [item.tool, item.example] as const))(
    '%s: its example answers 200 on a fresh demo owner',
    async (tool, example) => {
      const result = await callTool(apiKey, tool, undefined, { rawBody: JSON.stringify(example) });
      expect({ tool, status: result.status, error: result.body.error }).toEqual({ tool, status: 200, error: undefined });
    },
  );
});
