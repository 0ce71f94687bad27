/**
 * The shortvideo wasted-spend rule (core/waste.ts), in one place: analyze_shortvideo_wasted_spend lists
 * what it finds, and the watch and suggest_next_action (../opportunities.ts) propose the same findings,
 * so both name the same campaigns with the same amounts, to the cent, over the same window.
 *
 * Campaigns (or ad groups) of objectives judged on conversions are judged; traffic, reach and video-view
 * objectives are not (NOT_JUDGED), less than min_spend is INSUFFICIENT_DATA. The first rule a row meets
 * gives its level:
 * - CRITICAL: at least min_spend with no conversion (the waste is all of it);
 * - sales objectives: a ROAS under roas_target (the waste is the spend beyond what the revenue is worth
 *   at that ROAS): HIGH under half of it, MEDIUM otherwise;
 * - lead and install objectives: a cost per result over cpa_target (default the account's average over
 *   those objectives; the waste is the spend beyond what the results are worth at it): HIGH over twice
 *   it, MEDIUM otherwise.
 * A running row at CRITICAL or HIGH is paused; a MEDIUM one gets 30 % less daily budget (paused when it
 * has no budget of its own to cut).
 */
import { money } from '../../../core/markdown';
import {
  meetsWasteRule,
  sumToCent,
  wasteOf,
  wasteSentence,
  type WasteNoun,
  type WastePerformance,
  type WasteRule,
} from '../../../core/waste';
import type { ShortVideoAdGroup, ShortVideoCampaign, ShortVideoPort } from '../port';
import { CONVERSION_OBJECTIVES, MIN_BUDGET, SALES_OBJECTIVES, reportFigures } from './shared';

/** The analysis's defaults, which the watch uses too. */
export const WASTE_ROAS_TARGET = 2;
export const WASTE_MIN_SPEND = 50;

export const WASTE_LEVELS = ['CRITICAL', 'HIGH', 'MEDIUM', 'OK', 'NOT_JUDGED', 'INSUFFICIENT_DATA'] as const;
export type WasteLevel = (typeof WASTE_LEVELS)[number];

export interface ShortVideoWasteOptions {
  start: string;
  end: string;
  level: 'campaign' | 'ad_group';
  roas_target: number;
  cpa_target?: number;
  min_spend: number;
}

export interface ShortVideoWasteAction {
  tool: string;
  arguments: Record<string, unknown>;
  reason: string;
}

export interface ShortVideoWasteFinding {
  id: string;
  name: string;
  campaign_id: string;
  objective: string;
  status: string;
  severity: WasteLevel;
  spend: number;
  conversions?: number;
  revenue?: number;
  roas?: number | null;
  cpa?: number | null;
  wasted: number;
  reason: string;
  /** The writes that stop it (on the account judged); none when it is not running. */
  actions: ShortVideoWasteAction[];
}

