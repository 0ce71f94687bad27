import * as v from 'valibot';
import { NotFoundError, quoted, ToolError } from '../../../core/errors';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { totals } from '../../../core/metrics';
import { defineSocialAdsTool } from '../define';
import type { SocialAdsAd, SocialAdsAdSet, SocialAdsCampaign, SocialAdsPort } from '../port';
import {
  appMetricsSchema,
  appTotalsSchema,
  targetingSchema,
  dateArg,
  dateRangeRule,
  insightTotals,
  withInstalls,
  type AppMetrics,
} from './shared';
import { reportWindow } from '../../../core/report-window';

/**
 * App-promotion reporting (campaigns with objective OUTCOME_APP_PROMOTION): installs are the
 * results of these campaigns; cost per install = spend / installs.
 */
const windowEntries = {
  lookback_days: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(1),
      v.maxValue(365),
      v.description('Days to report, 1-365, default 30 (ending yesterday: metrics are refreshed nightly)'),
    ),
    30,
  ),
  start_date: dateArg('Start date, YYYY-MM-DD; with end_date it overrides lookback_days'),
  end_date: dateArg('End date, YYYY-MM-DD; with start_date it overrides lookback_days'),
};

interface AppData {
  campaigns: SocialAdsCampaign[];
  adSets: SocialAdsAdSet[];
  ads: SocialAdsAd[];
}

async function appData(platform: SocialAdsPort, filter: { campaign_id?: string; ad_set_id?: string }): Promise<AppData> {
  const [campaigns, adSets, ads] = await Promise.all([platform.listCampaigns(), platform.listAdSets(), platform.listAds()]);
  let appCampaigns = campaigns.filter((c) => c.objective === 'OUTCOME_APP_PROMOTION');
  if (filter.campaign_id) {
    const campaign = campaigns.find((c) => c.id === filter.campaign_id);
    if (!campaign)
      throw new NotFoundError(
        `No campaign with id "${quoted(filter.campaign_id)}" exists in this account. App campaigns: ${appCampaigns.map((c) => `${c.name} (${c.id})`).join(', ') || 'none'}.`,
        { entity: 'campaign', id: filter.campaign_id },
      );
    if (campaign.objective !== 'OUTCOME_APP_PROMOTION')
      throw new ToolError(
        `Campaign "${campaign.name}" has objective ${campaign.objective}, not OUTCOME_APP_PROMOTION: it has no installs to report. App campaigns: ${appCampaigns.map((c) => `${c.name} (${c.id})`).join(', ') || 'none'}.`,
      );
    appCampaigns = [campaign];
  }
  const ids = new Set(appCampaigns.map((c) => c.id));
  let appAdSets = adSets.filter((s) => ids.has(s.campaign_id));
  if (filter.ad_set_id) {
    const adSet = adSets.find((s) => s.id === filter.ad_set_id);
    if (!adSet)
      throw new NotFoundError(
        `No ad set with id "${quoted(filter.ad_set_id)}" exists in this account. Use get_socialads_app_adsets to find app ad sets.`,
        { entity: 'ad_set', id: filter.ad_set_id },
      );
    if (!appAdSets.some((s) => s.id === adSet.id))
      throw new ToolError(
        `Ad set "${adSet.name}" is not in ${filter.campaign_id ? `campaign ${filter.campaign_id}` : 'an app-promotion campaign'}. Use get_socialads_app_adsets to find app ad sets.`,
      );
    appAdSets = [adSet];
  }
  const setIds = new Set(appAdSets.map((s) => s.id));
  return { campaigns: appCampaigns, adSets: appAdSets, ads: ads.filter((a) => setIds.has(a.ad_set_id)) };
}

const installRate = (m: AppMetrics) => (m.clicks > 0 ? Math.round((m.installs / m.clicks) * 10000) / 10000 : null);
/** Cheapest cost per install first; entities without installs last, biggest spenders first. */
const byCpi = (a: { metrics: AppMetrics }, b: { metrics: AppMetrics }) =>
  (a.metrics.cost_per_install ?? Infinity) - (b.metrics.cost_per_install ?? Infinity) || b.metrics.spend - a.metrics.spend;

function summaryLine(m: AppMetrics, currency: string): string {
  return `Spend ${money(m.spend, currency)}, ${count(m.installs)} installs, cost per install ${money(m.cost_per_install, currency)}, CTR ${percent(m.ctr)}.`;
}

