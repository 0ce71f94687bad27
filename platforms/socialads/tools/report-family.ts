import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { count, money, percent } from '../../../core/markdown';
import type { SocialAdsAd, SocialAdsAdSet, SocialAdsBreakdown, SocialAdsCampaign, SocialAdsInsightsLevel, SocialAdsPort } from '../port';
import {
  insightTotals,
  objectiveMetrics,
  RESULT_LABEL,
  resultTypeOf,
  type ObjectiveMetrics,
  type ResultType,
  type SocialAdsTotals,
} from './shared';
import { totals } from '../../../core/metrics';

/**
 * The socialads report family: the account's structure read once, the figures of any level for a
 * window in the metrics of each entity's objective (results, cost per result; ROAS only for
 * purchases; views for video), and breakdowns. Every report, list and analysis reads through here,
 * so they agree on the same dates.
 */

export interface Structure {
  campaigns: SocialAdsCampaign[];
  adSets: SocialAdsAdSet[];
  ads: SocialAdsAd[];
  campaign(id: string): SocialAdsCampaign | undefined;
  adSet(id: string): SocialAdsAdSet | undefined;
}

export async function readStructure(p: SocialAdsPort): Promise<Structure> {
  const [campaigns, adSets, ads] = await Promise.all([p.listCampaigns(), p.listAdSets(), p.listAds()]);
  const c = new Map(campaigns.map((x) => [x.id, x]));
  const s = new Map(adSets.map((x) => [x.id, x]));
  return { campaigns, adSets, ads, campaign: (id) => c.get(id), adSet: (id) => s.get(id) };
}

/** The campaign named by `campaign_id`, or a 400 naming the tool that lists campaigns. */
export function requireCampaign(st: Structure, id: string): SocialAdsCampaign {
  const found = st.campaign(id);
  if (!found)
    throw new ToolError(`\`campaign_id\` "${id}" is not a campaign of this ad account. Find valid ids with list_socialads_campaigns.`, {
      code: 'not_found',
      campaign_id: id,
    });
  return found;
}
export function requireAdSet(st: Structure, id: string): SocialAdsAdSet {
  const found = st.adSet(id);
  if (!found)
    throw new ToolError(`\`ad_set_id\` "${id}" is not an ad set of this ad account. Find valid ids with list_socialads_ad_sets.`, {
      code: 'not_found',
      ad_set_id: id,
    });
  return found;
}
export function requireAd(st: Structure, id: string): SocialAdsAd {
  const found = st.ads.find((a) => a.id === id);
  if (!found)
    throw new ToolError(`\`ad_id\` "${id}" is not an ad of this ad account. Find valid ids with list_socialads_ads.`, {
      code: 'not_found',
      ad_id: id,
    });
  return found;
}

/** The result type of an entity: its ad set's optimization goal, or its campaign's objective. */
export function resultTypeFor(st: Structure, level: SocialAdsInsightsLevel, id: string): ResultType {
  if (level === 'campaign') {
    const sets = st.adSets.filter((s) => s.campaign_id === id);
    const types = [...new Set(sets.map((s) => resultTypeOf(s.optimization_goal, st.campaign(id)?.objective)))];
    return types.length === 1 ? types[0]! : resultTypeOf(undefined, st.campaign(id)?.objective);
  }
  if (level === 'adset') return resultTypeOf(st.adSet(id)?.optimization_goal, st.campaign(st.adSet(id)?.campaign_id ?? '')?.objective);
  const ad = st.ads.find((a) => a.id === id);
  return resultTypeOf(st.adSet(ad?.ad_set_id ?? '')?.optimization_goal, st.campaign(ad?.campaign_id ?? '')?.objective);
}

function hasVideo(st: Structure, level: SocialAdsInsightsLevel, id: string): boolean {
  const key = level === 'campaign' ? 'campaign_id' : level === 'adset' ? 'ad_set_id' : 'id';
  return st.ads.some((a) => a[key] === id && a.ad_type === 'video');
}

/** Objective metrics of each entity of a level over [start, end]. */
export async function levelMetrics(
  p: SocialAdsPort,
  st: Structure,
  level: SocialAdsInsightsLevel,
  ids: string[],
  start: string,
  end: string,
  options: { days?: boolean } = {},
): Promise<(id: string) => ObjectiveMetrics & { totals: SocialAdsTotals }> {
  const totalsOf = await insightTotals(p, level, ids, start, end, options);
  return (id) => {
    const t = totalsOf(id);
    return { ...objectiveMetrics(t, resultTypeFor(st, level, id), { hasVideo: hasVideo(st, level, id) }), totals: t };
  };
}

