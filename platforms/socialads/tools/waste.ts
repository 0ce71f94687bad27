/**
 * The socialads wasted-spend rule (core/waste.ts), in one place: analyze_socialads_wasted_spend lists
 * what it finds and the watch and suggest_next_action (../opportunities.ts) propose the same findings,
 * so both name the same ad sets and ads with the same amounts, to the cent, over the same window.
 *
 * Active ad sets and ads with a conversion goal (purchases, leads, installs) are judged; the first rule
 * a row meets is the one it is listed under:
 * - no_results: at least min_spend with no result (the waste is all of it);
 * - ad sets with a purchase goal: a ROAS under target_roas (the waste is the spend beyond what the
 *   revenue is worth at that ROAS);
 * - ad sets: a cost per result over FAR_ABOVE_ACCOUNT (2) × the account's for the same result type
 *   (every ad set's figures of the same dates; the waste is the spend beyond what the results are
 *   worth at the account's cost).
 * An ad is judged only when its ad set is not listed. Reach and video-view goals are not judged on
 * conversions.
 */
import { count, money } from '../../../core/markdown';
import { accountBaseline, FAR_ABOVE_ACCOUNT } from '../../../core/advice';
import {
  meetsWasteRule,
  sumToCent,
  wasteOf,
  wasteSentence,
  type WasteNoun,
  type WastePerformance,
  type WasteRule,
} from '../../../core/waste';
import type { ObjectiveMetrics } from './shared';
import type { SocialAdsPort } from '../port';
import { isConversionType, levelMetrics, publicMetrics, readStructure, requireCampaign, type Structure } from './report-family';
import { RESULT_LABEL } from './shared';

/** Spend without a single result (install, purchase, lead) that counts as waste, by default. */
export const WASTE_MIN_SPEND = 100;
/** The ROAS under which a purchase ad set loses money, by default. */
export const WASTE_TARGET_ROAS = 1;

export interface SocialAdsWasteOptions {
  start: string;
  end: string;
  min_spend: number;
  target_roas: number;
  campaign_id?: string;
}

export interface SocialAdsWasteFinding {
  level: 'ad' | 'ad_set';
  id: string;
  name: string;
  campaign_id: string;
  campaign_name: string;
  reason: string;
  wasted_spend: number;
  metrics: ObjectiveMetrics;
  /** The write that stops it, as given (the account is the one judged). */
  action: { tool: string; arguments: Record<string, unknown> };
}

export interface SocialAdsWaste {
  /** Largest waste first. */
  findings: SocialAdsWasteFinding[];
  /** One sentence per rule met, stating the rule with exactly its rows (core/waste.ts). */
  sentences: string[];
  /** The sum of the findings' waste, to the cent. */
  total: number;
}

/** Delivering: the entity and its parents are active. */
function delivering(st: Structure, ad: { status: string; ad_set_id: string; campaign_id: string }): boolean {
  return ad.status === 'ACTIVE' && st.adSet(ad.ad_set_id)?.status === 'ACTIVE' && st.campaign(ad.campaign_id)?.status === 'ACTIVE';
}

