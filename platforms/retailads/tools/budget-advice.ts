/**
 * Budgets: get_retailads_budget_usage (capped days), get_retailads_budget_recommendations and
 * optimize_retailads_budget (moving budget to campaigns that are capped and within the target ACOS).
 * No campaign above the target ACOS, without sales, or a loser by the advice rules (core/advice.ts)
 * ever gains budget.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable, money } from '../../../core/markdown';
import { defineRetailAdsTool } from '../define';
import { withRatios } from '../ratios';
import { budgetUse, BUDGET_LIMITED_RULE, LIMITED_DAY_SHARE } from '../../../core/budget-limited';
import {
  adviceFigures,
  adviceFiguresSchema,
  ADVICE_RULE,
  judgeAgainstAccount,
  type AccountBaseline,
  type AdviceFigures,
} from '../../../core/advice';
import { acosText, performanceOf, rangeArgs, rangeOf, rangeRule, retailAccountBaseline, round2, targetAcosArg } from './analysis-arguments';

interface BudgetLine {
  campaign_id: string;
  campaign_name: string;
  ad_product: string;
  state: string;
  daily_budget: number;
  days: number;
  /** Days at budget: limited by that day's own budget (core/budget-limited.ts). */
  capped_days: number;
  /** Limited by its budget over the window (at its budget on at least half its days). */
  limited_by_budget: boolean;
  average_usage: number;
  last_day_spend: number;
  last_day_usage: number;
  spend: number;
  orders: number;
  sales: number;
  acos: number | null;
}
const budgetLineSchema = v.object({
  campaign_id: v.string(),
  campaign_name: v.string(),
  ad_product: v.string(),
  state: v.string(),
  daily_budget: v.number(),
  days: v.number(),
  capped_days: v.number(),
  limited_by_budget: v.boolean(),
  average_usage: v.number(),
  last_day_spend: v.number(),
  last_day_usage: v.number(),
  spend: v.number(),
  orders: v.number(),
  sales: v.number(),
  acos: v.nullable(v.number()),
});

/** Budget usage of every enabled campaign over [start, end]: each day against the daily budget it had that day. */
async function budgetLines(ctx: { platform: import('../port').RetailAdsPort }, start: string, end: string): Promise<BudgetLine[]> {
  const [campaigns, days, ...reports] = await Promise.all([
    ctx.platform.listCampaigns(),
    ctx.platform.getCampaignDays(start, end),
    ...(['spCampaigns', 'sbCampaigns', 'sdCampaigns'] as const).map((t) => ctx.platform.getReport(t, start, end)),
  ]);
  const figures = new Map(reports.flat().map((r) => [r.campaign_id, r]));
  return campaigns
    .filter((c) => c.state === 'ENABLED')
    .map((c) => {
      const mine = days.filter((d) => d.campaign_id === c.id && d.spend > 0);
      // Each day against the budget it had (a raise today does not rewrite the past).
      const budgetOf = (d: { daily_budget?: number }) => d.daily_budget || c.daily_budget;
      const usage = mine.map((d) => d.spend / budgetOf(d));
      const use = budgetUse(mine.map((d) => ({ date: d.date, spend: d.spend, budget: budgetOf(d) })));
      const lastDay = days.find((d) => d.campaign_id === c.id && d.date === end);
      const last = lastDay?.spend ?? 0;
      const f = figures.get(c.id);
      const m = withRatios(f ?? { impressions: 0, clicks: 0, spend: 0, orders: 0, sales: 0 });
      return {
        campaign_id: c.id,
        campaign_name: c.name,
        ad_product: c.ad_product,
        state: c.state,
        daily_budget: c.daily_budget,
        days: mine.length,
        capped_days: use.limited_days,
        limited_by_budget: use.limited,
        average_usage: usage.length ? round2(usage.reduce((s, u) => s + u, 0) / usage.length) : 0,
        last_day_spend: last,
        last_day_usage: round2(last / (lastDay?.daily_budget || c.daily_budget)),
        spend: m.spend,
        orders: m.orders,
        sales: m.sales,
        acos: m.acos,
      };
    })
    .sort((a, b) => b.average_usage - a.average_usage);
}

export const getRetailAdsBudgetUsage = defineRetailAdsTool({
  name: 'get_retailads_budget_usage',
  description: `Budget usage of every enabled campaign: daily budget, spend and usage of the last day, average usage and how many days reached the budget (${LIMITED_DAY_SHARE * 100}%+ of that day's own budget) over a date range (default the last 30 days). ${BUDGET_LIMITED_RULE} Change budgets with update_retailads_campaigns.`,
  access: 'read',
  args: rangeArgs,
  rules: [rangeRule],
  output: v.object({ profile_id: v.string(), start_date: v.string(), end_date: v.string(), campaigns: v.array(budgetLineSchema) }),
  async run(args, ctx) {
    const { start, end } = rangeOf(args, ctx);
    const lines = await budgetLines(ctx, start, end);
    const currency = ctx.account.currency;
    const text = [
      `## Budget usage, ${start} to ${end}`,
      '',
      markdownTable(
        ['Campaign', 'Daily budget', `Spend ${end}`, 'Usage', 'Average usage', 'Days at budget'],
        lines.map((l) => [
          l.campaign_name,
          money(l.daily_budget, currency),
          money(l.last_day_spend, currency),
          `${Math.round(l.last_day_usage * 100)}%`,
          `${Math.round(l.average_usage * 100)}%`,
          `${l.capped_days} of ${l.days}`,
        ]),
      ),
      '',
      'Campaigns that reach their budget most days stop showing ads for part of the day: get_retailads_budget_recommendations says which deserve more.',
    ].join('\n');
    return { text, structured: { profile_id: ctx.account.account_id, start_date: start, end_date: end, campaigns: lines } };
  },
});

