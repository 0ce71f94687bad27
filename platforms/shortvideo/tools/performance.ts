/**
 * The report readers, built once: entity performance (campaigns, ads) with the objective's metrics
 * and the video and engagement rates, and audience segments (age and gender, countries) with the
 * best and worst of them. Every figure is the platform's report for the same dates.
 */
import * as v from 'valibot';
import type { ToolDefinition } from '../../../core/tool';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { totals } from '../../../core/metrics';
import { defineShortVideoTool } from '../define';
import type { AudienceDimensions, Objective, ShortVideoAd, ShortVideoCampaign } from '../port';
import { objectiveResults } from './read-entities';
import {
  CONVERSION_OBJECTIVES,
  numericId,
  objectiveMetrics,
  objectiveMetricsSchema,
  reachFor,
  reportFigures,
  SALES_OBJECTIVES,
  videoRates,
  videoRatesSchema,
  windowArgs,
  windowRule,
} from './shared';
import { reportWindow } from '../../../core/report-window';

/** The objective whose metrics fit a set of campaigns: theirs when they share one, else what they have in common. */
export function commonObjective(objectives: readonly Objective[]): Objective {
  const set = [...new Set(objectives)];
  if (set.length === 1) return set[0]!;
  if (set.length && set.every((o) => SALES_OBJECTIVES.includes(o))) return 'WEB_CONVERSIONS';
  if (set.length && set.every((o) => CONVERSION_OBJECTIVES.includes(o))) return 'LEAD_GENERATION';
  return 'TRAFFIC';
}

const resultsSchema = v.object({
  result: v.string(),
  value: v.number(),
  cost_per_result: v.nullable(v.number()),
  revenue: v.optional(v.number()),
  roas: v.optional(v.nullable(v.number())),
  view_rate: v.optional(v.nullable(v.number())),
});
const daySchema = v.object({
  date: v.string(),
  impressions: v.number(),
  clicks: v.number(),
  spend: v.number(),
  video_views: v.number(),
  video_watched_2s: v.number(),
  video_views_p100: v.number(),
});

type PerformanceLevel = 'campaign' | 'ad';

