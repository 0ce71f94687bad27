import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable, money } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { campaignIdArg, requireLiveCampaign } from './common';

export const updateCampaignBudget = defineSearchAdsTool({
  name: 'update_campaign_budget',
  description:
    "Changes a campaign's daily budget (account currency, at least 1.00, whole cents). The new budget applies from now on; past days keep what they spent. The platform may spend up to 2x the daily budget on a single day and at most 30.4x it in a month. On a shared budget the shared amount changes, for every campaign using it (the plan lists them).",
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>', daily_budget: 81 }],
  args: {
    campaign_id: campaignIdArg(),
    daily_budget: v.pipe(
      v.number(),
      v.minValue(1, 'must be at least 1.00'),
      v.maxValue(1_000_000, 'must be at most 1,000,000'),
      v.description('New daily budget in account currency'),
    ),
  },
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    name: v.string(),
    before: v.number(),
    after: v.number(),
    changed: v.boolean(),
    shared_budget: v.optional(v.object({ id: v.string(), name: v.string(), campaign_ids: v.array(v.string()) })),
  }),
  async plan(args, ctx) {
    const campaign = await requireLiveCampaign(ctx.platform, args.campaign_id);
    const after = Math.round(args.daily_budget * 100) / 100;
    if (Math.abs(after - args.daily_budget) > 1e-9) throw new ToolError('`daily_budget` must be in whole cents (at most 2 decimals).');
    const shared = (await ctx.platform.listSharedBudgets()).find((b) => b.campaign_ids.includes(campaign.id));
    const data = {
      campaign: { id: campaign.id, name: campaign.name, budget: campaign.budget_amount },
      after,
      ...(shared ? { shared: { id: shared.id, name: shared.name, campaign_ids: shared.campaign_ids } } : {}),
    };
    if (after === campaign.budget_amount)
      return { summary: `Campaign "${campaign.name}" already has a daily budget of ${after}; nothing changes`, changes: [], data };
    const currency = ctx.account.currency;
    if (shared) {
      const all = await ctx.platform.listCampaigns();
      const users = shared.campaign_ids.map((id) => all.find((c) => c.id === id)).filter((c) => c !== undefined);
      return {
        summary: `Change shared budget "${shared.name}" from ${money(shared.amount, currency)} to ${money(after, currency)} a day: it changes the daily budget of all ${users.length} campaign(s) using it`,
        changes: [
          {
            action: 'update' as const,
            entity: 'shared_budget',
            id: shared.id,
            name: shared.name,
            fields: { amount: { before: shared.amount, after } },
          },
          ...users.map((c) => ({
            action: 'update' as const,
            entity: 'campaign',
            id: c.id,
            name: c.name,
            fields: { budget_amount: { before: c.budget_amount, after } },
          })),
        ],
        budgets: [{ entity: 'shared_budget', id: shared.id, name: shared.name, before: shared.amount, after, currency }],
        notes: [
          `"${campaign.name}" uses the shared budget "${shared.name}": the new amount applies to ${users.map((c) => `"${c.name}"`).join(', ')} together.`,
        ],
        data,
      };
    }
    const change = campaign.budget_amount ? Math.round(((after - campaign.budget_amount) / campaign.budget_amount) * 100) : null;
    return {
      summary: `Change the daily budget of "${campaign.name}" from ${money(campaign.budget_amount, currency)} to ${money(after, currency)}`,
      changes: [
        {
          action: 'update' as const,
          entity: 'campaign',
          id: campaign.id,
          name: campaign.name,
          fields: { budget_amount: { before: campaign.budget_amount, after } },
        },
      ],
      budgets: [{ entity: 'campaign', id: campaign.id, name: campaign.name, before: campaign.budget_amount, after, currency }],
      notes:
        change !== null && Math.abs(change) > 50
          ? [
              `That is a ${change > 0 ? '+' : ''}${change}% change; the bidding strategy may need a week to settle after a change above 50%.`,
            ]
          : [],
      data,
    };
  },
  async apply(plan, _args, ctx) {
    const { campaign, after, shared } = plan.data;
    const structured = {
      customer_id: ctx.account.account_id,
      campaign_id: campaign.id,
      name: campaign.name,
      before: campaign.budget,
      after,
      ...(shared ? { shared_budget: shared } : {}),
    };
    if (!plan.changes.length)
      return {
        text: `## Budget of "${campaign.name}" unchanged\n\nIt is already ${after}; nothing changed.`,
        structured: { ...structured, changed: false },
      };
    const updated = await ctx.platform.updateCampaign(campaign.id, { budget_amount: after }, { budget_amount: campaign.budget });
    const currency = ctx.account.currency;
    return {
      text: [
        `## Daily budget of "${campaign.name}" changed`,
        '',
        markdownTable(['Before', 'After'], [[money(campaign.budget, currency), money(updated.budget_amount, currency)]]),
        ...(plan.notes?.length ? ['', ...plan.notes.map((n) => `- ${n}`)] : []),
        '',
        shared
          ? `It is the shared budget "${shared.name}": ${shared.campaign_ids.length} campaign(s) share the new amount from now on.`
          : 'It applies from now on; get_campaign_performance shows the effect from tomorrow.',
      ].join('\n'),
      structured: { ...structured, after: updated.budget_amount, changed: true },
    };
  },
  undo(plan) {
    return plan.changes.length
      ? { tool: 'update_campaign_budget', arguments: { campaign_id: plan.data.campaign.id, daily_budget: plan.data.campaign.budget } }
      : undefined;
  },
});
