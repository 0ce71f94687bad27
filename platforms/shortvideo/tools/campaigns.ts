/**
 * One campaign: its settings (get_shortvideo_campaign_details), the whole of it with ad groups, ads
 * and figures (get_shortvideo_campaign), and its name and budget (update_shortvideo_campaign).
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { count, markdownTable, money } from '../../../core/markdown';
import { defineShortVideoTool } from '../define';
import type { ShortVideoCampaign, ShortVideoPort } from '../port';
import { objectiveResults } from './read-entities';
import {
  MIN_BUDGET,
  numericId,
  objectiveMetrics,
  objectiveMetricsSchema,
  plannedBudget,
  reachFor,
  reportFigures,
  requireMinimumBudget,
  windowArgs,
  windowRule,
  type BudgetMode,
} from './shared';
import { reportWindow } from '../../../core/report-window';

const campaignIdArg = numericId('campaign', 'list_shortvideo_campaigns');

const campaignSchema = v.object({
  id: v.string(),
  campaign_name: v.string(),
  objective_type: v.string(),
  status: v.string(),
  budget_mode: v.string(),
  budget: v.number(),
  budget_optimize_on: v.boolean(),
  app_promotion_type: v.optional(v.string()),
  create_time: v.string(),
  start_date: v.string(),
});

const budgetText = (c: Pick<ShortVideoCampaign, 'budget_mode' | 'budget' | 'budget_optimize_on'>, currency: string) =>
  c.budget_mode === 'BUDGET_MODE_INFINITE'
    ? 'no campaign budget (ad group budgets)'
    : `${money(c.budget, currency)} ${c.budget_mode === 'BUDGET_MODE_TOTAL' ? 'lifetime' : 'daily'}${c.budget_optimize_on ? ', campaign budget optimization' : ''}`;

/** The settings of a campaign as a Markdown table. */
function settingsTable(c: ShortVideoCampaign, currency: string): string {
  return markdownTable(
    ['Setting', 'Value'],
    [
      ['Objective', c.objective_type + (c.app_promotion_type ? ` (${c.app_promotion_type})` : '')],
      ['Status', c.status],
      ['Budget', budgetText(c, currency)],
      ['Budget mode', c.budget_mode],
      ['Start date', c.start_date],
      ['Created', c.create_time],
    ],
  );
}

export const getShortVideoCampaignDetails = defineShortVideoTool({
  name: 'get_shortvideo_campaign_details',
  description:
    'Shows the settings of one shortvideo campaign: status, objective, budget and budget mode, campaign budget optimization, start date. No figures (see get_shortvideo_campaign).',
  access: 'read',
  examples: [{ campaign_id: '<campaign_id from list_shortvideo_campaigns>' }],
  args: { campaign_id: campaignIdArg },
  output: v.object({ advertiser_id: v.string(), campaign: campaignSchema, ad_group_count: v.number(), ad_count: v.number() }),
  async run(args, ctx) {
    const campaign = await ctx.platform.getCampaign(args.campaign_id);
    const [groups, ads] = await Promise.all([ctx.platform.listAdGroups(), ctx.platform.listAds()]);
    const groupCount = groups.filter((g) => g.campaign_id === campaign.id && g.status !== 'DELETED').length;
    const adCount = ads.filter((a) => a.campaign_id === campaign.id && a.status !== 'DELETED').length;
    const text = [
      `## Campaign ${campaign.campaign_name} (${campaign.id})`,
      '',
      settingsTable(campaign, ctx.account.currency),
      '',
      `${groupCount} ad groups, ${adCount} ads. Next: figures with get_shortvideo_campaign; budget with update_shortvideo_campaign; ${campaign.status === 'ACTIVE' ? 'stop it with pause_shortvideo_campaign' : 'start it with resume_shortvideo_campaign'}.`,
    ].join('\n');
    return { text, structured: { advertiser_id: ctx.account.account_id, campaign, ad_group_count: groupCount, ad_count: adCount } };
  },
});

const childSchema = v.object({ id: v.string(), name: v.string(), status: v.string(), metrics: objectiveMetricsSchema });

