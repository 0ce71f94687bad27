import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable } from '../../../core/markdown';
import { defineShortVideoTool } from '../define';
import type { ShortVideoAdGroup, ShortVideoCampaign } from '../port';
import {
  AGE_GROUPS,
  BID_TYPES,
  BILLING_EVENTS,
  BRAND_SAFETY_PARTNERS,
  BRAND_SAFETY_TYPES,
  DEEP_BID_TYPES,
  GENDERS,
  HOUSEHOLD_INCOME,
  NETWORK_TYPES,
  OPERATING_SYSTEMS,
  OPTIMIZATION_GOALS,
  PLACEMENTS,
  PLACEMENT_TYPES,
  SPENDING_POWER,
  dateTime,
  dateTimeMs,
  enumList,
  idList,
  languageList,
  money,
  pixelId,
  stringList,
} from '../schemas';
import { TARGETING_CATALOG, US_LOCATION_ID } from '../targeting-catalog';

const DAYPARTING_SLOTS = 336;

const dayparting = v.pipe(
  v.string(),
  v.trim(),
  v.check(
    (s) => s.length === DAYPARTING_SLOTS && /^[01]+$/.test(s),
    (issue) => {
      const s = String(issue.input);
      if (s.length === 96) {
        return 'is 96 characters long: the 96-character hourly format is not accepted. Give 336 characters of 0/1 (48 half-hour slots x 7 days, Monday to Sunday); to convert, write each hourly digit twice';
      }
      if (s.length !== DAYPARTING_SLOTS)
        return `must be exactly 336 characters of 0 and 1 (48 half-hour slots x 7 days, Monday to Sunday; received ${s.length} characters)`;
      return 'must contain only the characters 0 (pause) and 1 (run)';
    },
  ),
  v.description(
    '336-character string of 0/1: 48 half-hour slots x 7 days, Monday to Sunday; 1 = run, 0 = pause. Not the 96-character hourly format',
  ),
);

const customActions = (description: string) =>
  v.pipe(
    v.array(
      v.strictObject({
        action_categories: v.pipe(
          v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))),
          v.minLength(1, 'must list at least one action category'),
        ),
        days: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(365)),
      }),
    ),
    v.description(description),
  );

const interestKeywords = v.pipe(
  v.array(
    v.pipe(
      v.union([v.string(), v.number()], 'must be a numeric interest keyword id'),
      v.transform((x) => String(x).trim()),
      v.check(
        (x) => /^\d+$/.test(x),
        (issue) =>
          `"${String(issue.input)}" is not a valid integer: plain keyword strings are not accepted. This field is deprecated; use interest_keyword_ids with the numeric ids from search_shortvideo_targeting (targeting_type interest_keywords)`,
      ),
    ),
  ),
  v.description('DEPRECATED alias of interest_keyword_ids: numeric ids only; plain strings are rejected (not a valid integer)'),
);

