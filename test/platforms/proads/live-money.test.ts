/**
 * Money on live proads accounts in two currencies: amounts travel as decimal strings in the account's
 * currency with that currency's decimals (EUR cents, JPY none), figures come back in it, and a daily
 * budget or bid under the platform's minimum for the account is refused before anything is sent,
 * naming the platform's limit in that currency.
 */
import { callTool, callToolOk, useTestTables } from '../../support/gateway';
import { liveOwner, useFakeProAds, type LiveProAdsOwner } from './live-support';

useTestTables();
const platform = useFakeProAds();

type Row = Record<string, any>;
let yen: LiveProAdsOwner;
let euro: LiveProAdsOwner;

beforeAll(async () => {
  yen = await liveOwner(platform, { currency: 'JPY', name: 'Kumo Japan' });
  euro = await liveOwner(platform, { currency: 'EUR', name: 'Contoso Europe' });
});

const textCampaign = (owner: LiveProAdsOwner, daily: number, bid: number, name: string) => ({
  campaign_group_id: String(owner.upstream.groups.find((g) => g.status === 'ACTIVE')!.id),
  name,
  objective_type: 'WEBSITE_VISIT',
  daily_budget: daily,
  unit_cost: bid,
  targeting: { include: { locations: ['geo:103644278'] } },
  headline: 'Try it',
  description: 'Free for 30 days',
  landing_page_url: 'https://www.example.com/trial',
});

describe('Live proads money in the account currency', () => {
  it('reads budgets, bids and spend in yen without decimals', async () => {
    const campaigns = (await callToolOk(yen.apiKey, 'list_proads_campaigns', {})).structured!.campaigns as Row[];
    const itdm = campaigns.find((c) => c.name === 'IT Decision Makers - Image')!;
    expect(itdm).toMatchObject({ daily_budget: 30000, unit_cost: 975 });
    expect(Number.isInteger(itdm.metrics.spend)).toBe(true);
    expect(itdm.metrics.spend).toBeGreaterThan(0);
  });

  it("refuses a yen daily budget under the platform's minimum before sending anything, naming the limit", async () => {
    const writes = platform.api.writes().length;
    const result = await callTool(yen.apiKey, 'create_proads_text_campaign', textCampaign(yen, 500, 400, 'Too small'));
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('1500 JPY');
    expect(result.body.structured_content).toMatchObject({
      code: 'budget_below_minimum',
      limits: { currency: 'JPY', min_daily_budget: 1500 },
    });
    expect(platform.api.writes().length).toBe(writes);
    const low = await callTool(yen.apiKey, 'update_proads_campaign_budget', {
      campaign_id: String(yen.upstream.campaigns[0]!.id),
      unit_cost: 120,
    });
    expect(low.status).toBe(400);
    expect(low.body.error).toContain('300 JPY');
    expect(low.body.structured_content).toMatchObject({ code: 'budget_below_minimum', limits: { currency: 'JPY', min_bid: 300 } });
    expect(platform.api.writes().length).toBe(writes);
  });

  it('sends yen amounts as whole numbers and euro amounts with cents', async () => {
    await callToolOk(yen.apiKey, 'create_proads_text_campaign', textCampaign(yen, 2000.4, 450, 'Yen text'));
    expect(yen.upstream.campaigns.find((c) => c.name === 'Yen text')).toMatchObject({
      dailyBudget: { amount: '2000', currencyCode: 'JPY' },
      unitCost: { amount: '450', currencyCode: 'JPY' },
    });
    const target = euro.upstream.campaigns.find((c) => c.name === 'Free Trial - Text Ads')!;
    await callToolOk(euro.apiKey, 'update_proads_campaign_budget', { campaign_id: String(target.id), daily_budget: 12.5, unit_cost: 2.25 });
    expect(target).toMatchObject({
      dailyBudget: { amount: '12.50', currencyCode: 'EUR' },
      unitCost: { amount: '2.25', currencyCode: 'EUR' },
    });
    const listed = (await callToolOk(euro.apiKey, 'list_proads_campaigns', {})).structured!.campaigns as Row[];
    expect(listed.find((c) => c.id === String(target.id))).toMatchObject({ daily_budget: 12.5, unit_cost: 2.25 });
  });
});