export const getShortVideoCampaign = defineShortVideoTool({
  name: 'get_shortvideo_campaign',
  description:
    "Shows one shortvideo campaign whole: settings, the objective's result and cost per result, and each ad group and ad with its figures over a date range (default the last 30 days ending yesterday).",
  access: 'read',
  examples: [{ campaign_id: '<campaign_id from list_shortvideo_campaigns>' }],
  args: { campaign_id: campaignIdArg, ...windowArgs },
  rules: [windowRule],
  output: v.object({
    advertiser_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    campaign: campaignSchema,
    metrics: objectiveMetricsSchema,
    results: v.object({
      result: v.string(),
      value: v.number(),
      cost_per_result: v.nullable(v.number()),
      revenue: v.optional(v.number()),
      roas: v.optional(v.nullable(v.number())),
      view_rate: v.optional(v.nullable(v.number())),
    }),
    ad_groups: v.array(childSchema),
    ads: v.array(v.object({ ...childSchema.entries, adgroup_id: v.string(), review_status: v.string() })),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const campaign = await ctx.platform.getCampaign(args.campaign_id);
    const groups = (await ctx.platform.listAdGroups()).filter((g) => g.campaign_id === campaign.id && g.status !== 'DELETED');
    const ads = (await ctx.platform.listAds()).filter((a) => a.campaign_id === campaign.id && a.status !== 'DELETED');
    const reachWanted = campaign.objective_type === 'REACH';
    const [cf, gf, af, cr, gr] = await Promise.all([
      reportFigures(ctx.platform, 'AUCTION_CAMPAIGN', [campaign.id], start, end),
      reportFigures(
        ctx.platform,
        'AUCTION_ADGROUP',
        groups.map((g) => g.id),
        start,
        end,
      ),
      reportFigures(
        ctx.platform,
        'AUCTION_AD',
        ads.map((a) => a.id),
        start,
        end,
      ),
      reachFor(ctx.platform, 'AUCTION_CAMPAIGN', reachWanted ? [campaign.id] : [], start, end),
      reachFor(ctx.platform, 'AUCTION_ADGROUP', reachWanted ? groups.map((g) => g.id) : [], start, end),
    ]);
    const o = campaign.objective_type;
    const totals = cf.get(campaign.id)!.totals;
    const metrics = objectiveMetrics(o, totals, cr.get(campaign.id));
    const results = objectiveResults(o, totals);
    const groupRows = groups.map((g) => ({
      id: g.id,
      name: g.adgroup_name,
      status: g.status,
      metrics: objectiveMetrics(o, gf.get(g.id)!.totals, gr.get(g.id)),
    }));
    const adRows = ads.map((a) => ({
      id: a.id,
      name: a.ad_name,
      status: a.status,
      adgroup_id: a.adgroup_id,
      review_status: a.review_status,
      metrics: objectiveMetrics(o, af.get(a.id)!.totals),
    }));
    const cur = ctx.account.currency;
    const resultCell = (m: typeof metrics) =>
      results.result === 'clicks'
        ? count(m.clicks)
        : results.result === 'impressions'
          ? count(m.impressions)
          : results.result === 'video_views'
            ? count(m.video_views)
            : count(m.conversions);
    const text = [
      `## Campaign ${campaign.campaign_name} (${campaign.id}), ${start} to ${end}`,
      '',
      settingsTable(campaign, cur),
      '',
      `**${money(metrics.spend, cur)}** spent for **${count(results.value)} ${results.result}**${results.cost_per_result !== null ? ` at ${money(results.cost_per_result, cur)}${results.result === 'impressions' ? ' per thousand' : ' each'}` : ''}${metrics.roas != null ? `, ROAS ${metrics.roas}` : ''}${metrics.reach !== undefined ? `, reach ${count(metrics.reach)} at frequency ${metrics.frequency}` : ''}.`,
      '',
      `### Ad groups (${groupRows.length})`,
      groupRows.length
        ? markdownTable(
            ['Ad group', 'Id', 'Status', 'Spend', results.result],
            groupRows.map((g) => [g.name, g.id, g.status, money(g.metrics.spend, cur), resultCell(g.metrics)]),
          )
        : 'No ad groups.',
      '',
      `### Ads (${adRows.length})`,
      adRows.length
        ? markdownTable(
            ['Ad', 'Id', 'Status', 'Review', 'Spend', results.result],
            adRows.map((a) => [a.name, a.id, a.status, a.review_status, money(a.metrics.spend, cur), resultCell(a.metrics)]),
          )
        : 'No ads.',
      '',
      'Next: pause what wastes with pause_shortvideo_ad_group or pause_shortvideo_ad; change the budget with update_shortvideo_campaign.',
    ].join('\n');
    return {
      text,
      structured: {
        advertiser_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        campaign,
        metrics,
        results,
        ad_groups: groupRows,
        ads: adRows,
      },
    };
  },
});

const BUDGET_MODES = ['BUDGET_MODE_DAY', 'BUDGET_MODE_TOTAL', 'BUDGET_MODE_INFINITE'] as const;

interface CampaignPlanData {
  campaign: { id: string; campaign_name: string; budget_mode: BudgetMode; budget: number };
  patch: Partial<Pick<ShortVideoCampaign, 'campaign_name' | 'budget' | 'budget_mode'>>;
}

/** The campaign's new budget mode and amount, after the platform's rules. */
async function nextBudget(
  platform: ShortVideoPort,
  c: ShortVideoCampaign,
  mode: BudgetMode | undefined,
  amount: number | undefined,
  currency: string,
) {
  const nextMode = mode ?? c.budget_mode;
  if (mode && mode !== c.budget_mode && (mode === 'BUDGET_MODE_TOTAL' || c.budget_mode === 'BUDGET_MODE_TOTAL')) {
    throw new ToolError(
      `\`budget_mode\`: a campaign's lifetime budget mode cannot be switched after creation (it is ${c.budget_mode}). Only daily and no campaign budget (BUDGET_MODE_INFINITE) switch.`,
    );
  }
  if (nextMode === 'BUDGET_MODE_INFINITE') {
    if (amount !== undefined) throw new ToolError('`budget` cannot be set with `budget_mode` BUDGET_MODE_INFINITE (no campaign budget).');
    if (c.budget_optimize_on)
      throw new ToolError(
        '`budget_mode` BUDGET_MODE_INFINITE: this campaign uses campaign budget optimization, which needs a campaign budget.',
      );
    return { mode: nextMode, amount: 0 };
  }
  if (c.budget_mode === 'BUDGET_MODE_INFINITE' && amount === undefined)
    throw new ToolError('`budget` is required when switching a campaign to a daily budget.');
  const next = amount ?? c.budget;
  requireMinimumBudget('campaign', 'budget', nextMode, next, currency);
  if (nextMode === 'BUDGET_MODE_DAY' && !c.budget_optimize_on) {
    // Ad groups with budgets of their own: a campaign budget under their sum caps them.
    const groups = (await platform.listAdGroups()).filter(
      (g) => g.campaign_id === c.id && g.status === 'ENABLED' && g.budget_mode === 'BUDGET_MODE_DAY',
    );
    const sum = groups.reduce((t, g) => t + (g.budget ?? 0), 0);
    return { mode: nextMode, amount: next, capsAdGroups: sum > next ? sum : undefined };
  }
  return { mode: nextMode, amount: next };
}

export const updateShortVideoCampaign = defineShortVideoTool({
  name: 'update_shortvideo_campaign',
  description:
    `Changes a shortvideo campaign's name, budget or budget mode (daily ↔ no campaign budget; a lifetime mode cannot be switched). Minimum campaign budget ${MIN_BUDGET.campaign} a day. ` +
    'A new budget applies from now on; past figures stay. Undone by the same tool with the previous values.',
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_shortvideo_campaigns>', budget: 130 }],
  args: {
    campaign_id: campaignIdArg,
    campaign_name: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1, 'must not be empty'),
        v.maxLength(512, 'must be at most 512 characters'),
        v.description('New campaign name'),
      ),
    ),
    budget: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0.01, 'must be greater than 0'),
        v.description(
          `New budget in the account currency (daily, or lifetime for a lifetime campaign); at least ${MIN_BUDGET.campaign} a day`,
        ),
      ),
    ),
    budget_mode: v.optional(
      v.pipe(
        v.picklist(BUDGET_MODES),
        v.description('BUDGET_MODE_DAY or BUDGET_MODE_INFINITE (ad group budgets); BUDGET_MODE_TOTAL only stays TOTAL'),
      ),
    ),
  },
  rules: [
    (a) =>
      a.campaign_name === undefined && a.budget === undefined && a.budget_mode === undefined
        ? 'give at least one of `campaign_name`, `budget` or `budget_mode`'
        : undefined,
  ],
  output: v.object({ advertiser_id: v.string(), campaign_id: v.string(), changed: v.boolean(), campaign: campaignSchema }),
  async plan(args, ctx) {
    const c = await ctx.platform.getCampaign(args.campaign_id);
    if (c.status === 'DELETED') throw new ToolError(`Campaign "${c.campaign_name}" (${c.id}) is deleted and cannot be changed.`);
    const cur = ctx.account.currency;
    const patch: CampaignPlanData['patch'] = {};
    const fields: Record<string, { before?: unknown; after: unknown }> = {};
    const notes: string[] = [];
    if (args.campaign_name !== undefined && args.campaign_name !== c.campaign_name) {
      patch.campaign_name = args.campaign_name;
      fields.campaign_name = { before: c.campaign_name, after: args.campaign_name };
    }
    let budgets: ReturnType<typeof plannedBudget>['budgets'] = [];
    if (args.budget !== undefined || args.budget_mode !== undefined) {
      const next = await nextBudget(ctx.platform, c, args.budget_mode, args.budget, cur);
      if (next.mode !== c.budget_mode) {
        patch.budget_mode = next.mode;
        fields.budget_mode = { before: c.budget_mode, after: next.mode };
      }
      if (next.amount !== c.budget) {
        patch.budget = next.amount;
        fields.budget = { before: c.budget, after: next.amount };
      }
      if (patch.budget !== undefined || patch.budget_mode !== undefined) {
        const line = plannedBudget(
          'campaign',
          { id: c.id, name: c.campaign_name },
          { mode: c.budget_mode, amount: c.budget },
          { mode: next.mode, amount: next.amount },
          cur,
        );
        budgets = line.budgets;
        notes.push(...line.notes);
        if (c.budget_mode === 'BUDGET_MODE_TOTAL')
          notes.push(`A lifetime budget is counted as its daily share over 30 days in the budget line.`);
      }
      if ('capsAdGroups' in next && next.capsAdGroups)
        notes.push(
          `Its enabled ad groups have ${money(next.capsAdGroups, cur)} of daily budgets together; the campaign budget of ${money(next.amount, cur)} caps them.`,
        );
      if (next.mode === 'BUDGET_MODE_INFINITE' && c.budget_mode !== 'BUDGET_MODE_INFINITE')
        notes.push('Without a campaign budget, each ad group spends up to its own budget.');
    }
    const data: CampaignPlanData = {
      campaign: { id: c.id, campaign_name: c.campaign_name, budget_mode: c.budget_mode, budget: c.budget },
      patch,
    };
    if (!Object.keys(fields).length)
      return { summary: `Campaign "${c.campaign_name}" already has these values; nothing changes`, changes: [], notes, data };
    return {
      summary: `Update campaign "${c.campaign_name}" (${c.id})`,
      changes: [{ action: 'update', entity: 'campaign', id: c.id, name: c.campaign_name, fields }],
      budgets,
      notes,
      data,
    };
  },
  async apply(plan, _args, ctx) {
    const { campaign, patch } = plan.data;
    if (!plan.changes.length) {
      const current = await ctx.platform.getCampaign(campaign.id);
      return {
        text: `## Campaign "${campaign.campaign_name}" unchanged\n\nIt already has these values; nothing changed.`,
        structured: { advertiser_id: ctx.account.account_id, campaign_id: campaign.id, changed: false, campaign: current },
      };
    }
    const updated = await ctx.platform.updateCampaign(campaign.id, patch);
    const rows = Object.entries(plan.changes[0]!.fields).map(([field, { before, after }]) => [field, String(before), String(after)]);
    const text = [
      `## Campaign "${updated.campaign_name}" updated`,
      '',
      markdownTable(['Field', 'Before', 'After'], rows),
      ...(plan.notes?.length ? ['', ...plan.notes.map((n) => `- ${n}`)] : []),
      '',
      'A budget change applies from now on. Check delivery tomorrow with get_shortvideo_campaign.',
    ].join('\n');
    return { text, structured: { advertiser_id: ctx.account.account_id, campaign_id: updated.id, changed: true, campaign: updated } };
  },
  undo(plan) {
    if (!plan.changes.length) return undefined;
    const { campaign, patch } = plan.data;
    const back: Record<string, unknown> = { campaign_id: campaign.id };
    if (patch.campaign_name !== undefined) back.campaign_name = campaign.campaign_name;
    if (patch.budget_mode !== undefined) back.budget_mode = campaign.budget_mode;
    if (patch.budget !== undefined && campaign.budget_mode !== 'BUDGET_MODE_INFINITE') back.budget = campaign.budget;
    return { tool: 'update_shortvideo_campaign', arguments: back };
  },
});
