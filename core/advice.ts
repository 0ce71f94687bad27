import * as v from 'valibot';

/**
 * The advice rules, one set for every platform: every tool that recommends or optimises bids, match
 * types or budgets, and every finder behind suggest_next_action and the watch, judges an entity
 * against its account with these functions and says why in the words they return.
 *
 * - The account CPA is the account's spend over its conversions in the same window (null when the
 *   account converted nothing); the account ROAS its revenue over its spend.
 * - A loser is an entity that spent at least the account CPA with zero conversions, or whose CPA is
 *   far above the account CPA: more than FAR_ABOVE_ACCOUNT (2) times it. When the caller judges by
 *   value, a ROAS under half the account ROAS is a loser too.
 * - A loser never gets a bid raise, a broader match type or a budget raise.
 * - Waste is the spend beyond what the entity's conversions are worth at the account CPA: all the
 *   spend of a zero-conversion loser, spend − conversions × account CPA of a high-CPA one (or spend −
 *   revenue ÷ account ROAS when judging by value). Not only zero results.
 */

/** "Far above" the account CPA: more than this many times it (and "far below" the account ROAS: under 1/this). */
export const FAR_ABOVE_ACCOUNT = 2;

export interface Performance {
  spend: number;
  conversions: number;
  revenue?: number;
}

export interface AccountBaseline {
  spend: number;
  conversions: number;
  revenue: number;
  /** Spend per conversion; null when the account converted nothing. */
  cpa: number | null;
  /** Revenue per unit of spend; null without revenue. */
  roas: number | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The account's CPA and ROAS from the figures of all its entities over one window. */
export function accountBaseline(rows: readonly Performance[]): AccountBaseline {
  const spend = round2(rows.reduce((s, r) => s + r.spend, 0));
  const conversions = rows.reduce((s, r) => s + r.conversions, 0);
  const revenue = round2(rows.reduce((s, r) => s + (r.revenue ?? 0), 0));
  return {
    spend,
    conversions,
    revenue,
    cpa: conversions > 0 ? round2(spend / conversions) : null,
    roas: spend > 0 && revenue > 0 ? round2(revenue / spend) : null,
  };
}

export interface Verdict {
  /** True when the entity must not be scaled (no bid raise, no broader match, no budget raise). */
  loser: boolean;
  /** Why, in words with the figures, when a loser. */
  reason: string | null;
  /** The entity's CPA (null without conversions). */
  cpa: number | null;
  /** Its CPA as a multiple of the account CPA (null when either is undefined). */
  cpa_multiple: number | null;
  /** Spend beyond what its results are worth at the account CPA (or ROAS); 0 when none. */
  waste: number;
}

export interface JudgeOptions {
  /** Judge by value too (ROAS against the account ROAS), for value goals. */
  byValue?: boolean;
  /** Formats an amount in the account currency. */
  money?: (n: number) => string;
}

/** Judges one entity against its account by the rules above. */
export function judgeAgainstAccount(
  entity: Performance,
  account: Pick<AccountBaseline, 'cpa' | 'roas'>,
  options: JudgeOptions = {},
): Verdict {
  const fmt = options.money ?? ((n: number) => n.toFixed(2));
  const cpa = entity.conversions > 0 ? round2(entity.spend / entity.conversions) : null;
  const multiple = cpa !== null && account.cpa ? Math.round((cpa / account.cpa) * 10) / 10 : null;
  const verdict = (reason: string | null, waste: number): Verdict => ({
    loser: reason !== null,
    reason,
    cpa,
    cpa_multiple: multiple,
    waste: round2(Math.max(0, Math.min(entity.spend, waste))),
  });
  if (account.cpa !== null) {
    if (entity.conversions === 0 && entity.spend >= account.cpa)
      return verdict(`spent ${fmt(entity.spend)} with 0 conversions, more than the account CPA of ${fmt(account.cpa)}`, entity.spend);
    if (cpa !== null && cpa > FAR_ABOVE_ACCOUNT * account.cpa)
      return verdict(
        `CPA ${fmt(cpa)} is ${multiple}× the account CPA of ${fmt(account.cpa)} (far above: more than ${FAR_ABOVE_ACCOUNT}×)`,
        entity.spend - entity.conversions * account.cpa,
      );
  }
  if (options.byValue && account.roas !== null && entity.spend > 0) {
    const roas = round2((entity.revenue ?? 0) / entity.spend);
    if (roas < account.roas / FAR_ABOVE_ACCOUNT)
      return verdict(`ROAS ${roas} is under half the account ROAS of ${account.roas}`, entity.spend - (entity.revenue ?? 0) / account.roas);
  }
  return verdict(null, 0);
}

/** The figures a recommendation rests on, as every recommendation carries them. */
export interface AdviceFigures {
  spend: number;
  conversions: number;
  cpa: number | null;
  account_cpa: number | null;
  cpa_multiple: number | null;
}

export function adviceFigures(entity: Performance, account: Pick<AccountBaseline, 'cpa' | 'roas'>): AdviceFigures {
  const v = judgeAgainstAccount(entity, account);
  return {
    spend: round2(entity.spend),
    conversions: entity.conversions,
    cpa: v.cpa,
    account_cpa: account.cpa,
    cpa_multiple: v.cpa_multiple,
  };
}

/** The rule in one sentence, for tool texts and descriptions. */
export const ADVICE_RULE = `Never raised (bid, budget or a broader match type): anything that spent the account CPA with 0 conversions, or whose CPA is more than ${FAR_ABOVE_ACCOUNT}× the account CPA.`;

/** The output schema of AdviceFigures. */
export const adviceFiguresSchema = v.object({
  spend: v.number(),
  conversions: v.number(),
  cpa: v.nullable(v.number()),
  account_cpa: v.nullable(v.number()),
  cpa_multiple: v.nullable(v.number()),
});

/** The output schema of a recommendation's exact call. */
export const adviceCallSchema = v.object({ tool: v.string(), arguments: v.record(v.string(), v.unknown()) });
