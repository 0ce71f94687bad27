import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { FieldChange } from '../../../core/plan';
import { dateArgument } from '../../../core/arguments';
import { isoDate } from '../../../core/dates';
import { markdownTable, money } from '../../../core/markdown';
import { defineDeskAdsTool } from '../define';
import { deskAdsBid } from '../money';
import { BID_RANGE, bid } from './keywords';
import {
  applyDeskAdsListFilters,
  deskadsListFilterArgs,
  deskadsListFilterRules,
  pagingSummary,
  type DeskAdsListOptions,
} from '../list-filters';
import { ENTITY_STATUSES, NETWORKS, type DeskAdsAdGroup, type DeskAdsAdGroupPatch, type DeskAdsPort } from '../port';
import { figuresBy, idArgument, metricsOutput, metricsWindow, rowMetrics, statusChangeTool, windowArgs, windowRule } from './shared';

const LISTER = 'list_deskads_ad_groups';

interface AdGroupRow extends Record<string, unknown> {
  id: string;
  campaign_id: string;
  campaign_name: string;
  name: string;
  status: string;
  network: string;
  cpc_bid: number;
  start_date: string;
  spend: number;
  conversions: number;
  cpa: number | null;
}

const OPTIONS: DeskAdsListOptions<AdGroupRow> = {
  fields: ['id', 'campaign_id', 'campaign_name', 'name', 'status', 'network', 'cpc_bid', 'start_date', 'spend', 'conversions', 'cpa'],
  statuses: ENTITY_STATUSES,
  types: NETWORKS,
  defaultSort: 'name',
  queryHint: 'ad group name, id and campaign name',
};

const bidArgument = (description: string) => v.pipe(bid, v.description(description));

export const listDeskAdsAdGroups = defineDeskAdsTool({
  name: 'list_deskads_ad_groups',
  description:
    'Lists the ad groups of a deskads account (or of one campaign) with status, default CPC bid, network distribution (type_filter) and their figures over a date range (default the last 30 days ending yesterday). Takes the shared deskads list filters.',
  access: 'read',
  args: { campaign_id: v.optional(idArgument('campaign', 'list_deskads_campaigns')), ...windowArgs, ...deskadsListFilterArgs(OPTIONS) },
  rules: [windowRule, ...deskadsListFilterRules(OPTIONS)],
  output: v.object({
    account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    total: v.number(),
    filtered: v.number(),
    offset: v.number(),
    limit: v.number(),
    has_more: v.boolean(),
    ad_groups: v.array(
      v.object({
        id: v.string(),
        campaign_id: v.string(),
        campaign_name: v.string(),
        name: v.string(),
        status: v.picklist(ENTITY_STATUSES),
        network: v.picklist(NETWORKS),
        cpc_bid: v.number(),
        start_date: v.string(),
        metrics: metricsOutput,
      }),
    ),
  }),
  async run(args, ctx) {
    const window = metricsWindow(args, ctx);
    const campaigns = await ctx.platform.listCampaigns();
    if (args.campaign_id && !campaigns.some((c) => c.id === args.campaign_id)) {
      throw new ToolError(
        `No campaign ${args.campaign_id} in account ${ctx.account.account_id}. list_deskads_campaigns lists the valid ids.`,
        { code: 'not_found' },
      );
    }
    const [groups, figures] = await Promise.all([
      ctx.platform.listAdGroups(args.campaign_id),
      figuresBy(ctx.platform, 'AdGroupPerformance', window, (r) => r.ad_group_id),
    ]);
    const campaignName = new Map(campaigns.map((c) => [c.id, c.name]));
    const rows: AdGroupRow[] = groups.map((g) => {
      const t = figures(g.id);
      return {
        id: g.id,
        campaign_id: g.campaign_id,
        campaign_name: campaignName.get(g.campaign_id) ?? '',
        name: g.name,
        status: g.status,
        network: g.network,
        cpc_bid: g.cpc_bid,
        start_date: g.start_date,
        spend: t.spend,
        conversions: t.conversions,
        cpa: t.cpa,
      };
    });
    const page = applyDeskAdsListFilters(rows, args, {
      searchable: ['name', 'id', 'campaign_name'],
      status: 'status',
      type: 'network',
      start: 'start_date',
    });
    const listed = page.rows.map((r) => ({
      id: r.id,
      campaign_id: r.campaign_id,
      campaign_name: r.campaign_name,
      name: r.name,
      status: r.status as DeskAdsAdGroup['status'],
      network: r.network as DeskAdsAdGroup['network'],
      cpc_bid: r.cpc_bid,
      start_date: r.start_date,
      metrics: rowMetrics(figures(r.id)),
    }));
    const currency = ctx.account.currency;
    return {
      text: [
        `## Ad groups${args.campaign_id ? ` of campaign "${campaignName.get(args.campaign_id)}"` : ''}, ${window.start} to ${window.end}`,
        '',
        pagingSummary(page),
        '',
        listed.length
          ? markdownTable(
              ['Ad group', 'Id', 'Campaign', 'Status', 'Default bid', 'Spend', 'Clicks', 'Conv.', 'CPA'],
              listed.map((g) => [
                g.name,
                g.id,
                g.campaign_name,
                g.status,
                money(g.cpc_bid, currency),
                money(g.metrics.spend, currency),
                g.metrics.clicks,
                g.metrics.conversions,
                g.metrics.cpa === null ? '-' : money(g.metrics.cpa, currency),
              ]),
            )
          : 'No ad group matches these filters.',
        '',
        'Its keywords: list_deskads_keywords with the ad_group_id. Change one with update_deskads_ad_group, pause_deskads_ad_group or resume_deskads_ad_group.',
      ].join('\n'),
      structured: {
        account_id: ctx.account.account_id,
        start_date: window.start,
        end_date: window.end,
        total: page.total,
        filtered: page.filtered,
        offset: page.offset,
        limit: page.limit,
        has_more: page.has_more,
        ad_groups: listed,
      },
    };
  },
});