/** Metrics without the raw totals, for structured output. */
export function publicMetrics(m: ObjectiveMetrics & { totals?: SocialAdsTotals }): ObjectiveMetrics {
  const { totals: _t, ...rest } = m;
  return rest;
}

export const resultText = (m: ObjectiveMetrics) => `${count(m.results)} ${RESULT_LABEL[m.result_type]}`;
export function costPerResultText(m: ObjectiveMetrics, currency: string): string {
  if (m.cost_per_result === null) return '-';
  return `${money(m.cost_per_result, currency)}${m.result_type === 'reach' ? ' per 1,000 reached' : m.result_type === 'impressions' ? ' per 1,000' : ''}`;
}
/** The headline judgement of an entity in its objective's terms: ROAS for purchases, cost per result otherwise. */
export function judgement(m: ObjectiveMetrics, currency: string): string {
  if (m.result_type === 'purchases') return `ROAS ${m.roas ?? '-'}, CPA ${money(m.cpa ?? null, currency)}`;
  if (m.result_type === 'reach') return `CPM-reach ${costPerResultText(m, currency)}, frequency ${m.avg_daily_frequency ?? '-'}`;
  if (m.result_type === 'thruplays')
    return `cost per ThruPlay ${money(m.cost_per_result, currency)}, view rate ${percent(m.view_rate ?? null)}`;
  return `cost per ${RESULT_LABEL[m.result_type].replace(/s$/, '')} ${money(m.cost_per_result, currency)}`;
}

export interface BreakdownRow {
  value: string;
  impressions: number;
  clicks: number;
  spend: number;
  conversions: number;
  revenue: number;
  ctr: number | null;
  cpa: number | null;
  roas: number | null;
  share_of_spend: number | null;
  view_content?: number;
  add_to_cart?: number;
}

/** Figures by one breakdown's values over [start, end] for the given entities of a level. */
export async function breakdownRows(
  p: SocialAdsPort,
  level: SocialAdsInsightsLevel,
  ids: string[] | undefined,
  breakdown: SocialAdsBreakdown,
  start: string,
  end: string,
): Promise<BreakdownRow[]> {
  if (ids && !ids.length) return [];
  const rows = await p.getInsights({ level, ...(ids ? { ids } : {}), time_range: { since: start, until: end }, breakdown });
  const byValue = new Map<string, typeof rows>();
  for (const r of rows) byValue.set(r.breakdown_value ?? '', [...(byValue.get(r.breakdown_value ?? '') ?? []), r]);
  const spendAll = rows.reduce((s, r) => s + r.spend, 0);
  return [...byValue]
    .map(([value, rs]) => {
      const t = totals(rs);
      const hasFunnel = rs.some((r) => r.view_content !== undefined);
      return {
        value,
        impressions: t.impressions,
        clicks: t.clicks,
        spend: t.spend,
        conversions: t.conversions,
        revenue: t.revenue,
        ctr: t.ctr,
        cpa: t.cpa,
        roas: t.roas,
        share_of_spend: spendAll > 0 ? Math.round((t.spend / spendAll) * 10000) / 10000 : null,
        ...(hasFunnel
          ? {
              view_content: rs.reduce((s, r) => s + (r.view_content ?? 0), 0),
              add_to_cart: rs.reduce((s, r) => s + (r.add_to_cart ?? 0), 0),
            }
          : {}),
      };
    })
    .sort((a, b) => b.spend - a.spend);
}

export const breakdownRowSchema = v.object({
  value: v.string(),
  impressions: v.number(),
  clicks: v.number(),
  spend: v.number(),
  conversions: v.number(),
  revenue: v.number(),
  ctr: v.nullable(v.number()),
  cpa: v.nullable(v.number()),
  roas: v.nullable(v.number()),
  share_of_spend: v.nullable(v.number()),
  view_content: v.optional(v.number()),
  add_to_cart: v.optional(v.number()),
});

/** Whether results of this type are conversions judged on cost per result (CPA) and, for purchases, ROAS. */
export const isConversionType = (t: ResultType) => t === 'purchases' || t === 'leads' || t === 'installs';