export const ARGS = {
  adgroup_id: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d+$/, 'must be a numeric ad group id (from list_shortvideo_ad_groups)'),
    v.description('Ad group to update (from list_shortvideo_ad_groups)'),
  ),
  // Core
  name: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(512),
      v.description('New ad group name (alias of adgroup_name)'),
    ),
  ),
  adgroup_name: v.optional(
    v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(512), v.description('New ad group name')),
  ),
  budget: v.optional(money('Ad group budget in account currency (daily or lifetime, per the ad group budget mode)')),
  schedule_start_time: v.optional(dateTime('Start, YYYY-MM-DD HH:MM:SS')),
  schedule_end_time: v.optional(dateTime('End, YYYY-MM-DD HH:MM:SS; after the start')),
  schedule_type: v.optional(
    v.pipe(
      v.picklist(['SCHEDULE_FROM_NOW', 'SCHEDULE_START_END']),
      v.description('SCHEDULE_FROM_NOW (continuous) or SCHEDULE_START_END (bounded); set automatically when times are given'),
    ),
  ),
  dayparting: v.optional(dayparting),
  pacing: v.optional(
    v.pipe(v.picklist(['PACING_MODE_SMOOTH', 'PACING_MODE_FAST']), v.description('PACING_MODE_SMOOTH (default) or PACING_MODE_FAST')),
  ),
  // Bidding and optimization
  bid_type: v.optional(
    v.pipe(
      v.picklist(BID_TYPES),
      v.description('BID_TYPE_NO_BID (automatic), BID_TYPE_CUSTOM (manual; needs bid_price), BID_TYPE_MAX_CONVERSION (cost cap)'),
    ),
  ),
  bid_price: v.optional(money('Bid per billing event (CPC/CPM/CPV); required with BID_TYPE_CUSTOM')),
  conversion_bid_price: v.optional(money('Target cost per conversion; required for conversion campaigns with BID_TYPE_CUSTOM')),
  bid_display_mode: v.optional(
    v.pipe(v.picklist(BILLING_EVENTS), v.description('CPC, CPM, OCPM or CPV; set from billing_event when omitted')),
  ),
  deep_bid_type: v.optional(
    v.pipe(
      v.picklist(DEEP_BID_TYPES),
      v.description('VO_MIN_ROAS, VO_MIN_DAY1_RETENTION or VO_MIN_DAY7_RETENTION; APP_PROMOTION campaigns only; pairs with deep_cpa_bid'),
    ),
  ),
  deep_cpa_bid: v.optional(money('Target cost of the deep event; pairs with deep_bid_type')),
  roas_bid: v.optional(
    v.pipe(
      v.number(),
      v.minValue(0.01, 'must be greater than 0'),
      v.description('ROAS target (1.5 = 150%); value-based optimization on Shopping (PRODUCT_SALES) or conversion campaigns only'),
    ),
  ),
  skip_learning_phase: v.optional(v.pipe(v.boolean(), v.description('Skip the 50-conversion learning phase; default off'))),
  billing_event: v.optional(v.pipe(v.picklist(BILLING_EVENTS), v.description('CPC, CPM, OCPM or CPV'))),
  optimization_goal: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toUpperCase(),
      v.minLength(1),
      v.description(
        'Override of the goal; defaults per objective (TRAFFIC: TRAFFIC_LANDING_PAGE_VIEW, CONVERSIONS: CONVERT, REACH: REACH, VIDEO_VIEWS: ENGAGED_VIEW)',
      ),
    ),
  ),
  pixel_id: v.optional(pixelId('NUMERIC pixel id from list_shortvideo_pixels, not the alphanumeric pixel code')),
  optimization_event: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toUpperCase(),
      v.regex(/^[A-Z0-9_]+$/, 'must be an event name such as ON_WEB_ORDER'),
      v.description(
        'ON_WEB_ORDER, ON_WEB_CART, ON_WEB_DETAIL, ON_WEB_REGISTER, LANDING_PAGE_VIEW, CLICK_LANDING_PAGE, FORM, START_TRIAL, SUBSCRIBE, DOWNLOAD_FINISH, SEARCH...; must be an event of the pixel',
      ),
    ),
  ),
  secondary_optimization_event: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toUpperCase(),
      v.regex(/^[A-Z0-9_]+$/, 'must be an event name'),
      v.description('Proxy funnel event when the primary one is too rare'),
    ),
  ),
  next_day_retention: v.optional(
    v.pipe(v.number(), v.minValue(0), v.maxValue(1), v.description('0-1; equals deep_cpa_bid / conversion_bid_price')),
  ),
  conversion_id: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.description('Custom conversion id'))),
  promotion_type: v.optional(v.pipe(v.picklist(['WEBSITE', 'APP_ANDROID', 'APP_IOS']), v.description('WEBSITE, APP_ANDROID or APP_IOS'))),
  statistic_type: v.optional(
    v.pipe(
      v.picklist(['ALL_DAY', '1D_VIEW', '7D_VIEW', '1D_CLICK', '7D_CLICK', '14D_CLICK', '28D_CLICK']),
      v.description('Reporting attribution window (ALL_DAY default); does not affect delivery'),
    ),
  ),
  frequency: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(1),
      v.maxValue(1000),
      v.description('Max impressions per user within frequency_schedule; REACH/awareness only (default 3)'),
    ),
  ),
  frequency_schedule: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(1),
      v.maxValue(30),
      v.description('Cap window in days (1 daily, 7 weekly; default 7 for REACH)'),
    ),
  ),
  // Targeting
  location_ids: v.optional(
    v.pipe(
      idList('Location ids (e.g. 6252001 = United States) from search_shortvideo_targeting'),
      v.minLength(1, 'must list at least one location'),
    ),
  ),
  age_groups: v.optional(enumList(AGE_GROUPS, 'AGE_13_17, AGE_18_24, AGE_25_34, AGE_35_44, AGE_45_54, AGE_55_100')),
  gender: v.optional(v.pipe(v.picklist(GENDERS), v.description('GENDER_UNLIMITED (default), GENDER_MALE, GENDER_FEMALE'))),
  languages: v.optional(languageList('ISO-639 language codes; empty = no filter')),
  operating_systems: v.optional(enumList(OPERATING_SYSTEMS, 'ANDROID, IOS; default both')),
  device_model_ids: v.optional(idList('Device model ids from search_shortvideo_targeting (device_models)')),
  device_price_ranges: v.optional(
    v.pipe(
      v.array(v.pipe(v.number(), v.integer('must be a whole number 0-4'), v.minValue(0, 'must be 0-4'), v.maxValue(4, 'must be 0-4'))),
      v.transform((list) => [...new Set(list)].sort()),
      v.description('Integers: 0 = under 200 USD, 1 = 200-400, 2 = 400-600, 3 = 600-800, 4 = over 800; several allowed'),
    ),
  ),
  network_types: v.optional(enumList(NETWORK_TYPES, 'WIFI, 2G, 3G, 4G, 5G; default all')),
  carrier_ids: v.optional(idList('Carrier ids from search_shortvideo_targeting (carriers)')),
  spending_power: v.optional(v.pipe(v.picklist(SPENDING_POWER), v.description('ALL (default) or HIGH'))),
  household_income: v.optional(enumList(HOUSEHOLD_INCOME, 'US only: TOP_5_PERCENT, TOP_10_PERCENT, TOP_25_PERCENT, TOP_50_PERCENT')),
  contextual_tag_ids: v.optional(idList('Contextual tag ids from search_shortvideo_targeting (contextual_tags)')),
  audience_ids: v.optional(idList('Custom audiences to include (list_shortvideo_custom_audiences)')),
  excluded_audience_ids: v.optional(idList('Custom audiences to exclude')),
  audience_rule: v.optional(
    v.pipe(
      v.strictObject({
        audience_op: v.optional(v.pipe(v.string(), v.toUpperCase(), v.picklist(['UNION', 'INTERSECTION']))),
        audience_ids: v.optional(idList('Audiences of the rule')),
        lookalike_audience_ids: v.optional(idList('Lookalike audiences of the rule')),
      }),
      v.check(
        (r) => Boolean(r.audience_ids?.length || r.lookalike_audience_ids?.length),
        'must list audience_ids or lookalike_audience_ids',
      ),
      v.description(
        'Rule-based audience: {audience_op: UNION|INTERSECTION, audience_ids: [...], lookalike_audience_ids: [...]}; replaces audience_ids',
      ),
    ),
  ),
  audience_type: v.optional(v.pipe(v.picklist(['NORMAL', 'LOOKALIKE', 'ENGAGEMENT']), v.description('NORMAL, LOOKALIKE or ENGAGEMENT'))),
  included_custom_actions: v.optional(customActions('Behaviours to include: objects {action_categories: [...], days: integer}')),
  excluded_custom_actions: v.optional(customActions('Behaviours to exclude: objects {action_categories: [...], days: integer}')),
  interest_category_ids: v.optional(idList('Interest category ids from search_shortvideo_targeting (interest_categories)')),
  interest_keyword_ids: v.optional(idList('Numeric interest keyword ids from search_shortvideo_targeting (interest_keywords)')),
  interest_keywords: v.optional(interestKeywords),
  purchase_intention_keyword_ids: v.optional(idList('Purchase-intention keyword ids')),
  auto_targeting_enabled: v.optional(v.pipe(v.picklist(['ON', 'OFF']), v.description('ON or OFF'))),
  targeting_expansion: v.optional(
    v.pipe(
      v.strictObject({
        expansion_type_ids: v.optional(v.array(v.pipe(v.string(), v.trim(), v.minLength(1)))),
        expand_age: v.optional(v.boolean()),
        expand_gender: v.optional(v.boolean()),
      }),
      v.description('{expansion_type_ids: [...], expand_age: boolean, expand_gender: boolean}'),
    ),
  ),
  // Placement, brand safety, creative
  placement_type: v.optional(
    v.pipe(v.picklist(PLACEMENT_TYPES), v.description('PLACEMENT_TYPE_AUTOMATIC or PLACEMENT_TYPE_NORMAL (uses placements)')),
  ),
  placements: v.optional(
    enumList(
      PLACEMENTS,
      'PLACEMENT_SHORTVIDEO (in-feed), PLACEMENT_PARTNERNET (partner network), PLACEMENT_GLOBAL_APP_BUNDLE; default [PLACEMENT_SHORTVIDEO]',
    ),
  ),
  blocked_partnernet_app_ids: v.optional(stringList('App ids blocked from partner-network delivery')),
  included_partnernet_audience_package_ids: v.optional(stringList('Partner-network audience packages to include')),
  excluded_partnernet_audience_package_ids: v.optional(stringList('Partner-network audience packages to exclude')),
  brand_safety_type: v.optional(
    v.pipe(
      v.picklist(BRAND_SAFETY_TYPES),
      v.description(
        'NO_BRAND_SAFETY (default), STANDARD_INVENTORY, LIMITED_INVENTORY, FULL_INVENTORY (partner network only), THIRD_PARTY (needs brand_safety_partner); only with placements=[PLACEMENT_SHORTVIDEO]',
      ),
    ),
  ),
  brand_safety_partner: v.optional(
    v.pipe(v.picklist(BRAND_SAFETY_PARTNERS), v.description('IAS or OPEN_SLATE; required with brand_safety_type THIRD_PARTY')),
  ),
  creative_material_mode: v.optional(
    v.pipe(v.picklist(['CUSTOM', 'DYNAMIC']), v.description('CUSTOM (default) or DYNAMIC (for create_shortvideo_dco_ad)')),
  ),
  video_download_disabled: v.optional(v.pipe(v.boolean(), v.description('Stop viewers downloading the ad video'))),
  comment_disabled: v.optional(v.pipe(v.boolean(), v.description('Turn comments off'))),
  is_hfss: v.optional(v.pipe(v.boolean(), v.description('UK high fat, sugar or salt food classification'))),
};