/** The wasted spend of an ad account over [start, end], by the rules above. */
export async function findSocialAdsWaste(platform: SocialAdsPort, currency: string, o: SocialAdsWasteOptions): Promise<SocialAdsWaste> {
  const { start, end } = o;
  const st = await readStructure(platform);
  if (o.campaign_id) requireCampaign(st, o.campaign_id);
  const ads = st.ads.filter((a) => delivering(st, a) && (!o.campaign_id || a.campaign_id === o.campaign_id));
  const sets = st.adSets.filter(
    (s) => s.status === 'ACTIVE' && st.campaign(s.campaign_id)?.status === 'ACTIVE' && (!o.campaign_id || s.campaign_id === o.campaign_id),
  );
  const [adM, setM] = await Promise.all([
    levelMetrics(
      platform,
      st,
      'ad',
      ads.map((a) => a.id),
      start,
      end,
    ),
    levelMetrics(
      platform,
      st,
      'adset',
      st.adSets.map((s) => s.id),
      start,
      end,
    ),
  ]);
  // The account's cost per result of each result type (core/advice.ts): every ad set's figures of the same dates,
  // whatever campaign is asked for and whatever their status now.
  const accountOf = new Map(
    [...new Set(st.adSets.map((s) => setM(s.id).result_type))].map((type) => {
      const rows = st.adSets.map((s) => setM(s.id)).filter((m) => m.result_type === type);
      return [type, accountBaseline(rows.map((m) => ({ spend: m.spend, conversions: m.results, revenue: m.revenue ?? 0 })))];
    }),
  );
  const fmt = (n: number) => money(n, currency);
  // The first rule a row meets is the one it is listed under; each rule's sentence states it with exactly its rows.
  const groups = new Map<string, { rule: WasteRule; noun: WasteNoun; rows: WastePerformance[] }>();
  const rulesOf = (type: keyof typeof RESULT_LABEL, level: 'ad' | 'ad_set'): WasteRule[] => {
    const account = accountOf.get(type);
    return [
      { kind: 'no_results', min_spend: o.min_spend, results: RESULT_LABEL[type] },
      ...(level === 'ad_set' && type === 'purchases'
        ? [{ kind: 'roas_below' as const, min_spend: o.min_spend, target: o.target_roas, target_label: 'the target' }]
        : []),
      ...(level === 'ad_set' && account?.cpa
        ? [
            {
              kind: 'cost_above' as const,
              min_spend: o.min_spend,
              multiple: FAR_ABOVE_ACCOUNT,
              baseline: account.cpa,
              baseline_label: "the account's",
              result: RESULT_LABEL[type].replace(/s$/, ''),
            },
          ]
        : []),
    ];
  };
  const judge = (type: keyof typeof RESULT_LABEL, level: 'ad' | 'ad_set', figures: WastePerformance) => {
    const rule = rulesOf(type, level).find((r) => meetsWasteRule(r, figures));
    if (!rule) return null;
    const key = `${level}|${JSON.stringify(rule)}`;
    const noun =
      level === 'ad'
        ? { one: 'active ad of the other ad sets', many: 'active ads of the other ad sets' }
        : rule.kind === 'roas_below'
          ? { one: 'active purchase ad set', many: 'active purchase ad sets' }
          : { one: 'active ad set', many: 'active ad sets' };
    groups.set(key, { rule, noun, rows: [...(groups.get(key)?.rows ?? []), figures] });
    const waste = wasteOf(rule, figures);
    const single = RESULT_LABEL[type].replace(/s$/, '');
    const reason =
      rule.kind === 'no_results'
        ? `${fmt(figures.spend)} spent without a single ${single}`
        : rule.kind === 'roas_below'
          ? `ROAS ${Math.round(((figures.revenue ?? 0) / figures.spend) * 100) / 100} under the target ${rule.target}: ${fmt(waste)} more spent than its revenue is worth at that ROAS`
          : `cost per ${single} ${fmt(figures.spend / figures.conversions)} is more than ${rule.multiple}× the account's ${fmt(rule.baseline)}: ${fmt(waste)} more than its ${count(figures.conversions)} ${RESULT_LABEL[type]} are worth at the account's cost`;
    return { reason, waste };
  };
  const findings: SocialAdsWasteFinding[] = [];
  const flaggedSets = new Set<string>();
  for (const s of sets) {
    const m = setM(s.id);
    if (!isConversionType(m.result_type)) continue;
    const verdict = judge(m.result_type, 'ad_set', { spend: m.spend, conversions: m.results, revenue: m.revenue ?? 0 });
    if (!verdict) continue;
    const campaign = st.campaign(s.campaign_id)!;
    flaggedSets.add(s.id);
    findings.push({
      level: 'ad_set',
      id: s.id,
      name: s.name,
      campaign_id: campaign.id,
      campaign_name: campaign.name,
      reason: verdict.reason,
      wasted_spend: verdict.waste,
      metrics: publicMetrics(m),
      action: { tool: 'update_socialads_ad_set', arguments: { ad_set_id: s.id, status: 'PAUSED' } },
    });
  }
  for (const a of ads) {
    if (flaggedSets.has(a.ad_set_id)) continue;
    const m = adM(a.id);
    if (!isConversionType(m.result_type)) continue;
    const verdict = judge(m.result_type, 'ad', { spend: m.spend, conversions: m.results, revenue: m.revenue ?? 0 });
    if (!verdict) continue;
    const campaign = st.campaign(a.campaign_id)!;
    findings.push({
      level: 'ad',
      id: a.id,
      name: a.name,
      campaign_id: campaign.id,
      campaign_name: campaign.name,
      reason: verdict.reason,
      wasted_spend: verdict.waste,
      metrics: publicMetrics(m),
      action: { tool: 'update_socialads_ad', arguments: { ad_id: a.id, status: 'PAUSED' } },
    });
  }
  findings.sort((a, b) => b.wasted_spend - a.wasted_spend);
  return {
    findings,
    sentences: [...groups.values()].map((g) => wasteSentence(g.rule, g.noun, g.rows, fmt).text),
    total: sumToCent(findings.map((f) => f.wasted_spend)),
  };
}
