import * as v from 'valibot';
import { Ajv2020 } from 'ajv/dist/2020';
import { argumentsJsonSchema } from '../../functions/catalog/json-schema';
import { atLeastOne, atMostOne, exactlyOne, requires, say, schemaRuleProblems, when } from '../../core/argument-rules';
import { defineGatewayTool } from '../../core/tool';
import { validateToolArguments } from '../../functions/runtime/validation';
import { characterLength, textArgument } from '../../core/arguments';

const tool = defineGatewayTool({
  category: 'helper',
  name: 'rules_demo',
  description: 'A tool with every kind of declared rule.',
  access: 'read',
  args: {
    start: v.optional(v.number()),
    end: v.optional(v.number()),
    days: v.optional(v.number()),
    asins: v.optional(v.array(v.string())),
    ad_group_id: v.optional(v.string()),
    a: v.optional(v.string()),
    b: v.optional(v.string()),
    level: v.optional(v.picklist(['campaign', 'ad']), 'campaign'),
    ids: v.optional(v.array(v.string())),
    callout: v.optional(textArgument('A callout', { max: 25 })),
  },
  schemaRules: [
    say(requires('start', 'end'), '`start` and `end` go together'),
    atMostOne('days', 'start'),
    exactlyOne('asins', 'ad_group_id'),
    atLeastOne('a', 'b'),
    when('level', ['ad'], { required: ['ids'] }),
  ],
  async run() {
    return { text: 'ok' };
  },
});

const schema = argumentsJsonSchema(tool).schema;
const ajv = new Ajv2020({ strict: false });
const jsonValid = ajv.compile(schema);

/** The server's problems and the published JSON Schema's verdict, for one set of arguments. */
function both(args: Record<string, unknown>): { server: string[]; json: boolean } {
  let server: string[] = [];
  try {
    validateToolArguments(tool, args);
  } catch (error) {
    server = ((error as { structuredContent: { problems: string[] } }).structuredContent.problems ?? []) as string[];
  }
  return { server, json: jsonValid(args) as boolean };
}

describe('declared cross-field rules (schemaRules)', () => {
  it('are published as dependentRequired, oneOf, anyOf, not and if/then', () => {
    expect(schema).toMatchObject({
      dependentRequired: { start: ['end'] },
      allOf: [
        { not: { required: ['days', 'start'] } },
        { oneOf: [{ required: ['asins'] }, { required: ['ad_group_id'] }] },
        { anyOf: [{ required: ['a'] }, { required: ['b'] }] },
        { if: { required: ['level'], properties: { level: { enum: ['ad'] } } }, then: { required: ['ids'] } },
      ],
    });
  });

  it.each([
    [{ asins: ['B0'], a: 'x' }, []],
    [{ asins: ['B0'], a: 'x', start: 1 }, ['`start` and `end` go together']],
    [{ asins: ['B0'], a: 'x', start: 1, end: 2, days: 3 }, ['give only one of `days`, `start`']],
    [{ a: 'x' }, ['give exactly one of `asins`, `ad_group_id` (0 given)']],
    [{ asins: ['B0'], ad_group_id: '1', a: 'x' }, ['give exactly one of `asins`, `ad_group_id` (2 given)']],
    [{ asins: ['B0'] }, ['give at least one of `a`, `b`']],
    [{ asins: ['B0'], a: 'x', level: 'ad' }, ['`ids` is required when `level` is ad']],
  ])('the server and the published schema agree on %j', (args, problems) => {
    const { server, json } = both(args);
    expect(server).toEqual(problems);
    expect(json).toBe(problems.length === 0);
  });

  it('checks the arguments as sent, before defaults', () => {
    expect(schemaRuleProblems([when('level', ['campaign'], { required: ['ids'] })], {})).toEqual([]);
  });
});

describe('characterLength', () => {
  const callout = v.pipe(v.string(), characterLength({ max: 25 }));
  it('counts characters (code points), not UTF-16 units, as JSON Schema maxLength does', () => {
    const emoji = '😀'.repeat(13);
    expect(emoji.length).toBe(26);
    expect(v.safeParse(callout, emoji).success).toBe(true);
    expect(v.safeParse(callout, '😀'.repeat(26)).issues?.[0].message).toBe('must be at most 25 characters');
    expect(schema.properties?.callout).toMatchObject({ type: 'string', maxLength: 25 });
    expect(jsonValid({ asins: ['B0'], a: 'x', callout: emoji })).toBe(true);
    expect(jsonValid({ asins: ['B0'], a: 'x', callout: '😀'.repeat(26) })).toBe(false);
  });
});
