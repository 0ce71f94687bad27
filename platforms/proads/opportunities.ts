import type { ConnectedAccount } from '../../core/accounts';
import { accountBaseline, FAR_ABOVE_ACCOUNT, judgeAgainstAccount } from '../../core/advice';
import { lastDays, reportingZone } from '../../core/dates';
import type { Opportunity } from '../../core/platform';
import type { ProAdsPort } from './port';
import { CAMPAIGN_THRESHOLDS } from './tools/analyze-wasted-spend';
import { MIN_DAILY_BUDGET } from './tools/common';
import { analyticsTotals } from './tools/shared';

const AWARENESS = ['BRAND_AWARENESS', 'VIDEO_VIEW', 'ENGAGEMENT'];
/**
 * Waste in a proads account for suggest_next_action and the watch, over the last 30 days, judged
 * against the account CPA of its conversion campaigns (core/advice.ts):
 * - an active conversion campaign that spent at least the HIGH zero-conversion threshold of
 *   analyze_proads_wasted_spend without a conversion: pause it (pause_proads_campaign); the value is
 *   its spend;
 * - one whose CPA is more than FAR_ABOVE_ACCOUNT (2) times the account CPA: halve its daily budget
 *   (update_proads_campaign_budget, as analyze_proads_wasted_spend's quick action does); the value is
 *   the spend beyond what its conversions are worth at the account CPA.
 * Both are planned writes: dry_run shows the plan first. The figures are the platform's analytics,
 * read through the port as the tools read them.
 */
export async function findProAdsOpportunities(platform: ProAdsPort, account: ConnectedAccount, now: Date): Promise<Opportunity[]> {
  const { start, end } = lastDays(now, 30, reportingZone(account));
  const all = await platform.listCampaigns();
  const converting = all.filter((c) => c.status !== 'DRAFT' && !AWARENESS.includes(c.objective_type));
  const metricsOf = await analyticsTotals(platform, 'CAMPAIGN', start, end, { campaigns: converting.map((c) => c.id) });
  const baseline = accountBaseline(converting.map((c) => metricsOf(c.id)));
  const fmt = (n: number) => `${n.toFixed(2)} ${account.currency}`;
  const found: Opportunity[] = [];
  for (const c of converting.filter((c) => c.status === 'ACTIVE')) {
    const m = metricsOf(c.id);
    if (m.conversions === 0 && m.spend >= CAMPAIGN_THRESHOLDS.high_zero_conv_spend) {
      found.push({
        platform: 'proads',
        account_id: account.account_id,
        kind: 'cut_waste',
        title: `Pause "${c.name}": ${m.spend.toFixed(2)} ${account.currency} spent in 30 days with no conversion (analyze_proads_wasted_spend shows the segments and creatives behind it)`,
        monthly_value: m.spend,
        tool: 'pause_proads_campaign',
        arguments: { ad_account_id: account.account_id, campaign_id: c.id },
      });
      continue;
    }
    const verdict = judgeAgainstAccount(m, baseline, { money: fmt });
    const halved = Math.max(MIN_DAILY_BUDGET, Math.round(c.daily_budget * 50) / 100);
    if (m.conversions > 0 && verdict.loser && halved < c.daily_budget) {
      found.push({
        platform: 'proads',
        account_id: account.account_id,
        kind: 'cut_waste',
        title: `Halve the daily budget of "${c.name}" (${fmt(c.daily_budget)} → ${fmt(halved)}): its ${verdict.reason}; ${fmt(verdict.waste)} of its 30-day spend is beyond what its ${m.conversions} conversions are worth at the account CPA (more than ${FAR_ABOVE_ACCOUNT}× counts as far above)`,
        monthly_value: verdict.waste,
        tool: 'update_proads_campaign_budget',
        arguments: { ad_account_id: account.account_id, campaign_id: c.id, daily_budget: halved },
        current: { daily_budget: c.daily_budget },
      });
    }
  }
  return found;
}
