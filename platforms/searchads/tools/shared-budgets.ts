import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable, money, percent } from '../../../core/markdown';
import { budgetUse, sharedBudgetDays, withSharedBudgetSpend, BUDGET_LIMITED_RULE, type BudgetUse } from '../../../core/budget-limited';
import { reportWindow, type ReportWindow } from '../../../core/report-window';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsCampaign, SearchAdsPort } from '../port';
import type { SearchAdsSharedBudget } from '../port-bidding';
import type { SearchAdsReportRow } from '../port-types';
import { campaignIdArg, listing, requireLiveCampaign } from './common';

/**
 * Shared budgets: one explicitly shared campaign budget (delivery STANDARD) that several campaigns
 * draw from. A campaign moved onto one shows the shared amount as its daily budget; changing that
 * amount (update_campaign_budget on any of them) changes it for all of them.
 */

/** Campaign types that cannot use a shared budget (the platform refuses them). */
const CANNOT_SHARE = ['PERFORMANCE_MAX'];

const budgetIdArg = () =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,19}$/, 'must be a numeric budget id (from list_shared_budgets)'),
    v.description('Shared budget id from list_shared_budgets'),
  );
const campaignRef = v.object({ id: v.string(), name: v.string(), type: v.string(), status: v.string() });
const budgetOutput = v.object({
  id: v.string(),
  name: v.string(),
  daily_amount: v.number(),
  delivery_method: v.string(),
  resource_name: v.string(),
  campaigns: v.array(campaignRef),
});
/** How the pool used its amount over the window (list_shared_budgets only). */
const poolOutput = v.object({
  limited_by_budget: v.boolean(),
  limited_days: v.number(),
  days: v.number(),
  spend: v.number(),
  usage: v.number(),
});

/** The window list_shared_budgets judges pools over: the last 7 full days, as list_recommendations does. */
const POOL_DAYS = 7;

/** How one shared budget's pool used its amount: its campaigns together each day against that day's amount. */
function poolUse(pooledRows: SearchAdsReportRow[], b: SearchAdsSharedBudget): BudgetUse {
  return budgetUse(sharedBudgetDays(pooledRows, b.id, b.amount).days);
}

function poolView(use: BudgetUse) {
  return { limited_by_budget: use.limited, limited_days: use.limited_days, days: use.days, spend: use.spend, usage: use.usage };
}

const poolCell = (use: BudgetUse, currency: string) =>
  use.days
    ? `${use.limited ? 'limited' : 'not limited'}: ${use.limited_days} of ${use.days} days; spent ${money(use.spend, currency)} (${percent(use.usage)})`
    : 'no spend';

const windowText = (w: ReportWindow) => `${w.start} to ${w.end}`;

function budgetView(cid: string, b: SearchAdsSharedBudget, campaigns: SearchAdsCampaign[]) {
  return {
    id: b.id,
    name: b.name,
    daily_amount: b.amount,
    delivery_method: b.delivery_method,
    resource_name: `customers/${cid}/campaignBudgets/${b.id}`,
    campaigns: b.campaign_ids
      .map((id) => campaigns.find((c) => c.id === id))
      .filter((c) => c !== undefined)
      .map((c) => ({ id: c.id, name: c.name, type: c.type, status: c.status })),
  };
}

export async function requireSharedBudget(port: SearchAdsPort, id: string): Promise<SearchAdsSharedBudget> {
  const budget = (await port.listSharedBudgets()).find((b) => b.id === id);
  if (!budget) throw new ToolError(`No shared budget with id "${id}" exists; list_shared_budgets lists them.`, { code: 'not_found' });
  return budget;
}

/** Campaigns to move onto a shared budget: not removed, of a type that can share; those already on it are set apart. */
async function campaignsToMove(port: SearchAdsPort, ids: string[], budget?: SearchAdsSharedBudget) {
  const campaigns = await Promise.all([...new Set(ids)].map((id) => requireLiveCampaign(port, id)));
  const refused = campaigns.filter((c) => CANNOT_SHARE.includes(c.type));
  if (refused.length) {
    throw new ToolError(
      `${listing(refused.map((c) => `"${c.name}"`))} ${refused.length > 1 ? 'are' : 'is a'} ${refused[0]!.type} campaign${refused.length > 1 ? 's' : ''}: the platform does not let Performance Max campaigns use a shared budget. Leave ${refused.length > 1 ? 'them' : 'it'} out.`,
    );
  }
  return {
    move: campaigns.filter((c) => !budget?.campaign_ids.includes(c.id)),
    already: campaigns.filter((c) => budget?.campaign_ids.includes(c.id)),
  };
}

