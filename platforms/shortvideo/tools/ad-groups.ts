/**
 * A new ad group, once for add_shortvideo_ad_group and create_shortvideo_campaign: its arguments
 * (budget, schedule, optimization, targeting, placements), the rules between them, and the checks
 * against the campaign and what the platform has (pixels, audiences, locations).
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable, money } from '../../../core/markdown';
import { defineShortVideoTool } from '../define';
import type { ShortVideoAdGroup, ShortVideoCampaign, ShortVideoPort } from '../port';
import {
  AGE_GROUPS,
  DEFAULT_BILLING_EVENT,
  GENDERS,
  OPTIMIZATION_GOALS,
  PLACEMENTS,
  PLACEMENT_TYPES,
  dateTime,
  dateTimeMs,
  enumList,
  formatDateTime,
  idList,
  languageList,
  pixelId,
} from '../schemas';
import { TARGETING_CATALOG, US_LOCATION_ID } from '../targeting-catalog';
import { MIN_BUDGET, flightDays, numericId, plannedBudget, requireMinimumBudget } from './shared';

export const adGroupArgs = {
  adgroup_name: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(512, 'must be at most 512 characters'),
    v.description('Ad group name'),
  ),
  budget: v.optional(
    v.pipe(
      v.number(),
      v.minValue(0.01, 'must be greater than 0'),
      v.description(
        `Ad group budget (daily, or lifetime with budget_mode BUDGET_MODE_TOTAL); at least ${MIN_BUDGET.ad_group} a day; not with campaign budget optimization`,
      ),
    ),
  ),
  budget_mode: v.optional(
    v.pipe(
      v.picklist(['BUDGET_MODE_DAY', 'BUDGET_MODE_TOTAL']),
      v.description('BUDGET_MODE_DAY (default) or BUDGET_MODE_TOTAL (needs schedule_end_time)'),
    ),
    'BUDGET_MODE_DAY',
  ),
  schedule_start_time: v.optional(dateTime('Start, YYYY-MM-DD HH:MM:SS (UTC); default now')),
  schedule_end_time: v.optional(dateTime('End, YYYY-MM-DD HH:MM:SS (UTC); required with a lifetime budget')),
  optimization_goal: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toUpperCase(),
      v.description(
        "Optimization goal valid for the campaign objective (CLICK, CONVERT, VALUE, REACH, ENGAGED_VIEW, LEAD_GENERATION, INSTALL...); default the objective's first",
      ),
    ),
  ),
  bid_type: v.optional(
    v.pipe(
      v.picklist(['BID_TYPE_NO_BID', 'BID_TYPE_CUSTOM']),
      v.description('BID_TYPE_NO_BID (lowest cost, default) or BID_TYPE_CUSTOM (bid cap / cost cap)'),
    ),
    'BID_TYPE_NO_BID',
  ),
  bid_price: v.optional(
    v.pipe(
      v.number(),
      v.minValue(0.01),
      v.description('Bid cap per click / thousand impressions / view; BID_TYPE_CUSTOM with CLICK, REACH or view goals'),
    ),
  ),
  conversion_bid_price: v.optional(
    v.pipe(v.number(), v.minValue(0.01), v.description('Target cost per result; BID_TYPE_CUSTOM with CONVERT, INSTALL or LEAD_GENERATION')),
  ),
  pixel_id: v.optional(pixelId('NUMERIC pixel id (list_shortvideo_pixels); required for WEB_CONVERSIONS and PRODUCT_SALES')),
  optimization_event: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toUpperCase(),
      v.regex(/^[A-Z0-9_]+$/, 'must be an event name such as ON_WEB_ORDER'),
      v.description('Pixel event to optimize for; required with pixel_id'),
    ),
  ),
  location_ids: v.optional(
    v.pipe(idList('Location ids (search_shortvideo_targeting); default the US'), v.minLength(1, 'must list at least one location')),
  ),
  age_groups: v.optional(enumList(AGE_GROUPS, `Ages: ${AGE_GROUPS.join(', ')}; default all adults`)),
  gender: v.optional(
    v.pipe(v.picklist(GENDERS), v.description('GENDER_UNLIMITED (default), GENDER_MALE, GENDER_FEMALE')),
    'GENDER_UNLIMITED',
  ),
  languages: v.optional(languageList('ISO-639 language codes')),
  audience_ids: v.optional(idList('Custom audiences to include (list_shortvideo_custom_audiences)')),
  excluded_audience_ids: v.optional(idList('Custom audiences to exclude')),
  interest_category_ids: v.optional(idList('Interest categories (search_shortvideo_targeting)')),
  placement_type: v.optional(
    v.pipe(v.picklist(PLACEMENT_TYPES), v.description('PLACEMENT_TYPE_NORMAL (default, with placements) or PLACEMENT_TYPE_AUTOMATIC')),
    'PLACEMENT_TYPE_NORMAL',
  ),
  placements: v.optional(
    enumList(PLACEMENTS, 'PLACEMENT_SHORTVIDEO (in-feed, default), PLACEMENT_PARTNERNET, PLACEMENT_GLOBAL_APP_BUNDLE'),
  ),
};

export type AdGroupArgs = v.InferOutput<v.ObjectSchema<typeof adGroupArgs, undefined>>;

export const adGroupRules = [
  (a: AdGroupArgs) =>
    a.budget_mode === 'BUDGET_MODE_TOTAL' && !a.schedule_end_time
      ? 'a lifetime budget (`budget_mode` BUDGET_MODE_TOTAL) needs `schedule_end_time`'
      : undefined,
  (a: AdGroupArgs) =>
    a.placement_type === 'PLACEMENT_TYPE_AUTOMATIC' && a.placements
      ? '`placements` only apply with `placement_type` PLACEMENT_TYPE_NORMAL'
      : undefined,
  (a: AdGroupArgs) => (a.optimization_event && !a.pixel_id ? '`optimization_event` needs `pixel_id`' : undefined),
  (a: AdGroupArgs) =>
    a.bid_type === 'BID_TYPE_NO_BID' && (a.bid_price !== undefined || a.conversion_bid_price !== undefined)
      ? '`bid_price` and `conversion_bid_price` need `bid_type` BID_TYPE_CUSTOM'
      : undefined,
  (a: AdGroupArgs) =>
    a.schedule_start_time && a.schedule_end_time && dateTimeMs(a.schedule_end_time) <= dateTimeMs(a.schedule_start_time)
      ? '`schedule_end_time` must be after `schedule_start_time`'
      : undefined,
];

const CONVERSION_GOALS = new Set(['CONVERT', 'VALUE', 'INSTALL', 'IN_APP_EVENT', 'LEAD_GENERATION']);

/** The ad group to create in `campaign` from the arguments, checked; the plan's budget line with it. */
export async function buildAdGroup(
  platform: ShortVideoPort,
  campaign: ShortVideoCampaign,
  a: AdGroupArgs,
  now: Date,
  currency: string,
  status: 'ENABLED' | 'DISABLED',
) {
  const objective = campaign.objective_type;
  const problems: string[] = [];
  const notes: string[] = [];
  const goals = OPTIMIZATION_GOALS[objective] ?? [];
  const goal = a.optimization_goal ?? goals[0]!;
  if (!goals.includes(goal)) problems.push(`\`optimization_goal\` ${goal} does not fit objective ${objective}; valid: ${goals.join(', ')}`);
  if (a.bid_type === 'BID_TYPE_CUSTOM') {
    const conversionGoal = CONVERSION_GOALS.has(goal);
    if (conversionGoal && a.conversion_bid_price === undefined)
      problems.push(`\`bid_type\` BID_TYPE_CUSTOM with goal ${goal} needs \`conversion_bid_price\``);
    if (!conversionGoal && a.bid_price === undefined) problems.push(`\`bid_type\` BID_TYPE_CUSTOM with goal ${goal} needs \`bid_price\``);
  }
  if ((objective === 'WEB_CONVERSIONS' || objective === 'PRODUCT_SALES') && !a.pixel_id)
    problems.push(`objective ${objective} needs \`pixel_id\` and \`optimization_event\` (see list_shortvideo_pixels)`);
  if (a.pixel_id) {
    const pixels = await platform.listPixels();
    const pixel = pixels.find((p) => p.id === a.pixel_id);
    if (!pixel) problems.push(`\`pixel_id\` ${a.pixel_id} is not a pixel of this advertiser; see list_shortvideo_pixels`);
    else {
      const events = pixel.events.map((e) => e.optimization_event);
      if (!a.optimization_event)
        problems.push(`\`optimization_event\` is required with \`pixel_id\`; events of ${pixel.pixel_name}: ${events.join(', ')}`);
      else if (!events.includes(a.optimization_event))
        problems.push(
          `\`optimization_event\` ${a.optimization_event} is not an event of pixel ${pixel.pixel_name}; valid: ${events.join(', ')}`,
        );
      if (pixel.activity_status === 'INACTIVE')
        notes.push(`Pixel ${pixel.pixel_name} has not fired recently; conversions may not be tracked.`);
    }
  }
  const locations = a.location_ids ?? [US_LOCATION_ID];
  const known = new Set(TARGETING_CATALOG.locations.map((l) => l.id));
  const unknown = locations.filter((id) => !known.has(id));
  if (unknown.length)
    problems.push(`\`location_ids\`: unknown location id(s) ${unknown.join(', ')}; find ids with search_shortvideo_targeting`);
  const audienceIds = [...(a.audience_ids ?? []), ...(a.excluded_audience_ids ?? [])];
  if (audienceIds.length) {
    const audiences = new Map((await platform.listCustomAudiences()).map((x) => [x.id, x]));
    const bad = audienceIds.filter((id) => !audiences.get(id)?.is_valid || audiences.get(id)!.is_expired);
    if (bad.length)
      problems.push(`audience id(s) ${bad.join(', ')} are unknown, expired or too small; see list_shortvideo_custom_audiences`);
  }
  const start = a.schedule_start_time ?? formatDateTime(now);
  if (a.schedule_end_time && dateTimeMs(a.schedule_end_time) <= now.getTime()) problems.push('`schedule_end_time` must be in the future');
  // Budget: none of its own under campaign budget optimization; otherwise required, at least the minimum.
  let budgetMode: ShortVideoAdGroup['budget_mode'] = a.budget_mode;
  if (campaign.budget_optimize_on) {
    if (a.budget !== undefined)
      problems.push(
        `campaign "${campaign.campaign_name}" uses campaign budget optimization: its budget is shared, so omit \`budget\` (change it with update_shortvideo_campaign)`,
      );
    budgetMode = 'BUDGET_MODE_INFINITE';
  } else if (a.budget === undefined) {
    problems.push(
      `\`budget\` is required: campaign "${campaign.campaign_name}" has no campaign budget optimization (at least ${MIN_BUDGET.ad_group} a day)`,
    );
  }
  const days = flightDays(start, a.schedule_end_time);
  if (problems.length) throw new ToolError(`Nothing was created: ${problems.join('; ')}.`, { problems });
  if (budgetMode !== 'BUDGET_MODE_INFINITE') requireMinimumBudget('ad_group', 'budget', budgetMode, a.budget, currency, days);
  if (
    campaign.budget_mode === 'BUDGET_MODE_DAY' &&
    !campaign.budget_optimize_on &&
    budgetMode === 'BUDGET_MODE_DAY' &&
    a.budget! > campaign.budget
  ) {
    notes.push(`The campaign's daily budget of ${money(campaign.budget, currency)} caps this ad group's ${money(a.budget!, currency)}.`);
  }
  const billing = DEFAULT_BILLING_EVENT[objective]!;
  const adGroup: Omit<ShortVideoAdGroup, 'id'> = {
    campaign_id: campaign.id,
    adgroup_name: a.adgroup_name,
    status,
    budget_mode: budgetMode,
    ...(budgetMode !== 'BUDGET_MODE_INFINITE' ? { budget: a.budget } : {}),
    schedule_type: a.schedule_end_time ? 'SCHEDULE_START_END' : 'SCHEDULE_FROM_NOW',
    schedule_start_time: start,
    ...(a.schedule_end_time ? { schedule_end_time: a.schedule_end_time } : {}),
    pacing: 'PACING_MODE_SMOOTH',
    bid_type: a.bid_type,
    ...(a.bid_price !== undefined ? { bid_price: a.bid_price } : {}),
    ...(a.conversion_bid_price !== undefined ? { conversion_bid_price: a.conversion_bid_price } : {}),
    billing_event: goal === 'CLICK' ? 'CPC' : billing,
    optimization_goal: goal,
    ...(a.pixel_id ? { pixel_id: a.pixel_id, optimization_event: a.optimization_event } : {}),
    ...(objective === 'REACH' ? { frequency: 3, frequency_schedule: 7 } : {}),
    location_ids: locations,
    ...(a.age_groups ? { age_groups: a.age_groups } : {}),
    gender: a.gender,
    ...(a.languages ? { languages: a.languages } : {}),
    ...(a.audience_ids ? { audience_ids: a.audience_ids } : {}),
    ...(a.excluded_audience_ids ? { excluded_audience_ids: a.excluded_audience_ids } : {}),
    ...(a.interest_category_ids ? { interest_category_ids: a.interest_category_ids } : {}),
    placement_type: a.placement_type,
    ...(a.placement_type === 'PLACEMENT_TYPE_NORMAL' ? { placements: a.placements ?? ['PLACEMENT_SHORTVIDEO'] } : {}),
    brand_safety_type: 'NO_BRAND_SAFETY',
    creative_material_mode: 'CUSTOM',
    create_time: now.toISOString(),
  };
  const line = plannedBudget('ad_group', { name: a.adgroup_name }, undefined, { mode: budgetMode, amount: a.budget, days }, currency);
  return { adGroup, budgets: line.budgets, notes: [...notes, ...line.notes] };
}