type Args = v.InferOutput<v.ObjectSchema<typeof ARGS, undefined>>;

const CONVERSION_OBJECTIVES = ['WEB_CONVERSIONS'];
const VALUE_OBJECTIVES = ['WEB_CONVERSIONS', 'PRODUCT_SALES'];
const REACH_OBJECTIVES = ['REACH'];

export const updateShortVideoAdGroup = defineShortVideoTool({
  name: 'update_shortvideo_ad_group',
  description:
    'Updates a shortvideo ad group: name, budget, schedule and dayparting, pacing, bidding and optimization (bid type and prices, deep and ROAS bids, pixel and events, frequency caps), ' +
    'targeting (locations, ages, gender, languages, devices, networks, audiences, interests, custom actions, expansion) and placements, brand safety and creative settings. ' +
    'adgroup_id is the only required field; send only what changes, at least one field. Lists replace the current list. The change is checked against the campaign objective ' +
    '(e.g. deep bids only on APP_PROMOTION, ROAS bids only on value-based campaigns, frequency caps on REACH) and is visible on get_shortvideo_ad_group right away.',
  access: 'write',
  examples: [{ adgroup_id: '<adgroup_id from list_shortvideo_ad_groups>', budget: 66 }],
  args: ARGS,
  rules: [
    (a) => {
      const { adgroup_id: _id, ...rest } = a;
      return Object.values(rest).every((x) => x === undefined) ? 'give at least one field to change besides `adgroup_id`' : undefined;
    },
    (a) =>
      a.name !== undefined && a.adgroup_name !== undefined && a.name !== a.adgroup_name
        ? '`name` and `adgroup_name` are aliases and differ; give only one'
        : undefined,
    (a) =>
      a.schedule_start_time && a.schedule_end_time && dateTimeMs(a.schedule_end_time) <= dateTimeMs(a.schedule_start_time)
        ? '`schedule_end_time` must be after `schedule_start_time`'
        : undefined,
    (a) =>
      a.schedule_type === 'SCHEDULE_FROM_NOW' && a.schedule_end_time
        ? '`schedule_type` SCHEDULE_FROM_NOW runs continuously and takes no `schedule_end_time`; use SCHEDULE_START_END or omit schedule_type'
        : undefined,
    (a) =>
      a.placement_type === 'PLACEMENT_TYPE_AUTOMATIC' && a.placements
        ? '`placements` only apply with `placement_type` PLACEMENT_TYPE_NORMAL; automatic placement chooses them itself'
        : undefined,
    (a) => (a.audience_rule && a.audience_ids ? '`audience_rule` replaces `audience_ids`; give one of them' : undefined),
    (a) =>
      a.brand_safety_partner && a.brand_safety_type && a.brand_safety_type !== 'THIRD_PARTY'
        ? '`brand_safety_partner` is only used with `brand_safety_type` THIRD_PARTY'
        : undefined,
  ],
  output: v.object({
    advertiser_id: v.string(),
    adgroup_id: v.string(),
    changed_fields: v.array(v.string()),
    notes: v.array(v.string()),
    warnings: v.array(v.string()),
    ad_group: v.record(v.string(), v.unknown()),
  }),
  async plan(args, ctx) {
    const group = await ctx.platform.getAdGroup(args.adgroup_id);
    if (group.status === 'DELETED') {
      throw new ToolError(
        `Ad group ${group.id} ("${group.adgroup_name}") is deleted and can no longer be changed. Create a new ad group instead.`,
      );
    }
    const campaign = await ctx.platform.getCampaign(group.campaign_id);
    const { patch, notes, warnings } = await buildPatch(args, group, campaign, ctx);
    const before = (k: string) => group[k as keyof ShortVideoAdGroup] ?? null;
    const fields = Object.fromEntries(
      Object.entries(patch)
        .filter(([k, after]) => JSON.stringify(before(k)) !== JSON.stringify(after ?? null))
        .map(([k, after]) => [k, { before: before(k), after: after ?? null }]),
    );
    const budgetNotes: string[] = [];
    const budgets = [];
    if ('budget' in fields && typeof patch.budget === 'number') {
      const mode = patch.budget_mode ?? group.budget_mode;
      const daily = (amount: number | undefined) => {
        if (amount === undefined || mode === 'BUDGET_MODE_DAY') return amount;
        const start = dateTimeMs((patch.schedule_start_time as string | undefined) ?? group.schedule_start_time);
        const endTime = (patch.schedule_end_time as string | undefined) ?? group.schedule_end_time;
        const days = endTime ? Math.max(1, Math.ceil((dateTimeMs(endTime) - start) / 86_400_000)) : 1;
        return Math.round((amount / days) * 100) / 100;
      };
      if (mode !== 'BUDGET_MODE_DAY')
        budgetNotes.push(
          `The ad group budget is a lifetime budget; the guardrails check its daily equivalent over the schedule (${daily(patch.budget)} ${ctx.account.currency} a day).`,
        );
      budgets.push({
        entity: 'ad_group',
        id: group.id,
        name: group.adgroup_name,
        before: daily(group.budget),
        after: daily(patch.budget)!,
        currency: ctx.account.currency,
      });
    }
    return {
      summary: Object.keys(fields).length
        ? `Update ad group "${group.adgroup_name}" (${group.id}): ${Object.keys(fields).join(', ')}`
        : `Ad group "${group.adgroup_name}" already has these values; nothing changes`,
      changes: Object.keys(fields).length
        ? [{ action: 'update' as const, entity: 'ad_group', id: group.id, name: group.adgroup_name, fields }]
        : [],
      budgets,
      notes: [...notes, ...warnings, ...budgetNotes],
      // Removed fields travel as null (plans are stored as JSON), and become undefined again in apply.
      data: {
        patch: Object.fromEntries(Object.entries(patch).map(([k, value]) => [k, value ?? null])),
        notes,
        warnings,
        campaign: { name: campaign.campaign_name, objective_type: campaign.objective_type },
      },
    };
  },
  async apply(plan, args, ctx) {
    const { notes, warnings, campaign } = plan.data;
    const patch = Object.fromEntries(
      Object.entries(plan.data.patch).map(([k, value]) => [k, value ?? undefined]),
    ) as Partial<ShortVideoAdGroup>;
    const group = await ctx.platform.getAdGroup(args.adgroup_id);
    const updated = await ctx.platform.updateAdGroup(group.id, { ...patch, modify_time: ctx.now.toISOString() }, group.status);

    const changed = Object.keys(patch).filter(
      (k) => JSON.stringify(group[k as keyof ShortVideoAdGroup]) !== JSON.stringify(updated[k as keyof ShortVideoAdGroup]),
    );
    const show = (x: unknown) =>
      x === undefined || x === null ? '-' : typeof x === 'string' ? (x.length > 60 ? `${x.slice(0, 57)}...` : x) : JSON.stringify(x);
    const lines = [
      `## Ad group updated: ${updated.adgroup_name} (${updated.id})`,
      '',
      `Campaign: ${campaign.name} (${campaign.objective_type}). Status: ${updated.status}.`,
      '',
      changed.length
        ? markdownTable(
            ['Field', 'Before', 'After'],
            changed.map((k) => [k, show(group[k as keyof ShortVideoAdGroup]), show(updated[k as keyof ShortVideoAdGroup])]),
          )
        : 'Nothing changed: every value given was already set.',
    ];
    if (notes.length) lines.push('', '### Notes', ...notes.map((n) => `- ${n}`));
    if (warnings.length) lines.push('', '### Warnings', ...warnings.map((w) => `- ${w}`));
    return {
      text: lines.join('\n'),
      structured: {
        advertiser_id: ctx.account.account_id,
        adgroup_id: updated.id,
        changed_fields: changed,
        notes,
        warnings,
        ad_group: updated as unknown as Record<string, unknown>,
      },
    };
  },
  /** Sets the changed fields back to their before values (fields that had none are not cleared: the tool cannot clear them). */
  undo(plan, args) {
    const fields = plan.changes[0]?.fields ?? {};
    const back: Record<string, unknown> = { adgroup_id: args.adgroup_id };
    for (const [field, { before }] of Object.entries(fields)) {
      if (before === null || before === undefined || !(field in ARGS)) continue;
      back[field] = before;
    }
    return Object.keys(back).length > 1 ? { tool: 'update_shortvideo_ad_group', arguments: back } : undefined;
  },
});

