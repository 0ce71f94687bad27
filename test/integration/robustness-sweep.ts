/**
 * Bad input gets a clear 400, never a 500. For every registered tool, argument variants are generated
 * from the tool's own JSON Schema (the catalog's): nothing, wrong types, nulls, hostile strings, and
 * schema-valid values at the lower and upper bounds that reach the tool's code. No call may answer
 * 500, and every 400 must say something about the arguments or the platform.
 * The sweep is split into ROBUSTNESS_PARTS test files (robustness-part<n>.test.ts), each over a
 * share of the platform groups (test/support/parts.ts), so they run on separate Jest workers.
 */
import { argumentsJsonSchema } from '../../functions/catalog/json-schema';
import { PLATFORM_WORDS } from '../../core/platforms';
import { REGISTRY } from '../../functions/all-tools';
import { callTool, createTestOwner, useTestTables } from '../support/gateway';
import { groupOf, groupsOfPart } from '../support/parts';

export const ROBUSTNESS_PARTS = 3;

// Loosely typed: the generator reads whichever keywords a schema has.
type Schema = Record<string, any>;
type Bound = 'low' | 'high';

/** A loopback URL nothing listens on: URL fields never send traffic off this machine. */
const LOOPBACK_URL = 'https://127.0.0.1:9/asset.mp4';

function valueFor(name: string, schema: Schema, bound: Bound): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return bound === 'low' ? schema.enum[0] : schema.enum[schema.enum.length - 1];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return valueFor(name, options[bound === 'low' ? 0 : options.length - 1], bound);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'boolean':
      return bound === 'high';
    case 'integer':
    case 'number': {
      const low =
        schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (type === 'integer' ? 1 : 0.001) : 0);
      const high =
        schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (type === 'integer' ? 1 : 0.001) : 1_000_000);
      return bound === 'low' ? low : high;
    }
    case 'array': {
      const count = bound === 'low' ? Math.max(schema.minItems ?? 0, 0) : Math.min(schema.maxItems ?? 3, 12);
      return Array.from({ length: count }, (_, i) => valueFor(`${name}[${i}]`, schema.items ?? {}, bound));
    }
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const [key, property] of Object.entries<Schema>(schema.properties ?? {})) {
        if (bound === 'high' || (schema.required ?? []).includes(key)) object[key] = valueFor(key, property, bound);
      }
      return object;
    }
    default:
      return stringFor(name, schema, bound);
  }
}

function stringFor(name: string, schema: Schema, bound: Bound): string {
  if (schema.format === 'date' || /date|_after|_before/.test(name)) return bound === 'low' ? '2020-01-01' : '2099-12-31';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
  if (schema.format === 'uri' || schema.format === 'url' || /url/.test(name)) return LOOPBACK_URL;
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.pattern && /\\d/.test(schema.pattern) && !/[a-z]{2}/i.test(schema.pattern.replace(/\\[a-z]/gi, ''))) return '1234567890';
  const min = schema.minLength ?? 1;
  const max = Math.min(schema.maxLength ?? 64, 5000);
  return bound === 'low' ? 'x'.repeat(min) : 'Zz9 ünïcødé ✓ '.repeat(Math.ceil(max / 14)).slice(0, max);
}

function wrongTypeFor(schema: Schema): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  return (
    { string: 12345, number: 'not a number', integer: 1.5, boolean: 'yes', array: 'not a list', object: [1, 2] }[type as string] ?? {
      unexpected: true,
    }
  );
}

function variants(tool: (typeof REGISTRY)['all'] extends () => (infer T)[] ? T : never): Record<string, Record<string, unknown>> {
  const schema = argumentsJsonSchema(tool).schema as Schema;
  const properties = Object.entries<Schema>(schema.properties ?? {}).filter(([name]) => !tool.accountParameters.includes(name));
  const map = (f: (name: string, s: Schema) => unknown, only?: string[]) =>
    Object.fromEntries(properties.filter(([n]) => !only || only.includes(n)).map(([n, s]) => [n, f(n, s)]));
  const required = schema.required ?? [];
  return {
    empty: {},
    wrong_types: map((_n, s) => wrongTypeFor(s)),
    nulls: map(() => null),
    hostile_strings: map((n, s) =>
      s.type === 'string' ? `'; DROP TABLE x; -- ${'\u0000'}<script>${'é'.repeat(3000)}` : valueFor(n, s, 'low'),
    ),
    required_low: map((n, s) => valueFor(n, s, 'low'), required),
    all_low: map((n, s) => valueFor(n, s, 'low')),
    all_high: map((n, s) => valueFor(n, s, 'high')),
  };
}

/** The sweep over part `part` of ROBUSTNESS_PARTS: one test per platform group, on tables of its own. */
export function describeRobustnessSweep(part: number): void {
  useTestTables();
  const groups = groupsOfPart(part, ROBUSTNESS_PARTS);
  describe(`Every tool, any input (part ${part} of ${ROBUSTNESS_PARTS}: ${groups.join(', ')})`, () => {
    let apiKey: string;
    beforeAll(async () => {
      const accounts = Object.fromEntries(PLATFORM_WORDS.map((p) => [p, 1]));
      ({ apiKey } = await createTestOwner({ tier: 'max', limitOverride: 1_000_000, accounts }));
    });

    // One test per platform group, each with its own time budget: the sweep grows with the catalog.
    it.each(groups)(
      '%s tools never answer 500, and every 4xx is an envelope with a message',
      async (group) => {
        const tools = REGISTRY.all().filter((tool) => groupOf(tool) === group);
        const failures: string[] = [];
        let calls = 0;
        for (const tool of tools) {
          for (const [variant, args] of Object.entries(variants(tool))) {
            const result = await callTool(apiKey, tool.name, args);
            calls += 1;
            const error = result.body.error ?? '';
            if (result.status >= 500) failures.push(`${tool.name} [${variant}] → ${result.status}: ${error}`);
            else if (result.status !== 200 && (result.body.success !== false || error.length < 10))
              failures.push(`${tool.name} [${variant}] → ${result.status} without a usable message`);
          }
        }
        expect(calls).toBeGreaterThan(tools.length * 6);
        expect(failures).toEqual([]);
      },
      300_000,
    );
  });
}
