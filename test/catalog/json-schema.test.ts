import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import * as v from 'valibot';
import { schemaRuleProblems } from '../../core/argument-rules';
import { REGISTRY } from '../../functions/all-tools';
import { argumentsJsonSchema } from '../../functions/catalog/json-schema';
import { catalogEntry, filterCatalog, buildCatalog } from '../../functions/catalog/catalog';

describe('Function: argumentsJsonSchema', () => {
  it('converts the schema of every registered tool completely, without throwing', () => {
    // Prepare
    const tools = REGISTRY.all();
    expect(tools.length).toBeGreaterThan(0);
    // Act
    const failures = tools
      .map((tool) => ({ name: tool.name, ...argumentsJsonSchema(tool) }))
      .filter(({ gaps }) => gaps.length)
      .map(({ name, gaps }) => `${name}: ${gaps.join('; ')}`);
    // Assess
    expect(failures).toEqual([]);
  });

  it('describes exactly the parameters the validator accepts, with the same required ones', () => {
    for (const tool of REGISTRY.all()) {
      const { schema } = argumentsJsonSchema(tool) as { schema: Record<string, any> };
      const entries = tool.schema.entries as Record<string, { type: string }>;
      expect({ tool: tool.name, type: schema.type, additionalProperties: schema.additionalProperties }).toEqual({ tool: tool.name, type: 'object', additionalProperties: false });
      expect(Object.keys(schema.properties ?? {}).sort()).toEqual(Object.keys(entries).sort());
      const required = Object.keys(entries).filter((key) => !['optional', 'nullish', 'exact_optional'].includes(entries[key].type));
      expect({ tool: tool.name, required: [...(schema.required ?? [])].sort() }).toEqual({ tool: tool.name, required: required.sort() });
      for (const account of tool.accountParameters) expect(schema.properties[account]?.type).toBe('string');
    }
  });

  it('gives every tool a schema that a draft 2020-12 validator compiles and that agrees with valibot on required and unknown fields', () => {
    // Prepare: strict mode rejects unknown keywords and malformed ones; `x-rules` is ours.
    // strictRequired off: a declared cross-field rule is `oneOf: [{required: [a]}, {required: [b]}]`,
    // standard JSON Schema whose subschemas name properties defined at the root.
    const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
    addFormats(ajv);
    ajv.addKeyword({ keyword: 'x-rules', schemaType: 'array' });
    for (const tool of REGISTRY.all()) {
      // Act
      const validate = ajv.compile(argumentsJsonSchema(tool).schema as object);
      // Assess
      for (const input of [{}, { not_a_parameter_of_any_tool: 1 }]) {
        const valibot = v.safeParse(tool.schema, input).success && schemaRuleProblems(tool.schemaRules, input).length === 0;
        expect({ tool: tool.name, input, valid: validate(input) }).toEqual({ tool: tool.name, input, valid: valibot });
      }
    }
  });

  it('carries bounds, enums, patterns, formats, defaults and descriptions over to draft 2020-12', () => {
    // Prepare
    const tool = {
      schema: v.strictObject({
        name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(25, 'must be at most 25 characters'), v.description('Campaign name')),
        days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(365), v.description('Lookback')), 30),
        status: v.optional(v.picklist(['ENABLED', 'PAUSED'])),
        ids: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/^\d{6,20}$/))), v.minLength(1), v.maxLength(50))),
        start_date: v.optional(v.pipe(v.string(), v.isoDate())),
        url: v.optional(v.pipe(v.string(), v.url())),
        items: v.optional(v.array(v.strictObject({ text: v.string() }))),
        hours: v.optional(v.pipe(v.string(), v.check((value) => value.length === 336, 'must have 336 characters, one per hour of the week'))),
        amount: v.optional(v.pipe(v.string(), v.transform(Number), v.number())),
        code: v.optional(v.pipe(v.string(), v.regex(/^[a-z]+$/i), v.regex(/^.{2,8}$/))),
        sku: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{3}/), v.regex(/\d$/))),
      }),
    };
    // Act
    const { schema, gaps } = argumentsJsonSchema(tool) as { schema: Record<string, any>; gaps: string[] };
    // Assess
    expect(gaps).toEqual([]);
    expect(schema.$schema).toBeUndefined();
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(['name']);
    expect(schema.properties.name).toEqual({ type: 'string', minLength: 1, maxLength: 25, description: 'Campaign name' });
    expect(schema.properties.days).toEqual({ type: 'integer', minimum: 1, maximum: 365, description: 'Lookback', default: 30 });
    expect(schema.properties.status).toMatchObject({ type: 'string', enum: ['ENABLED', 'PAUSED'] });
    expect(schema.properties.ids).toEqual({ type: 'array', items: { type: 'string', pattern: '^\\d{6,20}$' }, minItems: 1, maxItems: 50 });
    expect(schema.properties.start_date).toEqual({ type: 'string', format: 'date' });
    expect(schema.properties.url).toEqual({ type: 'string', format: 'uri' });
    expect(schema.properties.items.items).toEqual({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false });
    expect(schema.properties.hours).toEqual({ type: 'string', 'x-rules': ['must have 336 characters, one per hour of the week'] });
    // The request carries the input type: a string that the tool then turns into a number.
    expect(schema.properties.amount).toEqual({ type: 'string' });
    // A case-insensitive pattern is described, not stated wrongly; a second pattern joins allOf.
    expect(schema.properties.code).toEqual({ type: 'string', 'x-rules': ['must match /^[a-z]+$/i'], pattern: '^.{2,8}$' });
    expect(schema.properties.sku).toEqual({ type: 'string', pattern: '^[A-Z]{3}', allOf: [{ pattern: '\\d$' }] });
  });

  it('names what JSON Schema cannot express instead of throwing', () => {
    const { schema, gaps } = argumentsJsonSchema({ schema: v.strictObject({ when: v.date() }) }) as { schema: Record<string, any>; gaps: string[] };
    expect(gaps).toEqual([expect.stringContaining('"date" schema cannot be converted')]);
    expect(schema.properties.when).toEqual({});
  });
});