interface BudgetAdvice extends BudgetLine {
  recommended_budget: number;
  action: 'raise' | 'lower' | 'keep';
  reason: string;
  /** Never gains budget: above the target ACOS, no sales, or a loser by the advice rules. */
  no_more_budget: boolean;
  /** Its spend, orders (conversions) and CPA against the account CPA over the same range. */
  figures: AdviceFigures;
}

/**
 * Raise only campaigns that hit their budget at or under the target ACOS and are no loser by the
 * advice rules (against the account's figures of the same range); lower idle budgets; never raise
 * above the target.
 */
function adviseBudgets(lines: BudgetLine[], targetAcos: number, account: AccountBaseline, fmt: (n: number) => string): BudgetAdvice[] {
  return lines.map((line) => {
    const verdict = judgeAgainstAccount(performanceOf(line), account, { byValue: true, money: fmt });
    const l = {
      ...line,
      no_more_budget: verdict.loser || line.acos === null || line.acos > targetAcos,
      figures: adviceFigures(performanceOf(line), account),
    };
    const cappedShare = l.days ? l.capped_days / l.days : 0;
    if (l.limited_by_budget && verdict.loser)
      return {
        ...l,
        recommended_budget: l.daily_budget,
        action: 'keep' as const,
        reason: `at its budget often, but not raised: ${verdict.reason}`,
      };
    if (l.limited_by_budget && l.acos !== null && l.acos <= targetAcos) {
      const raise = Math.ceil(l.daily_budget * Math.min(0.5, 0.2 + cappedShare * 0.3));
      return {
        ...l,
        recommended_budget: l.daily_budget + raise,
        action: 'raise' as const,
        reason: `at its budget on ${l.capped_days} of ${l.days} days with ACOS ${l.acos}% (target ${targetAcos}%)`,
      };
    }
    if (l.limited_by_budget)
      return {
        ...l,
        recommended_budget: l.daily_budget,
        action: 'keep' as const,
        reason: `at its budget often, but ACOS ${acosText(l.acos)} is above the ${targetAcos}% target: lower bids (analyze_retailads_targeting) rather than add budget`,
      };
    if (l.days >= 7 && l.average_usage < 0.5) {
      const lower = Math.max(1, Math.ceil(l.daily_budget * Math.max(l.average_usage * 1.3, 0.5)));
      return {
        ...l,
        recommended_budget: lower,
        action: lower < l.daily_budget ? ('lower' as const) : ('keep' as const),
        reason: `uses ${Math.round(l.average_usage * 100)}% of its budget on average`,
      };
    }
    return { ...l, recommended_budget: l.daily_budget, action: 'keep' as const, reason: 'budget fits its delivery' };
  });
}
const budgetAdviceSchema = v.object({
  ...budgetLineSchema.entries,
  recommended_budget: v.number(),
  action: v.picklist(['raise', 'lower', 'keep']),
  reason: v.string(),
  no_more_budget: v.boolean(),
  figures: adviceFiguresSchema,
});
const budgetAction = (advice: { campaign_id: string; recommended_budget: number; daily_budget: number }[]) => {
  const items = advice
    .filter((a) => a.recommended_budget !== a.daily_budget)
    .map((a) => ({ campaignId: a.campaign_id, dailyBudget: a.recommended_budget }));
  return items.length ? [{ tool: 'update_retailads_campaigns', arguments: { campaigns: items } }] : [];
};
const budgetActionSchema = v.array(
  v.object({
    tool: v.string(),
    arguments: v.object({ campaigns: v.array(v.object({ campaignId: v.string(), dailyBudget: v.number() })) }),
  }),
);

