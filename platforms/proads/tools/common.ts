/**
 * What the proads tools share beyond analysis windows (shared.ts): looking entities up with errors
 * that name the tool listing valid ids, argument schemas used by many tools, the platform's rules
 * for budgets, bids, schedules, targeting and creative copy, and the output schemas of entities.
 */
import * as v from 'valibot';
import { dateArgument } from '../../../core/arguments';
import { ToolError } from '../../../core/errors';
import { isoDate } from '../../../core/dates';
import type { ProAdsCampaign, ProAdsCampaignGroup, ProAdsCreative, ProAdsFacet, ProAdsFormat, ProAdsPort, ProAdsTargeting } from '../port';
import { PROADS_FACETS } from '../port';
import { PROADS_FORMATS } from './select-campaign-type';
import { metricTotalsEntries, videoMetricEntries } from '../../../core/metrics';

// ---- Lookups: an id that does not exist is a 400 naming it and the tool that lists valid ids.

function notFound(kind: string, id: string, lister: string): ToolError {
  return new ToolError(`No proads ${kind} with id "${id}" in this ad account. ${lister} lists the valid ids.`, {
    code: 'not_found',
    [`${kind.replace(/ /g, '_')}_id`]: id,
    list_tool: lister,
  });
}

export async function findGroup(platform: ProAdsPort, id: string): Promise<ProAdsCampaignGroup> {
  const group = (await platform.listCampaignGroups()).find((g) => g.id === id);
  if (!group) throw notFound('campaign group', id, 'list_proads_campaign_groups');
  return group;
}

export async function findCampaign(platform: ProAdsPort, id: string): Promise<ProAdsCampaign> {
  const campaign = (await platform.listCampaigns()).find((c) => c.id === id);
  if (!campaign) throw notFound('campaign', id, 'list_proads_campaigns');
  return campaign;
}

export async function findCreative(platform: ProAdsPort, id: string): Promise<ProAdsCreative> {
  const creative = (await platform.listCreatives()).find((c) => c.id === id);
  if (!creative) throw notFound('creative', id, 'list_proads_creatives');
  return creative;
}

// ---- Argument schemas.

const numericId = (what: string, lister: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,19}$/, `must be a numeric ${what} id (${lister} lists them)`),
    v.description(`${what[0]!.toUpperCase()}${what.slice(1)} id (from ${lister})`),
  );
export const groupIdArg = () => numericId('campaign group', 'list_proads_campaign_groups');
export const campaignIdArg = () => numericId('campaign', 'list_proads_campaigns');
export const creativeIdArg = () => numericId('creative', 'list_proads_creatives');
export const nameArg = (what: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(255, 'must be at most 255 characters'),
    v.description(`${what} name, 1-255 characters`),
  );
export const optionalDate = (description: string) => v.optional(dateArgument(description));

/** The platform's floors: a campaign's daily budget is at least 10, a lifetime budget at least 100, a bid at least 2 (account currency). */
export const MIN_DAILY_BUDGET = 10;
export const MIN_TOTAL_BUDGET = 100;
export const MIN_BID = 2;
/** The platform refuses to run a campaign whose audience is under 300 members. */
export const MIN_AUDIENCE = 300;

export const dailyBudgetArg = () =>
  v.pipe(
    v.number(),
    v.minValue(MIN_DAILY_BUDGET, `must be at least ${MIN_DAILY_BUDGET} (the platform's minimum daily budget)`),
    v.maxValue(1_000_000),
    v.description(`Daily budget in account currency, at least ${MIN_DAILY_BUDGET}`),
  );
export const totalBudgetArg = () =>
  v.pipe(
    v.number(),
    v.minValue(MIN_TOTAL_BUDGET, `must be at least ${MIN_TOTAL_BUDGET}`),
    v.maxValue(100_000_000),
    v.description(`Lifetime budget in account currency, at least ${MIN_TOTAL_BUDGET}`),
  );
export const bidArg = () =>
  v.pipe(
    v.number(),
    v.minValue(MIN_BID, `must be at least ${MIN_BID} (the platform's minimum bid)`),
    v.maxValue(1000),
    v.description(`Bid per click (CPC) or per 1,000 impressions (CPM), account currency, at least ${MIN_BID}; the cap under COST_CAP`),
  );
export const bidStrategyArg = () =>
  v.pipe(
    v.picklist(['MANUAL', 'MAXIMUM_DELIVERY', 'COST_CAP']),
    v.description(
      'MANUAL (your bid), MAXIMUM_DELIVERY (the platform bids to spend the budget) or COST_CAP (the platform bids, keeping the average cost near unit_cost)',
    ),
  );
