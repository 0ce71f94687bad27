import * as v from 'valibot';
import { deskAdsDailyBudget } from '../money';
import { ToolError } from '../../../core/errors';
import type { FieldChange } from '../../../core/plan';
import { dateArgument } from '../../../core/arguments';
import { markdownTable, money } from '../../../core/markdown';
import { defineDeskAdsTool } from '../define';
import {
  applyDeskAdsListFilters,
  deskadsListFilterArgs,
  deskadsListFilterRules,
  pagingSummary,
  type DeskAdsListOptions,
} from '../list-filters';
import { BID_STRATEGIES, CAMPAIGN_TYPES, ENTITY_STATUSES, type DeskAdsCampaign, type DeskAdsCampaignPatch } from '../port';
import type { DeskAdsCampaignSettings } from '../port-rest';
import { campaignBudget, campaignBudgetOutput, campaignBudgetText, SHARED_BUDGET_NOTE } from './campaign-budget';
import { figuresBy, idArgument, metricsOutput, metricsWindow, rowMetrics, statusChangeTool, windowArgs, windowRule } from './shared';

const LISTER = 'list_deskads_campaigns';
const campaignId = () => idArgument('campaign', LISTER);

interface CampaignRow extends Record<string, unknown> {
  id: string;
  name: string;
  type: string;
  status: string;
  daily_budget: number;
  bid_strategy: string;
  target_cpa: number | null;
  start_date: string;
  end_date: string | null;
  spend: number;
  conversions: number;
  cpa: number | null;
  roas: number | null;
}

const OPTIONS: DeskAdsListOptions<CampaignRow> = {
  fields: [
    'id',
    'name',
    'type',
    'status',
    'daily_budget',
    'bid_strategy',
    'target_cpa',
    'start_date',
    'end_date',
    'spend',
    'conversions',
    'cpa',
    'roas',
  ],
  statuses: ENTITY_STATUSES,
  types: CAMPAIGN_TYPES,
  defaultSort: 'name',
  queryHint: 'campaign name and id',
};

const campaignOutput = v.object({
  id: v.string(),
  name: v.string(),
  type: v.picklist(CAMPAIGN_TYPES),
  status: v.picklist(ENTITY_STATUSES),
  ...campaignBudgetOutput,
  bid_strategy: v.picklist(BID_STRATEGIES),
  target_cpa: v.nullable(v.number()),
  start_date: v.string(),
  end_date: v.nullable(v.string()),
  metrics: metricsOutput,
});

export const listDeskAdsCampaigns = defineDeskAdsTool({
  name: 'list_deskads_campaigns',
  description:
    "Lists the campaigns of a deskads account with status, type (Search, Shopping, PerformanceMax), daily budget, bid strategy and their figures over a date range (default the last 30 days ending yesterday). A campaign on a shared budget has no budget of its own: its daily_budget is the shared budget's whole amount, which it draws on together with the budget's other campaigns by demand (no even split), and shared_budget_id and shared_budget_name name the budget (list_deskads_budgets shows each campaign's share of its spend). Takes the shared deskads list filters; sort_by accepts spend, conversions, cpa and roas too.",
  access: 'read',
  args: { ...windowArgs, ...deskadsListFilterArgs(OPTIONS) },
  rules: [windowRule, ...deskadsListFilterRules(OPTIONS)],
  output: v.object({
    account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    currency: v.string(),
    total: v.number(),
    filtered: v.number(),
    offset: v.number(),
    limit: v.number(),
    has_more: v.boolean(),
    campaigns: v.array(campaignOutput),
  }),
  async run(args, ctx) {
    const window = metricsWindow(args, ctx);
    const [campaigns, sharedBudgets, figures] = await Promise.all([
      ctx.platform.listCampaignSettings(),
      ctx.platform.listBudgets(),
      figuresBy(ctx.platform, 'CampaignPerformance', window, (r) => r.campaign_id),
    ]);
    const rows: CampaignRow[] = campaigns.map((c) => {
      const t = figures(c.id);
      return {
        id: c.id,
        name: c.name,
        type: c.type,
        status: c.status,
        daily_budget: campaignBudget(c, sharedBudgets).daily_budget,
        bid_strategy: c.bid_strategy,
        target_cpa: c.target_cpa ?? null,
        start_date: c.start_date,
        end_date: c.end_date ?? null,
        spend: t.spend,
        conversions: t.conversions,
        cpa: t.cpa,
        roas: t.roas,
      };
    });
    const page = applyDeskAdsListFilters(rows, args, { searchable: ['name', 'id'], status: 'status', type: 'type', start: 'start_date' });
    const currency = ctx.account.currency;
    const listed = page.rows.map((r) => {
      const c = campaigns.find((x) => x.id === r.id)!;
      return {
        id: c.id,
        name: c.name,
        type: c.type,
        status: c.status,
        ...campaignBudget(c, sharedBudgets),
        bid_strategy: c.bid_strategy,
        target_cpa: c.target_cpa ?? null,
        start_date: c.start_date,
        end_date: c.end_date ?? null,
        metrics: rowMetrics(figures(c.id)),
      };
    });
    const text = [
      `## Campaigns of account ${ctx.account.account_id}, ${window.start} to ${window.end}`,
      '',
      pagingSummary(page),
      '',
      listed.length
        ? markdownTable(
            ['Campaign', 'Id', 'Type', 'Status', 'Daily budget', 'Bidding', 'Spend', 'Clicks', 'Conv.', 'CPA', 'ROAS'],
            listed.map((c) => [
              c.name,
              c.id,
              c.type,
              c.status,
              campaignBudgetText(c, currency),
              c.bid_strategy,
              money(c.metrics.spend, currency),
              c.metrics.clicks,
              c.metrics.conversions,
              c.metrics.cpa === null ? '-' : money(c.metrics.cpa, currency),
              c.metrics.roas === null ? '-' : c.metrics.roas.toFixed(2),
            ]),
          )
        : 'No campaign matches these filters.',
      ...(listed.some((c) => c.shared_budget_id !== null) ? ['', SHARED_BUDGET_NOTE] : []),
      '',
      'Change one with update_deskads_campaign, pause_deskads_campaign or resume_deskads_campaign; its ad groups: list_deskads_ad_groups.',
    ].join('\n');
    return {
      text,
      structured: {
        account_id: ctx.account.account_id,
        start_date: window.start,
        end_date: window.end,
        currency,
        total: page.total,
        filtered: page.filtered,
        offset: page.offset,
        limit: page.limit,
        has_more: page.has_more,
        campaigns: listed,
      },
    };
  },
});

