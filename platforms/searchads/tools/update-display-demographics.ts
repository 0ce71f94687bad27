import * as v from 'valibot';
import type { PlannedChange } from '../../../core/plan';
import { atLeastOne } from '../../../core/argument-rules';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { DEMOGRAPHIC_VALUES, type SearchAdsDemographicType } from '../port-display';
import { adGroupIdArg } from './common';
import { demographicLabel, nameCriteria, requireDisplayAdGroup } from './display-common';
import { SURFACES, demographicStates } from './display-criteria';

/** Each argument names the values of one dimension to show ads to; every other value of it is excluded. */
const FIELDS = {
  age_ranges: 'AGE_RANGE',
  genders: 'GENDER',
  parental_statuses: 'PARENTAL_STATUS',
  income_ranges: 'INCOME_RANGE',
} as const satisfies Record<string, SearchAdsDemographicType>;
type Field = keyof typeof FIELDS;

const valuesArg = (type: SearchAdsDemographicType, what: string) =>
  v.optional(
    v.pipe(
      v.array(v.picklist(DEMOGRAPHIC_VALUES[type] as string[])),
      v.minLength(1, `must keep at least one ${what} targeted (excluding every value stops the ad group from serving)`),
      v.check((list) => new Set(list).size === list.length, 'must not repeat a value'),
      v.description(
        `The ${what} values to show ads to (${DEMOGRAPHIC_VALUES[type].join(', ')}); every other one is excluded. Omit to leave ${what} as it is`,
      ),
    ),
  );

type Op = { type: SearchAdsDemographicType; value: string; criterion_id?: string; action: 'exclude' | 'target' };

export const updateDisplayDemographics = defineSearchAdsTool({
  name: 'update_display_demographics',
  description:
    'Sets which demographics a Display ad group shows ads to: per dimension (age_ranges, genders, parental_statuses, income_ranges) the values to target; the other values of that dimension become exclusions (one negative criterion per value), values given lose their exclusion. Dimensions left out stay as they are. get_display_demographics shows the current state.',
  access: 'write',
  examples: [
    {
      ad_group_id: '<ad_group_id from list_ad_groups>',
      genders: ['FEMALE', 'MALE', 'UNDETERMINED'],
      income_ranges: ['INCOME_RANGE_80_90', 'INCOME_RANGE_90_UP'],
    },
  ],
  args: {
    ad_group_id: adGroupIdArg('Display ad group id from list_ad_groups'),
    age_ranges: valuesArg('AGE_RANGE', 'age range'),
    genders: valuesArg('GENDER', 'gender'),
    parental_statuses: valuesArg('PARENTAL_STATUS', 'parental status'),
    income_ranges: valuesArg('INCOME_RANGE', 'household income'),
  },
  schemaRules: [atLeastOne(...Object.keys(FIELDS))],
  output: v.object({
    customer_id: v.string(),
    ad_group_id: v.string(),
    excluded: v.array(v.object({ dimension: v.string(), value: v.string() })),
    targeted_again: v.array(v.object({ dimension: v.string(), value: v.string() })),
    demographics: v.array(
      v.object({ dimension: v.string(), value: v.string(), name: v.string(), state: v.string(), criterion_id: v.optional(v.string()) }),
    ),
  }),
  async plan(args, ctx) {
    const { group } = await requireDisplayAdGroup(ctx.platform, args.ad_group_id, 'update_display_demographics', true);
    const criteria = await ctx.platform.listAdGroupCriteria(group.id, SURFACES.demographics.types);
    const ops: Op[] = [];
    const before: Record<string, string[]> = {};
    for (const [field, type] of Object.entries(FIELDS) as [Field, SearchAdsDemographicType][]) {
      const targeted = args[field];
      if (!targeted) continue;
      before[field] = DEMOGRAPHIC_VALUES[type].filter((value) => !criteria.some((c) => c.type === type && c.value === value && c.negative));
      for (const value of DEMOGRAPHIC_VALUES[type]) {
        const have = criteria.find((c) => c.type === type && c.value === value);
        const want = targeted.includes(value) ? 'target' : 'exclude';
        if (want === 'exclude' && !have?.negative) ops.push({ type, value, action: 'exclude', ...(have ? { criterion_id: have.id } : {}) });
        if (want === 'target' && have?.negative) ops.push({ type, value, action: 'target', criterion_id: have.id });
      }
    }
    const label = (o: Op) => `${o.type.toLowerCase().replace('_', ' ')} ${demographicLabel(o.value)}`;
    return {
      summary: ops.length
        ? `Change ${ops.length} demographic setting(s) of ad group "${group.name}" (${group.id})`
        : `Ad group "${group.name}" already targets these demographics; nothing changes`,
      changes: ops.map((o): PlannedChange =>
        o.action === 'exclude'
          ? {
              action: 'create' as const,
              entity: `ad_group_${o.type.toLowerCase()}`,
              name: label(o),
              fields: { value: { after: o.value }, negative: { after: true } },
              startsPaused: true,
            }
          : {
              action: 'remove' as const,
              entity: `ad_group_${o.type.toLowerCase()}`,
              id: o.criterion_id,
              name: label(o),
              fields: { negative: { before: true, after: null } },
            },
      ),
      notes: ops.length
        ? ['Excluded values stop seeing the ad group\'s ads from now on; "unknown" covers people the platform cannot classify.']
        : [],
      data: { group: { id: group.id, name: group.name }, ops, before },
    };
  },
  async apply(plan, _args, ctx) {
    const { group, ops } = plan.data;
    // A value's criterion is either targeted or excluded (`negative` cannot change): the old one goes first.
    const removals = ops.filter((o) => o.criterion_id).map((o) => o.criterion_id!);
    if (removals.length) await ctx.step('remove', () => ctx.platform.removeAdGroupCriteria(removals).then(() => true));
    const exclusions = ops.filter((o) => o.action === 'exclude');
    if (exclusions.length)
      await ctx.step('exclude', () =>
        ctx.platform.addAdGroupCriteria(exclusions.map((o) => ({ ad_group_id: group.id, type: o.type, value: o.value, negative: true }))),
      );
    const states = demographicStates(
      await nameCriteria(ctx.platform, await ctx.platform.listAdGroupCriteria(group.id, SURFACES.demographics.types)),
    );
    const pairs = (action: Op['action']) => ops.filter((o) => o.action === action).map((o) => ({ dimension: o.type, value: o.value }));
    const text = [
      `## Demographics of ad group "${group.name}" (${group.id})${ops.length ? ' updated' : ' unchanged'}`,
      '',
      ops.length
        ? markdownTable(
            ['Dimension', 'Value', 'Now'],
            ops.map((o) => [o.type, demographicLabel(o.value), o.action === 'exclude' ? 'excluded' : 'targeted']),
          )
        : 'Every dimension given already targets exactly those values.',
      '',
      'get_display_demographics shows every value of every dimension.',
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        ad_group_id: group.id,
        excluded: pairs('exclude'),
        targeted_again: pairs('target'),
        demographics: states,
      },
    };
  },
  undo(plan, args) {
    const { ops, before } = plan.data;
    if (!ops.length) return undefined;
    return { tool: 'update_display_demographics', arguments: { ad_group_id: args.ad_group_id, ...before } };
  },
});
