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
const candidate = (id: string, spend: number, conversions: number, daily_budget?: number): Candidate => ({
  id,
  name: id,
  figures: totals([day(spend, conversions)]),
  ...(daily_budget ? { daily_budget } : {}),
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
    cut: (c: Candidate) => ({ tool: 'pause_campaign', arguments: { campaign_id: c.id }, verb: 'Pause' }),
    scale: (c: Candidate, budget: number) => ({ tool: 'update_campaign_budget', arguments: { campaign_id: c.id, daily_budget: budget } }),
  };
  it('finds spend far above the account CPA as waste, valued beyond what its conversions are worth', () => {
    // Account CPA: 3000 / 60 = 50; "costly" pays 400 a conversion (8×).
    const found = findWasteAndWinners('searchads', account, [candidate('good', 1400, 56), candidate('costly', 1600, 4)], actions);
    expect(found).toEqual([
      expect.objectContaining({ kind: 'cut_waste', tool: 'pause_campaign', arguments: { campaign_id: 'costly' }, monthly_value: 1400 }),
    ]);
    expect(found[0]!.title).toContain('8× the account CPA');
  });
  it('never scales a loser', () => {
    // "limited" spends its whole budget at ROAS 3+ with 20+ conversions, yet pays 5× the account CPA.
    const cheap = candidate('cheap', 1000, 200);
    const limited = { ...candidate('limited', 3000, 20, 100), figures: totals([{ ...day(3000, 20), revenue: 9000 }]) };
    expect(findWasteAndWinners('searchads', account, [cheap, limited], actions).filter((o) => o.kind === 'scale_winner')).toEqual([]);
  });
});