export const getRetailAdsBudgetRecommendations = defineRetailAdsTool({
  name: 'get_retailads_budget_recommendations',
  description:
    'Recommends daily budgets: more for campaigns limited by their budget (at it on half the days or more, each day against its own budget) at or under the target ACOS, less for budgets used under half on average; a campaign above the target ACOS never gets more budget. ' +
    `${ADVICE_RULE} Each recommendation carries its figures (spend, orders, CPA against the account CPA). Apply with update_retailads_campaigns (structured.actions).`,
  access: 'read',
  args: { ...rangeArgs, target_acos: targetAcosArg },
  rules: [rangeRule],
  output: v.object({
    profile_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    target_acos: v.number(),
    recommendations: v.array(budgetAdviceSchema),
    actions: budgetActionSchema,
  }),
  async run(args, ctx) {
    const { start, end } = rangeOf(args, ctx);
    const currency = ctx.account.currency;
    const account = await retailAccountBaseline(ctx.platform, start, end);
    const advice = adviseBudgets(await budgetLines(ctx, start, end), args.target_acos, account, (n) => money(n, currency));
    const acting = advice.filter((a) => a.action !== 'keep');
    const text = [
      `## Budget recommendations, ${start} to ${end}`,
      '',
      acting.length
        ? markdownTable(
            ['Campaign', 'Budget', 'Recommended', 'ACOS', 'Why'],
            acting.map((a) => [
              a.campaign_name,
              money(a.daily_budget, currency),
              money(a.recommended_budget, currency),
              acosText(a.acos),
              a.reason,
            ]),
          )
        : 'Every budget fits its campaign.',
      '',
      acting.length ? 'Apply with update_retailads_campaigns (structured.actions; the plan lists every budget before and after).' : '',
    ].join('\n');
    return {
      text,
      structured: {
        profile_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        target_acos: args.target_acos,
        recommendations: advice,
        actions: budgetAction(advice),
      },
    };
  },
});

export const optimizeRetailAdsBudget = defineRetailAdsTool({
  name: 'optimize_retailads_budget',
  description:
    'Reallocates the total daily budget of enabled campaigns (or a new total_daily_budget) towards campaigns that reach their budget at or under the target ACOS, taken from idle budgets and campaigns above the target ACOS; no campaign above the target or without sales gains budget. ' +
    `${ADVICE_RULE} Read only: apply with update_retailads_campaigns (structured.actions).`,
  access: 'read',
  args: {
    ...rangeArgs,
    target_acos: targetAcosArg,
    total_daily_budget: v.optional(
      v.pipe(v.number(), v.minValue(1), v.description('New total daily budget to share out; default the current total')),
    ),
  },
  rules: [rangeRule],
  output: v.object({
    profile_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    current_total: v.number(),
    new_total: v.number(),
    allocation: v.array(budgetAdviceSchema),
    actions: budgetActionSchema,
  }),
  async run(args, ctx) {
    const { start, end } = rangeOf(args, ctx);
    const account = await retailAccountBaseline(ctx.platform, start, end);
    const advice = adviseBudgets(await budgetLines(ctx, start, end), args.target_acos, account, (n) => money(n, ctx.account.currency));
    if (!advice.length)
      throw new ToolError('No enabled campaign to share a budget between. Resume campaigns with resume_retailads_campaigns first.');
    const currentTotal = advice.reduce((s, a) => s + a.daily_budget, 0);
    const newTotal = args.total_daily_budget ?? currentTotal;
    // Campaigns above the target, without sales or losers keep at most their current budget (and give up what they leave idle).
    const aboveTarget = (a: BudgetAdvice) => a.no_more_budget;
    const wanted = advice.map((a) => (aboveTarget(a) ? Math.min(a.daily_budget, a.recommended_budget) : a.recommended_budget));
    const wantedTotal = wanted.reduce((s, w) => s + w, 0);
    let allocation = wanted.map((w) => Math.max(1, Math.floor((w * newTotal) / wantedTotal)));
    // None of them gains from the scaling: cap them, and give the rest to the efficient ones.
    allocation = allocation.map((x, i) => (aboveTarget(advice[i]!) ? Math.min(x, advice[i]!.daily_budget) : x));
    let left = Math.floor(newTotal - allocation.reduce((s, x) => s + x, 0));
    const receivers = advice
      .map((a, i) => ({ a, i }))
      .filter(({ a }) => !aboveTarget(a))
      .sort((x, y) => (x.a.acos ?? 999) - (y.a.acos ?? 999));
    for (let k = 0; left > 0 && receivers.length; k++, left--) allocation[receivers[k % receivers.length]!.i]! += 1;
    const result = advice.map((a, i) => ({
      ...a,
      recommended_budget: allocation[i]!,
      action:
        allocation[i]! > a.daily_budget ? ('raise' as const) : allocation[i]! < a.daily_budget ? ('lower' as const) : ('keep' as const),
    }));
    const currency = ctx.account.currency;
    const text = [
      `## Budget reallocation, ${money(currentTotal, currency)} → ${money(
        result.reduce((s, r) => s + r.recommended_budget, 0),
        currency,
      )} a day`,
      '',
      markdownTable(
        ['Campaign', 'Budget', 'New budget', 'ACOS', 'Days at budget', 'Why'],
        result.map((r) => [
          r.campaign_name,
          money(r.daily_budget, currency),
          money(r.recommended_budget, currency),
          acosText(r.acos),
          `${r.capped_days} of ${r.days}`,
          r.reason,
        ]),
      ),
      '',
      'Nothing changed yet: apply with update_retailads_campaigns (structured.actions), dry_run first to see every budget before and after.',
    ].join('\n');
    return {
      text,
      structured: {
        profile_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        current_total: currentTotal,
        new_total: result.reduce((s, r) => s + r.recommended_budget, 0),
        allocation: result,
        actions: budgetAction(result),
      },
    };
  },
});