describe('Function: buildCatalog', () => {
  it('lists every tool once, sorted by name, with its flags and a draft 2020-12 schema', () => {
    const entries = buildCatalog(REGISTRY);
    expect(entries.map((e) => e.name)).toEqual([...REGISTRY.names()].sort());
    for (const entry of entries) {
      const tool = REGISTRY.get(entry.name)!;
      expect(entry).toMatchObject({
        platform: tool.platform,
        group: tool.group,
        access: tool.access,
        destructive: tool.destructive,
        quota_exempt: tool.quotaExempt,
        long_running: tool.longRunning,
        description: tool.description,
        execute: { method: 'POST', path: `/api/v1/tools/${tool.name}/execute` },
      });
      expect(entry.input_schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    }
  });

  it('filters by platform, group and access', () => {
    const entries = buildCatalog(REGISTRY);
    const reads = filterCatalog(entries, { access: 'read' });
    expect(reads.length).toBe(REGISTRY.all().filter((t) => t.access === 'read').length);
    expect(reads.every((e) => e.access === 'read')).toBe(true);
    const gateway = filterCatalog(entries, { platform: 'gateway' });
    expect(gateway.map((e) => e.name).sort()).toEqual(REGISTRY.all().filter((t) => (t.platform ?? t.group) === 'gateway').map((t) => t.name).sort());
    expect(gateway.length).toBeGreaterThan(0);
    const searchWrites = filterCatalog(entries, { group: 'searchads', access: 'write' });
    expect(searchWrites.every((e) => e.group === 'searchads' && e.access === 'write')).toBe(true);
  });

  it('builds an entry from the tool definition alone', () => {
    const tool = REGISTRY.get('list_campaigns')!;
    const entry = catalogEntry(tool);
    expect((entry.input_schema.properties as Record<string, any>).lookback_days).toMatchObject({ type: 'integer', minimum: 1, maximum: 365, default: 30 });
    expect((entry.input_schema.properties as Record<string, any>).customer_id).toMatchObject({ type: 'string' });
  });
});
