import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { defineSocialAdsTool } from '../define';
import {
  breakdownRows,
  breakdownRowSchema,
  costPerResultText,
  judgement,
  levelMetrics,
  publicMetrics,
  readStructure,
  requireAd,
  requireAdSet,
  requireCampaign,
  resultText,
} from './report-family';
import { adStatusText, dateRangeRule, metricsSchema, windowEntries } from './shared';
import { reportWindow } from '../../../core/report-window';

/** The socialads list, structure and performance readers. */

const idText = (what: string, tool: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{6,25}$/, `must be a numeric ${what} id from ${tool}`),
      v.description(`Only this ${what} (from ${tool})`),
    ),
  );
const statusFilter = v.optional(v.pipe(v.picklist(['ACTIVE', 'PAUSED', 'ARCHIVED']), v.description('Only entities in this status')));
const budgetText = (e: { daily_budget?: number; lifetime_budget?: number }, currency: string) =>
  e.daily_budget !== undefined
    ? `${money(e.daily_budget, currency)}/day`
    : e.lifetime_budget !== undefined
      ? `${money(e.lifetime_budget, currency)} lifetime`
      : 'ad set budgets';

const campaignRow = v.object({
  id: v.string(),
  name: v.string(),
  objective: v.string(),
  status: v.string(),
  budget_level: v.picklist(['campaign', 'ad_set']),
  daily_budget: v.nullable(v.number()),
  lifetime_budget: v.nullable(v.number()),
  bid_strategy: v.nullable(v.string()),
  catalog_id: v.nullable(v.string()),
  start_date: v.string(),
  end_date: v.nullable(v.string()),
  ad_sets: v.number(),
  ads: v.number(),
  metrics: metricsSchema,
});

export const listSocialAdsCampaigns = defineSocialAdsTool({
  name: 'list_socialads_campaigns',
  description:
    'Lists the campaigns of a socialads ad account with objective, status, budget (campaign budget or ad set budgets), dates, number of ad sets and ads, and performance in the metrics of each objective (purchases and ROAS for sales, leads, installs, reach for awareness, ThruPlays for video views). Use it to find campaign_id for the other socialads tools.',
  access: 'read',
  args: {
    status: statusFilter,
    objective: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^OUTCOME_[A-Z_]+$/, 'must be an OUTCOME_* objective'),
        v.description('Only campaigns with this objective (OUTCOME_SALES, OUTCOME_LEADS, ...)'),
      ),
    ),
    ...windowEntries,
  },
  rules: [dateRangeRule],
  output: v.object({
    ad_account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    total: v.number(),
    campaigns: v.array(campaignRow),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const st = await readStructure(ctx.platform);
    const shown = st.campaigns
      .filter((c) => (!args.status || c.status === args.status) && (!args.objective || c.objective === args.objective))
      .sort((a, b) => a.status.localeCompare(b.status) || a.name.localeCompare(b.name));
    const metricsOf = await levelMetrics(
      ctx.platform,
      st,
      'campaign',
      shown.map((c) => c.id),
      start,
      end,
    );
    const rows = shown.map((c) => ({
      id: c.id,
      name: c.name,
      objective: c.objective,
      status: c.status,
      budget_level: c.daily_budget !== undefined || c.lifetime_budget !== undefined ? ('campaign' as const) : ('ad_set' as const),
      daily_budget: c.daily_budget ?? null,
      lifetime_budget: c.lifetime_budget ?? null,
      bid_strategy: c.bid_strategy ?? null,
      catalog_id: c.promoted_object?.product_catalog_id ?? null,
      start_date: c.start_date,
      end_date: c.end_date ?? null,
      ad_sets: st.adSets.filter((s) => s.campaign_id === c.id).length,
      ads: st.ads.filter((a) => a.campaign_id === c.id).length,
      metrics: publicMetrics(metricsOf(c.id)),
    }));
    const currency = ctx.account.currency;
    const text = [
      `## Campaigns of ${ctx.account.name} (${ctx.account.account_id}), ${start} to ${end}`,
      '',
      `${rows.length} campaign(s). Results are counted in each campaign's own goal.`,
      '',
      rows.length
        ? markdownTable(
            ['Campaign', 'Id', 'Objective', 'Status', 'Budget', 'Spend', 'Results', 'Cost/result', 'Judged on'],
            rows.map((r) => [
              r.name,
              r.id,
              r.objective,
              r.status,
              budgetText(
                shown.find((c) => c.id === r.id)!,
                currency,
              ),
              money(r.metrics.spend, currency),
              resultText(r.metrics),
              costPerResultText(r.metrics, currency),
              judgement(r.metrics, currency),
            ]),
          )
        : 'No campaigns match.',
      '',
      'Next: pause or resume with pause_socialads_campaign / resume_socialads_campaign, change budgets with update_socialads_campaign (campaign budget) or update_socialads_ad_set, see the structure with get_socialads_campaign_details.',
    ].join('\n');
    return {
      text,
      structured: { ad_account_id: ctx.account.account_id, start_date: start, end_date: end, total: rows.length, campaigns: rows },
    };
  },
});

