import * as v from 'valibot';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { totals, type DailyMetrics, type MetricTotals } from '../../../core/metrics';
import { defineShortVideoTool } from '../define';
import { adEntries, adGroupEntries, campaignEntries } from '../entity-schemas';
import { OBJECTIVES, type Objective, type ReportDataLevel, type ShortVideoPort } from '../port';
import {
  objectiveMetrics,
  objectiveMetricsSchema,
  reachFor,
  videoRatesSchema,
  reportFigures,
  videoRates,
  windowArgs,
  windowRule,
} from './shared';
import { reportWindow } from '../../../core/report-window';
const numericId = (what: string) => v.pipe(v.string(), v.trim(), v.regex(/^\d+$/, `must be a numeric ${what} id`));

/** The schema of ObjectiveResults (below): what an objective is judged on. */
const objectiveResultsSchema = v.object({
  result: v.picklist(['clicks', 'conversions', 'leads', 'installs', 'video_views', 'impressions']),
  value: v.number(),
  cost_per_result: v.nullable(v.number()),
  revenue: v.optional(v.number()),
  roas: v.optional(v.nullable(v.number())),
  view_rate: v.optional(v.nullable(v.number())),
});

export const listShortVideoCampaigns = defineShortVideoTool({
  name: 'list_shortvideo_campaigns',
  description:
    'Lists the campaigns of a shortvideo advertiser with objective, status, budget and performance over the last N days (default 30). Deleted campaigns are shown only when asked for.',
  access: 'read',
  args: {
    status: v.optional(
      v.pipe(
        v.picklist(['ACTIVE', 'PAUSED', 'DELETED']),
        v.description('Only campaigns in this status (deleted ones only appear when asked for)'),
      ),
    ),
    objective: v.optional(v.pipe(v.picklist(OBJECTIVES), v.description('Only campaigns with this objective'))),
    name_contains: v.optional(v.pipe(v.string(), v.trim(), v.description('Case-insensitive part of the campaign name'))),
    ...windowArgs,
  },
  rules: [windowRule],
  output: v.object({
    advertiser_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    total: v.number(),
    campaigns: v.array(v.object({ ...campaignEntries, metrics: objectiveMetricsSchema, results: objectiveResultsSchema })),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const campaigns = (await ctx.platform.listCampaigns())
      .filter((c) => (args.status ? c.status === args.status : c.status !== 'DELETED'))
      .filter((c) => !args.objective || c.objective_type === args.objective)
      .filter((c) => !args.name_contains || c.campaign_name.toLowerCase().includes(args.name_contains.toLowerCase()))
      .sort((a, b) => a.create_time.localeCompare(b.create_time));
    const figures = await reportTotals(
      ctx.platform,
      'AUCTION_CAMPAIGN',
      campaigns.map((c) => c.id),
      start,
      end,
    );
    const reach = await reachFor(
      ctx.platform,
      'AUCTION_CAMPAIGN',
      campaigns.filter((c) => c.objective_type === 'REACH').map((c) => c.id),
      start,
      end,
    );
    const rows = campaigns.map((c) => ({
      ...c,
      metrics: objectiveMetrics(c.objective_type, figures.get(c.id)!, reach.get(c.id)),
      results: objectiveResults(c.objective_type, figures.get(c.id)!),
    }));
    const cur = ctx.account.currency;
    const text = [
      `## Campaigns of ${ctx.account.name} (${ctx.account.account_id}), ${start} to ${end}`,
      '',
      rows.length
        ? markdownTable(
            [
              'Campaign',
              'Id',
              'Objective',
              'Status',
              'Budget',
              'Spend',
              'Impressions',
              'CTR',
              'Results',
              'Cost per result',
              'Reach (frequency)',
            ],
            rows.map((c) => [
              c.campaign_name,
              c.id,
              c.objective_type,
              c.status,
              c.budget_mode === 'BUDGET_MODE_INFINITE'
                ? 'ad group budgets'
                : `${money(c.budget, cur)} ${c.budget_mode === 'BUDGET_MODE_TOTAL' ? 'lifetime' : 'daily'}`,
              money(c.metrics.spend, cur),
              count(c.metrics.impressions),
              percent(c.metrics.ctr),
              resultText(c.results),
              costText(c.results, cur),
              c.metrics.reach !== undefined ? `${count(c.metrics.reach)} (${c.metrics.frequency})` : '-',
            ]),
          )
        : 'No campaigns match.',
      '',
      'Next: details with get_shortvideo_campaign; pause or resume with pause_shortvideo_campaign / resume_shortvideo_campaign; budgets with update_shortvideo_campaign.',
    ].join('\n');
    return {
      text,
      structured: { advertiser_id: ctx.account.account_id, start_date: start, end_date: end, total: rows.length, campaigns: rows },
    };
  },
});

export const listShortVideoAdGroups = defineShortVideoTool({
  name: 'list_shortvideo_ad_groups',
  description:
    'Lists shortvideo ad groups (optionally of one campaign) with status, budget, bidding, optimization goal, placements and performance over the last N days. Deleted ad groups are shown only when asked for.',
  access: 'read',
  args: {
    campaign_id: v.optional(v.pipe(numericId('campaign'), v.description('Only ad groups of this campaign'))),
    status: v.optional(v.pipe(v.picklist(['ENABLED', 'DISABLED', 'DELETED']), v.description('Only ad groups in this status'))),
    ...windowArgs,
  },
  rules: [windowRule],
  output: v.object({
    advertiser_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    total: v.number(),
    ad_groups: v.array(v.object({ ...adGroupEntries, metrics: objectiveMetricsSchema, results: objectiveResultsSchema })),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    if (args.campaign_id) await ctx.platform.getCampaign(args.campaign_id);
    const groups = (await ctx.platform.listAdGroups())
      .filter((g) => !args.campaign_id || g.campaign_id === args.campaign_id)
      .filter((g) => (args.status ? g.status === args.status : g.status !== 'DELETED'))
      .sort((a, b) => a.create_time.localeCompare(b.create_time) || a.id.localeCompare(b.id));
    const figures = await reportTotals(
      ctx.platform,
      'AUCTION_ADGROUP',
      groups.map((g) => g.id),
      start,
      end,
    );
    const objectiveOf = new Map((await ctx.platform.listCampaigns()).map((c) => [c.id, c.objective_type]));
    const objective = (g: { campaign_id: string }) => objectiveOf.get(g.campaign_id) ?? 'TRAFFIC';
    const reach = await reachFor(
      ctx.platform,
      'AUCTION_ADGROUP',
      groups.filter((g) => objective(g) === 'REACH').map((g) => g.id),
      start,
      end,
    );
    const rows = groups.map((g) => ({
      ...g,
      metrics: objectiveMetrics(objective(g), figures.get(g.id)!, reach.get(g.id)),
      results: objectiveResults(objective(g), figures.get(g.id)!),
    }));
    const cur = ctx.account.currency;
    const text = [
      `## Ad groups${args.campaign_id ? ` of campaign ${args.campaign_id}` : ''}, ${start} to ${end}`,
      '',
      rows.length
        ? markdownTable(
            ['Ad group', 'Id', 'Campaign', 'Status', 'Budget', 'Bid', 'Goal', 'Creative', 'Spend', 'Results', 'Cost per result'],
            rows.map((g) => [
              g.adgroup_name,
              g.id,
              g.campaign_id,
              g.status,
              g.budget !== undefined ? money(g.budget, cur) : 'campaign budget',
              g.bid_type.replace('BID_TYPE_', ''),
              g.optimization_goal,
              g.creative_material_mode,
              money(g.metrics.spend, cur),
              resultText(g.results),
              costText(g.results, cur),
            ]),
          )
        : 'No ad groups match.',
      '',
      'Next: pause waste with pause_shortvideo_ad_group, resume with resume_shortvideo_ad_group, change budgets and targeting with update_shortvideo_ad_group.',
    ].join('\n');
    return {
      text,
      structured: { advertiser_id: ctx.account.account_id, start_date: start, end_date: end, total: rows.length, ad_groups: rows },
    };
  },
});

export const getShortVideoAdGroup = defineShortVideoTool({
  name: 'get_shortvideo_ad_group',
  description:
    'Shows every setting of one shortvideo ad group (schedule, dayparting, bidding, optimization, targeting, placements, brand safety, creative mode) and its ads.',
  access: 'read',
  examples: [{ adgroup_id: '<adgroup_id from list_shortvideo_ad_groups>' }],
  args: { adgroup_id: v.pipe(numericId('ad group'), v.description('Ad group id (from list_shortvideo_ad_groups)')) },
  output: v.object({
    advertiser_id: v.string(),
    ad_group: v.object(adGroupEntries),
    campaign: v.object({
      id: v.string(),
      campaign_name: v.string(),
      objective_type: v.string(),
      status: v.string(),
    }),
    ads: v.array(v.object(adEntries)),
  }),
  async run(args, ctx) {
    const group = await ctx.platform.getAdGroup(args.adgroup_id);
    const campaign = await ctx.platform.getCampaign(group.campaign_id);
    const ads = (await ctx.platform.listAds()).filter((a) => a.adgroup_id === group.id);
    const settings = Object.entries(group).filter(([k]) => !['id', 'adgroup_name'].includes(k));
    const show = (x: unknown) =>
      typeof x === 'string' ? (x.length > 70 ? `${x.slice(0, 67)}... (${x.length} chars)` : x) : JSON.stringify(x);
    const text = [
      `## Ad group ${group.adgroup_name} (${group.id})`,
      '',
      `Campaign: ${campaign.campaign_name} (${campaign.id}, ${campaign.objective_type}, ${campaign.status})`,
      '',
      markdownTable(
        ['Setting', 'Value'],
        settings.map(([k, val]) => [k, show(val)]),
      ),
      '',
      `### Ads (${ads.length})`,
      ads.length
        ? markdownTable(
            ['Ad', 'Id', 'Format', 'Status', 'Review'],
            ads.map((a) => [a.ad_name, a.id, a.ad_format, a.status, a.review_status]),
          )
        : 'No ads yet.',
    ].join('\n');
    return {
      text,
      structured: {
        advertiser_id: ctx.account.account_id,
        ad_group: group,
        campaign: {
          id: campaign.id,
          campaign_name: campaign.campaign_name,
          objective_type: campaign.objective_type,
          status: campaign.status,
        },
        ads,
      },
    };
  },
});

export const listShortVideoAds = defineShortVideoTool({
  name: 'list_shortvideo_ads',
  description:
    'Lists shortvideo ads (optionally of one campaign or ad group) with format, text, video, call to action, status, creative review status and performance over the last N days.',
  access: 'read',
  args: {
    campaign_id: v.optional(v.pipe(numericId('campaign'), v.description('Only ads of this campaign'))),
    adgroup_id: v.optional(v.pipe(numericId('ad group'), v.description('Only ads of this ad group'))),
    ...windowArgs,
  },
  rules: [windowRule],
  output: v.object({
    advertiser_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    total: v.number(),
    ads: v.array(v.object({ ...adEntries, metrics: objectiveMetricsSchema, results: objectiveResultsSchema, video: videoRatesSchema })),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const ads = (await ctx.platform.listAds())
      .filter((a) => (!args.campaign_id || a.campaign_id === args.campaign_id) && (!args.adgroup_id || a.adgroup_id === args.adgroup_id))
      .filter((a) => a.status !== 'DELETED')
      .sort((a, b) => a.create_time.localeCompare(b.create_time) || a.id.localeCompare(b.id));
    const figures = await reportFigures(
      ctx.platform,
      'AUCTION_AD',
      ads.map((a) => a.id),
      start,
      end,
    );
    const objectiveOf = new Map((await ctx.platform.listCampaigns()).map((c) => [c.id, c.objective_type]));
    const rows = ads.map((a) => {
      const f = figures.get(a.id)!;
      const objective = objectiveOf.get(a.campaign_id) ?? 'TRAFFIC';
      return {
        ...a,
        metrics: objectiveMetrics(objective, f.totals),
        results: objectiveResults(objective, f.totals),
        video: videoRates(f.engagement),
      };
    });
    const cur = ctx.account.currency;
    const text = [
      `## Ads, ${start} to ${end}`,
      '',
      rows.length
        ? markdownTable(
            ['Ad', 'Id', 'Ad group', 'Format', 'Text', 'CTA', 'Status', 'Review', 'Spend', 'CTR'],
            rows.map((a) => [
              a.ad_name,
              a.id,
              a.adgroup_id,
              a.ad_format,
              a.ad_text ?? a.ad_texts?.join(' / '),
              a.call_to_action,
              a.status,
              a.review_status,
              money(a.metrics.spend, cur),
              percent(a.metrics.ctr),
            ]),
          )
        : 'No ads match.',
      '',
      'Next: hook and completion rates with get_shortvideo_ad_performance; pause an ad with pause_shortvideo_ad; edit one with update_shortvideo_ad.',
    ].join('\n');
    return { text, structured: { advertiser_id: ctx.account.account_id, start_date: start, end_date: end, total: rows.length, ads: rows } };
  },
});

/**
 * What an objective is judged on: its result (the metric it optimizes for) and the cost of one.
 * Traffic counts clicks, conversions and catalog sales count conversions (with revenue and ROAS),
 * lead generation counts leads, app promotion installs, video views views (with the view rate) and
 * reach impressions (cost per thousand). Metrics an objective does not have are absent, not zero.
 */
export interface ObjectiveResults {
  result: 'clicks' | 'conversions' | 'leads' | 'installs' | 'video_views' | 'impressions';
  value: number;
  /** Cost per result (per thousand impressions for reach); null when there is no result. */
  cost_per_result: number | null;
  revenue?: number;
  roas?: number | null;
  view_rate?: number | null;
}

const RESULT_OF: Record<Objective, ObjectiveResults['result']> = {
  TRAFFIC: 'clicks',
  WEB_CONVERSIONS: 'conversions',
  PRODUCT_SALES: 'conversions',
  LEAD_GENERATION: 'leads',
  APP_PROMOTION: 'installs',
  VIDEO_VIEWS: 'video_views',
  REACH: 'impressions',
};

export function objectiveResults(objective: Objective, m: MetricTotals): ObjectiveResults {
  const result = RESULT_OF[objective];
  const value =
    result === 'clicks'
      ? m.clicks
      : result === 'video_views'
        ? (m.video_views ?? 0)
        : result === 'impressions'
          ? m.impressions
          : m.conversions;
  const per = result === 'impressions' ? 1000 : 1;
  const cost_per_result = value > 0 ? Math.round(((m.spend * per) / value) * 100) / 100 : null;
  return {
    result,
    value,
    cost_per_result,
    ...(result === 'conversions' ? { revenue: m.revenue, roas: m.roas } : {}),
    ...(result === 'video_views'
      ? { view_rate: m.impressions > 0 ? Math.round(((m.video_views ?? 0) / m.impressions) * 10000) / 10000 : null }
      : {}),
  };
}

const RESULT_LABEL: Record<ObjectiveResults['result'], string> = {
  clicks: 'clicks',
  conversions: 'conversions',
  leads: 'leads',
  installs: 'installs',
  video_views: 'views',
  impressions: 'impressions',
};

/** "42 leads" / "1,234 views (22.1 % view rate)" / "232,025 impressions" for a table cell. */
function resultText(r: ObjectiveResults): string {
  return `${count(r.value)} ${RESULT_LABEL[r.result]}${r.view_rate != null ? ` (${percent(r.view_rate)} view rate)` : ''}`;
}

/** "$19.32" or "$4.10 CPM" for a table cell. */
function costText(r: ObjectiveResults, currency: string): string {
  return r.cost_per_result === null ? '-' : `${money(r.cost_per_result, currency)}${r.result === 'impressions' ? ' CPM' : ''}`;
}

/**
 * Each entity's totals over [start, end] from the platform's daily report rows at `level`, as this
 * platform's tools show them (an entity without rows has zero totals).
 */
export async function reportTotals(
  platform: ShortVideoPort,
  level: ReportDataLevel,
  ids: string[],
  start: string,
  end: string,
): Promise<Map<string, MetricTotals>> {
  const days = new Map<string, DailyMetrics[]>(ids.map((id) => [id, []]));
  if (ids.length) {
    for (const row of await platform.getReport({ data_level: level, start_date: start, end_date: end, ids })) days.get(row.id)?.push(row);
  }
  return new Map([...days].map(([id, list]) => [id, totals(list)]));
}
