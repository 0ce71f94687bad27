/** The advice rules (core/advice.ts) and the shared opportunity finder that follows them. */
import { accountBaseline, judgeAgainstAccount } from '../../core/advice';
import type { ConnectedAccount } from '../../core/accounts';
import { totals } from '../../core/metrics';
import { findWasteAndWinners, type Candidate } from '../../platforms/opportunities';

const day = (spend: number, conversions: number, revenue = conversions * 100) => ({
  impressions: 1000,
  clicks: 100,
  spend,
  conversions,
  revenue,
});
/** 30 days of `budget` a day, each spending spend / 30 (the budget it had each of those days). */
const thirtyDays = (spend: number, budget: number) =>
  Array.from({ length: 30 }, (_, i) => ({ date: `2026-10-${String(i + 1).padStart(2, '0')}`, spend: spend / 30, budget }));
const candidate = (id: string, spend: number, conversions: number, daily_budget?: number): Candidate => ({
  id,
  name: id,
  figures: totals([day(spend, conversions)]),
  ...(daily_budget ? { budget: { today: daily_budget, days: thirtyDays(spend, daily_budget), source: 'each_day' as const } } : {}),
});

describe('Function: judgeAgainstAccount', () => {
  const account = accountBaseline([day(1000, 20), day(1000, 20)]); // CPA 50
  it('a loser spent the account CPA with no conversion, or has a CPA more than 2× the account CPA', () => {
    expect(account.cpa).toBe(50);
    expect(judgeAgainstAccount({ spend: 50, conversions: 0 }, account)).toMatchObject({ loser: true, waste: 50 });
    expect(judgeAgainstAccount({ spend: 49, conversions: 0 }, account)).toMatchObject({ loser: false, waste: 0 });
    expect(judgeAgainstAccount({ spend: 335, conversions: 1 }, account)).toMatchObject({ loser: true, cpa_multiple: 6.7, waste: 285 });
    expect(judgeAgainstAccount({ spend: 335, conversions: 1 }, account).reason).toContain('6.7× the account CPA');
    expect(judgeAgainstAccount({ spend: 100, conversions: 1 }, account)).toMatchObject({ loser: false, cpa_multiple: 2 });
  });
  it('judging by value: a ROAS under half the account ROAS loses too', () => {
    expect(judgeAgainstAccount({ spend: 100, conversions: 2, revenue: 50 }, account, { byValue: true })).toMatchObject({ loser: true });
    expect(judgeAgainstAccount({ spend: 100, conversions: 2, revenue: 50 }, account)).toMatchObject({ loser: false });
  });
});

describe('Function: findWasteAndWinners', () => {
  const account = { platform: 'searchads', account_id: '1', currency: 'USD' } as ConnectedAccount;
  const actions = {
    entities: 'campaigns',
    cut: (c: Candidate) => ({ tool: 'pause_campaign', arguments: { campaign_id: c.id }, verb: 'Pause' }),
    scale: (c: Candidate, budget: number) => ({ tool: 'update_campaign_budget', arguments: { campaign_id: c.id, daily_budget: budget } }),
  };
  it('finds spend far above the account CPA as waste, valued beyond what its conversions are worth', () => {
    // Account CPA: 3000 / 60 = 50; "costly" pays 400 a conversion (8×).
    const found = findWasteAndWinners('searchads', account, [candidate('good', 1400, 56), candidate('costly', 1600, 4)], actions);
    expect(found).toEqual([
      expect.objectContaining({ kind: 'cut_waste', tool: 'pause_campaign', arguments: { campaign_id: 'costly' }, monthly_value: 1400 }),
    ]);
    expect(found[0]!.title).toContain("8× the account's $50.00");
    expect(found[0]!.title).toContain("campaigns that spent at least $100.00 each at a cost per conversion over 2× the account's $50.00");
  });
  it('never scales a loser', () => {
    // "limited" spends its whole budget at ROAS 3+ with 20+ conversions, yet pays 5× the account CPA.
    const cheap = candidate('cheap', 1000, 200);
    const limited = { ...candidate('limited', 3000, 20, 100), figures: totals([{ ...day(3000, 20), revenue: 9000 }]) };
    expect(findWasteAndWinners('searchads', account, [cheap, limited], actions).filter((o) => o.kind === 'scale_winner')).toEqual([]);
  });
  // A winner: 30 conversions at ROAS 10 for 3000 spent, 95 a day against a budget of 100 (the account's CPA is the same).
  const winner = (budget: Candidate['budget']): Candidate => ({
    id: 'winner',
    name: 'winner',
    figures: totals([{ ...day(2850, 30), revenue: 28_500 }]),
    ...(budget ? { budget } : {}),
  });
  it('scales a winner limited by the budget each past day had, even after its budget was raised today', () => {
    const raisedToday = winner({ today: 150, days: thirtyDays(2850, 100), source: 'each_day' });
    const found = findWasteAndWinners('searchads', account, [raisedToday], actions);
    expect(found).toEqual([
      expect.objectContaining({ kind: 'scale_winner', arguments: { campaign_id: 'winner', daily_budget: 180 }, monthly_value: 5700 }),
    ]);
    expect(found[0]!.title).toContain('limited by its budget on 30 of 30 days');
  });
  it('judges limited by days (core/budget-limited.ts), not by the window spend against today’s budget', () => {
    // Limited on 16 of 30 days (spent 100 of 100), far under on the others: limited by the definition, though its
    // spend (1600 + 14 × 10 = 1740) is far below 90 % of 30 days of budget.
    const days = Array.from({ length: 30 }, (_, i) => ({
      date: `2026-10-${String(i + 1).padStart(2, '0')}`,
      spend: i < 16 ? 100 : 10,
      budget: 100,
    }));
    const halfLimited = { ...winner({ today: 100, days, source: 'each_day' }), figures: totals([{ ...day(1740, 30), revenue: 17_400 }]) };
    expect(findWasteAndWinners('searchads', account, [halfLimited], actions).map((o) => o.kind)).toEqual(['scale_winner']);
    // Limited on 14 of 30: not limited.
    const fewer = days.map((d, i) => ({ ...d, spend: i < 14 ? 100 : 10 }));
    expect(findWasteAndWinners('searchads', account, [winner({ today: 100, days: fewer, source: 'each_day' })], actions)).toEqual([]);
  });
  it('says so when past days are judged against today’s budget', () => {
    const found = findWasteAndWinners(
      'searchads',
      account,
      [winner({ today: 100, days: thirtyDays(2850, 100), source: 'today' })],
      actions,
    );
    expect(found[0]!.title).toContain("Past days are judged against today's budget");
  });
});
