import { toJsonSchema, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema';
import { schemaRuleKeywords } from '../../core/argument-rules';
import { dryRunOutput, heldOutput } from '../../core/plan';
import type { ToolDefinition } from '../../core/tool';

/** The JSON Schema dialect of the catalog and of OpenAPI 3.1. */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

export interface ConvertedSchema {
  /** JSON Schema (draft 2020-12) of the tool's arguments, without `$schema`. */
  schema: JsonSchema;
  /** What JSON Schema could not express; empty when the conversion is complete. */
  gaps: string[];
}

/**
 * Pipe actions JSON Schema cannot state. Transformations (trim, to_lower_case...) normalise a value
 * after it was accepted, so the accepted input is unchanged; checks (`v.check`, `v.checkItems`...)
 * are kept as their human-readable messages under `x-rules`, so people and agents still see them;
 * regexes get the care described at `regexSchema`.
 */
const overrideAction: NonNullable<ConversionConfig['overrideAction']> = ({ valibotAction, jsonSchema, errors }) => {
  const characters = (valibotAction as { characterLimits?: { min?: number; max?: number } }).characterLimits;
  if (characters) {
    // characterLength (platforms/arguments.ts) counts code points, exactly as minLength/maxLength do.
    return {
      ...jsonSchema,
      ...(characters.min !== undefined ? { minLength: characters.min } : {}),
      ...(characters.max !== undefined ? { maxLength: characters.max } : {}),
    };
  }
  if (!errors) return undefined;
  if (valibotAction.kind === 'transformation') return jsonSchema;
  if (valibotAction.type === 'regex') return regexSchema(jsonSchema, (valibotAction as unknown as { requirement: RegExp }).requirement);
  if (valibotAction.kind === 'validation') {
    const message = (valibotAction as { message?: unknown }).message;
    return typeof message === 'string' ? withRule(jsonSchema, message) : jsonSchema;
  }
  return undefined;
};

function withRule(jsonSchema: JsonSchema, rule: string): JsonSchema {
  const existing = (jsonSchema as Record<string, unknown>)['x-rules'];
  const rules = Array.isArray(existing) ? (existing as string[]) : [];
  return { ...jsonSchema, 'x-rules': [...rules, rule] } as JsonSchema;
}

/**
 * A second pattern goes under `allOf`; a pattern with flags JSON Schema lacks (i, m, s) cannot be
 * stated as it is, so it is described in `x-rules` rather than stated wrongly.
 */
function regexSchema(jsonSchema: JsonSchema, regex: RegExp): JsonSchema {
  const flags = regex.flags.replace(/[ugy]/g, '');
  const out = { ...jsonSchema } as Record<string, unknown>;
  if (flags) {
    if (out.pattern === regex.source) delete out.pattern;
    return withRule(out as JsonSchema, `must match /${regex.source}/${regex.flags}`);
  }
  if (out.pattern !== regex.source) out.allOf = [...((out.allOf as unknown[]) ?? []), { pattern: regex.source }];
  return out as JsonSchema;
}

const BASE_CONFIG: ConversionConfig = {
  target: 'draft-2020-12',
  // Requests are validated on their input: stop before a pipe changes the type of a value.
  typeMode: 'input',
  overrideAction,
};

/**
 * Converts the strict valibot schema that validates a tool's arguments into JSON Schema: strict
 * objects get `additionalProperties: false`, `v.optional(x, d)` gives `default: d`, bounds, enums,
 * patterns and `v.description` carry over. Never throws: what cannot be converted is left open and
 * named in `gaps` (a test keeps that list empty for every registered tool).
 */
export function argumentsJsonSchema(tool: Pick<ToolDefinition, 'schema'> & Partial<Pick<ToolDefinition, 'schemaRules'>>): ConvertedSchema {
  let schema: JsonSchema;
  const gaps: string[] = [];
  try {
    schema = toJsonSchema(tool.schema, { ...BASE_CONFIG, errorMode: 'throw' });
  } catch (error) {
    gaps.push(error instanceof Error ? error.message : String(error));
    schema = toJsonSchema(tool.schema, { ...BASE_CONFIG, errorMode: 'ignore' });
  }
  const keywords = schemaRuleKeywords(tool.schemaRules ?? []);
  return { schema: { ...(tidy(schema) as JsonSchema), ...keywords } as JsonSchema, gaps };
}

/** Drops `$schema` (the caller states the dialect once) and empty `required` lists, recursively. */
function tidy(value: unknown, root = true): unknown {
  if (Array.isArray(value)) return value.map((item) => tidy(item, false));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (root && key === '$schema') continue;
    if (key === 'required' && Array.isArray(item) && item.length === 0) continue;
    // Property names and enum values are data, not schemas: copy them as they are.
    out[key] = key === 'enum' || key === 'const' || key === 'default' || key === 'examples' ? item : tidy(item, false);
  }
  return out;
}

const OUTPUT_CONFIG: ConversionConfig = { ...BASE_CONFIG, typeMode: 'output', errorMode: 'ignore' };

/** JSON Schema of the `data.structured` every dry run answers (functions/runtime/plan.ts). */
export function dryRunJsonSchema(): JsonSchema {
  return tidy(toJsonSchema(dryRunOutput, OUTPUT_CONFIG)) as JsonSchema;
}

/** JSON Schema of the `data.structured` of a write held for approval (functions/runtime/plan.ts). */
export function heldJsonSchema(): JsonSchema {
  return tidy(toJsonSchema(heldOutput, OUTPUT_CONFIG)) as JsonSchema;
}

/**
 * JSON Schema of a tool's `data.structured`, from its `output` (undefined when it declares none).
 * A planned write answers its result, or for `dry_run: true` the plan, or when held for approval the
 * pending action: `oneOf` the three (`dry_run: true` and `held: true` tell them apart), the plan and
 * the held action given as `dryRun` and `held` (callers reference them).
 */
export function outputJsonSchema(
  tool: Pick<ToolDefinition, 'output' | 'plan'>,
  dryRun: JsonSchema = dryRunJsonSchema(),
  held: JsonSchema = heldJsonSchema(),
): JsonSchema | undefined {
  if (!tool.output) return undefined;
  const result = tidy(toJsonSchema(tool.output, OUTPUT_CONFIG)) as JsonSchema;
  return tool.plan ? ({ type: 'object', oneOf: [result, dryRun, held] } as JsonSchema) : result;
}