async function findAdGroup(port: DeskAdsPort, accountId: string, id: string): Promise<DeskAdsAdGroup> {
  const group = (await port.listAdGroups()).find((g) => g.id === id);
  if (!group) throw new ToolError(`No ad group ${id} in account ${accountId}. ${LISTER} lists the valid ids.`, { code: 'not_found' });
  return group;
}

const adGroupOutput = v.object({
  account_id: v.string(),
  ad_group_id: v.string(),
  campaign_id: v.string(),
  name: v.string(),
  status: v.picklist(ENTITY_STATUSES),
  cpc_bid: v.number(),
  network: v.picklist(NETWORKS),
});

export const createDeskAdsAdGroup = defineDeskAdsTool({
  name: 'create_deskads_ad_group',
  description:
    'Adds an ad group with a default CPC bid and network distribution to a search campaign. It is created Paused unless status Active is given (and the owner\'s "create paused" guardrail is off); add keywords with add_deskads_keywords.',
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_deskads_campaigns>', name: 'Example group', cpc_bid: 0.8 }],
  args: {
    campaign_id: idArgument('campaign', 'list_deskads_campaigns'),
    name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(256),
      v.description('Ad group name, up to 256 characters, unique in the campaign'),
    ),
    cpc_bid: bidArgument(`Default CPC bid of its keywords, ${BID_RANGE}`),
    network: v.optional(
      v.pipe(v.picklist(NETWORKS), v.description(`${NETWORKS.join(', ')} (default OwnedAndOperatedAndSyndicatedSearch)`)),
      'OwnedAndOperatedAndSyndicatedSearch',
    ),
    status: v.optional(
      v.pipe(v.picklist(['Active', 'Paused']), v.description('Paused (default: nothing serves until you resume it) or Active')),
      'Paused',
    ),
    start_date: v.optional(dateArgument('YYYY-MM-DD first day it serves, default today')),
  },
  output: adGroupOutput,
  async plan(args, ctx) {
    const campaign = (await ctx.platform.listCampaigns()).find((c) => c.id === args.campaign_id);
    if (!campaign)
      throw new ToolError(
        `No campaign ${args.campaign_id} in account ${ctx.account.account_id}. list_deskads_campaigns lists the valid ids.`,
        { code: 'not_found' },
      );
    if (campaign.type !== 'Search')
      throw new ToolError(
        `Campaign "${campaign.name}" is a ${campaign.type} campaign; ad groups with keywords belong to Search campaigns.`,
      );
    if (campaign.status === 'Deleted')
      throw new ToolError(`Campaign "${campaign.name}" is deleted; add the ad group to a campaign that is not.`);
    const today = isoDate(ctx.now);
    if (args.start_date && args.start_date < today)
      throw new ToolError(`\`start_date\` ${args.start_date} is in the past; give today (${today}) or later, or leave it out.`);
    if (
      (await ctx.platform.listAdGroups(campaign.id)).some((g) => g.name.toLowerCase() === args.name.toLowerCase() && g.status !== 'Deleted')
    ) {
      throw new ToolError(
        `Campaign "${campaign.name}" already has an ad group named "${args.name}"; ad group names must be unique in a campaign.`,
      );
    }
    const status = ctx.createPaused ? 'Paused' : args.status;
    const adGroup = {
      campaign_id: campaign.id,
      name: args.name,
      status,
      cpc_bid: deskAdsBid(args.cpc_bid, ctx.account.currency, 'cpc_bid'),
      network: args.network,
      start_date: args.start_date ?? today,
    };
    const fields: Record<string, FieldChange> = Object.fromEntries(Object.entries(adGroup).map(([k, after]) => [k, { after }]));
    return {
      summary: `Create ad group "${args.name}" in campaign "${campaign.name}" (${status})`,
      changes: [{ action: 'create' as const, entity: 'ad_group', name: args.name, fields, startsPaused: status === 'Paused' }],
      notes: ctx.createPaused && args.status === 'Active' ? ['The owner\'s "create paused" guardrail creates it Paused.'] : [],
      data: { adGroup, campaignName: campaign.name },
    };
  },
  async apply(plan, _args, ctx) {
    const created = await ctx.platform.createAdGroup(plan.data.adGroup);
    return {
      text: `## Ad group "${created.name}" created\n\nIn campaign "${plan.data.campaignName}", id ${created.id}, status ${created.status}, default bid ${money(created.cpc_bid, ctx.account.currency)}.\n\nNext: add keywords with add_deskads_keywords and an ad with create_deskads_responsive_search_ad (an ad group without an approved ad shows nothing)${created.status === 'Paused' ? ', then resume_deskads_ad_group' : ''}.`,
      structured: {
        account_id: ctx.account.account_id,
        ad_group_id: created.id,
        campaign_id: created.campaign_id,
        name: created.name,
        status: created.status,
        cpc_bid: created.cpc_bid,
        network: created.network,
      },
    };
  },
});