export const listSharedBudgets = defineSearchAdsTool({
  name: 'list_shared_budgets',
  description: `Lists the shared budgets of the account: daily amount, delivery method, the campaigns drawing from each, and whether the pool was limited by its amount over the last ${POOL_DAYS} full days (its campaigns' spend together each day against that day's shared amount; the same verdict as list_recommendations and optimize_budget_allocation over those days). ${BUDGET_LIMITED_RULE}`,
  access: 'read',
  args: {},
  output: v.object({
    customer_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    budgets: v.array(v.object({ ...budgetOutput.entries, pool: poolOutput })),
  }),
  async run(_args, ctx) {
    const window = reportWindow(ctx, {}, POOL_DAYS);
    const [budgets, campaigns, report] = await Promise.all([
      ctx.platform.listSharedBudgets(),
      ctx.platform.listCampaigns(),
      ctx.platform.getReport('campaign', window.start, window.end),
    ]);
    const pooled = withSharedBudgetSpend(report);
    const cid = ctx.account.account_id;
    const uses = budgets.map((b) => poolUse(pooled, b));
    const views = budgets.map((b, i) => ({ ...budgetView(cid, b, campaigns), pool: poolView(uses[i]!) }));
    const currency = ctx.account.currency;
    return {
      text: [
        `## Shared budgets (${views.length})`,
        '',
        views.length
          ? markdownTable(
              ['Budget', 'Id', 'Daily amount', 'Delivery', 'Campaigns', `Pool, ${windowText(window)}`],
              views.map((b, i) => [
                b.name,
                b.id,
                money(b.daily_amount, currency),
                b.delivery_method,
                b.campaigns.map((c) => c.name).join(', ') || '(none)',
                poolCell(uses[i]!, currency),
              ]),
            )
          : 'No shared budgets yet: create_shared_budget makes one.',
        '',
        'Every campaign on a shared budget draws from the one daily amount; assign_shared_budget moves campaigns onto one.',
        `Pool: its campaigns' spend together each day of the last ${POOL_DAYS} full days against that day's shared amount. ${BUDGET_LIMITED_RULE}`,
      ].join('\n'),
      structured: { customer_id: cid, start_date: window.start, end_date: window.end, budgets: views },
    };
  },
});

const moveChanges = (move: SearchAdsCampaign[], budgetName: string, amount: number, currency: string) => ({
  changes: move.map((c) => ({
    action: 'update' as const,
    entity: 'campaign',
    id: c.id,
    name: c.name,
    fields: { campaign_budget: { before: 'its own budget', after: budgetName }, budget_amount: { before: c.budget_amount, after: amount } },
  })),
  budgets: move.map((c) => ({ entity: 'campaign', id: c.id, name: c.name, before: c.budget_amount, after: amount, currency })),
});

