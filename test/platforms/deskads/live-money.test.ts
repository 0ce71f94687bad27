/**
 * Money on live deskads accounts in the account's own currency: bids are rounded to the
 * currency's minor unit (whole yen, cents) and checked against the platform's published bounds
 * for that currency (platforms/deskads/money.ts), not against USD-terms limits.
 */
import { callTool, callToolOk, useTestTables } from '../../support/gateway';
import { deskAdsLiveOwner, useFakeDeskAds, type DeskAdsLiveOwner } from './live-support';

useTestTables();
const platform = useFakeDeskAds();

describe('Live deskads money in the account currency', () => {
  let usd: DeskAdsLiveOwner;
  let jpy: DeskAdsLiveOwner;
  const firstGroup = (owner: DeskAdsLiveOwner) => {
    const [id, group] = [...platform.accounts.get(owner.account.account_id)!.adGroups.entries()][0]!;
    return { id, wire: group.wire };
  };

  beforeAll(async () => {
    usd = await deskAdsLiveOwner(platform, { name: 'Dollar account' });
    jpy = await deskAdsLiveOwner(platform, { name: 'Yen account', currency: 'JPY' });
  }, 120_000);

  it('a JPY bid is sent in whole yen, and a bid above 1,000 (a USD-terms limit) is taken', async () => {
    const group = firstGroup(jpy);
    await callToolOk(jpy.apiKey, 'update_deskads_ad_group', { ad_group_id: group.id, cpc_bid: 1.4 });
    expect(firstGroup(jpy).wire.CpcBid).toEqual({ Amount: 1 });
    await callToolOk(jpy.apiKey, 'update_deskads_ad_group', { ad_group_id: group.id, cpc_bid: 5000 });
    expect(firstGroup(jpy).wire.CpcBid).toEqual({ Amount: 5000 });
  }, 120_000);

  it('a JPY bid below one yen is refused, not sent as 0 (which the platform reads as "no bid")', async () => {
    const group = firstGroup(jpy);
    const before = firstGroup(jpy).wire.CpcBid;
    const refused = await callTool(jpy.apiKey, 'update_deskads_ad_group', { ad_group_id: group.id, cpc_bid: 0.3 });
    expect(refused.status).toBe(400);
    expect(refused.body.structured_content).toMatchObject({ code: 'invalid_arguments' });
    expect(refused.body.error).toContain('1 JPY');
    expect(firstGroup(jpy).wire.CpcBid).toEqual(before);
  }, 120_000);

  it("a USD bid is rounded to the cent and checked against the platform's USD bounds (0.05-1,000)", async () => {
    const group = firstGroup(usd);
    await callToolOk(usd.apiKey, 'update_deskads_ad_group', { ad_group_id: group.id, cpc_bid: 0.567 });
    expect(firstGroup(usd).wire.CpcBid).toEqual({ Amount: 0.57 });
    const low = await callTool(usd.apiKey, 'update_deskads_ad_group', { ad_group_id: group.id, cpc_bid: 0.03 });
    expect(low.status).toBe(400);
    expect(low.body.error).toContain('minimum bid of 0.05 USD');
    const high = await callTool(usd.apiKey, 'update_deskads_ad_group', { ad_group_id: group.id, cpc_bid: 1500 });
    expect(high.status).toBe(400);
    expect(high.body.error).toContain('maximum bid of 1,000 USD');
    expect(firstGroup(usd).wire.CpcBid).toEqual({ Amount: 0.57 });
  }, 120_000);
});