const AD_GROUP_FIELDS = ['name', 'cpc_bid', 'status', 'network', 'start_date', 'end_date'] as const;

export const updateDeskAdsAdGroup = defineDeskAdsTool({
  name: 'update_deskads_ad_group',
  description:
    "Changes an ad group's name, default CPC bid, status (Active or Paused), network distribution or schedule (start and end date). Give at least one change; the answer shows each before → after.",
  access: 'write',
  examples: [{ ad_group_id: '<ad_group_id from list_deskads_ad_groups>', cpc_bid: 0.95 }],
  args: {
    ad_group_id: idArgument('ad group', LISTER),
    name: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(256), v.description('New name, up to 256 characters')),
    ),
    cpc_bid: v.optional(bidArgument(`New default CPC bid, ${BID_RANGE}`)),
    status: v.optional(v.pipe(v.picklist(['Active', 'Paused']), v.description('Active or Paused'))),
    network: v.optional(v.pipe(v.picklist(NETWORKS), v.description(NETWORKS.join(', ')))),
    start_date: v.optional(dateArgument('YYYY-MM-DD new first day (only before it has started)')),
    end_date: v.optional(v.nullable(dateArgument('YYYY-MM-DD last day it serves; null removes it'))),
  },
  rules: [
    (args) =>
      AD_GROUP_FIELDS.some((f) => args[f] !== undefined)
        ? undefined
        : `give at least one setting to change (${AD_GROUP_FIELDS.map((f) => `\`${f}\``).join(', ')})`,
    (args) =>
      args.start_date && args.end_date && args.start_date > args.end_date
        ? `\`start_date\` (${args.start_date}) must not be after \`end_date\` (${args.end_date})`
        : undefined,
  ],
  output: v.object({
    account_id: v.string(),
    ad_group_id: v.string(),
    name: v.string(),
    changes: v.array(v.object({ field: v.string(), before: v.unknown(), after: v.unknown() })),
    changed: v.boolean(),
  }),
  async plan(args, ctx) {
    const group = await findAdGroup(ctx.platform, ctx.account.account_id, args.ad_group_id);
    if (group.status === 'Deleted') throw new ToolError(`Ad group "${group.name}" (${group.id}) is deleted and cannot be changed.`);
    const today = isoDate(ctx.now);
    if (args.start_date !== undefined && args.start_date !== group.start_date && group.start_date <= today) {
      throw new ToolError(
        `Ad group "${group.name}" started on ${group.start_date}; the start date of an ad group that has started cannot change.`,
      );
    }
    if (args.start_date !== undefined && args.start_date < today)
      throw new ToolError(`\`start_date\` ${args.start_date} is in the past; give today (${today}) or later.`);
    if (args.end_date && args.end_date < (args.start_date ?? group.start_date))
      throw new ToolError(`\`end_date\` ${args.end_date} is before the start date ${args.start_date ?? group.start_date}.`);
    const patch: DeskAdsAdGroupPatch = {};
    const fields: Record<string, FieldChange> = {};
    for (const field of AD_GROUP_FIELDS) {
      const raw = args[field];
      if (raw === undefined) continue;
      const after = field === 'cpc_bid' ? deskAdsBid(raw as number, ctx.account.currency, 'cpc_bid') : raw;
      const before = group[field] ?? null;
      if (after === before) continue;
      (patch as Record<string, unknown>)[field] = after ?? undefined;
      fields[field] = { before, after };
    }
    const changed = Object.keys(fields).length > 0;
    return {
      summary: changed
        ? `Change ad group "${group.name}" (${group.id}): ${Object.keys(fields).join(', ')}`
        : `Ad group "${group.name}" already has these settings; nothing changes`,
      changes: changed ? [{ action: 'update' as const, entity: 'ad_group', id: group.id, name: group.name, fields }] : [],
      data: {
        id: group.id,
        name: group.name,
        patch,
        expect: Object.fromEntries(Object.keys(fields).map((f) => [f, group[f as keyof DeskAdsAdGroup]])),
      },
    };
  },
  async apply(plan, _args, ctx) {
    const { id, name, patch, expect } = plan.data;
    const changes = plan.changes.flatMap((c) =>
      Object.entries(c.fields).map(([field, { before, after }]) => ({ field, before: before ?? null, after })),
    );
    if (changes.length) await ctx.platform.updateAdGroup(id, patch, expect as Partial<DeskAdsAdGroup>);
    return {
      text: changes.length
        ? `## Ad group "${name}" updated\n\n${markdownTable(
            ['Setting', 'Before', 'After'],
            changes.map((c) => [c.field, c.before === null ? '(none)' : String(c.before), c.after === null ? '(none)' : String(c.after)]),
          )}`
        : `## Ad group "${name}" unchanged\n\nIt already has these settings.`,
      structured: { account_id: ctx.account.account_id, ad_group_id: id, name, changes, changed: changes.length > 0 },
    };
  },
  undo: (plan) => {
    const change = plan.changes[0];
    if (!change) return undefined;
    return {
      tool: 'update_deskads_ad_group',
      arguments: { ad_group_id: plan.data.id, ...Object.fromEntries(Object.entries(change.fields).map(([f, c]) => [f, c.before])) },
    };
  },
});