export const getSocialAdsAppCampaigns = defineSocialAdsTool({
  name: 'get_socialads_app_campaigns',
  description:
    'Lists the app-promotion campaigns (OUTCOME_APP_PROMOTION) of a socialads account with their app and store, budget, status, spend, installs, cost per install, CTR and install rate over a window (default last 30 days).',
  access: 'read',
  args: {
    ...windowEntries,
    status: v.optional(v.pipe(v.picklist(['ACTIVE', 'PAUSED', 'ARCHIVED']), v.description('Only campaigns in this status'))),
  },
  rules: [dateRangeRule],
  output: v.object({
    ad_account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    totals: appTotalsSchema,
    campaigns: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        status: v.string(),
        app: v.object({
          app_name: v.string(),
          object_store_url: v.string(),
          store: v.string(),
          application_id: v.string(),
        }),
        daily_budget: v.number(),
        ad_sets: v.number(),
        metrics: appMetricsSchema,
        install_rate: v.nullable(v.number()),
      }),
    ),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const data = await appData(ctx.platform, {});
    const shown = data.campaigns.filter((c) => !args.status || c.status === args.status);
    const metricsOf = await insightTotals(
      ctx.platform,
      'campaign',
      shown.map((c) => c.id),
      start,
      end,
    );
    const rows = shown
      .map((c) => {
        const metrics = withInstalls(metricsOf(c.id));
        return {
          id: c.id,
          name: c.name,
          status: c.status,
          app: c.app ?? null,
          daily_budget: c.daily_budget ?? null,
          ad_sets: data.adSets.filter((s) => s.campaign_id === c.id).length,
          metrics,
          install_rate: installRate(metrics),
        };
      })
      .sort(byCpi);
    const total = withInstalls(totals(rows.map((r) => r.metrics)));
    const currency = ctx.account.currency;
    const text = [
      `## App-promotion campaigns, ${ctx.account.name} (${ctx.account.account_id}), ${start} to ${end}`,
      '',
      rows.length ? summaryLine(total, currency) : 'This account has no app-promotion campaigns.',
      '',
      ...(rows.length
        ? [
            markdownTable(
              ['Campaign', 'Id', 'App', 'Store', 'Status', 'Budget/day', 'Spend', 'Installs', 'CPI', 'CTR', 'Install rate'],
              rows.map((r) => [
                r.name,
                r.id,
                r.app?.app_name,
                r.app?.store,
                r.status,
                money(r.daily_budget, currency),
                money(r.metrics.spend, currency),
                count(r.metrics.installs),
                money(r.metrics.cost_per_install, currency),
                percent(r.metrics.ctr),
                percent(r.install_rate),
              ]),
            ),
          ]
        : []),
    ].join('\n');
    return {
      text,
      structured: { ad_account_id: ctx.account.account_id, start_date: start, end_date: end, totals: total, campaigns: rows },
    };
  },
});

export const getSocialAdsAppAdSets = defineSocialAdsTool({
  name: 'get_socialads_app_adsets',
  description:
    'Lists the ad sets of app-promotion campaigns (optionally of one campaign) with optimization goal, targeting, spend, installs, cost per install, CTR and install rate, cheapest cost per install first.',
  access: 'read',
  args: {
    ...windowEntries,
    campaign_id: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.description('Only ad sets of this app-promotion campaign'))),
  },
  rules: [dateRangeRule],
  output: v.object({
    ad_account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    ad_sets: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        status: v.string(),
        campaign_id: v.string(),
        campaign_name: v.string(),
        optimization_goal: v.string(),
        targeting: targetingSchema,
        ads: v.number(),
        metrics: appMetricsSchema,
        install_rate: v.number(),
      }),
    ),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const data = await appData(ctx.platform, { campaign_id: args.campaign_id });
    const campaignName = new Map(data.campaigns.map((c) => [c.id, c.name]));
    const metricsOf = await insightTotals(
      ctx.platform,
      'adset',
      data.adSets.map((s) => s.id),
      start,
      end,
    );
    const rows = data.adSets
      .map((s) => {
        const metrics = withInstalls(metricsOf(s.id));
        return {
          id: s.id,
          name: s.name,
          status: s.status,
          campaign_id: s.campaign_id,
          campaign_name: campaignName.get(s.campaign_id) ?? null,
          optimization_goal: s.optimization_goal,
          targeting: s.targeting,
          ads: data.ads.filter((a) => a.ad_set_id === s.id).length,
          metrics,
          install_rate: installRate(metrics),
        };
      })
      .sort(byCpi);
    const currency = ctx.account.currency;
    const text = [
      `## App-promotion ad sets, ${ctx.account.name} (${ctx.account.account_id}), ${start} to ${end}`,
      '',
      rows.length
        ? markdownTable(
            ['Ad set', 'Id', 'Campaign', 'Status', 'Goal', 'Countries', 'Ads', 'Spend', 'Installs', 'CPI', 'CTR', 'Install rate'],
            rows.map((r) => [
              r.name,
              r.id,
              r.campaign_name,
              r.status,
              r.optimization_goal,
              r.targeting.countries.join(', '),
              r.ads,
              money(r.metrics.spend, currency),
              count(r.metrics.installs),
              money(r.metrics.cost_per_install, currency),
              percent(r.metrics.ctr),
              percent(r.install_rate),
            ]),
          )
        : 'No app-promotion ad sets.',
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, start_date: start, end_date: end, ad_sets: rows } };
  },
});