export interface ShortVideoWaste {
  /** Every row judged or not, by level (CRITICAL first), then largest waste first. */
  findings: ShortVideoWasteFinding[];
  /** The cost per result leads and installs are judged against (null without one). */
  cpa_target: number | null;
  /** One sentence per rule met, stating the rule with exactly its rows (core/waste.ts). */
  sentences: string[];
  /** The waste of the rows with an action (still running), to the cent. */
  total_wasted: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The wasted spend of an advertiser over [start, end], by the rules above. */
export async function findShortVideoWaste(platform: ShortVideoPort, currency: string, o: ShortVideoWasteOptions): Promise<ShortVideoWaste> {
  const { start, end } = o;
  const campaigns = new Map((await platform.listCampaigns()).map((c) => [c.id, c]));
  const groups = await platform.listAdGroups();
  const entities: {
    id: string;
    name: string;
    campaign: ShortVideoCampaign;
    status: string;
    running: boolean;
    group?: ShortVideoAdGroup;
  }[] =
    o.level === 'campaign'
      ? [...campaigns.values()]
          .filter((c) => c.status !== 'DELETED')
          .map((c) => ({ id: c.id, name: c.campaign_name, campaign: c, status: c.status, running: c.status === 'ACTIVE' }))
      : groups
          .filter((g) => g.status !== 'DELETED' && campaigns.has(g.campaign_id))
          .map((g) => ({
            id: g.id,
            name: g.adgroup_name,
            campaign: campaigns.get(g.campaign_id)!,
            status: g.status,
            running: g.status === 'ENABLED' && campaigns.get(g.campaign_id)!.status === 'ACTIVE',
            group: g,
          }));
  const figures = await reportFigures(
    platform,
    o.level === 'campaign' ? 'AUCTION_CAMPAIGN' : 'AUCTION_ADGROUP',
    entities.map((e) => e.id),
    start,
    end,
  );
  const converting = entities.filter(
    (e) => CONVERSION_OBJECTIVES.includes(e.campaign.objective_type) && !SALES_OBJECTIVES.includes(e.campaign.objective_type),
  );
  const cvSpend = converting.reduce((t, e) => t + figures.get(e.id)!.totals.spend, 0);
  const cvCount = converting.reduce((t, e) => t + figures.get(e.id)!.totals.conversions, 0);
  const cpaTarget = o.cpa_target ?? (cvCount > 0 ? round2(cvSpend / cvCount) : null);
  const rulesOf = (sales: boolean): WasteRule[] => [
    { kind: 'no_results', min_spend: o.min_spend, results: 'conversions' },
    ...(sales
      ? [{ kind: 'roas_below' as const, min_spend: o.min_spend, target: o.roas_target, target_label: 'the target' }]
      : cpaTarget !== null
        ? [
            {
              kind: 'cost_above' as const,
              min_spend: o.min_spend,
              multiple: 1,
              baseline: cpaTarget,
              baseline_label: o.cpa_target !== undefined ? 'the target' : "the account's average",
              result: 'result',
            },
          ]
        : []),
  ];
  const wasteGroups = new Map<string, { rule: WasteRule; rows: WastePerformance[] }>();
  const findings = entities.map((e): ShortVideoWasteFinding => {
    const t = figures.get(e.id)!.totals;
    const objective = e.campaign.objective_type;
    const sales = SALES_OBJECTIVES.includes(objective);
    const judged = CONVERSION_OBJECTIVES.includes(objective);
    const base = {
      id: e.id,
      name: e.name,
      campaign_id: e.campaign.id,
      objective,
      status: e.status,
      spend: t.spend,
      ...(judged ? { conversions: t.conversions, cpa: t.cpa } : {}),
      ...(sales ? { revenue: t.revenue, roas: t.roas } : {}),
    };
    if (!judged)
      return {
        ...base,
        severity: 'NOT_JUDGED',
        wasted: 0,
        reason: `${objective} is judged on its own result, not on conversions`,
        actions: [],
      };
    if (t.spend < o.min_spend)
      return { ...base, severity: 'INSUFFICIENT_DATA', wasted: 0, reason: `under ${money(o.min_spend, currency)} spent`, actions: [] };
    // The first rule (core/waste.ts) the figures meet; the sentences state each rule with its rows.
    const perf = { spend: t.spend, conversions: t.conversions, revenue: t.revenue };
    const rule = rulesOf(sales).find((r) => meetsWasteRule(r, perf));
    let severity: WasteLevel = 'OK';
    let reason = '';
    const wasted = rule ? wasteOf(rule, perf) : 0;
    if (rule?.kind === 'no_results') {
      severity = 'CRITICAL';
      reason = `${money(t.spend, currency)} spent without a conversion`;
    } else if (rule?.kind === 'roas_below') {
      const roas = t.roas ?? 0;
      severity = roas < rule.target / 2 ? 'HIGH' : 'MEDIUM';
      reason = `ROAS ${roas} under the target ${rule.target}`;
    } else if (rule?.kind === 'cost_above') {
      severity = t.cpa! > rule.baseline * 2 ? 'HIGH' : 'MEDIUM';
      reason = `cost per result ${money(t.cpa, currency)} over the target ${money(rule.baseline, currency)}`;
    }
    if (rule) {
      const key = JSON.stringify(rule);
      wasteGroups.set(key, { rule, rows: [...(wasteGroups.get(key)?.rows ?? []), perf] });
    }
    const actions: ShortVideoWasteAction[] = [];
    if (severity !== 'OK' && e.running) {
      const idArg = o.level === 'campaign' ? { campaign_id: e.id } : { adgroup_id: e.id };
      const pauseTool = o.level === 'campaign' ? 'pause_shortvideo_campaign' : 'pause_shortvideo_ad_group';
      if (severity === 'CRITICAL' || severity === 'HIGH') actions.push({ tool: pauseTool, arguments: idArg, reason: 'stop the spend now' });
      const budgetHolder = o.level === 'campaign' ? e.campaign : e.group!;
      const daily = budgetHolder.budget_mode === 'BUDGET_MODE_DAY' ? budgetHolder.budget : undefined;
      const floor = o.level === 'campaign' ? MIN_BUDGET.campaign : MIN_BUDGET.ad_group;
      if (severity === 'MEDIUM' && daily && daily > floor) {
        const cut = Math.max(floor, round2(daily * 0.7));
        actions.push({
          tool: o.level === 'campaign' ? 'update_shortvideo_campaign' : 'update_shortvideo_ad_group',
          arguments: { ...idArg, budget: cut },
          reason: `cut the daily budget from ${daily} to ${cut}`,
        });
      }
      if (severity === 'MEDIUM' && !actions.length)
        actions.push({ tool: pauseTool, arguments: idArg, reason: 'no budget of its own to cut: pause it or fix its targeting' });
    }
    if (severity !== 'OK' && !e.running)
      reason += ` (already ${e.status === 'ACTIVE' || e.status === 'ENABLED' ? 'stopped by its campaign' : e.status}: nothing to do)`;
    return { ...base, severity, wasted, reason, actions };
  });
  const order = (s: WasteLevel) => WASTE_LEVELS.indexOf(s);
  findings.sort((a, b) => order(a.severity) - order(b.severity) || b.wasted - a.wasted);
  const entity = o.level === 'campaign' ? { one: 'campaign', many: 'campaigns' } : { one: 'ad group', many: 'ad groups' };
  // Who each rule judges: every conversion objective on no conversion, sales objectives on ROAS, leads and installs on cost.
  const nounOf = (rule: WasteRule): WasteNoun => {
    const objective =
      rule.kind === 'no_results'
        ? 'a conversion objective'
        : rule.kind === 'roas_below'
          ? 'a sales objective'
          : 'a lead or install objective';
    return { one: `${entity.one} with ${objective}`, many: `${entity.many} with ${objective}` };
  };
  return {
    findings,
    cpa_target: cpaTarget,
    sentences: [...wasteGroups.values()].map((g) => wasteSentence(g.rule, nounOf(g.rule), g.rows, (n) => money(n, currency)).text),
    total_wasted: sumToCent(findings.filter((f) => f.actions.length).map((f) => f.wasted)),
  };
}
