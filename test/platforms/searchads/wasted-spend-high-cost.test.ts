/**
 * analyze_wasted_spend measures waste against the account's CPA, not only zero conversions (issue 31,
 * core/waste.ts cost_above): every campaign and keyword that spent at least the threshold at a cost per
 * conversion over 2× the account CPA of the range is listed, with the spend beyond what its conversions
 * are worth at the account CPA, to the cent, as the campaign list and the keyword report of the same
 * days give it; each running one carries a pause that works as given. Video campaigns stay out.
 */
import { FAR_ABOVE_ACCOUNT } from '../../../core/advice';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { day, useFixedClock } from '../figures/support';

useTestTables();
useFixedClock();

type Row = Record<string, any>;
const window = { start_date: day(-30), end_date: day(-1) };
const cents = (n: number) => Math.round(n * 100);

/** The rows over the threshold at a cost per conversion far above the account CPA, with their waste. */
function farAbove(rows: { id: string; spend: number; conversions: number }[], threshold: number, accountCpa: number) {
  return rows
    .filter((r) => r.spend >= threshold && r.conversions > 0 && r.spend / r.conversions > FAR_ABOVE_ACCOUNT * accountCpa)
    .map((r) => ({ id: r.id, conversions: r.conversions, wasted_spend: (cents(r.spend) - r.conversions * cents(accountCpa)) / 100 }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

describe('searchads analyze_wasted_spend: a cost per conversion far above the account CPA is waste', () => {
  it('lists each campaign and keyword over 2x the account CPA with its waste to the cent, and a pause that works as given', async () => {
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
    const answer = await callToolOk(apiKey, 'analyze_wasted_spend', window);
    const s = answer.structured!;

    // The account CPA of the range, from the campaign list: every campaign judged on conversions (not video).
    const listed = ((await callToolOk(apiKey, 'list_campaigns', window)).structured!.campaigns as Row[]).filter((c) => c.type !== 'VIDEO');
    const spend = listed.reduce((sum, c) => sum + cents(c.metrics.spend), 0) / 100;
    const conversions = listed.reduce((sum, c) => sum + c.metrics.conversions, 0);
    const accountCpa = Math.round((spend / conversions) * 100) / 100;
    expect(s.account_cpa).toBe(accountCpa);
    expect(s.threshold).toBe(Math.max(10, accountCpa));

    const campaigns = farAbove(
      listed.map((c) => ({ id: c.id, spend: c.metrics.spend, conversions: c.metrics.conversions })),
      s.threshold,
      accountCpa,
    );
    expect(campaigns.length).toBeGreaterThan(0);
    const shownCampaigns = (s.high_cost_campaigns as Row[])
      .map((c) => ({ id: c.id, conversions: c.conversions, wasted_spend: c.wasted_spend }))
      .sort((a, b) => a.id.localeCompare(b.id));
    expect(shownCampaigns).toEqual(campaigns);

    const judged = new Set(listed.map((c) => c.id));
    const keywordRows = (await callToolOk(apiKey, 'get_keyword_performance', { ...window, limit: 1000 })).structured!.rows as Row[];
    const keywords = farAbove(
      keywordRows
        .filter((k) => judged.has(k.campaign_id))
        .map((k) => ({ id: k.id, spend: k.metrics.spend, conversions: k.metrics.conversions })),
      s.threshold,
      accountCpa,
    );
    const shownKeywords = (s.high_cost_keywords as Row[])
      .map((k) => ({ id: k.id, conversions: k.conversions, wasted_spend: k.wasted_spend }))
      .sort((a, b) => a.id.localeCompare(b.id));
    expect(shownKeywords).toEqual(keywords);

    // The text states the rule with exactly these rows.
    const waste = (rows: Row[]) => rows.reduce((sum, r) => sum + cents(r.wasted_spend), 0) / 100;
    expect(answer.text).toContain(
      `${campaigns.length} ${campaigns.length === 1 ? 'campaign' : 'campaigns'} spent at least $${s.threshold.toFixed(2)}${campaigns.length === 1 ? '' : ' each'} at a cost per conversion over ${FAR_ABOVE_ACCOUNT}× the account's CPA $${accountCpa.toFixed(2)}`,
    );
    expect(answer.text).toContain(`$${waste(s.high_cost_campaigns).toLocaleString('en-US', { minimumFractionDigits: 2 })} of it beyond`);

    // Each running one's pause works as given (a dry run plans it and changes nothing).
    const running = listed.filter((c) => c.status === 'ENABLED').map((c) => c.id);
    const actions = [...(s.high_cost_campaigns as Row[]), ...(s.high_cost_keywords as Row[])].filter((r) => r.action);
    expect((s.high_cost_campaigns as Row[]).filter((c) => running.includes(c.id)).every((c) => c.action)).toBe(true);
    expect(actions.length).toBeGreaterThan(0);
    for (const { action } of actions) {
      const dry = await callToolOk(apiKey, action.tool, { ...action.arguments, dry_run: true });
      expect(dry.text).toMatch(/PAUSED/);
    }
  }, 240_000);
});