function performanceReader(name: string, level: PerformanceLevel, description: string): ToolDefinition {
  return defineShortVideoTool({
    name,
    description,
    access: 'read',
    args: {
      campaign_id: v.optional(numericId('campaign', 'list_shortvideo_campaigns')),
      ...(level === 'ad' ? { adgroup_id: v.optional(numericId('ad group', 'list_shortvideo_ad_groups')) } : {}),
      ...windowArgs,
      include_days: v.optional(v.pipe(v.boolean(), v.description('true = add each day of the range per row')), false),
      include_paused: v.optional(
        v.pipe(v.boolean(), v.description('true (default) = paused and disabled ones too; deleted ones are never shown')),
        true,
      ),
    },
    rules: [windowRule],
    output: v.object({
      advertiser_id: v.string(),
      start_date: v.string(),
      end_date: v.string(),
      level: v.picklist(['campaign', 'ad']),
      total: v.number(),
      rows: v.array(
        v.object({
          id: v.string(),
          name: v.string(),
          status: v.string(),
          objective: v.string(),
          campaign_id: v.string(),
          adgroup_id: v.optional(v.string()),
          ad_format: v.optional(v.string()),
          metrics: objectiveMetricsSchema,
          results: resultsSchema,
          video: videoRatesSchema,
          days: v.optional(v.array(daySchema)),
        }),
      ),
    }),
    async run(rawArgs, ctx) {
      const args = rawArgs as typeof rawArgs & { adgroup_id?: string };
      const { start, end } = reportWindow(ctx, args);
      const campaigns = await ctx.platform.listCampaigns();
      if (args.campaign_id) await ctx.platform.getCampaign(args.campaign_id);
      if (args.adgroup_id) await ctx.platform.getAdGroup(args.adgroup_id);
      const objectiveOf = new Map(campaigns.map((c) => [c.id, c.objective_type]));
      const shown = (status: string) => status !== 'DELETED' && (args.include_paused || status === 'ACTIVE' || status === 'ENABLED');
      const entities: { id: string; name: string; status: string; campaign_id: string; adgroup_id?: string; ad_format?: string }[] =
        level === 'campaign'
          ? campaigns
              .filter((c: ShortVideoCampaign) => shown(c.status) && (!args.campaign_id || c.id === args.campaign_id))
              .map((c) => ({ id: c.id, name: c.campaign_name, status: c.status, campaign_id: c.id }))
          : (await ctx.platform.listAds())
              .filter(
                (a: ShortVideoAd) =>
                  shown(a.status) &&
                  (!args.campaign_id || a.campaign_id === args.campaign_id) &&
                  (!args.adgroup_id || a.adgroup_id === args.adgroup_id),
              )
              .map((a) => ({
                id: a.id,
                name: a.ad_name,
                status: a.status,
                campaign_id: a.campaign_id,
                adgroup_id: a.adgroup_id,
                ad_format: a.ad_format,
              }));
      const dataLevel = level === 'campaign' ? 'AUCTION_CAMPAIGN' : 'AUCTION_AD';
      const figures = await reportFigures(
        ctx.platform,
        dataLevel,
        entities.map((e) => e.id),
        start,
        end,
      );
      const reach =
        level === 'campaign'
          ? await reachFor(
              ctx.platform,
              dataLevel,
              entities.filter((e) => objectiveOf.get(e.campaign_id) === 'REACH').map((e) => e.id),
              start,
              end,
            )
          : new Map<string, { reach: number; frequency: number }>();
      const rows = entities
        .map((e) => {
          const f = figures.get(e.id)!;
          const objective = objectiveOf.get(e.campaign_id) ?? 'TRAFFIC';
          return {
            ...e,
            objective,
            metrics: objectiveMetrics(objective, f.totals, reach.get(e.id)),
            results: objectiveResults(objective, f.totals),
            video: videoRates(f.engagement),
            ...(args.include_days
              ? {
                  days: f.days.map((d) => ({
                    date: d.date,
                    impressions: d.impressions,
                    clicks: d.clicks,
                    spend: d.spend,
                    video_views: d.video_views,
                    video_watched_2s: d.video_watched_2s,
                    video_views_p100: d.video_views_p100,
                  })),
                }
              : {}),
          };
        })
        .sort((a, b) => b.metrics.spend - a.metrics.spend);
      const cur = ctx.account.currency;
      const text = [
        `## ${level === 'campaign' ? 'Campaign' : 'Ad'} performance, ${start} to ${end}`,
        '',
        rows.length
          ? markdownTable(
              [
                level === 'campaign' ? 'Campaign' : 'Ad',
                'Id',
                'Status',
                'Spend',
                'Result',
                'Cost per result',
                'CTR',
                'Hook rate',
                'Completion',
                'Engagement',
              ],
              rows.map((r) => [
                r.name,
                r.id,
                r.status,
                money(r.metrics.spend, cur),
                `${count(r.results.value)} ${r.results.result}`,
                r.results.cost_per_result === null ? '-' : money(r.results.cost_per_result, cur),
                percent(r.metrics.ctr),
                percent(r.video.hook_rate),
                percent(r.video.completion_rate),
                percent(r.video.engagement_rate),
              ]),
            )
          : 'Nothing matches.',
        '',
        'Hook rate: 2-second views per play; completion: views to the end per play; engagement: likes, comments, shares and follows per play.',
        level === 'campaign'
          ? 'Next: per ad with get_shortvideo_ad_performance; wasted spend with analyze_shortvideo_wasted_spend.'
          : 'Next: worn-out creatives with detect_shortvideo_creative_fatigue; pause an ad with pause_shortvideo_ad.',
      ].join('\n');
      return {
        text,
        structured: { advertiser_id: ctx.account.account_id, start_date: start, end_date: end, level, total: rows.length, rows },
      };
    },
  });
}

export const getShortVideoCampaignPerformance = performanceReader(
  'get_shortvideo_campaign_performance',
  'campaign',
  "shortvideo campaign figures over a date range (default the last 30 days ending yesterday): spend, the objective's result and cost per result (reach and frequency for reach campaigns), CTR, video views, hook rate, completion rate and engagement (likes, comments, shares, follows). Optionally day by day.",
);

export const getShortVideoAdPerformance = performanceReader(
  'get_shortvideo_ad_performance',
  'ad',
  "shortvideo ad figures over a date range (default the last 30 days ending yesterday): spend, the objective's result, CTR, and for video the hook rate (2-second views per play), hold rate (6 s of 2 s), completion rate and engagement. Optionally day by day.",
);

const segmentRowSchema = v.object({
  segment: v.string(),
  age: v.optional(v.string()),
  gender: v.optional(v.string()),
  country_code: v.optional(v.string()),
  metrics: objectiveMetricsSchema,
  results: resultsSchema,
  share_of_spend: v.nullable(v.number()),
});

