/**
 * The advice rules (core/advice.ts) on searchads: list_recommendations never proposes a budget raise
 * or a broader match for a loser (0 conversions over the account CPA's worth of spend, or a CPA more
 * than 2× the account CPA, last 30 days); such a recommendation is withheld with its figures, and
 * apply_recommendation refuses it. Every listed recommendation names a call that works as given.
 */
import { lastDays } from '../../../core/dates';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Metrics = { spend: number; conversions: number };
type Rec = {
  id: string;
  type: string;
  campaign_id: string | null;
  ad_group_id: string | null;
  keyword_match_type?: { text: string; match_type: string };
  call: { tool: string; arguments: Record<string, unknown> };
};

describe('searchads advice rules', () => {
  let apiKey: string;
  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { searchads: 1 } })).apiKey;
  });

  it('proposes no budget raise or broader match on a loser, measured from the performance reports of the same 30 days', async () => {
    const month = lastDays(new Date(), 30, 'UTC');
    const window = { start_date: month.start, end_date: month.end, limit: 1000 };
    const campaigns = await callToolOk(apiKey, 'get_campaign_performance', window);
    const account = campaigns.structured!.totals as Metrics;
    const accountCpa = account.spend / account.conversions;
    const campaignRows = campaigns.structured!.rows as { id: string; metrics: Metrics }[];
    const keywordRows = (await callToolOk(apiKey, 'get_keyword_performance', window)).structured!.rows as {
      id: string;
      name: string;
      ad_group_id: string;
      details: { match_type: string };
      metrics: Metrics;
    }[];
    const figuresOf = (r: Rec): Metrics =>
      (r.type === 'CAMPAIGN_BUDGET'
        ? campaignRows.find((c) => c.id === r.campaign_id)?.metrics
        : keywordRows.find(
            (k) =>
              k.ad_group_id === r.ad_group_id &&
              k.name.toLowerCase() === r.keyword_match_type!.text.toLowerCase() &&
              k.details.match_type === r.keyword_match_type!.match_type,
          )?.metrics) ?? { spend: 0, conversions: 0 };
    const loser = (m: Metrics) =>
      (m.conversions === 0 && m.spend >= accountCpa) || (m.conversions > 0 && m.spend / m.conversions > 2 * accountCpa);

    const listed = await callToolOk(apiKey, 'list_recommendations', { limit: 200 });
    const scaling = (listed.structured!.recommendations as Rec[]).filter((r) => ['CAMPAIGN_BUDGET', 'KEYWORD_MATCH_TYPE'].includes(r.type));
    expect(scaling.length).toBeGreaterThan(0);
    expect(scaling.filter((r) => loser(figuresOf(r))).map((r) => `${r.type} ${r.id}`)).toEqual([]);

    // The seeded account's platform does propose broadening a keyword far above the account CPA: it is withheld, with why.
    const withheld = listed.structured!.withheld as { id: string; type: string; reason: string; figures: { cpa_multiple: number } }[];
    const broadening = withheld.find((w) => w.type === 'KEYWORD_MATCH_TYPE');
    expect(broadening).toBeDefined();
    // The multiple is rounded to one decimal: a CPA just over 2× the account's reads 2.
    expect(broadening!.figures.cpa_multiple).toBeGreaterThanOrEqual(2);
    expect(broadening!.reason).toContain('the account CPA');
    const refused = await callTool(apiKey, 'apply_recommendation', { recommendation_id: broadening!.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('would scale a loser');
  }, 120_000);

  it('every listed recommendation names a call that works as given', async () => {
    const recs = (await callToolOk(apiKey, 'list_recommendations', { limit: 200 })).structured!.recommendations as Rec[];
    expect(recs.length).toBeGreaterThan(0);
    // One of each type, as given (a dry run: the plan is made from the same arguments the real call takes).
    const oneOfEach = [...new Map(recs.map((r) => [r.type, r])).values()];
    for (const r of oneOfEach) await callToolOk(apiKey, r.call.tool, { ...r.call.arguments, dry_run: true });
    await callToolOk(apiKey, oneOfEach[0]!.call.tool, oneOfEach[0]!.call.arguments);
  }, 120_000);
});