export const getSocialAdsCampaignDetails = defineSocialAdsTool({
  name: 'get_socialads_campaign_details',
  description:
    'Full structure of one socialads campaign: settings and budget, each ad set (status, goal, budget, bid, targeting, placements, promoted object, product set) and each ad (type, status, review state, creative summary).',
  access: 'read',
  examples: [{ campaign_id: '<campaign_id from list_socialads_campaigns>' }],
  args: {
    campaign_id: v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{6,25}$/, 'must be a numeric campaign id from list_socialads_campaigns'),
      v.description('The campaign (from list_socialads_campaigns)'),
    ),
  },
  output: v.object({
    ad_account_id: v.string(),
    campaign: v.record(v.string(), v.unknown()),
    ad_sets: v.array(v.record(v.string(), v.unknown())),
  }),
  async run(args, ctx) {
    const st = await readStructure(ctx.platform);
    const c = requireCampaign(st, args.campaign_id);
    const currency = ctx.account.currency;
    const sets = st.adSets
      .filter((s) => s.campaign_id === c.id)
      .map((s) => ({
        ...s,
        ads: st.ads
          .filter((a) => a.ad_set_id === s.id)
          .map((a) => ({
            id: a.id,
            name: a.name,
            ad_type: a.ad_type,
            status: a.status,
            effective_status: a.effective_status,
            creative: a.creative,
          })),
      }));
    const text = [
      `## Campaign "${c.name}" (${c.id})`,
      '',
      markdownTable(
        ['Setting', 'Value'],
        [
          ['Objective', c.objective],
          ['Status', c.status],
          ['Budget', budgetText(c, currency)],
          ['Bid strategy', c.bid_strategy ?? (c.daily_budget || c.lifetime_budget ? 'LOWEST_COST_WITHOUT_CAP' : 'per ad set')],
          ['Dates', `${c.start_date} to ${c.end_date ?? 'no end'}`],
          ['Catalog', c.promoted_object?.product_catalog_id ?? '-'],
          ['Special ad categories', c.special_ad_categories.join(', ') || 'none'],
        ],
      ),
      '',
      ...sets.flatMap((s) => [
        `### Ad set "${s.name}" (${s.id}), ${s.status}`,
        `Goal ${s.optimization_goal}; budget ${budgetText(s.daily_budget !== undefined || s.lifetime_budget !== undefined ? s : c, currency)}${s.daily_budget === undefined && s.lifetime_budget === undefined ? ' (campaign budget)' : ''}; bid ${s.bid_strategy ?? 'LOWEST_COST_WITHOUT_CAP'}${s.bid_amount !== undefined ? ` ${s.bid_amount}` : ''}; ${s.targeting.countries.join(', ')}, ages ${s.targeting.age_min}-${s.targeting.age_max}, placements ${s.targeting.publisher_platforms.join(', ')}${s.targeting.interests?.length ? `; interests ${s.targeting.interests.map((i) => i.name).join(', ')}` : ''}${s.retargeting_days ? `; retargeting ${s.retargeting_days} days` : ''}${s.promoted_object?.product_set_id ? `; product set ${s.promoted_object.product_set_id}` : ''}.`,
        s.ads.length
          ? markdownTable(
              ['Ad', 'Id', 'Type', 'Status', 'Headline', 'CTA'],
              s.ads.map((a) => [
                a.name,
                a.id,
                a.ad_type,
                adStatusText(a),
                a.creative.headlines[0] ?? a.creative.cards?.[0]?.headline ?? null,
                a.creative.call_to_action,
              ]),
            )
          : 'No ads.',
        '',
      ]),
      `Figures: get_socialads_adset_performance (campaign_id ${c.id}). Changes: update_socialads_campaign, update_socialads_ad_set, update_socialads_ad.`,
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, campaign: { ...c }, ad_sets: sets } };
  },
});

