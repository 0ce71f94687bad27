import type { ConnectedAccount } from '../../core/accounts';
import type { Opportunity } from '../../core/platform';
import { money } from '../../core/markdown';
import { findWinners, opportunityWindow } from '../opportunities';
import type { ShortVideoPort } from './port';
import { CONVERSION_OBJECTIVES, reportFigures, shortVideoBudgetDays } from './tools/shared';
import { findShortVideoWaste, WASTE_MIN_SPEND, WASTE_ROAS_TARGET, type ShortVideoWasteFinding, type WasteLevel } from './tools/waste';

/**
 * The levels of analyze_shortvideo_wasted_spend the watch and suggest_next_action propose: CRITICAL (no
 * conversion) and HIGH (ROAS under half the target, cost per result over twice the target) are what a
 * buyer acts on, with a pause. MEDIUM (under the target, not far) stays in the analysis: a budget trim
 * to weigh there, not an alert.
 */
export const WATCHED_WASTE_LEVELS: readonly WasteLevel[] = ['CRITICAL', 'HIGH'];

/**
 * Opportunities in a shortvideo advertiser for suggest_next_action and the watch, over the last 30 days
 * ending yesterday:
 * - waste: exactly the rows analyze_shortvideo_wasted_spend lists with its defaults at the
 *   WATCHED_WASTE_LEVELS with an action (still running), with the same waste to the cent and the same
 *   pause: its campaigns (level campaign: pause_shortvideo_campaign), and its ad groups (level
 *   ad_group: pause_shortvideo_ad_group) in the campaigns not listed, so a zero-conversion ad group in a
 *   campaign that pays overall is found, and no waste is counted twice;
 * - winners: enabled ad groups of running campaigns judged on conversions, with a daily budget of
 *   their own (not under campaign budget optimization), limited by it (findWinners, with the figures
 *   list_shortvideo_ad_groups shows); never one the analysis lists as waste (at any severity), itself
 *   or through its campaign.
 */
export async function findShortVideoOpportunities(platform: ShortVideoPort, account: ConnectedAccount, now: Date): Promise<Opportunity[]> {
  const { start, end } = opportunityWindow(now, account);
  const advertiser_id = account.account_id;
  const analysis = (level: 'campaign' | 'ad_group') =>
    findShortVideoWaste(platform, account.currency, { start, end, level, roas_target: WASTE_ROAS_TARGET, min_spend: WASTE_MIN_SPEND });
  const [byCampaign, byAdGroup, campaigns, adGroups] = await Promise.all([
    analysis('campaign'),
    analysis('ad_group'),
    platform.listCampaigns(),
    platform.listAdGroups(),
  ]);
  const watched = (findings: readonly ShortVideoWasteFinding[]) =>
    findings.filter((f) => WATCHED_WASTE_LEVELS.includes(f.severity) && f.actions.length);
  const pausedCampaigns = new Set(watched(byCampaign.findings).map((f) => f.id));
  const found: Opportunity[] = [
    ...watched(byCampaign.findings).map((f) => ({ f, entity: 'campaign' })),
    ...watched(byAdGroup.findings)
      .filter((f) => !pausedCampaigns.has(f.campaign_id))
      .map((f) => ({ f, entity: 'ad group' })),
  ].map(({ f, entity }) => ({
    platform: 'shortvideo' as const,
    account_id: advertiser_id,
    kind: 'cut_waste' as const,
    title: `Pause ${entity} "${f.name}": ${f.reason}${f.severity === 'CRITICAL' ? '' : `, ${money(f.wasted, account.currency)} of its spend wasted`} from ${start} to ${end} (${f.severity}, as analyze_shortvideo_wasted_spend shows)`,
    monthly_value: f.wasted,
    tool: f.actions[0]!.tool,
    arguments: { advertiser_id, ...f.actions[0]!.arguments },
  }));

  const wasting = new Set([...byCampaign.findings, ...byAdGroup.findings].filter((f) => f.wasted > 0).map((f) => f.id));
  // Ad groups with a daily budget of their own, in running campaigns of objectives judged on
  // conversions: traffic, reach and video-view ad groups are not winners by conversions they never optimize for.
  const running = new Set(
    campaigns
      .filter((c) => c.status === 'ACTIVE' && !c.budget_optimize_on && CONVERSION_OBJECTIVES.includes(c.objective_type))
      .map((c) => c.id),
  );
  const candidates = adGroups.filter(
    (g) => g.status === 'ENABLED' && g.budget_mode === 'BUDGET_MODE_DAY' && g.budget && running.has(g.campaign_id),
  );
  // The figures list_shortvideo_ad_groups shows and the days optimize_shortvideo_budget judges
  // "limited" on: each day it ran against the budget it had that day (core/budget-limited.ts).
  const figures = await reportFigures(
    platform,
    'AUCTION_ADGROUP',
    candidates.map((g) => g.id),
    start,
    end,
  );
  const winners = findWinners(
    'shortvideo',
    account,
    candidates.map((g) => {
      const read = figures.get(g.id)!;
      return {
        id: g.id,
        name: g.adgroup_name,
        figures: read.totals,
        budget: { today: g.budget!, ...shortVideoBudgetDays(read.days, g.budget!) },
      };
    }),
    (g, budget) => ({ tool: 'update_shortvideo_ad_group', arguments: { advertiser_id, adgroup_id: g.id, budget } }),
    new Set(candidates.filter((g) => wasting.has(g.id) || wasting.has(g.campaign_id)).map((g) => g.id)),
  );
  return [...found, ...winners];
}
