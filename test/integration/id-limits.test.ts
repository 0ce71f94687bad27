/**
 * Every id argument has a length limit (issue 32: ids of 1,025-2,048 bytes reached DynamoDB and
 * answered 500). The published JSON Schema of every tool states it, and a call with an id over it is
 * a 400 naming the field before anything is read or written.
 */
import { ID_MAX_CHARACTERS } from '../../core/id-limits';
import { PLATFORM_WORDS } from '../../core/platforms';
import { REGISTRY } from '../../functions/all-tools';
import { argumentsJsonSchema } from '../../functions/catalog/json-schema';
import { callTool, createTestOwner, useTestTables } from '../support/gateway';

useTestTables();

type Schema = {
  type?: string | string[];
  maxLength?: number;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
};
const ID_NAME = /(^|_)ids?$/;

/** The string forms of an argument (through arrays and unions), with their maxLength. */
function strings(schema: Schema): Schema[] {
  if (schema.type === 'string') return [schema];
  return [...(schema.items ? strings(schema.items) : []), ...(schema.anyOf ?? []).flatMap(strings)];
}

const idArguments = REGISTRY.all().map((tool) => {
  const properties = (argumentsJsonSchema(tool).schema as Schema).properties ?? {};
  return { tool, ids: Object.entries(properties).filter(([name, schema]) => ID_NAME.test(name) && strings(schema).length) };
});

describe('Id length limits', () => {
  it('every id argument of every tool publishes a maximum length', () => {
    const open = idArguments.flatMap(({ tool, ids }) =>
      ids
        .filter(([, schema]) => strings(schema).some((s) => s.maxLength === undefined && s.enum === undefined))
        .map(([name]) => `${tool.name}.${name}`),
    );
    expect(open).toEqual([]);
    expect(idArguments.filter(({ ids }) => ids.length).length).toBeGreaterThan(400);
  });

  it('refuses an id of 1,500 bytes with a 400 naming the field, in every tool, never a 500', async () => {
    const { apiKey } = await createTestOwner({ accounts: Object.fromEntries(PLATFORM_WORDS.map((word) => [word, 1])) });
    const failures: string[] = [];
    for (const { tool, ids } of idArguments) {
      // manage_action answers 403 to this key before validation (only an approve key may call it).
      if (tool.approval) continue;
      // Only ids whose own limit is under the probe (a tool may allow a longer opaque id, like a click id).
      const probed = ids.filter(([, schema]) => strings(schema).every((s) => s.enum === undefined && (s.maxLength ?? Infinity) < 1500));
      if (!probed.length) continue;
      const long = 'i'.repeat(1500);
      const args = Object.fromEntries(probed.map(([name, schema]) => [name, schema.type === 'array' ? [long] : long]));
      const result = await callTool(apiKey, tool.name, args);
      const code = result.body.structured_content?.code;
      if (result.status !== 400 || code !== 'invalid_arguments') failures.push(`${tool.name}: ${result.status} ${code}`);
      else
        for (const [name, schema] of probed) {
          const field = schema.type === 'array' ? `${name}[0]` : name;
          if (!result.body.error!.includes(`\`${field}\` must have at most`)) failures.push(`${tool.name}: ${field} not named`);
        }
      if (JSON.stringify(result.body).includes(long)) failures.push(`${tool.name}: echoes the id`);
    }
    expect(failures).toEqual([]);
    expect(ID_MAX_CHARACTERS).toBeLessThanOrEqual(256);
  }, 600_000);
});