export const addShortVideoAdGroup = defineShortVideoTool({
  name: 'add_shortvideo_ad_group',
  description:
    `Adds an ad group to a shortvideo campaign: budget (daily or lifetime, at least ${MIN_BUDGET.ad_group} a day; none of its own under campaign budget optimization), schedule, optimization goal and bidding for the objective, pixel event, ` +
    'locations, ages, gender, languages, audiences, interests and placements. It starts DISABLED unless start_paused is false; add ads with add_shortvideo_ad, then resume it with resume_shortvideo_ad_group.',
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_shortvideo_campaigns>', adgroup_name: 'Example group', budget: 30 }],
  args: {
    campaign_id: numericId('campaign', 'list_shortvideo_campaigns'),
    ...adGroupArgs,
    start_paused: v.optional(
      v.pipe(
        v.boolean(),
        v.description('true (default): created DISABLED, spends nothing until resume_shortvideo_ad_group; false: ENABLED'),
      ),
      true,
    ),
  },
  rules: adGroupRules,
  output: v.object({
    advertiser_id: v.string(),
    adgroup_id: v.string(),
    campaign_id: v.string(),
    adgroup_name: v.string(),
    status: v.string(),
    budget_mode: v.string(),
    budget: v.nullable(v.number()),
    optimization_goal: v.string(),
  }),
  async plan(args, ctx) {
    const campaign = await ctx.platform.getCampaign(args.campaign_id);
    if (campaign.status === 'DELETED')
      throw new ToolError(`Campaign "${campaign.campaign_name}" (${campaign.id}) is deleted; ad groups cannot be added to it.`);
    const status = args.start_paused || ctx.createPaused ? 'DISABLED' : 'ENABLED';
    const { adGroup, budgets, notes } = await buildAdGroup(ctx.platform, campaign, args, ctx.now, ctx.account.currency, status);
    const shown = [
      'adgroup_name',
      'status',
      'budget_mode',
      'budget',
      'schedule_start_time',
      'schedule_end_time',
      'optimization_goal',
      'billing_event',
      'bid_type',
      'location_ids',
      'age_groups',
      'gender',
      'placements',
    ] as const;
    const fields = Object.fromEntries(shown.filter((k) => adGroup[k] !== undefined).map((k) => [k, { after: adGroup[k] }]));
    return {
      summary: `Add ad group "${args.adgroup_name}" to campaign "${campaign.campaign_name}" (${campaign.id})`,
      changes: [
        {
          action: 'create' as const,
          entity: 'ad_group',
          name: args.adgroup_name,
          fields,
          startsPaused: status === 'DISABLED' || campaign.status !== 'ACTIVE',
        },
      ],
      budgets,
      notes,
      data: { adGroup },
    };
  },
  async apply(plan, _args, ctx) {
    const created = await ctx.step('ad_group', () => ctx.platform.createAdGroup(plan.data.adGroup));
    const cur = ctx.account.currency;
    const text = [
      `## Ad group "${created.adgroup_name}" added`,
      '',
      markdownTable(
        ['Ad group id', 'Status', 'Budget', 'Goal', 'Placements'],
        [
          [
            created.id,
            created.status,
            created.budget !== undefined
              ? `${money(created.budget, cur)} ${created.budget_mode === 'BUDGET_MODE_TOTAL' ? 'lifetime' : 'daily'}`
              : 'campaign budget',
            created.optimization_goal,
            created.placements?.join(', ') ?? 'automatic',
          ],
        ],
      ),
      ...(plan.notes?.length ? ['', ...plan.notes.map((n) => `- ${n}`)] : []),
      '',
      `Next: add ads with add_shortvideo_ad (adgroup_id ${created.id})${created.status === 'DISABLED' ? ', then start it with resume_shortvideo_ad_group' : ''}.`,
    ].join('\n');
    return {
      text,
      structured: {
        advertiser_id: ctx.account.account_id,
        adgroup_id: created.id,
        campaign_id: created.campaign_id,
        adgroup_name: created.adgroup_name,
        status: created.status,
        budget_mode: created.budget_mode,
        budget: created.budget ?? null,
        optimization_goal: created.optimization_goal,
      },
    };
  },
});
