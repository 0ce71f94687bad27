import * as v from 'valibot';
import { deskAdsDailyBudget } from '../money';
import { ToolError } from '../../../core/errors';
import { addDays, lastReportDay, reportingZone } from '../../../core/dates';
import { markdownTable, money, percent } from '../../../core/markdown';
import { defineDeskAdsTool } from '../define';
import {
  applyDeskAdsListFilters,
  deskadsListFilterArgs,
  deskadsListFilterRules,
  pagingSummary,
  type DeskAdsListOptions,
} from '../list-filters';
import { BUDGET_TYPES } from '../port-rest';
import { idArgument } from './shared';
import { budgetSourceNote, budgetUse, isLimitedDay, LIMITED_DAY_SHARE, type BudgetDay } from '../../../core/budget-limited';
import { budgetSourceOf, ownBudgetDays, sharedBudgetDays, sharedBudgetRows } from './shared-budget-days';

/** deskads budgets: every campaign's own daily budget and the shared budgets (Budget entity) with their pacing. */

/** The platform may spend up to this many daily budgets in a calendar month whose budget never changed. */
const MONTHLY_FACTOR = 30.4;
/** The monthly limit rule in words (tool description and docs/platforms.md say the same). */
const MONTHLY_LIMIT_RULE = `monthly_limit is ${MONTHLY_FACTOR} × the daily amount while every past day of the month had today's amount; once the amount changed during the month, it is what the budget spent this month so far (month_to_date) plus today's amount × the days left in the month, today included (the platform's own rule for a daily budget changed mid-month); month_to_date_limit is the sum of each past day's amount this month, over the days it ran`;

/**
 * What a budget may spend this month (Microsoft Advertising's daily budget): the sum of the amounts of
 * the month's past days it ran, and the month's limit (see MONTHLY_LIMIT_RULE).
 */
function monthLimits(monthDays: readonly BudgetDay[], amount: number, daysLeft: number, spentThisMonth: number) {
  const cents = (n: number) => Math.round(n * 100) / 100;
  const monthToDateLimit = cents(monthDays.reduce((t, d) => t + (d.budget ?? amount), 0));
  const changed = monthDays.some((d) => d.budget !== undefined && d.budget !== amount);
  return {
    month_to_date_limit: monthToDateLimit,
    monthly_limit: changed ? cents(spentThisMonth + amount * daysLeft) : cents(amount * MONTHLY_FACTOR),
  };
}
const MIN_AMOUNT = 0.05;

/**
 * The campaigns of a budget as they drew on it over [from, to]: each with the budget's whole daily amount (a
 * shared budget is one pool its campaigns share by demand, never an even split), its spend out of the budget in
 * those days (`drawn`: its rows that drew on this budget) and its share of the budget's spend (null when the
 * budget spent nothing).
 */
function budgetCampaigns(
  members: readonly { id: string; name: string; status: string }[],
  amount: number,
  drawn: readonly { date?: string; campaign_id: string; spend: number }[],
  from: string,
  to: string,
) {
  const cents = new Map<string, number>();
  for (const r of drawn)
    if (r.date && r.date >= from && r.date <= to) cents.set(r.campaign_id, (cents.get(r.campaign_id) ?? 0) + Math.round(r.spend * 100));
  const total = [...cents.values()].reduce((t, n) => t + n, 0);
  return members.map((c) => ({
    id: c.id,
    name: c.name,
    status: c.status,
    daily_budget: amount,
    spent_last_7: (cents.get(c.id) ?? 0) / 100,
    share_of_spend_last_7: total > 0 ? Math.round(((cents.get(c.id) ?? 0) / total) * 100) / 100 : null,
  }));
}

interface BudgetRow extends Record<string, unknown> {
  id: string;
  name: string;
  type: 'Shared' | 'Campaign';
  budget_type: string;
  status: string;
  amount: number;
  campaign_count: number;
  spent_yesterday: number;
  spent_last_7: number;
  month_to_date: number;
  month_to_date_limit: number;
  monthly_limit: number;
  limited_days_last_7: number;
  limited_by_budget: boolean;
  start_date: string | null;
}

const OPTIONS: DeskAdsListOptions<BudgetRow> = {
  fields: [
    'id',
    'name',
    'type',
    'budget_type',
    'status',
    'amount',
    'campaign_count',
    'spent_yesterday',
    'spent_last_7',
    'month_to_date',
    'month_to_date_limit',
    'monthly_limit',
    'limited_days_last_7',
    'limited_by_budget',
    'start_date',
  ],
  statuses: ['Active', 'Paused', 'Deleted', 'Unused'],
  types: ['Shared', 'Campaign'],
  defaultSort: 'name',
  queryHint: 'budget name, id and campaign names',
};

