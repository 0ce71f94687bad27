import { addDays, isoDate } from '../../../core/dates';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type M = { spend: number; installs: number; cost_per_install: number | null; clicks: number };
let apiKey: string;
beforeAll(async () => {
  ({ apiKey } = await createTestOwner({ accounts: { socialads: 1 } }));
});

const sortedByCpi = (rows: { metrics: M }[]) => {
  const withInstalls = rows.filter((r) => r.metrics.cost_per_install !== null);
  expect(rows.slice(0, withInstalls.length)).toEqual(withInstalls);
  for (let i = 1; i < withInstalls.length; i++)
    expect(withInstalls[i].metrics.cost_per_install!).toBeGreaterThanOrEqual(withInstalls[i - 1].metrics.cost_per_install!);
  for (const r of withInstalls) expect(r.metrics.cost_per_install).toBeCloseTo(r.metrics.spend / r.metrics.installs, 1);
};

describe('Tool: get_socialads_app_campaigns', () => {
  it('lists only app-promotion campaigns with installs and cost per install; totals add up', async () => {
    const data = await callToolOk(apiKey, 'get_socialads_app_campaigns', {});
    const campaigns = data.structured!.campaigns as { id: string; app: { store: string }; metrics: M }[];
    expect(campaigns).toHaveLength(2);
    expect(new Set(campaigns.map((c) => c.app.store))).toEqual(new Set(['APP_STORE', 'GOOGLE_PLAY']));
    sortedByCpi(campaigns);
    const total = data.structured!.totals as M;
    expect(total.installs).toBe(campaigns.reduce((s, c) => s + c.metrics.installs, 0));
    expect(total.spend).toBeCloseTo(
      campaigns.reduce((s, c) => s + c.metrics.spend, 0),
      1,
    );
  });
});

describe('Tool: get_socialads_app_adsets', () => {
  it('lists app ad sets cheapest first and sums to the campaign figures', async () => {
    const campaigns = (await callToolOk(apiKey, 'get_socialads_app_campaigns', {})).structured!.campaigns as { id: string; metrics: M }[];
    const data = await callToolOk(apiKey, 'get_socialads_app_adsets', { campaign_id: campaigns[0].id });
    const sets = data.structured!.ad_sets as { campaign_id: string; metrics: M }[];
    expect(sets.length).toBeGreaterThan(0);
    expect(sets.every((s) => s.campaign_id === campaigns[0].id)).toBe(true);
    expect(sets.reduce((s, x) => s + x.metrics.installs, 0)).toBe(campaigns[0].metrics.installs);
    sortedByCpi(sets);
  });

  it('rejects a campaign that is not an app-promotion campaign', async () => {
    const traffic = (
      (await callToolOk(apiKey, 'list_socialads_ad_sets', {})).structured!.ad_sets as { campaign_id: string; objective: string }[]
    ).find((s) => s.objective === 'OUTCOME_TRAFFIC')!;
    const result = await callTool(apiKey, 'get_socialads_app_adsets', { campaign_id: traffic.campaign_id });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('not OUTCOME_APP_PROMOTION');
  });
});

describe('Tool: get_socialads_app_creatives', () => {
  it('ranks app creatives by cost per install, cheapest first', async () => {
    const data = await callToolOk(apiKey, 'get_socialads_app_creatives', {});
    const creatives = data.structured!.creatives as { rank: number; ad_group_id: string; metrics: M }[];
    expect(creatives.length).toBeGreaterThanOrEqual(5);
    sortedByCpi(creatives);
    expect(creatives.map((c) => c.rank)).toEqual(creatives.map((_, i) => i + 1));
    // The seeded wasteful creative gets a pause insight.
    expect((data.structured!.insights as string[]).some((i) => i.includes('without an install'))).toBe(true);
  });

  it('filters by ad_group_id and uses explicit dates over lookback_days', async () => {
    const all = (await callToolOk(apiKey, 'get_socialads_app_creatives', {})).structured!.creatives as { ad_group_id: string }[];
    const adGroup = all[0].ad_group_id;
    const data = await callToolOk(apiKey, 'get_socialads_app_creatives', {
      ad_group_id: adGroup,
      start_date: addDays(isoDate(new Date()), -10),
      end_date: addDays(isoDate(new Date()), -1),
      lookback_days: 365,
    });
    expect((data.structured!.creatives as { ad_group_id: string }[]).every((c) => c.ad_group_id === adGroup)).toBe(true);
    expect(data.structured!.start_date).toBe(addDays(isoDate(new Date()), -10));
    const short = await callToolOk(apiKey, 'get_socialads_app_creatives', { lookback_days: 7 });
    expect(short.structured!.start_date).toBe(addDays(isoDate(new Date()), -7));
  });

  it.each([
    [{ lookback_days: 0 }, '`lookback_days` must be at least 1'],
    [{ lookback_days: 366 }, '`lookback_days` must be at most 365'],
    [{ start_date: '2026/01/01', end_date: '2026-01-31' }, '`start_date` must be a date in the form YYYY-MM-DD'],
    [{ start_date: '2026-01-01' }, '`start_date` and `end_date` must be given together'],
    [{ ad_group_id: '120299999999999999' }, 'No ad set with id'],
  ])('rejects %j', async (args, message) => {
    const result = await callTool(apiKey, 'get_socialads_app_creatives', args);
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });
});