async function findCampaign(
  ctx: { platform: { listCampaigns(): Promise<DeskAdsCampaign[]> }; account: { account_id: string } },
  id: string,
): Promise<DeskAdsCampaign> {
  const campaign = (await ctx.platform.listCampaigns()).find((c) => c.id === id);
  if (!campaign)
    throw new ToolError(`No campaign ${id} in account ${ctx.account.account_id}. ${LISTER} lists the valid ids.`, { code: 'not_found' });
  return campaign;
}

/** The platform's smallest daily budget in account currency. */
const MIN_DAILY_BUDGET = 0.05;

const UPDATE_FIELDS = ['name', 'daily_budget', 'bid_strategy', 'target_cpa', 'end_date', 'status'] as const;

export const updateDeskAdsCampaign = defineDeskAdsTool({
  name: 'update_deskads_campaign',
  description:
    "Changes a campaign's name, daily budget, bid strategy (with target CPA for TargetCpa), end date or status (Active or Paused; delete with delete_deskads_campaign). Give at least one change; the answer shows each before → after. A dry run shows the plan without changing anything.",
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_deskads_campaigns>', daily_budget: 55 }],
  args: {
    campaign_id: campaignId(),
    name: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1, 'must not be empty'),
        v.maxLength(128),
        v.description('New campaign name, up to 128 characters, unique in the account'),
      ),
    ),
    daily_budget: v.optional(
      v.pipe(
        v.number(),
        v.minValue(MIN_DAILY_BUDGET, `must be at least ${MIN_DAILY_BUDGET}`),
        v.maxValue(1_000_000),
        v.description('New daily budget in account currency'),
      ),
    ),
    bid_strategy: v.optional(v.pipe(v.picklist(BID_STRATEGIES), v.description(`${BID_STRATEGIES.join(', ')}; TargetCpa needs target_cpa`))),
    target_cpa: v.optional(
      v.pipe(
        v.number(),
        v.gtValue(0, 'must be greater than 0'),
        v.maxValue(100_000),
        v.description('Target cost per conversion, account currency; with bid_strategy TargetCpa'),
      ),
    ),
    end_date: v.optional(v.nullable(dateArgument('YYYY-MM-DD last day the campaign serves; null removes the end date'))),
    status: v.optional(v.pipe(v.picklist(['Active', 'Paused']), v.description('Active or Paused'))),
  },
  rules: [
    (args) =>
      UPDATE_FIELDS.some((f) => args[f] !== undefined)
        ? undefined
        : `give at least one setting to change (${UPDATE_FIELDS.map((f) => `\`${f}\``).join(', ')})`,
    (args) =>
      args.bid_strategy === 'TargetCpa' && args.target_cpa === undefined ? '`bid_strategy` TargetCpa needs `target_cpa`' : undefined,
    (args) =>
      args.target_cpa !== undefined && args.bid_strategy !== undefined && args.bid_strategy !== 'TargetCpa'
        ? '`target_cpa` only goes with `bid_strategy` TargetCpa'
        : undefined,
  ],
  output: v.object({
    account_id: v.string(),
    campaign_id: v.string(),
    name: v.string(),
    changes: v.array(v.object({ field: v.string(), before: v.unknown(), after: v.unknown() })),
    changed: v.boolean(),
  }),
  async plan(args, ctx) {
    const campaign = await findCampaign(ctx, args.campaign_id);
    if (campaign.status === 'Deleted')
      throw new ToolError(`Campaign "${campaign.name}" (${campaign.id}) is deleted and cannot be changed.`);
    if (args.target_cpa !== undefined && args.bid_strategy === undefined && campaign.bid_strategy !== 'TargetCpa') {
      throw new ToolError(
        `Campaign "${campaign.name}" bids with ${campaign.bid_strategy}; \`target_cpa\` needs \`bid_strategy\` TargetCpa.`,
      );
    }
    const sharedBudget = (campaign as DeskAdsCampaign & DeskAdsCampaignSettings).budget_id;
    if (args.end_date && args.end_date < campaign.start_date)
      throw new ToolError(`\`end_date\` ${args.end_date} is before the campaign's start date ${campaign.start_date}.`);
    if (
      args.name !== undefined &&
      args.name !== campaign.name &&
      (await ctx.platform.listCampaigns()).some((c) => c.id !== campaign.id && c.name.toLowerCase() === args.name!.toLowerCase())
    ) {
      throw new ToolError(`Another campaign of this account is already named "${args.name}"; campaign names must be unique.`);
    }
    const patch: DeskAdsCampaignPatch = {};
    const fields: Record<string, FieldChange> = {};
    const set = <K extends keyof DeskAdsCampaignPatch>(field: K, after: DeskAdsCampaignPatch[K] | undefined, before: unknown) => {
      if (after === undefined || after === before) return;
      patch[field] = after;
      fields[field] = { before: before ?? null, after };
    };
    set('name', args.name, campaign.name);
    set(
      'daily_budget',
      args.daily_budget === undefined ? undefined : deskAdsDailyBudget(args.daily_budget, ctx.account.currency),
      campaign.daily_budget,
    );
    set('bid_strategy', args.bid_strategy, campaign.bid_strategy);
    set('target_cpa', args.target_cpa, campaign.target_cpa);
    if (args.end_date !== undefined && (args.end_date ?? undefined) !== campaign.end_date) {
      patch.end_date = args.end_date ?? undefined;
      fields.end_date = { before: campaign.end_date ?? null, after: args.end_date };
    }
    set('status', args.status, campaign.status);
    // A daily budget of its own takes the campaign off its shared budget (BudgetId cleared), as the platform does.
    const leavesShared = sharedBudget !== undefined && args.daily_budget !== undefined;
    // What it drew on until now: the shared budget's whole amount (its stored daily_budget is no budget of its own).
    const pool = leavesShared ? campaignBudget({ ...campaign, budget_id: sharedBudget }, await ctx.platform.listBudgets()) : undefined;
    if (leavesShared) {
      patch.daily_budget = deskAdsDailyBudget(args.daily_budget!, ctx.account.currency);
      fields.daily_budget = { before: pool!.daily_budget, after: patch.daily_budget };
      (patch as DeskAdsCampaignPatch & DeskAdsCampaignSettings).budget_id = undefined;
      fields.budget_id = { before: sharedBudget, after: null };
    }
    const changed = Object.keys(fields).length > 0;
    return {
      summary: changed
        ? `Change campaign "${campaign.name}" (${campaign.id}): ${Object.keys(fields).join(', ')}`
        : `Campaign "${campaign.name}" already has these settings; nothing changes`,
      changes: changed ? [{ action: 'update' as const, entity: 'campaign', id: campaign.id, name: campaign.name, fields }] : [],
      // The budget guardrails judge the rise from the stored daily_budget (a shared budget's member: the share the
      // platform keeps for it, never more than the pool), so leaving a pool never passes as a smaller rise than it is.
      budgets:
        patch.daily_budget !== undefined
          ? [
              {
                entity: 'campaign',
                id: campaign.id,
                name: campaign.name,
                before: campaign.daily_budget,
                after: patch.daily_budget,
                currency: ctx.account.currency,
              },
            ]
          : [],
      notes: leavesShared
        ? [
            `The campaign leaves shared budget ${pool!.shared_budget_name === null ? sharedBudget : `"${pool!.shared_budget_name}" (${sharedBudget})`}, whose whole ${money(pool!.daily_budget, ctx.account.currency)} a day it drew on with the budget's other campaigns, for a daily budget of its own; the shared budget's other campaigns share it from now on (update_deskads_budget changes a shared amount).`,
          ]
        : [],
      data: {
        id: campaign.id,
        name: campaign.name,
        patch,
        expect: Object.fromEntries(Object.keys(fields).map((f) => [f, campaign[f as keyof DeskAdsCampaign]])),
      },
    };
  },
  async apply(plan, _args, ctx) {
    const { id, name, patch, expect } = plan.data;
    const changes = plan.changes.flatMap((c) =>
      Object.entries(c.fields).map(([field, { before, after }]) => ({ field, before: before ?? null, after })),
    );
    if (!changes.length) {
      return {
        text: `## Campaign "${name}" unchanged\n\nIt already has these settings.`,
        structured: { account_id: ctx.account.account_id, campaign_id: id, name, changes, changed: false },
      };
    }
    await ctx.platform.updateCampaign(id, patch, expect as Partial<DeskAdsCampaign>);
    const currency = ctx.account.currency;
    const show = (field: string, value: unknown) =>
      value === null || value === undefined
        ? '(none)'
        : field === 'daily_budget' || field === 'target_cpa'
          ? money(value as number, currency)
          : String(value);
    return {
      text: [
        `## Campaign "${name}" updated`,
        '',
        markdownTable(
          ['Setting', 'Before', 'After'],
          changes.map((c) => [c.field, show(c.field, c.before), show(c.field, c.after)]),
        ),
        '',
        'A budget or status change applies from now on; figures of past days keep what was delivered then (list_deskads_campaigns).',
      ].join('\n'),
      structured: { account_id: ctx.account.account_id, campaign_id: id, name, changes, changed: true },
    };
  },
  undo: (plan) => {
    const change = plan.changes[0];
    // Leaving a shared budget is not undone by this tool (it takes no shared budget).
    if (!change || change.fields.budget_id) return undefined;
    const back: Record<string, unknown> = { campaign_id: plan.data.id };
    for (const [field, { before }] of Object.entries(change.fields)) back[field] = before;
    return { tool: 'update_deskads_campaign', arguments: back };
  },
});