const perfRow = v.object({
  id: v.string(),
  name: v.string(),
  status: v.string(),
  campaign_id: v.string(),
  ad_set_id: v.optional(v.string()),
  metrics: metricsSchema,
});

export const getSocialAdsCampaignPerformance = defineSocialAdsTool({
  name: 'get_socialads_campaign_performance',
  description:
    "socialads campaign metrics over a window (default last 30 days to yesterday): spend, impressions, clicks, CTR, results in the objective's unit and cost per result, ROAS and CPA for sales, reach and frequency for awareness, views for video; with campaign_id also the daily trend.",
  access: 'read',
  args: { campaign_id: idText('campaign', 'list_socialads_campaigns'), ...windowEntries },
  rules: [dateRangeRule],
  output: v.object({
    ad_account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    campaigns: v.array(perfRow),
    daily: v.array(
      v.object({
        date: v.string(),
        spend: v.number(),
        impressions: v.number(),
        clicks: v.number(),
        conversions: v.number(),
        revenue: v.number(),
      }),
    ),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const st = await readStructure(ctx.platform);
    const shown = args.campaign_id ? [requireCampaign(st, args.campaign_id)] : st.campaigns;
    const metricsOf = await levelMetrics(
      ctx.platform,
      st,
      'campaign',
      shown.map((c) => c.id),
      start,
      end,
    );
    const rows = shown
      .map((c) => ({ id: c.id, name: c.name, status: c.status, campaign_id: c.id, metrics: publicMetrics(metricsOf(c.id)) }))
      .sort((a, b) => b.metrics.spend - a.metrics.spend);
    const daily = args.campaign_id
      ? (await ctx.platform.getInsights({ level: 'campaign', ids: [args.campaign_id], time_range: { since: start, until: end } })).map(
          (r) => ({
            date: r.date,
            spend: r.spend,
            impressions: r.impressions,
            clicks: r.clicks,
            conversions: r.conversions,
            revenue: r.revenue,
          }),
        )
      : [];
    const currency = ctx.account.currency;
    const text = [
      `## Campaign performance, ${ctx.account.name} (${ctx.account.account_id}), ${start} to ${end}`,
      '',
      markdownTable(
        ['Campaign', 'Id', 'Status', 'Spend', 'Impressions', 'CTR', 'Results', 'Cost/result', 'Judged on'],
        rows.map((r) => [
          r.name,
          r.id,
          r.status,
          money(r.metrics.spend, currency),
          count(r.metrics.impressions),
          percent(r.metrics.ctr),
          resultText(r.metrics),
          costPerResultText(r.metrics, currency),
          judgement(r.metrics, currency),
        ]),
      ),
      ...(daily.length
        ? [
            '',
            '### Daily',
            markdownTable(
              ['Date', 'Spend', 'Impressions', 'Clicks', 'Conversions'],
              daily.map((d) => [d.date, money(d.spend, currency), d.impressions, d.clicks, d.conversions]),
            ),
          ]
        : []),
      '',
      'Next: ad set figures with get_socialads_adset_performance; waste with analyze_socialads_wasted_spend; budget moves with optimize_socialads_budget.',
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, start_date: start, end_date: end, campaigns: rows, daily } };
  },
});

