/**
 * analyze_deskads_wasted_spend's total is the account's spend over the window, from the one source of
 * figures (issue 31): the campaign list's spend over the same days, to the cent, and a campaign's
 * when scoped to it. Its wasted spend is a part of that total.
 */
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { cents, listed, PLATFORMS, sumCents, useFixedClock, windowOf } from './support';

type Row = Record<string, any>;

useTestTables();
useFixedClock();

describe('analyze_deskads_wasted_spend: the total it measures waste against', () => {
  const c = PLATFORMS.find((x) => x.platform === 'deskads')!;
  const window = windowOf(c);
  const dated = { start_date: window.start, end_date: window.end };
  let apiKey: string;

  beforeAll(async () => {
    ({ apiKey } = await createTestOwner({ accounts: { deskads: 1 } }));
  }, 60_000);

  it("the account's total is the campaign list's spend over the same days, to the cent", async () => {
    const campaigns = await listed(apiKey, c, window);
    const waste = (await callToolOk(apiKey, 'analyze_deskads_wasted_spend', dated)).structured!;
    expect(cents(waste.total_spend)).toBe(sumCents(campaigns.map((r) => r.spend)));
    expect(waste.wasted_spend).toBeGreaterThan(0);
    expect(waste.wasted_spend).toBeLessThanOrEqual(waste.total_spend);
  }, 120_000);

  it("scoped to a campaign, the total is that campaign's spend in the list, to the cent", async () => {
    const campaigns = await listed(apiKey, c, window);
    for (const campaign of campaigns.filter((r) => r.spend > 0)) {
      const waste = (await callToolOk(apiKey, 'analyze_deskads_wasted_spend', { ...dated, campaign_id: campaign.id })).structured!;
      expect({ id: campaign.id, total: cents(waste.total_spend) }).toEqual({ id: campaign.id, total: cents(campaign.spend) });
    }
  }, 180_000);

  it('the text names what the total is', async () => {
    const answer = await callToolOk(apiKey, 'analyze_deskads_wasted_spend', dated);
    const s = answer.structured as Row;
    // The keywords' part (search campaigns) is shown beside the total, never instead of it.
    expect(s.keyword_spend).toBeGreaterThan(0);
    expect(s.keyword_spend).toBeLessThan(s.total_spend);
    const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(answer.text).toContain(`of the account's ${usd(s.total_spend)} spend (${usd(s.keyword_spend)} of it on search keywords)`);
  }, 120_000);
});