export const costTypeArg = () => v.pipe(v.picklist(['CPC', 'CPM']), v.description('Pay per click (CPC) or per 1,000 impressions (CPM)'));

const facetValues = v.pipe(
  v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(120))),
  v.maxLength(200, 'at most 200 values per facet'),
);
export const facetMapSchema = v.strictObject(
  Object.fromEntries(PROADS_FACETS.map((facet) => [facet, v.optional(facetValues)])) as Record<
    ProAdsFacet,
    v.OptionalSchema<typeof facetValues, undefined>
  >,
);
export const targetingArg = () =>
  v.pipe(
    v.strictObject({
      include: v.pipe(
        facetMapSchema,
        v.description('Facet → entity ids to reach (any value within a facet, every facet given); locations required'),
      ),
      exclude: v.optional(v.pipe(facetMapSchema, v.description('Facet → entity ids never to reach'))),
    }),
    v.description(
      `Who to reach. Facets: ${PROADS_FACETS.join(', ')}; values are ids from search_proads_targeting (e.g. seniority:3, geo:us).`,
    ),
  );

/** Refuses targeting the platform would refuse: no location, a value both included and excluded, unknown ids, or an audience under MIN_AUDIENCE. Returns its audience count. */
export async function checkTargeting(platform: ProAdsPort, targeting: ProAdsTargeting): Promise<number> {
  if (!targeting.include.locations?.length)
    throw new ToolError(
      '`targeting.include.locations` must name at least one location (search_proads_targeting with facet locations lists them).',
      { code: 'targeting_needs_location' },
    );
  const both = PROADS_FACETS.flatMap((facet) => {
    const excluded = new Set(targeting.exclude?.[facet] ?? []);
    return (targeting.include[facet] ?? []).filter((id) => excluded.has(id)).map((id) => `${facet} ${id}`);
  });
  if (both.length)
    throw new ToolError(
      `Targeting both includes and excludes ${both.join(', ')}: the platform refuses a value on both sides. Keep each value in \`include\` or \`exclude\`, not both.`,
      { code: 'targeting_conflict', values: both },
    );
  const ids = [...Object.values(targeting.include), ...Object.values(targeting.exclude ?? {})]
    .flat()
    .filter((x): x is string => typeof x === 'string');
  const known = new Set((await platform.getTargetingEntities(ids)).map((e) => e.id));
  const unknown = [...new Set(ids.filter((id) => !known.has(id)))];
  if (unknown.length)
    throw new ToolError(`Unknown targeting value(s): ${unknown.join(', ')}. Find valid ids with search_proads_targeting.`, {
      code: 'unknown_targeting_value',
      values: unknown,
    });
  const { total } = await platform.getAudienceCount(targeting);
  if (total < MIN_AUDIENCE)
    throw new ToolError(
      `This targeting reaches about ${total} members; the platform needs at least ${MIN_AUDIENCE}. Remove an included facet or an exclusion (estimate_proads_audience_size checks a spec).`,
      { code: 'audience_too_small', audience_size: total },
    );
  return total;
}

/** A schedule the platform accepts: end after start, and an end date not already past. */
export function checkSchedule(now: Date, start: string, end: string | undefined): void {
  if (end !== undefined && end < start)
    throw new ToolError(`\`end_date\` ${end} is before the start date ${start}.`, { code: 'end_before_start' });
  if (end !== undefined && end < isoDate(now))
    throw new ToolError(`\`end_date\` ${end} is in the past: the campaign could never run. Use today or later.`, { code: 'end_date_past' });
}

/** Budgets the platform accepts together: a lifetime budget at least the daily budget. */
export function checkBudgets(daily: number | undefined, total: number | undefined): void {
  if (daily !== undefined && total !== undefined && total < daily)
    throw new ToolError(`The total budget ${total} is less than the daily budget ${daily}: raise total_budget or lower daily_budget.`, {
      code: 'total_below_daily',
    });
}

/** The daily equivalent of a lifetime budget over a schedule (30 days when open-ended), for the plan's budgets. */
export function dailyEquivalent(total: number, start: string, end: string | undefined, now: Date): number {
  const from = start > isoDate(now) ? start : isoDate(now);
  const days = end ? Math.max(1, Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1) : 30;
  return Math.round((total / days) * 100) / 100;
}

// ---- Creative copy rules per format (the limits select_proads_campaign_type publishes).