/** Turns the arguments into the ad group patch, checking every rule that needs the current state. */
async function buildPatch(
  args: Args,
  group: ShortVideoAdGroup,
  campaign: ShortVideoCampaign,
  ctx: { platform: import('../port').ShortVideoPort; now: Date },
): Promise<{ patch: Partial<ShortVideoAdGroup>; notes: string[]; warnings: string[] }> {
  const problems: string[] = [];
  const notes: string[] = [];
  const warnings: string[] = [];
  const { adgroup_id: _id, name, interest_keywords, ...rest } = args;
  const patch: Partial<ShortVideoAdGroup> & Record<string, unknown> = {};
  for (const [k, value] of Object.entries(rest)) if (value !== undefined) patch[k] = value;
  if (name !== undefined) patch.adgroup_name = name;
  if (interest_keywords) {
    patch.interest_keyword_ids = [...new Set([...(args.interest_keyword_ids ?? []), ...interest_keywords])];
    notes.push('`interest_keywords` is deprecated; its ids were stored as `interest_keyword_ids`.');
  }
  const eff = { ...group, ...patch } as ShortVideoAdGroup;
  const objective = campaign.objective_type;

  // Budget
  if (args.budget !== undefined && campaign.budget_optimize_on) {
    problems.push(
      `\`budget\`: campaign "${campaign.campaign_name}" uses campaign budget optimization, so its ad groups have no budget of their own; change the campaign budget instead`,
    );
  }

  // Schedule
  if (args.schedule_end_time) {
    if (dateTimeMs(args.schedule_end_time) <= dateTimeMs(eff.schedule_start_time)) {
      problems.push(`\`schedule_end_time\` must be after the start time (${eff.schedule_start_time})`);
    }
    if (dateTimeMs(args.schedule_end_time) <= ctx.now.getTime()) problems.push('`schedule_end_time` must be in the future');
    if (!args.schedule_type) {
      patch.schedule_type = 'SCHEDULE_START_END';
      if (group.schedule_type !== 'SCHEDULE_START_END')
        notes.push('`schedule_type` set to SCHEDULE_START_END because an end time was given.');
    }
  } else if (args.schedule_start_time && !args.schedule_type) {
    if (
      eff.schedule_type === 'SCHEDULE_START_END' &&
      eff.schedule_end_time &&
      dateTimeMs(eff.schedule_end_time) <= dateTimeMs(args.schedule_start_time)
    ) {
      problems.push(`\`schedule_start_time\` must be before the current end time (${eff.schedule_end_time})`);
    }
    patch.schedule_type = eff.schedule_type;
  }
  if (args.schedule_type === 'SCHEDULE_START_END' && !eff.schedule_end_time)
    problems.push('`schedule_type` SCHEDULE_START_END needs `schedule_end_time`');
  if (args.schedule_type === 'SCHEDULE_FROM_NOW') patch.schedule_end_time = undefined;

  // Bidding
  if (args.billing_event && !args.bid_display_mode) patch.bid_display_mode = args.billing_event;
  if (eff.bid_type === 'BID_TYPE_CUSTOM' && (args.bid_type || args.bid_price !== undefined)) {
    if (eff.bid_price === undefined) problems.push('`bid_price` is required when `bid_type` is BID_TYPE_CUSTOM (manual bidding)');
    if (CONVERSION_OBJECTIVES.includes(objective) && eff.conversion_bid_price === undefined) {
      problems.push(
        '`conversion_bid_price` is required when the campaign objective is CONVERSIONS (WEB_CONVERSIONS) and `bid_type` is BID_TYPE_CUSTOM',
      );
    }
  }
  if (args.bid_price !== undefined && eff.bid_type !== 'BID_TYPE_CUSTOM') {
    warnings.push(`\`bid_price\` is saved but only used with bid_type BID_TYPE_CUSTOM (the ad group uses ${eff.bid_type}).`);
  }
  if (args.bid_type === 'BID_TYPE_MAX_CONVERSION' && eff.conversion_bid_price === undefined) {
    problems.push('`bid_type` BID_TYPE_MAX_CONVERSION (cost cap) needs `conversion_bid_price`, the target cost per conversion');
  }
  if (args.deep_bid_type || args.deep_cpa_bid !== undefined) {
    if (objective !== 'APP_PROMOTION')
      problems.push(`\`deep_bid_type\`/\`deep_cpa_bid\` are only available for APP_PROMOTION campaigns (this campaign is ${objective})`);
    else if (!eff.deep_bid_type) problems.push('`deep_cpa_bid` pairs with `deep_bid_type`; give deep_bid_type too');
    else if (eff.deep_cpa_bid === undefined)
      problems.push('`deep_bid_type` pairs with `deep_cpa_bid`; give the target deep-event cost in deep_cpa_bid');
  }
  if (args.next_day_retention !== undefined) {
    if (objective !== 'APP_PROMOTION')
      problems.push(`\`next_day_retention\` applies to APP_PROMOTION campaigns with a retention deep bid (this campaign is ${objective})`);
    else if (
      eff.deep_cpa_bid !== undefined &&
      eff.conversion_bid_price !== undefined &&
      args.deep_cpa_bid !== undefined &&
      args.conversion_bid_price !== undefined
    ) {
      const ratio = eff.deep_cpa_bid / eff.conversion_bid_price;
      if (Math.abs(ratio - args.next_day_retention) > 0.005) {
        problems.push(
          `\`next_day_retention\` must equal deep_cpa_bid / conversion_bid_price (${eff.deep_cpa_bid} / ${eff.conversion_bid_price} = ${ratio.toFixed(3)})`,
        );
      }
    }
  } else if (
    (args.deep_cpa_bid !== undefined || args.conversion_bid_price !== undefined) &&
    eff.deep_bid_type?.includes('RETENTION') &&
    eff.deep_cpa_bid &&
    eff.conversion_bid_price
  ) {
    patch.next_day_retention = Math.round((eff.deep_cpa_bid / eff.conversion_bid_price) * 1000) / 1000;
    notes.push(`\`next_day_retention\` recalculated as deep_cpa_bid / conversion_bid_price = ${patch.next_day_retention}.`);
  }
  if (args.roas_bid !== undefined && !VALUE_OBJECTIVES.includes(objective)) {
    problems.push(
      `\`roas_bid\` needs value-based optimization, available on Shopping (PRODUCT_SALES) and conversion campaigns only (this campaign is ${objective})`,
    );
  }
  if (args.optimization_goal) {
    const accepted = OPTIMIZATION_GOALS[objective] ?? [];
    if (!accepted.includes(args.optimization_goal))
      problems.push(
        `\`optimization_goal\` ${args.optimization_goal} is not accepted for ${objective} campaigns; accepted: ${accepted.join(', ')}`,
      );
  }

  // Pixel and events
  if (args.pixel_id || args.optimization_event) {
    const pixels = await ctx.platform.listPixels();
    const pixel = pixels.find((p) => p.id === eff.pixel_id);
    if (args.pixel_id && !pixel) {
      problems.push(
        `\`pixel_id\` ${args.pixel_id} is not a pixel of this advertiser; pixels: ${pixels.map((p) => `${p.id} (${p.pixel_name})`).join(', ')}`,
      );
    } else if (eff.optimization_event && pixel) {
      const events = pixel.events.map((e) => e.optimization_event);
      if (!events.includes(eff.optimization_event)) {
        problems.push(
          `\`optimization_event\` ${eff.optimization_event} is not an event of pixel ${pixel.id} (${pixel.pixel_name}); valid: ${events.join(', ')}`,
        );
      }
    } else if (args.optimization_event && !pixel && CONVERSION_OBJECTIVES.concat('PRODUCT_SALES').includes(objective)) {
      problems.push('`optimization_event` needs a pixel: give `pixel_id` too');
    }
    if (pixel?.activity_status === 'INACTIVE')
      warnings.push(`Pixel ${pixel.id} (${pixel.pixel_name}) has not fired recently; conversions may not be tracked.`);
  }

  // Frequency caps
  if (REACH_OBJECTIVES.includes(objective)) {
    if (eff.frequency === undefined) {
      patch.frequency = 3;
      notes.push('`frequency` set to the REACH default of 3 impressions per user (a frequency cap is required for REACH).');
    }
    if (eff.frequency_schedule === undefined) {
      patch.frequency_schedule = 7;
      notes.push('`frequency_schedule` set to the REACH default of 7 days.');
    }
  } else if (args.frequency !== undefined || args.frequency_schedule !== undefined) {
    problems.push(`\`frequency\`/\`frequency_schedule\` apply to REACH (awareness) campaigns only (this campaign is ${objective})`);
  }

  // Targeting
  const catalogCheck = (field: string, values: string[] | undefined, type: keyof typeof TARGETING_CATALOG, what: string) => {
    if (!values) return;
    const known = new Set(TARGETING_CATALOG[type].map((o) => o.id));
    const unknown = values.filter((id) => !known.has(id));
    if (unknown.length)
      problems.push(
        `\`${field}\`: unknown ${what} id(s) ${unknown.join(', ')}; find ids with search_shortvideo_targeting (targeting_type ${type})`,
      );
  };
  catalogCheck('location_ids', args.location_ids, 'locations', 'location');
  catalogCheck('interest_category_ids', args.interest_category_ids, 'interest_categories', 'interest category');
  catalogCheck('interest_keyword_ids', patch.interest_keyword_ids as string[] | undefined, 'interest_keywords', 'interest keyword');
  if (eff.household_income?.length && (args.household_income || args.location_ids)) {
    const inUs = (id: string): boolean => {
      if (id === US_LOCATION_ID) return true;
      const parent = TARGETING_CATALOG.locations.find((l) => l.id === id)?.parent;
      return parent ? inUs(parent) : false;
    };
    if (!eff.location_ids.every(inUs))
      problems.push('`household_income` targeting is available in the US only; target US locations (6252001 or places inside it)');
  }
  const audienceIds = [
    ...(args.audience_ids ?? []),
    ...(args.excluded_audience_ids ?? []),
    ...(args.audience_rule?.audience_ids ?? []),
    ...(args.audience_rule?.lookalike_audience_ids ?? []),
  ];
  if (audienceIds.length) {
    const audiences = new Map((await ctx.platform.listCustomAudiences()).map((a) => [a.id, a]));
    const unknown = audienceIds.filter((id) => !audiences.has(id));
    if (unknown.length)
      problems.push(
        `audience id(s) ${unknown.join(', ')} are not custom audiences of this advertiser; see list_shortvideo_custom_audiences`,
      );
    const unusable = audienceIds.filter((id) => audiences.get(id) && (audiences.get(id)!.is_expired || !audiences.get(id)!.is_valid));
    if (unusable.length) problems.push(`audience id(s) ${unusable.join(', ')} are expired or too small to target`);
    const both = (eff.audience_ids ?? []).filter((id) => (eff.excluded_audience_ids ?? []).includes(id));
    if (both.length) problems.push(`audience id(s) ${both.join(', ')} are both included and excluded`);
  }
  if (args.audience_rule) {
    patch.audience_ids = undefined;
    notes.push('`audience_rule` replaces the fixed `audience_ids` list.');
  }

  // Placements and brand safety
  if (args.placements && !args.placement_type && group.placement_type !== 'PLACEMENT_TYPE_NORMAL') {
    patch.placement_type = 'PLACEMENT_TYPE_NORMAL';
    notes.push('`placement_type` set to PLACEMENT_TYPE_NORMAL because placements were given.');
  }
  if (args.placement_type === 'PLACEMENT_TYPE_AUTOMATIC') patch.placements = undefined;
  if (args.placement_type === 'PLACEMENT_TYPE_NORMAL' && !eff.placements?.length) {
    patch.placements = ['PLACEMENT_SHORTVIDEO'];
    notes.push('`placements` defaulted to [PLACEMENT_SHORTVIDEO].');
  }
  const placementType = patch.placement_type ?? group.placement_type;
  const placements =
    placementType === 'PLACEMENT_TYPE_AUTOMATIC' ? undefined : ((patch.placements as string[] | undefined) ?? eff.placements);
  const safety = eff.brand_safety_type ?? 'NO_BRAND_SAFETY';
  if (safety !== 'NO_BRAND_SAFETY' && (args.brand_safety_type || args.placements || args.placement_type || args.brand_safety_partner)) {
    const onlyShortVideo = placements?.length === 1 && placements[0] === 'PLACEMENT_SHORTVIDEO';
    if (safety === 'FULL_INVENTORY') {
      if (!placements?.includes('PLACEMENT_PARTNERNET'))
        problems.push(
          '`brand_safety_type` FULL_INVENTORY applies to the partner network only; include PLACEMENT_PARTNERNET in `placements` (placement_type PLACEMENT_TYPE_NORMAL)',
        );
    } else if (!onlyShortVideo) {
      problems.push(
        `\`brand_safety_type\` ${safety} is only valid when \`placements\` is exactly [PLACEMENT_SHORTVIDEO] (currently ${placements ? `[${placements.join(', ')}]` : 'automatic placement'})`,
      );
    }
    if (safety === 'THIRD_PARTY' && !eff.brand_safety_partner)
      problems.push('`brand_safety_partner` (IAS or OPEN_SLATE) is required when `brand_safety_type` is THIRD_PARTY');
  }
  if (args.brand_safety_type && args.brand_safety_type !== 'THIRD_PARTY') patch.brand_safety_partner = undefined;
  if (args.creative_material_mode && args.creative_material_mode !== group.creative_material_mode) {
    const ads = (await ctx.platform.listAds()).filter((ad) => ad.adgroup_id === group.id && ad.status !== 'DELETED');
    if (ads.length)
      problems.push(
        `\`creative_material_mode\` cannot change on an ad group that already has ${ads.length} ad(s); create a new ad group for ${args.creative_material_mode} creative`,
      );
  }

  if (problems.length) {
    throw new ToolError(
      problems.length === 1
        ? `Cannot update ad group ${group.id}: ${problems[0]}`
        : `Cannot update ad group ${group.id}:\n${problems.map((p) => `- ${p}`).join('\n')}`,
      { problems },
    );
  }
  return { patch, notes, warnings };
}