export const getSocialAdsAdsetPerformance = defineSocialAdsTool({
  name: 'get_socialads_adset_performance',
  description:
    "socialads metrics broken down by ad set within one campaign (or the whole account): spend, results in each ad set's goal, cost per result, ROAS for sales, reach and frequency, budget and share of the campaign's spend.",
  access: 'read',
  args: { campaign_id: idText('campaign', 'list_socialads_campaigns'), status: statusFilter, ...windowEntries },
  rules: [dateRangeRule],
  output: v.object({
    ad_account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    ad_sets: v.array(v.object({ ...perfRow.entries, daily_budget: v.nullable(v.number()), share_of_spend: v.nullable(v.number()) })),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const st = await readStructure(ctx.platform);
    if (args.campaign_id) requireCampaign(st, args.campaign_id);
    const shown = st.adSets.filter(
      (s) => (!args.campaign_id || s.campaign_id === args.campaign_id) && (!args.status || s.status === args.status),
    );
    const metricsOf = await levelMetrics(
      ctx.platform,
      st,
      'adset',
      shown.map((s) => s.id),
      start,
      end,
    );
    const total = shown.reduce((sum, s) => sum + metricsOf(s.id).spend, 0);
    const rows = shown
      .map((s) => {
        const m = publicMetrics(metricsOf(s.id));
        return {
          id: s.id,
          name: s.name,
          status: s.status,
          campaign_id: s.campaign_id,
          ad_set_id: s.id,
          daily_budget: s.daily_budget ?? null,
          share_of_spend: total > 0 ? Math.round((m.spend / total) * 10000) / 10000 : null,
          metrics: m,
        };
      })
      .sort((a, b) => b.metrics.spend - a.metrics.spend);
    const currency = ctx.account.currency;
    const text = [
      `## Ad set performance${args.campaign_id ? ` of "${st.campaign(args.campaign_id)!.name}"` : ''}, ${start} to ${end}`,
      '',
      rows.length
        ? markdownTable(
            ['Ad set', 'Id', 'Status', 'Budget/day', 'Spend', 'Share', 'Results', 'Cost/result', 'Judged on'],
            rows.map((r) => [
              r.name,
              r.id,
              r.status,
              r.daily_budget === null ? 'campaign budget' : money(r.daily_budget, currency),
              money(r.metrics.spend, currency),
              percent(r.share_of_spend),
              resultText(r.metrics),
              costPerResultText(r.metrics, currency),
              judgement(r.metrics, currency),
            ]),
          )
        : 'No ad sets match.',
      '',
      'Next: pause or re-budget an ad set with update_socialads_ad_set; ad figures with get_socialads_ad_performance.',
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, start_date: start, end_date: end, ad_sets: rows } };
  },
});

export const getSocialAdsAdPerformance = defineSocialAdsTool({
  name: 'get_socialads_ad_performance',
  description:
    "socialads ad-level performance over a window: spend, impressions, CTR, results in the ad set's goal and cost per result, ROAS for sales, views and view rate for video ads; filter by campaign or ad set.",
  access: 'read',
  args: {
    campaign_id: idText('campaign', 'list_socialads_campaigns'),
    ad_set_id: idText('ad set', 'list_socialads_ad_sets'),
    status: statusFilter,
    ...windowEntries,
  },
  rules: [dateRangeRule],
  output: v.object({
    ad_account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    ads: v.array(v.object({ ...perfRow.entries, ad_type: v.string(), effective_status: v.string() })),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const st = await readStructure(ctx.platform);
    if (args.campaign_id) requireCampaign(st, args.campaign_id);
    if (args.ad_set_id) requireAdSet(st, args.ad_set_id);
    const shown = st.ads.filter(
      (a) =>
        (!args.campaign_id || a.campaign_id === args.campaign_id) &&
        (!args.ad_set_id || a.ad_set_id === args.ad_set_id) &&
        (!args.status || a.status === args.status),
    );
    const metricsOf = await levelMetrics(
      ctx.platform,
      st,
      'ad',
      shown.map((a) => a.id),
      start,
      end,
    );
    const rows = shown
      .map((a) => ({
        id: a.id,
        name: a.name,
        status: a.status,
        effective_status: a.effective_status,
        ad_type: a.ad_type,
        campaign_id: a.campaign_id,
        ad_set_id: a.ad_set_id,
        metrics: publicMetrics(metricsOf(a.id)),
      }))
      .sort((a, b) => b.metrics.spend - a.metrics.spend);
    const currency = ctx.account.currency;
    const text = [
      `## Ad performance, ${start} to ${end}`,
      '',
      rows.length
        ? markdownTable(
            ['Ad', 'Id', 'Type', 'Status', 'Spend', 'CTR', 'Results', 'Cost/result', 'Judged on'],
            rows.map((r) => [
              r.name,
              r.id,
              r.ad_type,
              r.status,
              money(r.metrics.spend, currency),
              percent(r.metrics.ctr),
              resultText(r.metrics),
              costPerResultText(r.metrics, currency),
              judgement(r.metrics, currency),
            ]),
          )
        : 'No ads match.',
      '',
      'Next: pause an ad with update_socialads_ad (status PAUSED); creative fatigue with detect_socialads_creative_fatigue.',
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, start_date: start, end_date: end, ads: rows } };
  },
});

