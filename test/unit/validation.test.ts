import * as v from 'valibot';
import { BadRequestError } from '../../core/errors';
import { defineGatewayTool } from '../../core/tool';
import { validateToolArguments } from '../../functions/runtime/validation';

const tool = defineGatewayTool({
  category: 'helper',
  name: 'sample_tool',
  description: 'test',
  access: 'read',
  args: {
    campaign_id: v.string(),
    callouts: v.optional(v.array(v.pipe(v.string(), v.maxLength(25)))),
    budget_daily: v.optional(v.number()),
    budget_lifetime: v.optional(v.number()),
    cards: v.optional(v.array(v.strictObject({ headline: v.string(), image_url: v.optional(v.string()) }))),
    status: v.optional(v.picklist(['ENABLED', 'PAUSED'])),
    limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(10), v.maxValue(200)), 50),
    dayparting: v.optional(v.pipe(v.string(), v.length(336, 'must be exactly 336 characters of 0 and 1'))),
  },
  rules: [
    (a) => a.budget_daily !== undefined && a.budget_lifetime !== undefined && '`budget_daily` and `budget_lifetime` are mutually exclusive',
  ],
  run: async () => ({ text: '' }),
});

function problemsOf(input: Record<string, unknown>): string[] {
  try {
    validateToolArguments(tool, input);
  } catch (err) {
    expect(err).toBeInstanceOf(BadRequestError);
    return (err as BadRequestError).structuredContent!.problems as string[];
  }
  throw new Error('expected a validation error');
}

describe('Function: validateToolArguments', () => {
  it('applies defaults and returns the parsed arguments', () => {
    expect(validateToolArguments(tool, { campaign_id: '1' })).toEqual({ campaign_id: '1', limit: 50 });
  });

  it('names an unknown field and suggests the closest parameter', () => {
    expect(problemsOf({ campaign_id: '1', campain_id: '2' })).toEqual([
      '`campain_id` is not a parameter of this tool; did you mean `campaign_id`?',
    ]);
  });

  it('suggests the closest key inside nested objects too', () => {
    expect(problemsOf({ campaign_id: '1', cards: [{ headline: 'a' }, { headlin: 'b', headline: 'c' }] })).toEqual([
      '`cards[1].headlin` is not a known field here; did you mean `headline`?',
    ]);
  });

  it('reports every problem of a request at once, each naming its field and rule', () => {
    const problems = problemsOf({ callouts: ['ok', 'x'.repeat(26)], status: 'ACTIVE', limit: 5 });
    expect(problems).toEqual(
      expect.arrayContaining([
        '`campaign_id` is required',
        '`callouts[1]` must have at most 25 characters (received 26)',
        '`status` must be one of "ENABLED", "PAUSED" (received "ACTIVE")',
        '`limit` must be at least 10 (received 5)',
      ]),
    );
    expect(problems).toHaveLength(4);
  });

  it('keeps messages written by the tool schema', () => {
    expect(problemsOf({ campaign_id: '1', dayparting: '01' })).toEqual(['`dayparting` must be exactly 336 characters of 0 and 1']);
  });

  it('reports broken cross-field rules together with malformed fields', () => {
    expect(problemsOf({ campaign_id: 1, budget_daily: 50, budget_lifetime: 500 })).toEqual([
      '`campaign_id` must be a string (received 1)',
      '`budget_daily` and `budget_lifetime` are mutually exclusive',
    ]);
  });

  it('leaves out rule messages about a malformed field', () => {
    expect(problemsOf({ campaign_id: '1', budget_daily: 'fifty', budget_lifetime: 500 })).toEqual([
      '`budget_daily` must be a number (received "fifty")',
    ]);
  });

  it('runs cross-field rules when the schema passes', () => {
    expect(problemsOf({ campaign_id: '1', budget_daily: 50, budget_lifetime: 500 })).toEqual([
      '`budget_daily` and `budget_lifetime` are mutually exclusive',
    ]);
  });

  it('rejects a wrong type with what was expected', () => {
    expect(problemsOf({ campaign_id: 42 })).toEqual(['`campaign_id` must be a string (received 42)']);
  });
});
