import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { dateArgument } from '../../../core/arguments';
import { isoDate } from '../../../core/dates';
import { datePairRule } from '../../../core/report-window';
import { type MetricTotals, metricTotalsEntries, totals, videoMetricEntries } from '../../../core/metrics';
import type { SearchAdsCampaign, SearchAdsPort, SearchAdsReportRow } from '../port';

/** Shared argument shapes and helpers of searchads tools. */

export const campaignIdArg = (description = 'Campaign id from list_campaigns') =>
  v.pipe(v.string(), v.trim(), v.regex(/^\d{1,19}$/, 'must be a numeric campaign id (from list_campaigns)'), v.description(description));

export const adGroupIdArg = (description = 'Ad group id from get_campaign_structure or list_ad_groups') =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,19}$/, 'must be a numeric ad group id (from get_campaign_structure or list_ad_groups)'),
    v.description(description),
  );

export const lookbackDaysArg = () =>
  v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(365), v.description('Days of performance to include, 1-365, default 30')),
    30,
  );

/**
 * The id inside a resource name (`customers/<cid>/<collection>/<id>`), or the value itself when it
 * is a bare id. A resource name of another customer is refused.
 */
export function idFromResourceName(value: string, collection: string, customerId: string): string {
  const trimmed = value.trim();
  const match = new RegExp(`^customers/(\\d+)/${collection}/([^/]+)$`).exec(trimmed);
  if (!match) return trimmed;
  if (match[1] !== customerId) {
    throw new ToolError(`"${trimmed}" belongs to customer ${match[1]}, not to the selected account ${customerId}.`);
  }
  return match[2]!;
}

/** The start date of a new campaign: the one given (never in the past) or today. */
export function newCampaignStart(now: Date, startDate: string | undefined): string {
  const today = isoDate(now);
  const start = startDate ?? today;
  if (start < today) throw new ToolError(`\`start_date\` ${start} is in the past; a new campaign starts today (${today}) or later.`);
  return start;
}

/** The campaign that already has this name (names are unique, removed campaigns aside), if any. */
export async function campaignNamed(platform: SearchAdsPort, name: string): Promise<SearchAdsCampaign | undefined> {
  return (await platform.listCampaigns()).find((c) => c.status !== 'REMOVED' && c.name.toLowerCase() === name.toLowerCase());
}

export function nameTaken(name: string): ToolError {
  return new ToolError(`A campaign named "${name}" already exists; campaign names are unique (list_campaigns).`);
}

/** Reads a campaign; a removed one is refused for changes. */
export async function requireLiveCampaign(platform: SearchAdsPort, campaignId: string): Promise<SearchAdsCampaign> {
  const campaign = await platform.getCampaign(campaignId);
  if (campaign.status === 'REMOVED') {
    throw new ToolError(`Campaign "${campaign.name}" (${campaign.id}) is REMOVED; removed campaigns cannot be changed.`);
  }
  return campaign;
}

/** Totals per entity of report rows (`campaign_id` or `ad_group_id`); an entity without rows has zeros. */
export function totalsBy(rows: SearchAdsReportRow[], key: 'campaign_id' | 'ad_group_id'): (id: string) => MetricTotals {
  const byId = new Map<string, SearchAdsReportRow[]>();
  for (const row of rows) {
    const id = row[key];
    if (id !== undefined) byId.set(id, [...(byId.get(id) ?? []), row]);
  }
  return (id) => totals(byId.get(id) ?? []);
}

/** Resource name of a campaign criterion, as get_campaign_targeting shows and update_campaign takes. */
export function criterionResourceName(customerId: string, campaignId: string, criterionId: string): string {
  return `customers/${customerId}/campaignCriteria/${campaignId}~${criterionId}`;
}

/** `a, b and c`. */
export function listing(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export const adIdArg = (description = 'Ad id from get_ad_performance or get_campaign_structure') =>
  v.pipe(v.string(), v.trim(), v.regex(/^\d{1,19}$/, 'must be a numeric ad id (from get_ad_performance)'), v.description(description));

/** Keyword ids as list tools show them: digits, or `<ad group id>~<criterion id>` on live accounts. */
export const keywordIdArg = (description = 'Keyword id from get_keyword_performance') =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,19}(~\d{1,19})?$/, 'must be a keyword id as get_keyword_performance shows it'),
    v.description(description),
  );

/** `start_date` / `end_date` / `lookback_days`: the one reporting window of every searchads report and list tool. */
export const dateRangeArgs = () => ({
  start_date: v.optional(dateArgument('First day (YYYY-MM-DD); with end_date. Default: the last lookback_days days ending yesterday')),
  end_date: v.optional(dateArgument('Last day (YYYY-MM-DD), at the latest yesterday; with start_date')),
  lookback_days: lookbackDaysArg(),
});

/** start_date / end_date go together and in order. */
export const dateRangeRule = (args: { start_date?: string; end_date?: string }) =>
  datePairRule(args, 'leave both out to use `lookback_days`');

/** Totals per key of report rows; a key without rows has zeros. */
export function totalsByKey(
  rows: SearchAdsReportRow[],
  key: (row: SearchAdsReportRow) => string | undefined,
): (id: string) => MetricTotals {
  const byId = new Map<string, SearchAdsReportRow[]>();
  for (const row of rows) {
    const id = key(row);
    if (id !== undefined) byId.set(id, [...(byId.get(id) ?? []), row]);
  }
  return (id) => totals(byId.get(id) ?? []);
}

/** The valibot shape of metric totals in `structured` outputs. */
export const metricsOutput = v.object({
  ...metricTotalsEntries,
  ...videoMetricEntries,
});
