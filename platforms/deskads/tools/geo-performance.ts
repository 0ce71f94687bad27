import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable, money, percent } from '../../../core/markdown';
import { totals, type MetricTotals } from '../../../core/metrics';
import { defineDeskAdsTool } from '../define';
import { LOCATION_TYPES, type DeskAdsGeoReportRow } from '../port-rest';
import { pagingArgs } from './reports';
import { idArgument, metricsOutput, metricsWindow, rowMetrics, windowArgs, windowRule } from './shared';

/** get_deskads_geo_performance: the geographic report by country, region, metro area or city, with bid adjustment suggestions. */

const LEVELS = ['country', 'region', 'metro', 'city'] as const;
type Level = (typeof LEVELS)[number];
/** The platform's location bid adjustment bounds; suggestions stay well inside them. */
const SUGGESTION = { min: -50, max: 50, step: 5, minClicks: 20 } as const;

const placeOf = (r: DeskAdsGeoReportRow, level: Level) => {
  switch (level) {
    case 'country':
      return { key: r.country, name: r.country };
    case 'region':
      return { key: `${r.country}|${r.state}`, name: `${r.state}, ${r.country}` };
    case 'metro':
      return { key: `${r.country}|${r.metro}`, name: r.metro ?? `(no metro area), ${r.country}` };
    case 'city':
      return { key: r.location_id, name: `${r.city}, ${r.state ?? r.country}` };
  }
};

/**
 * A bid adjustment that moves a location toward the campaigns' average cost per conversion: up to
 * +50 % where it converts cheaper, down to -50 % where dearer or where it spent two average CPAs
 * without converting; none with fewer than 20 clicks or within 10 % of the average.
 */
export function suggestAdjustment(place: MetricTotals, overall: MetricTotals): { percent: number; reason: string } | null {
  if (place.clicks < SUGGESTION.minClicks || overall.cpa === null) return null;
  const round = (n: number) => Math.max(SUGGESTION.min, Math.min(SUGGESTION.max, Math.round(n / SUGGESTION.step) * SUGGESTION.step));
  if (place.conversions === 0)
    return place.spend >= overall.cpa * 2
      ? { percent: SUGGESTION.min, reason: `spent ${place.spend} without a conversion (over two average CPAs)` }
      : null;
  const ratio = overall.cpa / place.cpa!;
  const percent = round((ratio - 1) * 100);
  if (Math.abs(percent) < 10) return null;
  return { percent, reason: `CPA ${place.cpa} against ${overall.cpa} on average` };
}

const geoRow = v.object({
  location: v.string(),
  country: v.string(),
  region: v.nullable(v.string()),
  metro: v.nullable(v.string()),
  city: v.nullable(v.string()),
  metrics: metricsOutput,
  suggested_bid_adjustment: v.nullable(v.number()),
  suggestion_reason: v.nullable(v.string()),
});

