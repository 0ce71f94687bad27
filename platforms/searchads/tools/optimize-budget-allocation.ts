import * as v from 'valibot';
import { type MetricTotals } from '../../../core/metrics';
import { markdownTable, money, percent } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { campaignIdArg, dateRangeArgs, dateRangeRule, totalsBy, totalsByKey } from './common';
import { reportWindow } from '../../../core/report-window';
import {
  budgetDaysOf,
  budgetSourceNote,
  budgetUse,
  BUDGET_LIMITED_RULE,
  withSharedBudgetSpend,
  type BudgetSource,
  type BudgetUse,
} from '../../../core/budget-limited';

/**
 * Budget shifts across running campaigns that keep the total daily budget and move money from
 * where it buys least to where it is limited and buys most. A campaign is budget-limited as
 * core/budget-limited.ts defines it (enough of its days reached that day's own budget); a donor
 * either leaves budget unused (spends under 60 % of its days' budgets) or pays 25 % more per conversion than the campaigns
 * judged together (or converts nothing after twice their CPA). Each move is at most
 * max_shift_percent of a campaign's budget. The projection is an estimate: added budget buys
 * conversions at 75 % of the recipient's current rate (returns diminish as a campaign grows), and a
 * donor loses only what it would really have spent.
 */

const UNDERSPENDING = 0.6;
const EXPENSIVE = 1.25;
const DIMINISHING = 0.75;
const cents = (n: number) => Math.round(n * 100) / 100;

/** What one budget is judged on: a campaign's own budget, or a shared budget with the running campaigns on it. */
interface Judged {
  /** The campaign whose budget this is (on a shared budget, the one with the most conversions: a budget call names it). */
  id: string;
  name: string;
  /** The running campaigns drawing on this budget. */
  members: string[];
  shared: { id: string; name: string } | null;
  budget: number;
  figures: MetricTotals;
  avgDailySpend: number;
  /** Spend over the budgets of the days it ran, each day's own (core/budget-limited.ts). */
  utilisation: number;
  use: BudgetUse;
  /** Spend per conversion (goal conversions) or spend per unit of value (goal conversion_value). */
  costPerResult: number | null;
}