export const listDeskAdsBudgets = defineDeskAdsTool({
  name: 'list_deskads_budgets',
  description: `Lists the budgets of a deskads account: each shared budget (one daily amount several campaigns draw on) and each campaign's own daily budget, with pacing: spent yesterday, month to date against the amounts of the month's past days (month_to_date_limit) and the monthly limit (${MONTHLY_LIMIT_RULE}), and whether the budget limited delivery (a day spending ${LIMITED_DAY_SHARE * 100} % or more of that day's budget) in the last 7 days, and what it spent in them (spent_last_7). Each budget lists its campaigns: a shared budget's campaigns each draw on its whole daily amount (daily_budget; they share it by demand, not evenly), with what each spent out of it in the last 7 days (spent_last_7) and its share of the budget's spend (share_of_spend_last_7, null when the budget spent nothing). Each past day is judged with the amount in force that day (a shared budget: its campaigns' spend that day against its amount that day), so a change made today never rewrites a past day; budget_source says so (each_day) or that today's amounts were used (today). Figures are collected nightly, so today is not in them. Takes the shared deskads list filters (type_filter Shared or Campaign; status Active, Paused, Deleted or Unused).`,
  access: 'read',
  args: { ...deskadsListFilterArgs(OPTIONS) },
  rules: deskadsListFilterRules(OPTIONS),
  output: v.object({
    account_id: v.string(),
    currency: v.string(),
    yesterday: v.string(),
    month_start: v.string(),
    budget_source: v.picklist(['each_day', 'today']),
    total: v.number(),
    filtered: v.number(),
    offset: v.number(),
    limit: v.number(),
    has_more: v.boolean(),
    budgets: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        type: v.picklist(['Shared', 'Campaign']),
        budget_type: v.picklist(BUDGET_TYPES),
        status: v.string(),
        amount: v.number(),
        campaigns: v.array(
          v.object({
            id: v.string(),
            name: v.string(),
            status: v.string(),
            daily_budget: v.number(),
            spent_last_7: v.number(),
            share_of_spend_last_7: v.nullable(v.number()),
          }),
        ),
        spent_yesterday: v.number(),
        spent_last_7: v.number(),
        month_to_date: v.number(),
        month_to_date_limit: v.number(),
        monthly_limit: v.number(),
        limited_days_last_7: v.number(),
        limited_by_budget: v.boolean(),
        start_date: v.nullable(v.string()),
      }),
    ),
  }),
  async run(args, ctx) {
    const yesterday = lastReportDay(ctx.now, reportingZone(ctx.account));
    const today = addDays(yesterday, 1);
    const monthStart = `${today.slice(0, 7)}-01`;
    const [year, month] = today.split('-').map(Number) as [number, number];
    // Days left in the month, today included (day 0 of the next month is this month's last day).
    const daysLeft = new Date(Date.UTC(year, month, 0)).getUTCDate() - Number(today.slice(8)) + 1;
    const weekStart = addDays(yesterday, -6);
    const from = monthStart < weekStart ? monthStart : weekStart;
    const [campaigns, shared, rows] = await Promise.all([
      ctx.platform.listCampaignSettings(),
      ctx.platform.listBudgets(),
      ctx.platform.getReport({ report_type: 'CampaignPerformance', aggregation: 'Daily', start_date: from, end_date: yesterday }),
    ]);
    // Each past day is judged with the amount in force that day (./shared-budget-days.ts): a campaign's own
    // budget from its row's daily_budget; a shared budget from the rows of the campaigns that drew on it
    // that day, which carry its amount that day. A platform that reports neither is judged with today's.
    const budgetSource = budgetSourceOf(rows);
    // A campaign's days on its own budget (a day it drew on a shared budget is that budget's day).
    const ownRows = (id: string) => rows.filter((r) => r.campaign_id === id && !r.shared_budget_id);
    const pacing = (days: BudgetDay[], amount: number) => {
      const spendOver = (test: (date: string) => boolean) =>
        Math.round(days.filter((d) => test(d.date)).reduce((t, d) => t + d.spend, 0) * 100) / 100;
      const week = days.filter((d) => d.date >= weekStart && d.date <= yesterday);
      const last = days.find((d) => d.date === yesterday);
      const monthToDate = spendOver((d) => d >= monthStart && d <= yesterday);
      return {
        spent_yesterday: spendOver((d) => d === yesterday),
        spent_last_7: spendOver((d) => d >= weekStart && d <= yesterday),
        month_to_date: monthToDate,
        ...monthLimits(
          days.filter((d) => d.date >= monthStart && d.date <= yesterday),
          amount,
          daysLeft,
          monthToDate,
        ),
        limited_days_last_7: budgetUse(week).limited_days,
        limited_by_budget: !!last && isLimitedDay(last.spend, last.budget),
      };
    };
    const statusOf = (members: { status: string }[]) =>
      !members.length
        ? 'Unused'
        : members.some((c) => c.status === 'Active')
          ? 'Active'
          : members.every((c) => c.status === 'Deleted')
            ? 'Deleted'
            : 'Paused';
    const listed = [
      ...shared.map((b) => {
        const members = campaigns.filter((c) => b.campaign_ids.includes(c.id));
        const start = members.map((c) => c.start_date).sort()[0] ?? null;
        return {
          id: b.id,
          name: b.name,
          type: 'Shared' as const,
          budget_type: b.budget_type,
          status: statusOf(members),
          amount: b.amount,
          campaigns: budgetCampaigns(members, b.amount, sharedBudgetRows(rows, b, budgetSource), weekStart, yesterday),
          ...pacing(sharedBudgetDays(rows, b, budgetSource), b.amount),
          start_date: start,
        };
      }),
      ...campaigns
        .filter((c) => !c.budget_id)
        .map((c) => ({
          id: c.id,
          name: c.name,
          type: 'Campaign' as const,
          budget_type: c.budget_type ?? 'DailyBudgetStandard',
          status: c.status,
          amount: c.daily_budget,
          campaigns: budgetCampaigns([c], c.daily_budget, ownRows(c.id), weekStart, yesterday),
          // Its own budget's days only: a day it drew on a shared budget is that budget's day.
          ...pacing(ownBudgetDays(ownRows(c.id), c), c.daily_budget),
          start_date: c.start_date,
        })),
    ];
    const flat: BudgetRow[] = listed.map(({ campaigns: members, ...r }) => ({
      ...r,
      campaign_count: members.length,
      name: r.name,
      searchable_campaigns: members.map((m) => m.name).join(' '),
    }));
    const page = applyDeskAdsListFilters(flat, args, {
      searchable: ['name', 'id', 'searchable_campaigns' as keyof BudgetRow & string],
      status: 'status',
      type: 'type',
      start: 'start_date',
    });
    const byId = new Map(listed.map((b) => [`${b.type}|${b.id}`, b]));
    const budgets = page.rows.map((r) => byId.get(`${r.type}|${r.id}`)!);
    const currency = ctx.account.currency;
    const limited = budgets.filter((b) => b.limited_days_last_7 >= 3 && b.status === 'Active');
    const pools = budgets.filter((b) => b.type === 'Shared' && b.campaigns.length);
    const text = [
      `## Budgets of account ${ctx.account.account_id} (figures through ${yesterday})`,
      '',
      pagingSummary(page),
      '',
      budgets.length
        ? markdownTable(
            [
              'Budget',
              'Id',
              'Type',
              'Status',
              'Daily',
              'Campaigns',
              'Yesterday',
              'Month to date',
              'Past days limit',
              'Monthly limit',
              'Limited days (7)',
            ],
            budgets.map((b) => [
              b.name,
              b.id,
              b.type,
              b.status,
              money(b.amount, currency),
              b.type === 'Shared' ? b.campaigns.map((c) => c.name).join(', ') || '(none)' : '-',
              money(b.spent_yesterday, currency),
              money(b.month_to_date, currency),
              money(b.month_to_date_limit, currency),
              money(b.monthly_limit, currency),
              b.limited_days_last_7,
            ]),
          )
        : 'No budget matches these filters.',
      ...(pools.length
        ? [
            '',
            `### Campaigns of the shared budgets, ${weekStart} to ${yesterday}`,
            '',
            "Each campaign draws on the whole daily amount of its shared budget, which its campaigns share by demand (no even split): what each spent out of it, and its share of the budget's spend.",
            '',
            markdownTable(
              ['Budget', 'Daily', 'Campaign', 'Id', 'Status', 'Spent', 'Share'],
              pools.flatMap((b) =>
                b.campaigns.map((c) => [
                  b.name,
                  money(b.amount, currency),
                  c.name,
                  c.id,
                  c.status,
                  money(c.spent_last_7, currency),
                  percent(c.share_of_spend_last_7, 0),
                ]),
              ),
            ),
          ]
        : []),
      ...(limited.length
        ? [
            '',
            `Limited by budget on 3 or more of the last 7 days: ${limited.map((b) => `"${b.name}"`).join(', ')}. If their cost per conversion is good, raise them (shared: update_deskads_budget; own budget: update_deskads_campaign).`,
          ]
        : []),
      '',
      "Today's spend is collected overnight and shows here tomorrow.",
      ...(budgetSourceNote(budgetSource) ? [budgetSourceNote(budgetSource)] : []),
    ].join('\n');
    return {
      text,
      structured: {
        account_id: ctx.account.account_id,
        currency,
        yesterday,
        month_start: monthStart,
        budget_source: budgetSource,
        total: page.total,
        filtered: page.filtered,
        offset: page.offset,
        limit: page.limit,
        has_more: page.has_more,
        budgets,
      },
    };
  },
});