const scopeArgs = { campaign_id: idText('campaign', 'list_socialads_campaigns'), ad_set_id: idText('ad set', 'list_socialads_ad_sets') };
/** The level and ids a breakdown reads for the scope arguments (the whole account when none). */
function scopeOf(st: Awaited<ReturnType<typeof readStructure>>, a: { campaign_id?: string; ad_set_id?: string }) {
  if (a.ad_set_id)
    return { level: 'adset' as const, ids: [requireAdSet(st, a.ad_set_id).id], label: `ad set "${st.adSet(a.ad_set_id)!.name}"` };
  if (a.campaign_id)
    return {
      level: 'campaign' as const,
      ids: [requireCampaign(st, a.campaign_id).id],
      label: `campaign "${st.campaign(a.campaign_id)!.name}"`,
    };
  return { level: 'campaign' as const, ids: undefined, label: 'the whole account' };
}

/**
 * The scope of a conversion analysis: without a campaign or ad set, the sales campaigns (or, with
 * none, the lead and app campaigns), so costs per result of different goals are never mixed.
 */
function conversionScope(st: Awaited<ReturnType<typeof readStructure>>, a: { campaign_id?: string; ad_set_id?: string }) {
  const scope = scopeOf(st, a);
  if (scope.ids) return scope;
  for (const objectives of [['OUTCOME_SALES'], ['OUTCOME_LEADS'], ['OUTCOME_APP_PROMOTION']]) {
    const ids = st.campaigns.filter((c) => objectives.includes(c.objective) && c.status !== 'ARCHIVED').map((c) => c.id);
    if (ids.length)
      return {
        level: 'campaign' as const,
        ids,
        label: `the ${objectives[0]!.replace('OUTCOME_', '').toLowerCase().replace('_', ' ')} campaigns`,
      };
  }
  return { ...scope, ids: [] as string[] };
}

