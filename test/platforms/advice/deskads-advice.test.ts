/**
 * The advice rules (core/advice.ts) on deskads: list_deskads_recommendations never raises the bid or
 * budget of a loser (0 conversions over the account CPA's worth of spend, or a CPA more than 2× the
 * account CPA), each recommendation carries its figures and a call that works as given.
 */
import { lastDays } from '../../../core/dates';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Rec = {
  id: string;
  type: string;
  entity_type: string;
  entity_id: string;
  figures: { spend: number; conversions: number; cpa: number | null; account_cpa: number | null };
  call: { tool: string; arguments: Record<string, unknown> };
};
type Keyword = { keyword_id: string; text: string; metrics: { spend: number; conversions: number } };

describe('deskads advice rules', () => {
  let apiKey: string;
  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { deskads: 1 } })).apiKey;
  });

  it('raises no bid or budget on a loser, measured independently from the keyword and campaign reports of the same 7 days', async () => {
    const week = lastDays(new Date(), 7, 'UTC');
    const window = { start_date: week.start, end_date: week.end };
    const account = (await callToolOk(apiKey, 'get_deskads_account_performance', window)).structured!.metrics as {
      spend: number;
      conversions: number;
    };
    const accountCpa = account.spend / account.conversions;
    const keywords = (await callToolOk(apiKey, 'get_deskads_keyword_performance', { ...window, limit: 200 })).structured!
      .keywords as Keyword[];
    const campaigns = (await callToolOk(apiKey, 'get_deskads_campaign_performance', { ...window, limit: 200 })).structured!.campaigns as {
      campaign_id?: string;
      id?: string;
      metrics: { spend: number; conversions: number };
    }[];
    const loser = (m: { spend: number; conversions: number }) =>
      (m.conversions === 0 && m.spend >= accountCpa) || (m.conversions > 0 && m.spend / m.conversions > 2 * accountCpa);
    // The seeded account has losers among the keywords a bid raise would otherwise reach.
    expect(keywords.filter((k) => loser(k.metrics)).length).toBeGreaterThan(0);
    const listed = await callToolOk(apiKey, 'list_deskads_recommendations', { limit: 200 });
    const recs = listed.structured!.recommendations as Rec[];
    expect(recs.length).toBeGreaterThan(0);
    const figuresOf = (r: Rec) =>
      (r.entity_type === 'Keyword'
        ? keywords.find((k) => k.keyword_id === r.entity_id)?.metrics
        : campaigns.find((c) => (c.campaign_id ?? c.id) === r.entity_id)?.metrics) ?? { spend: 0, conversions: 0 };
    expect(recs.filter((r) => loser(figuresOf(r))).map((r) => `${r.type} ${r.entity_id}`)).toEqual([]);
    for (const r of recs) {
      const figures = figuresOf(r);
      expect(r.figures).toMatchObject({ spend: figures.spend, conversions: figures.conversions });
      expect(r.figures.account_cpa).toBeCloseTo(accountCpa, 1);
    }
    expect(listed.text).toContain('more than 2× the account CPA');
  }, 120_000);

  it('every recommendation names a call that works as given', async () => {
    const recs = (await callToolOk(apiKey, 'list_deskads_recommendations', { limit: 200 })).structured!.recommendations as Rec[];
    expect(recs.length).toBeGreaterThan(0);
    for (const r of recs.slice(0, 3)) await callToolOk(apiKey, r.call.tool, { ...r.call.arguments, dry_run: true });
    await callToolOk(apiKey, recs[0]!.call.tool, recs[0]!.call.arguments);
  }, 120_000);
});