export const updateDeskAdsBudget = defineDeskAdsTool({
  name: 'update_deskads_budget',
  description:
    "Changes the daily amount of a shared budget (list_deskads_budgets, type Shared). Its campaigns draw on the new amount together from now on, shared by demand (each campaign's daily_budget is the whole amount); past days keep what they spent. A campaign's own budget is changed with update_deskads_campaign.",
  access: 'write',
  examples: [{ budget_id: '<budget_id from list_deskads_budgets>', amount: 45 }],
  args: {
    budget_id: idArgument('shared budget', 'list_deskads_budgets'),
    amount: v.pipe(
      v.number(),
      v.minValue(MIN_AMOUNT, `must be at least ${MIN_AMOUNT}`),
      v.maxValue(1_000_000, 'must be at most 1000000'),
      v.description(`New daily amount in account currency, at least ${MIN_AMOUNT}`),
    ),
  },
  output: v.object({
    account_id: v.string(),
    budget_id: v.string(),
    name: v.string(),
    before: v.number(),
    after: v.number(),
    changed: v.boolean(),
    campaigns: v.array(v.object({ id: v.string(), name: v.string(), daily_budget: v.number() })),
  }),
  async plan(args, ctx) {
    const budgets = await ctx.platform.listBudgets();
    const budget = budgets.find((b) => b.id === args.budget_id);
    if (!budget) {
      const campaign = (await ctx.platform.listCampaigns()).find((c) => c.id === args.budget_id);
      if (campaign)
        throw new ToolError(
          `${args.budget_id} is campaign "${campaign.name}", which has its own daily budget; change it with update_deskads_campaign (daily_budget). update_deskads_budget changes shared budgets.`,
        );
      throw new ToolError(
        `No shared budget ${args.budget_id} in account ${ctx.account.account_id}. list_deskads_budgets (type_filter Shared) lists the valid ids.`,
        { code: 'not_found' },
      );
    }
    const amount = deskAdsDailyBudget(args.amount, ctx.account.currency, 'amount');
    const data = { id: budget.id, name: budget.name, before: budget.amount, after: amount, campaign_count: budget.campaign_ids.length };
    if (amount === budget.amount)
      return { summary: `Shared budget "${budget.name}" is already ${amount}; nothing changes`, changes: [], data };
    const currency = ctx.account.currency;
    return {
      summary: `Change shared budget "${budget.name}" (${budget.id}) from ${money(budget.amount, currency)} to ${money(amount, currency)} a day`,
      changes: [
        {
          action: 'update' as const,
          entity: 'budget',
          id: budget.id,
          name: budget.name,
          fields: { amount: { before: budget.amount, after: amount } },
        },
      ],
      budgets: [{ entity: 'budget', id: budget.id, name: budget.name, before: budget.amount, after: amount, currency }],
      notes: budget.campaign_ids.length
        ? [`Its ${budget.campaign_ids.length} campaign(s) share the new amount from now on.`]
        : ['No campaign uses this budget yet: the change has no effect on spend until one does.'],
      data,
    };
  },
  async apply(plan, _args, ctx) {
    const { id, name, before, after } = plan.data;
    const base = { account_id: ctx.account.account_id, budget_id: id, name, before };
    if (!plan.changes.length)
      return {
        text: `## Shared budget "${name}" unchanged\n\nIt is already ${money(after, ctx.account.currency)} a day.`,
        structured: { ...base, after, changed: false, campaigns: [] },
      };
    const updated = await ctx.platform.updateBudget(id, after, before);
    const campaigns = (await ctx.platform.listCampaigns())
      .filter((c) => updated.campaign_ids.includes(c.id))
      .map((c) => ({ id: c.id, name: c.name, daily_budget: updated.amount }));
    const currency = ctx.account.currency;
    return {
      text: [
        `## Shared budget "${name}" changed`,
        '',
        `Daily amount: ${money(before, currency)} → ${money(updated.amount, currency)}.`,
        ...(campaigns.length
          ? [
              '',
              `Its campaigns draw on the whole ${money(updated.amount, currency)} together, shared by demand (no even split):`,
              '',
              markdownTable(
                ['Campaign', 'Id'],
                campaigns.map((c) => [c.name, c.id]),
              ),
            ]
          : []),
        '',
        'Past days keep what they spent; the pacing shows in list_deskads_budgets from tomorrow.',
      ].join('\n'),
      structured: { ...base, after: updated.amount, changed: true, campaigns },
    };
  },
  undo: (plan) =>
    plan.changes.length ? { tool: 'update_deskads_budget', arguments: { budget_id: plan.data.id, amount: plan.data.before } } : undefined,
});

export const deskAdsBudgetTools = [listDeskAdsBudgets, updateDeskAdsBudget];