const findGroupForStatus = async (port: DeskAdsPort, id: string) => (await port.listAdGroups()).find((g) => g.id === id);

export const pauseDeskAdsAdGroup = statusChangeTool<DeskAdsAdGroup>({
  name: 'pause_deskads_ad_group',
  examples: [{ ad_group_id: '<ad_group_id from list_deskads_ad_groups>' }],
  description: 'Pauses a deskads ad group: its keywords stop serving from now on. Resume it with resume_deskads_ad_group.',
  entity: 'ad_group',
  label: 'ad group',
  idArg: 'ad_group_id',
  lister: LISTER,
  to: 'Paused',
  undoTool: 'resume_deskads_ad_group',
  find: findGroupForStatus,
  write: (port, id, to, from) => port.updateAdGroup(id, { status: to }, { status: from }),
});

export const resumeDeskAdsAdGroup = statusChangeTool<DeskAdsAdGroup>({
  name: 'resume_deskads_ad_group',
  examples: [{ ad_group_id: '<ad_group_id from list_deskads_ad_groups>' }],
  description:
    'Resumes a paused deskads ad group (Paused → Active). It serves only while its campaign is Active; a deleted ad group cannot be resumed.',
  entity: 'ad_group',
  label: 'ad group',
  idArg: 'ad_group_id',
  lister: LISTER,
  to: 'Active',
  undoTool: 'pause_deskads_ad_group',
  find: findGroupForStatus,
  write: (port, id, to, from) => port.updateAdGroup(id, { status: to }, { status: from }),
});