export const createSharedBudget = defineSearchAdsTool({
  name: 'create_shared_budget',
  description:
    'Creates a shared daily budget (delivery STANDARD) and optionally moves campaigns onto it at once. Campaigns on it share the one amount: the platform spreads it between them by demand. Performance Max campaigns cannot share a budget.',
  access: 'write',
  examples: [{ name: 'Example shared budget', daily_amount: 40 }],
  args: {
    name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(255, 'must be at most 255 characters'),
      v.description('Budget name, unique in the account'),
    ),
    daily_amount: v.pipe(
      v.number(),
      v.minValue(1, 'must be at least 1.00'),
      v.maxValue(1_000_000, 'must be at most 1,000,000'),
      v.description('Daily amount in account currency (whole cents)'),
    ),
    campaign_ids: v.optional(
      v.pipe(v.array(campaignIdArg()), v.minLength(1), v.maxLength(100), v.description('Campaigns to move onto it now (list_campaigns)')),
    ),
  },
  output: v.object({ customer_id: v.string(), budget: budgetOutput }),
  async plan(args, ctx) {
    if (Math.abs(Math.round(args.daily_amount * 100) - args.daily_amount * 100) > 1e-6)
      throw new ToolError('`daily_amount` must be in whole cents (at most 2 decimals).');
    const existing = (await ctx.platform.listSharedBudgets()).find((b) => b.name.toLowerCase() === args.name.toLowerCase());
    if (existing)
      throw new ToolError(
        `A shared budget named "${existing.name}" already exists (id ${existing.id}); assign_shared_budget moves campaigns onto it.`,
      );
    const { move } = await campaignsToMove(ctx.platform, args.campaign_ids ?? []);
    const currency = ctx.account.currency;
    const moves = moveChanges(move, args.name, args.daily_amount, currency);
    return {
      summary: `Create shared budget "${args.name}" of ${money(args.daily_amount, currency)} a day${move.length ? ` and move ${move.length} campaign(s) onto it` : ''}`,
      changes: [
        {
          action: 'create' as const,
          entity: 'shared_budget',
          name: args.name,
          fields: { amount: { after: args.daily_amount }, delivery_method: { after: 'STANDARD' } },
          startsPaused: true,
        },
        ...moves.changes,
      ],
      budgets: [{ entity: 'shared_budget', name: args.name, after: args.daily_amount, currency }, ...moves.budgets],
      notes: move.length > 1 ? [`${move.length} campaigns will share ${money(args.daily_amount, currency)} a day between them.`] : [],
      data: { campaign_ids: move.map((c) => c.id) },
    };
  },
  async apply(plan, args, ctx) {
    const budget = await ctx.step('budget', () => ctx.platform.createSharedBudget({ name: args.name, amount: args.daily_amount }));
    for (const id of plan.data.campaign_ids)
      await ctx.step(`move:${id}`, () => ctx.platform.moveCampaignToBudget(id, budget.id).then(() => true));
    const view = budgetView(
      ctx.account.account_id,
      { ...budget, campaign_ids: plan.data.campaign_ids },
      await ctx.platform.listCampaigns(),
    );
    return {
      text: `## Shared budget "${budget.name}" created (${budget.id})\n\n${money(budget.amount, ctx.account.currency)} a day, delivery STANDARD; ${view.campaigns.length ? `used by ${listing(view.campaigns.map((c) => `"${c.name}"`))}` : 'no campaign uses it yet (assign_shared_budget)'}.`,
      structured: { customer_id: ctx.account.account_id, budget: view },
    };
  },
});

export const assignSharedBudget = defineSearchAdsTool({
  name: 'assign_shared_budget',
  description:
    'Moves campaigns onto a shared budget: each then shows the shared daily amount as its budget and they draw from it together (its own budget is left unused). Campaigns already on it are left alone; Performance Max campaigns cannot share a budget.',
  access: 'write',
  examples: [{ budget_id: '<budget_id from list_shared_budgets>', campaign_ids: ['<campaign_id from list_campaigns>'] }],
  args: {
    budget_id: budgetIdArg(),
    campaign_ids: v.pipe(v.array(campaignIdArg()), v.minLength(1), v.maxLength(100), v.description('Campaigns to move (list_campaigns)')),
  },
  output: v.object({ customer_id: v.string(), budget: budgetOutput, moved: v.array(v.string()), unchanged: v.array(v.string()) }),
  async plan(args, ctx) {
    const budget = await requireSharedBudget(ctx.platform, args.budget_id);
    const { move, already } = await campaignsToMove(ctx.platform, args.campaign_ids, budget);
    const currency = ctx.account.currency;
    const moves = moveChanges(move, budget.name, budget.amount, currency);
    const total = budget.campaign_ids.length + move.length;
    return {
      summary: move.length
        ? `Move ${move.length} campaign(s) onto shared budget "${budget.name}" (${money(budget.amount, currency)} a day)`
        : `Nothing changes: every campaign given already uses "${budget.name}"`,
      ...moves,
      notes: [
        ...(already.length ? [`Already on it: ${listing(already.map((c) => `"${c.name}"`))}.`] : []),
        ...(move.length ? [`${total} campaign(s) will share ${money(budget.amount, currency)} a day.`] : []),
      ],
      data: { budget, move: move.map((c) => c.id), already: already.map((c) => c.id) },
    };
  },
  async apply(plan, _args, ctx) {
    const { budget, move, already } = plan.data;
    for (const id of move) await ctx.step(`move:${id}`, () => ctx.platform.moveCampaignToBudget(id, budget.id).then(() => true));
    const view = budgetView(
      ctx.account.account_id,
      { ...budget, campaign_ids: [...budget.campaign_ids, ...move] },
      await ctx.platform.listCampaigns(),
    );
    return {
      text: [
        move.length ? `## ${move.length} campaign(s) moved onto "${budget.name}"` : '## Nothing changed',
        '',
        markdownTable(
          ['Campaign', 'Id', 'Status'],
          view.campaigns.map((c) => [c.name, c.id, c.status]),
        ),
        '',
        `They share ${money(budget.amount, ctx.account.currency)} a day; update_campaign_budget on any of them changes it for all.`,
      ].join('\n'),
      structured: { customer_id: ctx.account.account_id, budget: view, moved: move, unchanged: already },
    };
  },
});
