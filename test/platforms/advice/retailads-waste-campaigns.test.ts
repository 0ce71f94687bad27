/**
 * analyze_retailads_wasted_spend judges campaigns and ad groups by the same rules as search terms
 * (issue 31, core/waste.ts): a campaign that spent the account's cost per order without a sale is
 * listed even when each of its searches spent less, with the figures list_retailads_campaigns shows
 * and a pause that works as given; what it holds is not counted twice.
 */
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { day, useFixedClock } from '../figures/support';

useTestTables();
useFixedClock();

type Row = Record<string, any>;
const window = { start_date: day(-30), end_date: day(-1) };
const cents = (n: number) => Math.round(n * 100);

describe('analyze_retailads_wasted_spend: campaigns and ad groups', () => {
  let apiKey: string;
  let s: Row;
  let list: Row[];
  beforeAll(async () => {
    ({ apiKey } = await createTestOwner({ accounts: { retailads: 1 } }));
    s = (await callToolOk(apiKey, 'analyze_retailads_wasted_spend', window)).structured!;
    list = (await callToolOk(apiKey, 'list_retailads_campaigns', { ...window, limit: 100 })).structured!.campaigns as Row[];
  }, 120_000);

  it("lists every campaign the list shows with the account's cost per order spent and no sale, or a cost per order over 2x", () => {
    const spend = list.reduce((t, c) => t + cents(c.spend), 0) / 100;
    const cpa = Math.round((spend / list.reduce((t, c) => t + c.orders, 0)) * 100) / 100;
    expect(s.min_spend).toBe(cpa);
    const expected = list
      .filter((c) => c.spend >= cpa && (c.orders === 0 || c.spend / c.orders > 2 * cpa))
      .map((c) => ({
        id: c.id,
        spend: c.spend,
        orders: c.orders,
        wasted_spend: c.orders === 0 ? c.spend : (cents(c.spend) - c.orders * cents(cpa)) / 100,
      }))
      .sort((a, b) => a.id.localeCompare(b.id));
    // Judged as a whole: a campaign is listed even when each of its searches spent less than the threshold.
    const shown = (s.campaigns as Row[]).map((c) => ({ id: c.id, spend: c.spend, orders: c.orders, wasted_spend: c.wasted_spend }));
    expect(shown.sort((a, b) => a.id.localeCompare(b.id))).toEqual(expected);
    // The total is every campaign's spend, as the list shows it.
    expect(s.total_spend).toBe(spend);
  });

  it('each running campaign and ad group carries its pause, which works as given; what they hold has no action and is counted once', async () => {
    const campaigns = s.campaigns as Row[];
    const adGroups = s.ad_groups as Row[];
    const state = new Map(list.map((c) => [c.id, c.state]));
    for (const c of campaigns)
      expect({ id: c.id, action: c.action }).toEqual({
        id: c.id,
        action: state.get(c.id) === 'ENABLED' ? { tool: 'pause_retailads_campaigns', arguments: { campaign_ids: [c.id] } } : null,
      });
    const listed = new Set(campaigns.map((c) => c.id));
    // A listed campaign's pause stops its ad groups: only the other campaigns' are judged, each running one with its pause.
    expect(adGroups.filter((g) => listed.has(g.campaign_id)).map((g) => g.id)).toEqual([]);
    const stopped = new Set([...listed, ...adGroups.map((g) => g.id)]);
    const terms = s.search_terms as Row[];
    for (const t of terms.filter((t) => stopped.has(t.campaign_id) || stopped.has(t.ad_group_id)))
      expect({ term: t.search_term, action: t.action }).toEqual({ term: t.search_term, action: null });

    // Counted once: the campaigns', the ad groups' of the others, the terms' of the rest.
    const counted = [...campaigns, ...adGroups, ...terms.filter((t) => !stopped.has(t.campaign_id) && !stopped.has(t.ad_group_id))].reduce(
      (t, r) => t + cents(r.wasted_spend),
      0,
    );
    expect(cents(s.wasted_spend)).toBe(counted);
    // Asked for one listed campaign, the analysis counts that campaign's waste and gives only its pause.
    const worst = campaigns.find((c) => c.action)!;
    const one = (await callToolOk(apiKey, 'analyze_retailads_wasted_spend', { ...window, campaign_id: worst.id })).structured!;
    expect({ wasted: one.wasted_spend, actions: one.actions }).toEqual({ wasted: worst.wasted_spend, actions: [worst.action] });

    // Every proposed pause works as given (a dry run plans it).
    const pauses = (s.actions as Row[]).filter((a) => ['pause_retailads_campaigns', 'update_retailads_ad_groups'].includes(a.tool));
    expect(pauses.length).toBeGreaterThan(0);
    for (const a of pauses) {
      const dry = await callToolOk(apiKey, a.tool, { ...a.arguments, dry_run: true });
      expect(dry.text).toMatch(/PAUSED/);
    }
  }, 120_000);
});