export type FormatWord = keyof typeof PROADS_FORMATS;
export const FORMAT_WORD: Record<ProAdsFormat, FormatWord> = {
  SINGLE_IMAGE: 'image',
  VIDEO: 'video',
  CAROUSEL: 'carousel',
  TEXT_AD: 'text',
};
export const CTA_VALUES = [
  'LEARN_MORE',
  'DOWNLOAD',
  'VIEW_QUOTE',
  'SIGN_UP',
  'SUBSCRIBE',
  'REGISTER',
  'JOIN',
  'ATTEND',
  'REQUEST_DEMO',
  'APPLY',
  'SEE_MORE',
] as const;
export const ctaArg = () =>
  v.pipe(v.picklist(CTA_VALUES), v.description(`Call-to-action button: ${CTA_VALUES.join(', ')} (not on text ads)`));
export const urlArg = (description: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.url('must be a URL'),
    v.regex(/^https?:\/\//, 'must start with http:// or https://'),
    v.maxLength(2000),
    v.description(description),
  );

export interface CopyFields {
  intro_text?: string;
  headline?: string;
  description?: string;
  call_to_action?: string;
}

/** Copy over a format's limits (text ads: headline 25, description 75, no button; carousel intro 255; image/video intro 600, headline 200). */
export function copyProblems(format: ProAdsFormat, copy: CopyFields): string[] {
  const limits = PROADS_FORMATS[FORMAT_WORD[format]].character_limits;
  const problems: string[] = [];
  const field = (name: keyof CopyFields, limitKey: string) => {
    const value = copy[name];
    const limit = limits[limitKey];
    if (value !== undefined && limit && value.length > limit.max)
      problems.push(`\`${name}\` has ${value.length} characters; ${FORMAT_WORD[format]} creatives allow ${limit.max}`);
  };
  field('intro_text', 'introductory_text');
  field('headline', format === 'CAROUSEL' ? 'card_headline' : 'headline');
  field('description', 'description');
  if (format === 'TEXT_AD') {
    if (copy.call_to_action !== undefined) problems.push('text ads have no call-to-action button: leave out `call_to_action`');
    if (copy.intro_text !== undefined) problems.push('text ads have no introductory text: use `headline` and `description`');
  }
  return problems;
}

export function refuseCopyProblems(format: ProAdsFormat, copy: CopyFields): void {
  const problems = copyProblems(format, copy);
  if (problems.length) throw new ToolError(`${problems.join('; ')}.`, { code: 'creative_copy_invalid', problems });
}

// ---- Output schemas of entities.

export const groupOutput = v.object({
  id: v.string(),
  name: v.string(),
  status: v.string(),
  total_budget: v.optional(v.number()),
  start_date: v.optional(v.string()),
  end_date: v.optional(v.string()),
});
export const metricsOutput = v.object({
  ...metricTotalsEntries,
  ...videoMetricEntries,
});
const facetMapOutput = v.record(v.string(), v.array(v.string()));
export const targetingOutput = v.object({ include: facetMapOutput, exclude: v.optional(facetMapOutput) });
export const campaignOutput = v.object({
  id: v.string(),
  campaign_group_id: v.string(),
  name: v.string(),
  type: v.string(),
  format: v.string(),
  objective_type: v.string(),
  status: v.string(),
  cost_type: v.string(),
  daily_budget: v.number(),
  total_budget: v.optional(v.number()),
  unit_cost: v.number(),
  bid_strategy: v.optional(v.string()),
  targeting: v.optional(targetingOutput),
  start_date: v.string(),
  end_date: v.optional(v.string()),
  created_at: v.string(),
});
export const creativeOutput = v.object({
  id: v.string(),
  campaign_id: v.string(),
  name: v.string(),
  format: v.string(),
  status: v.string(),
  review_status: v.optional(v.string()),
  intro_text: v.optional(v.string()),
  headline: v.string(),
  description: v.optional(v.string()),
  call_to_action: v.optional(v.string()),
  landing_page_url: v.string(),
  asset_id: v.optional(v.string()),
  cards: v.optional(v.array(v.object({ asset_id: v.string(), headline: v.string(), landing_page_url: v.string() }))),
  start_date: v.string(),
  created_at: v.string(),
});

/** The common part of every write's `structured`: the account, whether anything changed, and what. */
export const writeOutput = <E extends v.ObjectEntries>(entries: E) =>
  v.object({ ad_account_id: v.string(), changed: v.boolean(), summary: v.string(), ...entries });
