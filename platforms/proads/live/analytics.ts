import { ToolError } from '../../../core/errors';
import { addDays } from '../../../core/dates';
import type { ProAdsAnalyticsQuery, ProAdsAnalyticsRow, ProAdsPort } from '../port';
import { notFound, type LiveContext } from './context';
import type { ProAdsApi } from './api';
import { idOf, neutralValue, urn, type RestliValue } from './restli';

/**
 * Ad analytics from the platform's analytics finder (synchronous: one answer per request, no
 * paging). At most 20 fields per request, the pivot values and date range included, so longer field
 * lists are split and the parts merged by pivot value and day. An answer at the platform's element
 * cap is asked again in two halves of the date range. Conversion value is reported for
 * non-demographic pivots only; demographic rows carry none.
 */
export type AnalyticsFamily = Pick<ProAdsPort, 'getAnalytics'>;

/** The platform's limit on fields per analytics request (dateRange and pivotValues count). */
export const MAX_FIELDS = 20;
/** Elements one analytics answer holds at most. */
const MAX_ELEMENTS = 15_000;
const KEYS = ['dateRange', 'pivotValues'] as const;

export interface WireDate {
  year: number;
  month: number;
  day: number;
}
export type WireAnalyticsRow = Record<string, unknown> & { pivotValues?: string[]; dateRange?: { start: WireDate; end: WireDate } };

const BASE_METRICS = ['impressions', 'clicks', 'costInLocalCurrency', 'externalWebsiteConversions', 'oneClickLeads', 'videoViews'];
const ENTITY_METRICS = [
  'conversionValueInLocalCurrency',
  'reactions',
  'comments',
  'shares',
  'follows',
  'oneClickLeadFormOpens',
  'videoStarts',
  'videoCompletions',
];

const wireDate = (date: string): WireDate => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};
const isoOf = (d: WireDate) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
const num = (value: unknown) => (value === undefined || value === null ? 0 : Number(value));
const money = (value: unknown) => Math.round(num(value) * 1e6) / 1e6;

/** `SIZE_11_TO_50` (the company size pivot's values) as the targeting value `staffCountRange:(11,50)`. */
export function companySizeValue(value: string): string {
  const range = /^SIZE_(\d+)_TO_(\d+)$/.exec(value);
  if (range) return `staffCountRange:(${range[1]},${range[2]})`;
  const open = /^SIZE_(\d+)_OR_MORE$/.exec(value);
  if (open) return `staffCountRange:(${open[1]},2147483647)`;
  const one = /^SIZE_(\d+)$/.exec(value);
  return one ? `staffCountRange:(${one[1]},${one[1]})` : neutralValue(value);
}

/**
 * Rows of one analytics request with any number of fields: the fields split into requests of at
 * most MAX_FIELDS (with the keys), merged by pivot values and day.
 */
export async function analyticsRows(
  api: ProAdsApi,
  query: Record<string, RestliValue | undefined>,
  metrics: readonly string[],
): Promise<WireAnalyticsRow[]> {
  const per = MAX_FIELDS - KEYS.length;
  const merged = new Map<string, WireAnalyticsRow>();
  for (let i = 0; i < Math.max(1, metrics.length); i += per) {
    const fields = [...KEYS, ...metrics.slice(i, i + per)];
    const answer = await api.get<{ elements?: WireAnalyticsRow[] }>('/adAnalytics', { ...query, fields });
    for (const row of answer.elements ?? []) {
      const key = `${(row.pivotValues ?? []).join('|')}@${row.dateRange ? isoOf(row.dateRange.start) : ''}`;
      merged.set(key, { ...merged.get(key), ...row });
    }
  }
  return [...merged.values()];
}