export const getSocialAdsAppCreatives = defineSocialAdsTool({
  name: 'get_socialads_app_creatives',
  description:
    'Per-creative install cost for app-promotion campaigns, cheapest cost per install first (creatives without installs last), from nightly-refreshed metrics; filter by campaign_id or ad_group_id (ad set). Flags creatives that cost more than twice the median to move budget away from them.',
  access: 'read',
  args: {
    campaign_id: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.description('Only creatives of this app-promotion campaign'))),
    ad_group_id: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.description('Only creatives of this ad set (ad group)'))),
    ...windowEntries,
  },
  rules: [dateRangeRule],
  output: v.object({
    ad_account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    median_cost_per_install: v.number(),
    creatives: v.array(
      v.object({
        rank: v.number(),
        ad_id: v.string(),
        name: v.string(),
        ad_type: v.string(),
        status: v.string(),
        ad_group_id: v.string(),
        ad_group_name: v.string(),
        campaign_id: v.string(),
        campaign_name: v.string(),
        headline: v.string(),
        video_id: v.nullable(v.string()),
        metrics: appMetricsSchema,
        install_rate: v.number(),
      }),
    ),
    insights: v.array(v.string()),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const data = await appData(ctx.platform, { campaign_id: args.campaign_id, ad_set_id: args.ad_group_id });
    const setName = new Map(data.adSets.map((s) => [s.id, s.name]));
    const campaignName = new Map(data.campaigns.map((c) => [c.id, c.name]));
    const metricsOf = await insightTotals(
      ctx.platform,
      'ad',
      data.ads.map((a) => a.id),
      start,
      end,
    );
    const rows = data.ads
      .map((a) => {
        const metrics = withInstalls(metricsOf(a.id));
        return {
          ad_id: a.id,
          name: a.name,
          ad_type: a.ad_type,
          status: a.status,
          ad_group_id: a.ad_set_id,
          ad_group_name: setName.get(a.ad_set_id) ?? null,
          campaign_id: a.campaign_id,
          campaign_name: campaignName.get(a.campaign_id) ?? null,
          headline: a.creative.headlines[0] ?? a.creative.cards?.[0]?.headline ?? null,
          video_id: a.creative.video_id ?? null,
          metrics,
          install_rate: installRate(metrics),
        };
      })
      .sort(byCpi)
      .map((r, i) => ({ rank: i + 1, ...r }));
    const cpis = rows
      .map((r) => r.metrics.cost_per_install)
      .filter((x): x is number => x !== null)
      .sort((a, b) => a - b);
    const median = cpis.length
      ? cpis.length % 2
        ? cpis[(cpis.length - 1) / 2]
        : (cpis[cpis.length / 2 - 1] + cpis[cpis.length / 2]) / 2
      : null;
    const currency = ctx.account.currency;
    const insights: string[] = [];
    if (rows[0]?.metrics.cost_per_install !== null && rows[0])
      insights.push(`Cheapest: "${rows[0].name}" at ${money(rows[0].metrics.cost_per_install, currency)} per install.`);
    for (const r of rows) {
      if (median !== null && r.metrics.cost_per_install !== null && r.metrics.cost_per_install > 2 * median)
        insights.push(
          `"${r.name}" costs ${money(r.metrics.cost_per_install, currency)} per install, over twice the median ${money(median, currency)}: move budget to the cheaper creatives.`,
        );
      if (r.metrics.installs === 0 && r.metrics.spend > 0)
        insights.push(`"${r.name}" spent ${money(r.metrics.spend, currency)} without an install: pause it or replace the creative.`);
    }
    const text = [
      `## App creatives by cost per install, ${ctx.account.name} (${ctx.account.account_id}), ${start} to ${end}`,
      '',
      'Metrics are refreshed nightly; today is not included.',
      '',
      rows.length
        ? markdownTable(
            ['#', 'Creative', 'Type', 'Ad set', 'Campaign', 'Spend', 'Installs', 'CPI', 'CTR', 'Install rate'],
            rows.map((r) => [
              r.rank,
              `${r.name} (${r.ad_id})`,
              r.ad_type,
              r.ad_group_name,
              r.campaign_name,
              money(r.metrics.spend, currency),
              count(r.metrics.installs),
              money(r.metrics.cost_per_install, currency),
              percent(r.metrics.ctr),
              percent(r.install_rate),
            ]),
          )
        : 'No app-promotion creatives match.',
      ...(insights.length ? ['', '### Insights', ...insights.map((i) => `- ${i}`)] : []),
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        median_cost_per_install: median,
        creatives: rows,
        insights,
      },
    };
  },
});