function segmentReader(name: string, dimensions: AudienceDimensions, description: string): ToolDefinition {
  const what = dimensions === 'age_gender' ? 'age and gender' : 'country';
  return defineShortVideoTool({
    name,
    description,
    access: 'read',
    args: {
      campaign_id: v.optional(numericId('campaign', 'list_shortvideo_campaigns')),
      adgroup_id: v.optional(numericId('ad group', 'list_shortvideo_ad_groups')),
      ...windowArgs,
      min_spend: v.optional(
        v.pipe(v.number(), v.minValue(0), v.description('Segments that spent less are not ranked best or worst (default 20)')),
        20,
      ),
    },
    rules: [windowRule, (a) => (a.campaign_id && a.adgroup_id ? 'give `campaign_id` or `adgroup_id`, not both' : undefined)],
    output: v.object({
      advertiser_id: v.string(),
      start_date: v.string(),
      end_date: v.string(),
      objective: v.string(),
      segments: v.array(segmentRowSchema),
      best: v.nullable(v.string()),
      worst: v.nullable(v.string()),
    }),
    async run(args, ctx) {
      const { start, end } = reportWindow(ctx, args);
      const campaigns = await ctx.platform.listCampaigns();
      let objective: Objective;
      let query: { data_level: 'AUCTION_ADVERTISER' | 'AUCTION_CAMPAIGN' | 'AUCTION_ADGROUP'; ids: string[] };
      if (args.adgroup_id) {
        const g = await ctx.platform.getAdGroup(args.adgroup_id);
        objective = campaigns.find((c) => c.id === g.campaign_id)?.objective_type ?? 'TRAFFIC';
        query = { data_level: 'AUCTION_ADGROUP', ids: [g.id] };
      } else if (args.campaign_id) {
        const c = await ctx.platform.getCampaign(args.campaign_id);
        objective = c.objective_type;
        query = { data_level: 'AUCTION_CAMPAIGN', ids: [c.id] };
      } else {
        objective = commonObjective(campaigns.filter((c) => c.status !== 'DELETED').map((c) => c.objective_type));
        query = { data_level: 'AUCTION_ADVERTISER', ids: [ctx.account.account_id] };
      }
      const rows = await ctx.platform.getAudienceReport({ ...query, start_date: start, end_date: end, dimensions });
      const spendAll = rows.reduce((t, r) => t + r.spend, 0);
      const segments = rows
        .map((r) => {
          const t = totals([r]);
          const label =
            dimensions === 'age_gender'
              ? `${(r.age ?? '').replace('AGE_', '').replace('_', '-').replace('-100', '+')} ${r.gender?.toLowerCase() ?? ''}`.trim()
              : (r.country_code ?? '');
          return {
            segment: label,
            ...(r.age ? { age: r.age } : {}),
            ...(r.gender ? { gender: r.gender } : {}),
            ...(r.country_code ? { country_code: r.country_code } : {}),
            metrics: objectiveMetrics(objective, t),
            results: objectiveResults(objective, t),
            share_of_spend: spendAll > 0 ? Math.round((r.spend / spendAll) * 10000) / 10000 : null,
          };
        })
        .sort((a, b) => b.metrics.spend - a.metrics.spend);
      // Ranked by cost per result (lower is better) among segments with enough spend and a result.
      const ranked = segments
        .filter((s) => s.metrics.spend >= args.min_spend && s.results.cost_per_result !== null)
        .sort((a, b) => a.results.cost_per_result! - b.results.cost_per_result!);
      const spentNothing = segments.filter((s) => s.metrics.spend >= args.min_spend && s.results.value === 0);
      const best = ranked[0]?.segment ?? null;
      const worst = spentNothing[0]?.segment ?? (ranked.length > 1 ? ranked.at(-1)!.segment : null);
      const cur = ctx.account.currency;
      const text = [
        `## Performance by ${what}, ${start} to ${end}`,
        '',
        segments.length
          ? markdownTable(
              [what === 'country' ? 'Country' : 'Segment', 'Spend', 'Share', 'Impressions', 'CTR', 'Result', 'Cost per result'],
              segments.map((s) => [
                s.segment,
                money(s.metrics.spend, cur),
                percent(s.share_of_spend, 1),
                count(s.metrics.impressions),
                percent(s.metrics.ctr),
                `${count(s.results.value)} ${s.results.result}`,
                s.results.cost_per_result === null ? '-' : money(s.results.cost_per_result, cur),
              ]),
            )
          : 'No delivery in this range.',
        '',
        best
          ? `Best ${what}: **${best}**${worst && worst !== best ? `; worst: **${worst}**` : ''} (cost per ${segments[0]?.results.result ?? 'result'}, segments with at least ${money(args.min_spend, cur)} spent).`
          : 'Too little spend to rank segments.',
        dimensions === 'age_gender'
          ? 'Next: narrow or widen ages and genders with update_shortvideo_ad_group (age_groups, gender).'
          : 'Next: drop or split markets with update_shortvideo_ad_group (location_ids); find location ids with search_shortvideo_targeting.',
      ].join('\n');
      return {
        text,
        structured: { advertiser_id: ctx.account.account_id, start_date: start, end_date: end, objective, segments, best, worst },
      };
    },
  });
}

export const getShortVideoAudienceInsights = segmentReader(
  'get_shortvideo_audience_insights',
  'age_gender',
  "shortvideo performance by age group and gender (advertiser, one campaign or one ad group) over a date range: spend, share, CTR, the objective's result and cost per result, best and worst segment.",
);

export const analyzeShortVideoGeoPerformance = segmentReader(
  'analyze_shortvideo_geo_performance',
  'country_code',
  'shortvideo performance by country (advertiser, one campaign or one ad group) over a date range, with the best and worst markets by cost per result; a market that spends without results is the worst.',
);