export function analyticsFamily(ctx: LiveContext): AnalyticsFamily {
  async function fetchRange(
    query: Record<string, RestliValue | undefined>,
    metrics: readonly string[],
    start: string,
    end: string,
  ): Promise<WireAnalyticsRow[]> {
    const api = await ctx.api();
    const rows = await analyticsRows(api, { ...query, dateRange: { start: wireDate(start), end: wireDate(end) } as never }, metrics);
    if (rows.length < MAX_ELEMENTS || start === end || query.timeGranularity !== 'DAILY') return rows;
    // At the cap: ask for the two halves (days never straddle them).
    const days = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
    const middle = addDays(start, Math.floor(days / 2));
    return [...(await fetchRange(query, metrics, start, middle)), ...(await fetchRange(query, metrics, addDays(middle, 1), end))];
  }

  return {
    async getAnalytics(query: ProAdsAnalyticsQuery): Promise<ProAdsAnalyticsRow[]> {
      const { start, end } = query.date_range;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end) || start > end)
        throw new ToolError(`The analytics date range ${start} to ${end} is not a range of days (YYYY-MM-DD, start on or before end).`);
      const { visible } = await ctx.campaigns();
      const campaignIds = new Set(visible.map((c) => c.id));
      for (const id of query.campaigns ?? []) if (!campaignIds.has(id)) await ctx.campaign(id);
      let creativeIds: Set<string> | undefined;
      if (query.pivot === 'CREATIVE' || query.creatives) {
        const wire = await ctx.wireCreatives();
        creativeIds = new Set(wire.filter((c) => campaignIds.has(idOf(c.campaign))).map((c) => idOf(c.id)));
        const unknown = query.creatives?.find((id) => !creativeIds!.has(id));
        if (unknown !== undefined) throw notFound('creative', unknown, 'list_proads_creatives');
      }
      const demographic = query.pivot.startsWith('MEMBER_');
      const metrics = demographic ? BASE_METRICS : [...BASE_METRICS, ...ENTITY_METRICS];
      const wireQuery: Record<string, RestliValue | undefined> = {
        q: 'analytics',
        pivot: query.pivot,
        timeGranularity: query.time_granularity,
        ...(query.campaigns ? { campaigns: query.campaigns.map(urn.campaign) } : {}),
        ...(query.creatives ? { creatives: query.creatives.map(urn.creative) } : {}),
        ...(!query.campaigns && !query.creatives ? { accounts: [ctx.accountUrn] } : {}),
      };
      if (query.campaigns && !query.campaigns.length) return [];
      const rows = await fetchRange(wireQuery, metrics, start, end);
      const out: ProAdsAnalyticsRow[] = [];
      for (const row of rows) {
        const raw = row.pivotValues?.[0];
        if (!raw) continue;
        const pivotValue =
          query.pivot === 'CAMPAIGN' || query.pivot === 'CREATIVE'
            ? idOf(raw)
            : query.pivot === 'MEMBER_COMPANY_SIZE'
              ? companySizeValue(raw)
              : neutralValue(raw);
        if (query.pivot === 'CAMPAIGN' && !campaignIds.has(pivotValue)) continue;
        if (query.pivot === 'CREATIVE' && !creativeIds!.has(pivotValue)) continue;
        const figures = {
          impressions: num(row.impressions),
          clicks: num(row.clicks),
          spend: money(row.costInLocalCurrency),
          // Website conversions, and leads from the platform's lead forms.
          conversions: num(row.externalWebsiteConversions) + num(row.oneClickLeads),
          revenue: money(row.conversionValueInLocalCurrency),
          video_views: num(row.videoViews),
        };
        if (!figures.impressions && !figures.clicks && !figures.spend && !figures.conversions && !figures.revenue && !figures.video_views)
          continue;
        const day = row.dateRange ? isoOf(row.dateRange.start) : start;
        out.push({
          pivot_value: pivotValue,
          date_range: query.time_granularity === 'DAILY' ? { start: day, end: day } : { start, end },
          ...figures,
          ...(demographic
            ? {}
            : {
                engagement: {
                  reactions: num(row.reactions),
                  comments: num(row.comments),
                  shares: num(row.shares),
                  follows: num(row.follows),
                  lead_form_opens: num(row.oneClickLeadFormOpens),
                  leads: num(row.oneClickLeads),
                  video_starts: num(row.videoStarts),
                  video_completions: num(row.videoCompletions),
                },
              }),
        });
      }
      return out.sort((a, b) => a.pivot_value.localeCompare(b.pivot_value) || a.date_range.start.localeCompare(b.date_range.start));
    },
  };
}
