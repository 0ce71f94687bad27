import * as v from 'valibot';
import { GatewayError } from '../../../core/errors';
import { dateArgument } from '../../../core/arguments';
import { lastDays, reportingZone } from '../../../core/dates';
import { count, markdownTable, money } from '../../../core/markdown';
import { totals } from '../../../core/metrics';
import { defineChatAdsTool } from '../define';
import { statusFilterArg } from './common';
import { DELIVERY_FIELDS, CONVERSION_FIELDS, type ChatAdsCampaign, type ChatAdsInsightsField } from '../port';

const STATUSES = ['active', 'paused', 'archived'] as const;
const TYPES = ['impressions', 'clicks', 'conversions'] as const;
const SORT_FIELDS = ['name', 'status', 'budget', 'daily_budget', 'bidding_type', 'start_date', 'end_date', 'created_at', 'id'] as const;

/** Comma-separated values of a filter: empty or `all` means every value. */
function listOf(value: string | undefined): string[] | undefined {
  const items = (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return items.length === 0 || items.includes('all') ? undefined : items;
}

function unknownValues(field: string, value: string | undefined, allowed: readonly string[]): string | undefined {
  const bad = (listOf(value) ?? []).filter((s) => !allowed.includes(s));
  return bad.length
    ? `\`${field}\` has unknown value${bad.length > 1 ? 's' : ''} ${bad.join(', ')}; use a comma-separated list of ${allowed.join(', ')} (or all)`
    : undefined;
}

const isoDay = (what: string) => v.optional(dateArgument(what));

export const listChatAdsCampaigns = defineChatAdsTool({
  name: 'list_chatads_campaigns',
  description:
    'Lists chatads campaigns with status, bidding type (impressions, clicks, conversions), budgets, dates and their figures over the last 30 days ending yesterday (spend, impressions, clicks; conversions and CPA for campaigns bidding for clicks or conversions). Filter by text (name, id, description), statuses, bidding types and start date; sort and page. Reports how many matched out of the total.',
  access: 'read',
  args: {
    query: v.optional(v.pipe(v.string(), v.description('Case-insensitive substring of name, id or description'))),
    status_filter: statusFilterArg(STATUSES),
    type_filter: v.optional(
      v.pipe(v.string(), v.description('Comma-separated bidding types: impressions, clicks, conversions (all or empty = every type)')),
    ),
    start_after: isoDay('YYYY-MM-DD: campaigns starting on or after this day'),
    end_before: isoDay('YYYY-MM-DD: campaigns starting on or before this day'),
    sort_by: v.optional(v.pipe(v.picklist(SORT_FIELDS), v.description(`Sort field: ${SORT_FIELDS.join(', ')}; default name`)), 'name'),
    sort_order: v.optional(v.pipe(v.picklist(['asc', 'desc']), v.description('asc (default) or desc')), 'asc'),
    offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Rows to skip, default 0')), 0),
    limit: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500), v.description('Rows per page, 1-500, default 50')),
      50,
    ),
  },
  rules: [
    (a) => unknownValues('type_filter', a.type_filter, TYPES),
    (a) =>
      a.start_after && a.end_before && a.end_before < a.start_after
        ? `\`end_before\` (${a.end_before}) must not be before \`start_after\` (${a.start_after})`
        : undefined,
  ],
  output: v.object({
    start_date: v.string(),
    end_date: v.string(),
    campaigns: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        status: v.string(),
        bidding_type: v.string(),
        budget: v.number(),
        start_date: v.string(),
        end_date: v.optional(v.string()),
        created_at: v.string(),
        metrics: v.object({
          impressions: v.number(),
          clicks: v.number(),
          spend: v.number(),
          ctr: v.nullable(v.number()),
          cpm: v.optional(v.nullable(v.number())),
          cpc: v.optional(v.nullable(v.number())),
          conversions: v.optional(v.number()),
          conversion_value: v.optional(v.number()),
          cpa: v.optional(v.nullable(v.number())),
        }),
        description: v.optional(v.string()),
        daily_budget: v.optional(v.number()),
      }),
    ),
    matched: v.number(),
    total: v.number(),
    offset: v.number(),
    limit: v.number(),
    returned: v.number(),
    has_more: v.boolean(),
    next_offset: v.nullable(v.number()),
  }),
  async run(args, ctx) {
    const all = await ctx.platform.listCampaigns();
    const statuses: string[] | undefined = args.status_filter;
    const types = listOf(args.type_filter);
    const needle = args.query?.trim().toLowerCase();
    const matched = all.filter(
      (c) =>
        (!needle || `${c.name}\n${c.id}\n${c.description ?? ''}`.toLowerCase().includes(needle)) &&
        (!statuses || statuses.includes(c.status)) &&
        (!types || types.includes(c.bidding_type)) &&
        (!args.start_after || c.start_date >= args.start_after) &&
        (!args.end_before || c.start_date <= args.end_before),
    );
    const sign = args.sort_order === 'desc' ? -1 : 1;
    const field = args.sort_by as keyof ChatAdsCampaign;
    matched.sort((a, b) => {
      const x = a[field];
      const y = b[field];
      if (x === undefined && y === undefined) return a.id.localeCompare(b.id);
      if (x === undefined) return 1;
      if (y === undefined) return -1;
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return c * sign || a.id.localeCompare(b.id);
    });
    const page = matched.slice(args.offset, args.offset + args.limit);
    const next = args.offset + page.length;
    const currency = ctx.account.currency;
    // The figures of the page's campaigns over the reporting window every tool uses by default.
    const window = lastDays(ctx.now, 30, reportingZone(ctx.account));
    const insights = (ids: string[], fields: ChatAdsInsightsField[]) =>
      ids.length
        ? ctx.platform.getInsights({
            aggregation_level: 'campaign',
            ids,
            start: Date.parse(`${window.start}T00:00:00Z`) / 1000,
            end: Date.parse(`${window.end}T00:00:00Z`) / 1000 + 86_400,
            time_granularity: 'none',
            fields,
          })
        : Promise.resolve([]);
    // Conversion figures only for campaigns judged on them (the platform's public insights of an
    // awareness campaign carry none).
    const [delivery, conversions] = await Promise.all([
      insights(
        page.map((c) => c.id),
        [...DELIVERY_FIELDS],
      ),
      // A live account's public insights carry no conversions: they are then not reported, never 0.
      insights(
        page.filter((c) => c.bidding_type !== 'impressions').map((c) => c.id),
        [...CONVERSION_FIELDS],
      ).catch((err: unknown) => {
        if (err instanceof GatewayError && err.structuredContent.code === 'live_not_supported') return null;
        throw err;
      }),
    ]);
    const rows = [...delivery, ...(conversions ?? [])];
    const listed = page.map((c) => {
      const t = totals(
        rows
          .filter((r) => r.entity_id === c.id)
          .map((r) => ({
            impressions: r.impressions ?? 0,
            clicks: r.clicks ?? 0,
            spend: r.spend ?? 0,
            conversions: r.conversions ?? 0,
            revenue: r.conversion_value ?? 0,
            video_views: 0,
          })),
      );
      // Awareness (impression-bid) campaigns are judged on reach and cost per thousand, not conversions.
      const metrics =
        c.bidding_type === 'impressions'
          ? {
              impressions: t.impressions,
              clicks: t.clicks,
              spend: t.spend,
              ctr: t.ctr,
              cpm: t.impressions > 0 ? Math.round((t.spend / t.impressions) * 1000 * 100) / 100 : null,
            }
          : {
              impressions: t.impressions,
              clicks: t.clicks,
              spend: t.spend,
              ctr: t.ctr,
              cpc: t.cpc,
              ...(conversions ? { conversions: t.conversions, conversion_value: t.revenue, cpa: t.cpa } : {}),
            };
      return { ...c, metrics };
    });
    const text = [
      `## Chatads campaigns: ${matched.length} matched of ${all.length}`,
      '',
      `Figures: ${window.start} to ${window.end} (last 30 days).`,
      '',
      listed.length
        ? markdownTable(
            ['Campaign', 'Id', 'Status', 'Bidding', 'Budget', 'Daily budget', 'Start', 'End', 'Spend', 'Clicks', 'Conversions', 'CPA'],
            listed.map((c) => [
              c.name,
              c.id,
              c.status,
              c.bidding_type,
              money(c.budget, currency),
              money(c.daily_budget, currency),
              c.start_date,
              c.end_date,
              money(c.metrics.spend, currency),
              count(c.metrics.clicks),
              'conversions' in c.metrics
                ? count(c.metrics.conversions)
                : c.bidding_type === 'impressions'
                  ? 'n/a (awareness)'
                  : 'not reported',
              'cpa' in c.metrics ? money(c.metrics.cpa, currency) : '-',
            ]),
          )
        : 'No campaigns match.',
      ...(next < matched.length ? ['', `More campaigns: call again with \`offset\`: ${next}.`] : []),
    ].join('\n');
    return {
      text,
      structured: {
        start_date: window.start,
        end_date: window.end,
        campaigns: listed,
        matched: matched.length,
        total: all.length,
        offset: args.offset,
        limit: args.limit,
        returned: page.length,
        has_more: next < matched.length,
        next_offset: next < matched.length ? next : null,
      },
    };
  },
});