export const getSocialAdsAudienceInsights = defineSocialAdsTool({
  name: 'get_socialads_audience_insights',
  description:
    'socialads delivery split by audience, placement or device: age, gender, publisher_platform, platform_position or impression_device, for the account, a campaign or an ad set. The rows add up to the unsplit figures.',
  access: 'read',
  args: {
    breakdown: v.optional(
      v.pipe(
        v.picklist(['age', 'gender', 'publisher_platform', 'platform_position', 'impression_device']),
        v.description('age (default), gender, publisher_platform, platform_position or impression_device'),
      ),
      'age',
    ),
    ...scopeArgs,
    ...windowEntries,
  },
  rules: [dateRangeRule],
  output: v.object({
    ad_account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    breakdown: v.string(),
    rows: v.array(breakdownRowSchema),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const st = await readStructure(ctx.platform);
    const scope = scopeOf(st, args);
    const rows = await breakdownRows(ctx.platform, scope.level, scope.ids, args.breakdown, start, end);
    const currency = ctx.account.currency;
    const text = [
      `## ${args.breakdown} breakdown of ${scope.label}, ${start} to ${end}`,
      '',
      rows.length
        ? markdownTable(
            [args.breakdown, 'Spend', 'Share', 'Impressions', 'CTR', 'Conversions', 'CPA', 'ROAS'],
            rows.map((r) => [
              r.value,
              money(r.spend, currency),
              percent(r.share_of_spend),
              count(r.impressions),
              percent(r.ctr),
              r.conversions,
              money(r.cpa, currency),
              r.roas,
            ]),
          )
        : 'No delivery in this window.',
      '',
      'Next: segment advice with analyze_socialads_audiences; placement shifts with optimize_socialads_placements; narrow targeting with update_socialads_ad_set.',
    ].join('\n');
    return {
      text,
      structured: { ad_account_id: ctx.account.account_id, start_date: start, end_date: end, breakdown: args.breakdown, rows },
    };
  },
});

/** A segment is judged against the scope's average cost per conversion: 1.5x worse is poor, 0.75x better is strong. */
function segmentVerdicts<R extends { value: string; spend: number; conversions: number; cpa: number | null }>(rows: R[], currency: string) {
  const spend = rows.reduce((s, r) => s + r.spend, 0);
  const conv = rows.reduce((s, r) => s + r.conversions, 0);
  const avg = conv > 0 ? spend / conv : null;
  return rows.map((r) => {
    let verdict: 'strong' | 'average' | 'poor' | 'no_results' = 'average';
    if (r.conversions === 0 && r.spend > 0) verdict = 'no_results';
    else if (avg !== null && r.cpa !== null && r.cpa > avg * 1.5) verdict = 'poor';
    else if (avg !== null && r.cpa !== null && r.cpa < avg * 0.75) verdict = 'strong';
    return {
      ...r,
      verdict,
      note: avg === null ? 'no conversions in scope' : `CPA ${money(r.cpa, currency)} vs average ${money(avg, currency)}`,
    };
  });
}

export const analyzeSocialAdsAudiences = defineSocialAdsTool({
  name: 'analyze_socialads_audiences',
  description:
    'socialads performance split by age and gender segment for a conversion campaign or ad set (default: the sales campaigns), each segment judged on cost per result against the average, with the targeting change to make (update_socialads_ad_set age_min/age_max/genders). Reach and video-view campaigns are not judged on conversions.',
  access: 'read',
  args: { ...scopeArgs, ...windowEntries },
  rules: [dateRangeRule],
  output: v.object({
    ad_account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    age: v.array(v.object({ ...breakdownRowSchema.entries, verdict: v.string(), note: v.string() })),
    gender: v.array(v.object({ ...breakdownRowSchema.entries, verdict: v.string(), note: v.string() })),
    recommendations: v.array(v.string()),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const st = await readStructure(ctx.platform);
    const scope = conversionScope(st, args);
    const campaign = args.ad_set_id
      ? st.campaign(st.adSet(args.ad_set_id)!.campaign_id)
      : args.campaign_id
        ? st.campaign(args.campaign_id)
        : undefined;
    if (campaign && (campaign.objective === 'OUTCOME_AWARENESS' || campaign.objective === 'OUTCOME_ENGAGEMENT')) {
      throw new ToolError(
        `Campaign "${campaign.name}" (${campaign.objective}) is judged on reach and views, not conversions; see its segments with get_socialads_audience_insights.`,
      );
    }
    const ids = scope.ids;
    const currency = ctx.account.currency;
    const [age, gender] = await Promise.all([
      breakdownRows(ctx.platform, scope.level, ids, 'age', start, end),
      breakdownRows(ctx.platform, scope.level, ids, 'gender', start, end),
    ]);
    const ageV = segmentVerdicts(age, currency);
    const genderV = segmentVerdicts(gender, currency);
    const recommendations: string[] = [];
    const weak = ageV.filter(
      (r) => (r.verdict === 'poor' || r.verdict === 'no_results') && r.share_of_spend !== null && r.share_of_spend >= 0.05,
    );
    if (weak.length)
      recommendations.push(
        `Ages ${weak.map((r) => r.value).join(', ')} cost far more per result (${weak.map((r) => r.note).join('; ')}): narrow the age range with update_socialads_ad_set (age_min / age_max)${args.ad_set_id ? ` on ad set ${args.ad_set_id}` : ''}.`,
      );
    const weakGender = genderV.find(
      (r) => r.value !== 'unknown' && (r.verdict === 'poor' || r.verdict === 'no_results') && (r.share_of_spend ?? 0) >= 0.2,
    );
    if (weakGender)
      recommendations.push(
        `${weakGender.value} costs ${weakGender.note}: consider a separate ad set or genders in update_socialads_ad_set.`,
      );
    const strong = ageV.filter((r) => r.verdict === 'strong');
    if (strong.length)
      recommendations.push(
        `Ages ${strong.map((r) => r.value).join(', ')} convert cheapest: give them their own ad set with add_socialads_ad_set to fund them.`,
      );
    if (!recommendations.length) recommendations.push('No segment is far from the average: keep the targeting.');
    const table = (rows: typeof ageV, label: string) =>
      markdownTable(
        [label, 'Spend', 'Share', 'Conversions', 'CPA', 'ROAS', 'Verdict'],
        rows.map((r) => [
          r.value,
          money(r.spend, currency),
          percent(r.share_of_spend),
          r.conversions,
          money(r.cpa, currency),
          r.roas,
          r.verdict,
        ]),
      );
    const text = [
      `## Audience segments of ${scope.label}, ${start} to ${end}`,
      '',
      '### Age',
      ageV.length ? table(ageV, 'Age') : 'No delivery.',
      '',
      '### Gender',
      genderV.length ? table(genderV, 'Gender') : 'No delivery.',
      '',
      '### Recommendations',
      ...recommendations.map((r) => `- ${r}`),
    ].join('\n');
    return {
      text,
      structured: { ad_account_id: ctx.account.account_id, start_date: start, end_date: end, age: ageV, gender: genderV, recommendations },
    };
  },
});

export const optimizeSocialAdsPlacements = defineSocialAdsTool({
  name: 'optimize_socialads_placements',
  description:
    'Compares socialads placements (feed, stories, reels, right column, partner network...) and publisher platforms on cost per result for a campaign or ad set (default: the sales campaigns), and suggests shifts: which placements to drop with update_socialads_ad_set publisher_platforms, which to keep.',
  access: 'read',
  args: { ...scopeArgs, ...windowEntries },
  rules: [dateRangeRule],
  output: v.object({
    ad_account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    positions: v.array(v.object({ ...breakdownRowSchema.entries, verdict: v.string(), note: v.string() })),
    platforms: v.array(v.object({ ...breakdownRowSchema.entries, verdict: v.string(), note: v.string() })),
    suggestions: v.array(v.string()),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const st = await readStructure(ctx.platform);
    const scope = conversionScope(st, args);
    const currency = ctx.account.currency;
    const [positions, platforms] = await Promise.all([
      breakdownRows(ctx.platform, scope.level, scope.ids, 'platform_position', start, end),
      breakdownRows(ctx.platform, scope.level, scope.ids, 'publisher_platform', start, end),
    ]);
    const posV = segmentVerdicts(positions, currency);
    const platV = segmentVerdicts(platforms, currency);
    const suggestions: string[] = [];
    for (const p of platV)
      if ((p.verdict === 'poor' || p.verdict === 'no_results') && (p.share_of_spend ?? 0) >= 0.03)
        suggestions.push(
          `Publisher platform ${p.value}: ${p.note}${p.verdict === 'no_results' ? ', no results' : ''}. Drop it from publisher_platforms with update_socialads_ad_set${args.ad_set_id ? ` (ad set ${args.ad_set_id})` : ''}; the budget moves to the other placements.`,
        );
    for (const p of posV)
      if (p.verdict === 'poor' && (p.share_of_spend ?? 0) >= 0.05)
        suggestions.push(
          `Position ${p.value}: ${p.note}; give it a creative made for it (e.g. 9:16 for stories and reels) or shift budget away.`,
        );
    const best = posV.filter((p) => p.verdict === 'strong').map((p) => p.value);
    if (best.length) suggestions.push(`Cheapest results in ${best.join(', ')}: keep them on.`);
    if (!suggestions.length) suggestions.push('Placements perform alike: keep automatic placements.');
    const table = (rows: typeof posV, label: string) =>
      markdownTable(
        [label, 'Spend', 'Share', 'CTR', 'Conversions', 'CPA', 'Verdict'],
        rows.map((r) => [
          r.value,
          money(r.spend, currency),
          percent(r.share_of_spend),
          percent(r.ctr),
          r.conversions,
          money(r.cpa, currency),
          r.verdict,
        ]),
      );
    const text = [
      `## Placements of ${scope.label}, ${start} to ${end}`,
      '',
      '### Publisher platforms',
      platV.length ? table(platV, 'Platform') : 'No delivery.',
      '',
      '### Positions',
      posV.length ? table(posV, 'Position') : 'No delivery.',
      '',
      '### Suggestions',
      ...suggestions.map((s) => `- ${s}`),
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        positions: posV,
        platforms: platV,
        suggestions,
      },
    };
  },
});

export const getSocialAdsAdCreatives = defineSocialAdsTool({
  name: 'get_socialads_ad_creatives',
  description:
    "Returns the creative content of socialads ads (texts, headlines, call to action, link, image hashes with their URLs, video ids with thumbnails, carousel cards, product set of catalog ads) with each ad's performance; filter by campaign, ad set or ad.",
  access: 'read',
  args: { ...scopeArgs, ad_id: idText('ad', 'list_socialads_ads'), ...windowEntries },
  rules: [dateRangeRule],
  output: v.object({
    ad_account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    creatives: v.array(
      v.object({
        ad_id: v.string(),
        name: v.string(),
        ad_type: v.string(),
        status: v.string(),
        creative: v.record(v.string(), v.unknown()),
        media: v.array(v.object({ kind: v.string(), id: v.string(), url: v.nullable(v.string()) })),
        metrics: metricsSchema,
      }),
    ),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const st = await readStructure(ctx.platform);
    if (args.campaign_id) requireCampaign(st, args.campaign_id);
    if (args.ad_set_id) requireAdSet(st, args.ad_set_id);
    if (args.ad_id) requireAd(st, args.ad_id);
    const [images, videos] = await Promise.all([ctx.platform.listImages(), ctx.platform.listVideos()]);
    const shown = st.ads.filter(
      (a) =>
        (!args.campaign_id || a.campaign_id === args.campaign_id) &&
        (!args.ad_set_id || a.ad_set_id === args.ad_set_id) &&
        (!args.ad_id || a.id === args.ad_id),
    );
    const metricsOf = await levelMetrics(
      ctx.platform,
      st,
      'ad',
      shown.map((a) => a.id),
      start,
      end,
    );
    const rows = shown.map((a) => {
      const hashes = [
        ...a.creative.image_hashes,
        ...(a.creative.cards ?? []).map((c) => c.image_hash),
        ...(a.creative.thumbnail && /^[0-9a-f]{32}$/.test(a.creative.thumbnail) ? [a.creative.thumbnail] : []),
      ];
      const media = [
        ...[...new Set(hashes)].map((h) => ({ kind: 'image', id: h, url: images.find((i) => i.hash === h)?.url ?? null })),
        ...(a.creative.video_id
          ? [{ kind: 'video', id: a.creative.video_id, url: videos.find((x) => x.id === a.creative.video_id)?.thumbnail_url ?? null }]
          : []),
      ];
      return {
        ad_id: a.id,
        name: a.name,
        ad_type: a.ad_type,
        status: a.status,
        creative: { ...a.creative },
        media,
        metrics: publicMetrics(metricsOf(a.id)),
      };
    });
    const currency = ctx.account.currency;
    const text = [
      `## Ad creatives, ${start} to ${end}`,
      '',
      rows.length
        ? markdownTable(
            ['Ad', 'Type', 'Primary text', 'Headline', 'CTA', 'Media', 'Spend', 'CTR', 'Results'],
            rows.map((r) => [
              `${r.name} (${r.ad_id})`,
              r.ad_type,
              (r.creative.primary_texts as string[])[0],
              (r.creative.headlines as string[])[0] ?? null,
              r.creative.call_to_action as string,
              r.media.map((m) => `${m.kind} ${m.id}`).join(', '),
              money(r.metrics.spend, currency),
              percent(r.metrics.ctr),
              resultText(r.metrics),
            ]),
          )
        : 'No ads match.',
      '',
      'Next: edit copy with update_socialads_ad; judge creatives with analyze_socialads_ad_performance.',
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, start_date: start, end_date: end, creatives: rows } };
  },
});