export const optimizeBudgetAllocation = defineSearchAdsTool({
  name: 'optimize_budget_allocation',
  description: `Recommends daily budget shifts across running campaigns that keep the total budget and maximise conversions (or conversion value): budget-limited campaigns that convert below the account CPA (above its ROAS) gain, campaigns that leave budget unused or convert expensively give, each by at most max_shift_percent. ${BUDGET_LIMITED_RULE} Shows the projected daily change and the update_campaign_budget calls that make it; changes nothing itself.`,
  access: 'read',
  args: {
    ...dateRangeArgs(),
    goal: v.optional(
      v.pipe(
        v.picklist(['conversions', 'conversion_value'], 'must be conversions or conversion_value'),
        v.description('What to maximise: conversions (default) or conversion_value'),
      ),
      'conversions',
    ),
    max_shift_percent: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(5, 'must be at least 5'),
        v.maxValue(50, 'must be at most 50'),
        v.description("Largest change of one campaign's budget, 5-50 %, default 20"),
      ),
      20,
    ),
    min_conversions: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0),
        v.maxValue(10_000),
        v.description('Conversions a campaign needs over the window before it can gain budget, default 3'),
      ),
      3,
    ),
    campaign_ids: v.optional(
      v.pipe(
        v.array(campaignIdArg()),
        v.minLength(2, 'must list at least 2 campaigns'),
        v.maxLength(100, 'must list at most 100 campaigns'),
        v.description('Only these campaigns (2-100); default every running campaign'),
      ),
    ),
  },
  rules: [dateRangeRule],
  output: v.object({
    customer_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    goal: v.string(),
    budget_source: v.picklist(['each_day', 'today']),
    total_daily_budget: v.number(),
    moved_daily_budget: v.number(),
    campaigns: v.array(
      v.object({
        campaign_id: v.string(),
        name: v.string(),
        /** The shared budget it draws on with others: the budget, its verdict and its move are theirs together. */
        shared_budget: v.nullable(v.object({ id: v.string(), name: v.string() })),
        role: v.picklist(['gains', 'gives', 'keeps']),
        reason: v.string(),
        current_daily_budget: v.number(),
        proposed_daily_budget: v.number(),
        average_daily_spend: v.number(),
        budget_utilisation: v.number(),
        limited_days: v.number(),
        days: v.number(),
        limited_by_budget: v.boolean(),
        cpa: v.nullable(v.number()),
        roas: v.nullable(v.number()),
        conversions: v.number(),
      }),
    ),
    projected_daily_change: v.object({ conversions: v.number(), conversion_value: v.number() }),
    calls: v.array(
      v.object({
        tool: v.literal('update_campaign_budget'),
        arguments: v.object({ customer_id: v.string(), campaign_id: v.string(), daily_budget: v.number() }),
      }),
    ),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const days = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
    const [all, report] = await Promise.all([ctx.platform.listCampaigns(), ctx.platform.getReport('campaign', start, end)]);
    if (args.campaign_ids) {
      const known = new Set(all.map((c) => c.id));
      const unknown = args.campaign_ids.filter((id) => !known.has(id));
      if (unknown.length) await ctx.platform.getCampaign(unknown[0]!);
    }
    const figures = totalsBy(report, 'campaign_id');
    let budgetSource: BudgetSource = 'each_day';
    const value = args.goal === 'conversion_value';
    // Campaigns on a shared budget are judged with the spend of all of them each day (core/budget-limited.ts).
    const pooled = withSharedBudgetSpend(report);
    const sharedBudgets = await ctx.platform.listSharedBudgets();
    const sharedOf = (id: string) => sharedBudgets.find((b) => b.campaign_ids.includes(id));
    // Campaigns that run now and are judged on conversions; video campaigns are judged on views.
    const running = all
      .filter(
        (c) =>
          c.status === 'ENABLED' && c.type !== 'VIDEO' && c.budget_amount > 0 && c.start_date <= end && (!c.end_date || c.end_date > end),
      )
      .filter((c) => !args.campaign_ids || args.campaign_ids.includes(c.id));
    // One budget, one unit: a campaign with its own budget, or the running campaigns on one shared budget
    // (its amount is theirs together: moving budget in or out of it changes it for all of them).
    const unitOf = (id: string) => sharedOf(id)?.id ?? id;
    const unitFigures = totalsByKey(report, (r) => (running.some((c) => c.id === r.campaign_id) ? unitOf(r.campaign_id!) : undefined));
    const units = new Map<string, typeof running>();
    for (const c of running) units.set(unitOf(c.id), [...(units.get(unitOf(c.id)) ?? []), c]);
    const judged: Judged[] = [...units].map(([key, members]) => {
      const lead = [...members].sort((a, b) => figures(b.id).conversions - figures(a.id).conversions || a.id.localeCompare(b.id))[0]!;
      const shared = sharedOf(lead.id);
      const f = unitFigures(key);
      const avgDailySpend = cents(f.spend / days);
      const result = value ? f.revenue : f.conversions;
      // A shared budget's day is on each of its campaigns' rows (with the spend of all of them): one row a day.
      const unitRows = pooled.filter((r) => members.some((m) => m.id === r.campaign_id));
      const budgetDays = budgetDaysOf(
        unitRows.filter((r, i) => unitRows.findIndex((x) => x.date === r.date) === i),
        lead.budget_amount,
      );
      if (budgetDays.days.length && budgetDays.source === 'today') budgetSource = 'today';
      const use = budgetUse(budgetDays.days);
      return {
        id: lead.id,
        name: shared ? `shared budget "${shared.name}"` : lead.name,
        members: members.map((m) => m.id),
        shared: shared ? { id: shared.id, name: shared.name } : null,
        budget: lead.budget_amount,
        figures: f,
        avgDailySpend,
        utilisation: use.usage,
        use,
        costPerResult: result > 0 ? f.spend / result : null,
      };
    });
    const spend = judged.reduce((s, c) => s + c.figures.spend, 0);
    const results = judged.reduce((s, c) => s + (value ? c.figures.revenue : c.figures.conversions), 0);
    const accountCost = results > 0 ? spend / results : null;
    const share = args.max_shift_percent / 100;

    const gains = new Map<string, { cap: number; reason: string }>();
    const gives = new Map<string, { cut: number; reason: string }>();
    for (const c of judged) {
      const limited = c.use.limited;
      if (
        limited &&
        accountCost !== null &&
        c.costPerResult !== null &&
        c.costPerResult <= accountCost &&
        c.figures.conversions >= args.min_conversions
      ) {
        gains.set(c.id, {
          cap: cents(c.budget * share),
          reason: `budget-limited (at its budget on ${c.use.limited_days} of ${c.use.days} days) and ${value ? `returns ${(1 / c.costPerResult).toFixed(2)} per unit spent` : `converts at ${money(c.costPerResult, ctx.account.currency)}`}, better than the account`,
        });
        continue;
      }
      const headroom = cents(c.budget - c.avgDailySpend);
      if (c.utilisation < UNDERSPENDING && headroom >= 1) {
        gives.set(c.id, {
          cut: Math.min(cents(c.budget * share), cents(headroom), cents(c.budget - 1)),
          reason: `leaves budget unused (spends ${percent(c.utilisation, 0)} of it)`,
        });
      } else if (
        accountCost !== null &&
        ((c.costPerResult === null && c.figures.spend >= 2 * accountCost) ||
          (c.costPerResult !== null && c.costPerResult >= EXPENSIVE * accountCost))
      ) {
        gives.set(c.id, {
          cut: Math.min(cents(c.budget * share), cents(c.budget - 1)),
          reason:
            c.costPerResult === null
              ? `spent ${money(c.figures.spend, ctx.account.currency)} without a ${value ? 'conversion value' : 'conversion'}`
              : `${value ? 'returns' : 'converts at'} ${value ? (1 / c.costPerResult).toFixed(2) : money(c.costPerResult, ctx.account.currency)}, ${value ? 'below' : 'above'} the account's ${value ? (1 / accountCost).toFixed(2) : money(accountCost, ctx.account.currency)}`,
        });
      }
    }
    const pool = [...gives.values()].reduce((s, g) => s + g.cut, 0);
    const room = [...gains.values()].reduce((s, g) => s + g.cap, 0);
    const moved = cents(Math.min(pool, room));
    // Scale both sides to what can move, then put the rounding remainder on the largest move so totals stay equal.
    const scaledCuts = new Map([...gives].map(([id, g]) => [id, pool > 0 ? cents((g.cut * moved) / pool) : 0]));
    const recipients = judged.filter((c) => gains.has(c.id));
    const weight = (c: Judged) => (value ? c.figures.revenue : c.figures.conversions);
    const totalWeight = recipients.reduce((s, c) => s + weight(c), 0);
    const adds = new Map<string, number>();
    let left = moved;
    for (const c of [...recipients].sort((a, b) => weight(b) - weight(a))) {
      const add = Math.min(
        gains.get(c.id)!.cap,
        cents(totalWeight > 0 ? (moved * weight(c)) / totalWeight : moved / recipients.length),
        cents(left),
      );
      adds.set(c.id, add);
      left = cents(left - add);
    }
    for (const c of recipients) {
      if (left <= 0) break;
      const room2 = cents(gains.get(c.id)!.cap - adds.get(c.id)!);
      const extra = Math.min(room2, left);
      adds.set(c.id, cents(adds.get(c.id)! + extra));
      left = cents(left - extra);
    }
    const cutTotal = cents([...scaledCuts.values()].reduce((s, n) => s + n, 0));
    const addTotal = cents([...adds.values()].reduce((s, n) => s + n, 0));
    if (cutTotal !== addTotal && scaledCuts.size) {
      const [largest] = [...scaledCuts].sort((a, b) => b[1] - a[1]);
      scaledCuts.set(largest![0], cents(largest![1] + addTotal - cutTotal));
    }

    let projectedConversions = 0;
    let projectedValue = 0;
    const rows = judged.flatMap((c) => {
      const add = adds.get(c.id) ?? 0;
      const cut = scaledCuts.get(c.id) ?? 0;
      const proposed = cents(c.budget + add - cut);
      const convRate = c.figures.spend > 0 ? c.figures.conversions / c.figures.spend : 0;
      const valueRate = c.figures.spend > 0 ? c.figures.revenue / c.figures.spend : 0;
      if (add > 0) {
        projectedConversions += add * convRate * DIMINISHING;
        projectedValue += add * valueRate * DIMINISHING;
      }
      if (cut > 0) {
        const lostSpend = Math.max(0, c.avgDailySpend - proposed);
        projectedConversions -= lostSpend * convRate;
        projectedValue -= lostSpend * valueRate;
      }
      const role = add > 0 ? ('gains' as const) : cut > 0 ? ('gives' as const) : ('keeps' as const);
      const campaignName = (id: string) => all.find((x) => x.id === id)!.name;
      return c.members.map((memberId) => ({
        campaign_id: memberId,
        name: campaignName(memberId),
        shared_budget: c.shared,
        role,
        reason:
          role === 'gains'
            ? gains.get(c.id)!.reason
            : role === 'gives'
              ? gives.get(c.id)!.reason
              : c.use.limited
                ? `budget-limited (at its budget on ${c.use.limited_days} of ${c.use.days} days), but does not convert better than the account`
                : "spends its budget at about the account's rate",
        current_daily_budget: c.budget,
        proposed_daily_budget: proposed,
        average_daily_spend: c.members.length > 1 ? cents(figures(memberId).spend / days) : c.avgDailySpend,
        budget_utilisation: c.utilisation,
        limited_days: c.use.limited_days,
        days: c.use.days,
        limited_by_budget: c.use.limited,
        cpa: figures(memberId).cpa,
        roas: figures(memberId).roas,
        conversions: figures(memberId).conversions,
      }));
    });
    // One call a budget: on a shared budget, update_campaign_budget on one of its campaigns changes it for all.
    const calls = judged
      .filter((c) => (adds.get(c.id) ?? 0) > 0 || (scaledCuts.get(c.id) ?? 0) > 0)
      .map((c) => ({
        tool: 'update_campaign_budget' as const,
        arguments: {
          customer_id: ctx.account.account_id,
          campaign_id: c.id,
          daily_budget: rows.find((r) => r.campaign_id === c.id)!.proposed_daily_budget,
        },
      }));
    const currency = ctx.account.currency;
    const total = cents(judged.reduce((s, c) => s + c.budget, 0));
    const projected = { conversions: Math.round(projectedConversions * 100) / 100, conversion_value: cents(projectedValue) };
    const text = [
      `## Budget allocation, judged on ${start} to ${end}`,
      '',
      judged.length < 2
        ? 'Fewer than two running campaigns: there is nothing to shift between.'
        : moved > 0
          ? `Move ${money(moved, currency)} a day of ${money(total, currency)} (the total stays the same). Estimated effect: ${projected.conversions >= 0 ? '+' : ''}${projected.conversions} conversions a day${value ? ` and ${projected.conversion_value >= 0 ? '+' : ''}${money(projected.conversion_value, currency)} value` : ''} (added budget assumed to convert at 75 % of the current rate).`
          : gains.size === 0
            ? 'No campaign is both budget-limited and converting better than the account: more budget would not buy cheaper results. Keep the budgets.'
            : 'No campaign has budget to give: every one spends its budget at or below the account CPA. Raise the total budget to grow the limited ones.',
      '',
      markdownTable(
        ['Campaign', 'Role', 'Budget now', 'Proposed', 'Avg spend/day', 'Uses', 'Days at budget', value ? 'ROAS' : 'CPA', 'Why'],
        rows.map((r) => [
          r.name,
          r.role,
          money(r.current_daily_budget, currency),
          money(r.proposed_daily_budget, currency),
          money(r.average_daily_spend, currency),
          percent(r.budget_utilisation, 0),
          `${r.limited_days} of ${r.days}`,
          value ? r.roas : money(r.cpa, currency),
          r.reason,
        ]),
      ),
      '',
      ...(budgetSourceNote(budgetSource) ? [budgetSourceNote(budgetSource), ''] : []),
      calls.length
        ? `To apply: ${calls.map((c) => `update_campaign_budget {"campaign_id": "${c.arguments.campaign_id}", "daily_budget": ${c.arguments.daily_budget}}`).join('; ')}. Nothing was changed.`
        : 'Nothing to apply.',
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        goal: args.goal,
        budget_source: budgetSource,
        total_daily_budget: total,
        moved_daily_budget: addTotal,
        campaigns: rows,
        projected_daily_change: projected,
        calls,
      },
    };
  },
});