export const getDeskAdsGeoPerformance = defineDeskAdsTool({
  name: 'get_deskads_geo_performance',
  description:
    'Figures of a deskads account (or some campaigns) by location over a date range (default the last 30 days ending yesterday): by country, region, metro area or city, for where people were (PhysicalLocation), what they searched about (LocationOfInterest) or both, with a location bid adjustment suggestion where a place converts clearly cheaper or dearer than the average. Rows add up to the campaign figures. Rows page with offset and limit (10-200).',
  access: 'read',
  args: {
    campaign_ids: v.optional(
      v.pipe(
        v.array(idArgument('campaign', 'list_deskads_campaigns')),
        v.minLength(1),
        v.maxLength(100),
        v.description('Campaigns to report, 1-100 ids; default every campaign'),
      ),
    ),
    level: v.optional(
      v.pipe(v.picklist(LEVELS), v.description('country (default), region (state or province), metro (metro area) or city')),
      'country',
    ),
    location_type: v.optional(
      v.pipe(
        v.picklist(['all', ...LOCATION_TYPES]),
        v.description('all (default), PhysicalLocation (where people were) or LocationOfInterest (the place they searched about)'),
      ),
      'all',
    ),
    sort_by: v.optional(
      v.pipe(
        v.picklist(['spend', 'clicks', 'impressions', 'conversions', 'cpa', 'location']),
        v.description('spend (default, highest first), clicks, impressions, conversions, cpa (lowest first) or location'),
      ),
      'spend',
    ),
    ...windowArgs,
    ...pagingArgs,
  },
  rules: [windowRule],
  output: v.object({
    account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    level: v.picklist(LEVELS),
    location_type: v.string(),
    total: v.number(),
    offset: v.number(),
    limit: v.number(),
    has_more: v.boolean(),
    metrics: metricsOutput,
    rows: v.array(geoRow),
  }),
  async run(args, ctx) {
    const window = metricsWindow(args, ctx);
    const level = args.level as Level;
    const campaigns = await ctx.platform.listCampaigns();
    const unknown = (args.campaign_ids ?? []).filter((id) => !campaigns.some((c) => c.id === id));
    if (unknown.length)
      throw new ToolError(
        `No campaign ${unknown.join(', ')} in account ${ctx.account.account_id}. list_deskads_campaigns lists the valid ids.`,
        { code: 'not_found', unknown_ids: unknown },
      );
    const report = await ctx.platform.getGeoReport({ start_date: window.start, end_date: window.end });
    const rows = report.filter(
      (r) =>
        (!args.campaign_ids || args.campaign_ids.includes(r.campaign_id)) &&
        (args.location_type === 'all' || r.location_type === args.location_type),
    );
    const overall = totals(rows);
    const places = new Map<string, { name: string; sample: DeskAdsGeoReportRow; rows: DeskAdsGeoReportRow[] }>();
    for (const r of rows) {
      const { key, name } = placeOf(r, level);
      const place = places.get(key) ?? { name, sample: r, rows: [] };
      place.rows.push(r);
      places.set(key, place);
    }
    const listed = [...places.values()].map(({ name, sample, rows: mine }) => {
      const t = totals(mine);
      const suggestion = suggestAdjustment(t, overall);
      const at = LEVELS.indexOf(level);
      return {
        location: name,
        country: sample.country,
        region: at >= 1 ? sample.state : null,
        metro: at >= 2 ? sample.metro : null,
        city: at >= 3 ? sample.city : null,
        metrics: rowMetrics(t),
        suggested_bid_adjustment: suggestion?.percent ?? null,
        suggestion_reason: suggestion?.reason ?? null,
      };
    });
    const by = args.sort_by;
    listed.sort((a, b) => {
      if (by === 'location') return a.location.localeCompare(b.location);
      if (by === 'cpa') return (a.metrics.cpa ?? Infinity) - (b.metrics.cpa ?? Infinity) || a.location.localeCompare(b.location);
      return b.metrics[by] - a.metrics[by] || a.location.localeCompare(b.location);
    });
    const page = listed.slice(args.offset, args.offset + args.limit);
    const currency = ctx.account.currency;
    const suggested = listed.filter((r) => r.suggested_bid_adjustment !== null);
    return {
      text: [
        `## Performance by ${level}, ${window.start} to ${window.end}${args.location_type === 'all' ? '' : ` (${args.location_type})`}`,
        '',
        `${listed.length} locations; showing ${page.length ? `${args.offset + 1}-${args.offset + page.length}` : 'none'}.${args.offset + page.length < listed.length ? ` More: call again with offset ${args.offset + args.limit}.` : ''} Total spend ${money(overall.spend, currency)}, ${overall.conversions} conversions, CPA ${overall.cpa === null ? '-' : money(overall.cpa, currency)}.`,
        '',
        page.length
          ? markdownTable(
              ['Location', 'Impr.', 'Clicks', 'CTR', 'Spend', 'Conv.', 'CPA', 'Suggested bid adj.'],
              page.map((r) => [
                r.location,
                r.metrics.impressions,
                r.metrics.clicks,
                percent(r.metrics.ctr),
                money(r.metrics.spend, currency),
                r.metrics.conversions,
                r.metrics.cpa === null ? '-' : money(r.metrics.cpa, currency),
                r.suggested_bid_adjustment === null ? '-' : `${r.suggested_bid_adjustment > 0 ? '+' : ''}${r.suggested_bid_adjustment} %`,
              ]),
            )
          : 'No location had impressions in this range.',
        ...(suggested.length
          ? [
              '',
              `${suggested.length} location(s) convert clearly cheaper or dearer than the average (${SUGGESTION.minClicks}+ clicks): the suggested bid adjustments move them toward it.`,
            ]
          : []),
      ].join('\n'),
      structured: {
        account_id: ctx.account.account_id,
        start_date: window.start,
        end_date: window.end,
        level,
        location_type: args.location_type,
        total: listed.length,
        offset: args.offset,
        limit: args.limit,
        has_more: args.offset + page.length < listed.length,
        metrics: rowMetrics(overall),
        rows: page,
      },
    };
  },
});