const findForStatus = async (port: { listCampaigns(): Promise<DeskAdsCampaign[]> }, id: string) =>
  (await port.listCampaigns()).find((c) => c.id === id);

export const pauseDeskAdsCampaign = statusChangeTool<DeskAdsCampaign>({
  name: 'pause_deskads_campaign',
  examples: [{ campaign_id: '<campaign_id from list_deskads_campaigns>' }],
  description: 'Pauses a deskads campaign: it stops serving and spending from now on. Resume it with resume_deskads_campaign.',
  entity: 'campaign',
  label: 'campaign',
  idArg: 'campaign_id',
  lister: LISTER,
  to: 'Paused',
  undoTool: 'resume_deskads_campaign',
  find: findForStatus,
  write: (port, id, to, from) => port.updateCampaign(id, { status: to }, { status: from }),
});

export const resumeDeskAdsCampaign = statusChangeTool<DeskAdsCampaign>({
  name: 'resume_deskads_campaign',
  examples: [{ campaign_id: '<campaign_id from list_deskads_campaigns>' }],
  description:
    'Resumes a paused deskads campaign (Paused → Active): it serves again within its daily budget. A deleted campaign cannot be resumed.',
  entity: 'campaign',
  label: 'campaign',
  idArg: 'campaign_id',
  lister: LISTER,
  to: 'Active',
  undoTool: 'pause_deskads_campaign',
  find: findForStatus,
  write: (port, id, to, from) => port.updateCampaign(id, { status: to }, { status: from }),
});

export const deleteDeskAdsCampaign = statusChangeTool<DeskAdsCampaign>({
  name: 'delete_deskads_campaign',
  examples: [{ campaign_id: '<campaign_id from list_deskads_campaigns>' }],
  description:
    'Deletes a deskads campaign (irreversible): it stops serving for good and stays readable with status Deleted. Pause it instead if you may want it back.',
  entity: 'campaign',
  label: 'campaign',
  idArg: 'campaign_id',
  lister: LISTER,
  to: 'Deleted',
  find: findForStatus,
  write: (port, id, to, from) => port.updateCampaign(id, { status: to }, { status: from }),
});
