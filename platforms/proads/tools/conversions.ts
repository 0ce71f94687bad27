/**
 * proads conversion rules: attach one to a campaign, and the all-in-one tool (list, create,
 * associate, dissociate, set up = create and attach). Attaching is recorded on the rule (the
 * campaigns it counts for), as the platform's campaign-conversion association does.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedChange, WritePlan } from '../../../core/plan';
import type { ToolContext, ToolDefinition, ToolResult } from '../../../core/tool';
import { markdownTable, money } from '../../../core/markdown';
import { defineProAdsTool } from '../define';
import type { NewProAdsConversion, ProAdsConversion, ProAdsPort } from '../port';
import { campaignIdArg, findCampaign, nameArg, writeOutput } from './common';

const conversionIdArg = () =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,19}$/, 'must be a numeric conversion id (list_proads_conversions lists them)'),
    v.description('Conversion rule id (list_proads_conversions)'),
  );

async function findConversion(platform: ProAdsPort, id: string): Promise<ProAdsConversion> {
  const conversion = (await platform.listConversions()).find((c) => c.id === id);
  if (!conversion)
    throw new ToolError(`No proads conversion rule with id "${id}" in this ad account. list_proads_conversions lists the valid ids.`, {
      code: 'not_found',
      conversion_id: id,
      list_tool: 'list_proads_conversions',
    });
  return conversion;
}

const conversionOutput = v.object({
  id: v.string(),
  name: v.string(),
  type: v.string(),
  attribution_type: v.string(),
  post_click_window_days: v.number(),
  view_through_window_days: v.number(),
  value: v.optional(v.number()),
  enabled: v.boolean(),
  campaign_ids: v.array(v.string()),
  created_at: v.string(),
});
const output = writeOutput({ action: v.string(), conversions: v.array(conversionOutput) });

interface AssociationData {
  action: 'list' | 'create' | 'associate' | 'dissociate' | 'setup';
  conversion?: { id: string; name: string; campaign_ids: string[] };
  create?: NewProAdsConversion;
  campaign_ids: string[];
}

/** Which of `campaignIds` would change by attaching (or detaching) them. */
async function associationChange(
  platform: ProAdsPort,
  conversion: ProAdsConversion,
  campaignIds: string[],
  attach: boolean,
): Promise<{ change?: PlannedChange; after: string[] }> {
  for (const id of campaignIds) await findCampaign(platform, id);
  const after = attach
    ? [...new Set([...conversion.campaign_ids, ...campaignIds])]
    : conversion.campaign_ids.filter((id) => !campaignIds.includes(id));
  if (after.length === conversion.campaign_ids.length && after.every((id) => conversion.campaign_ids.includes(id))) return { after };
  return {
    after,
    change: {
      action: 'update',
      entity: 'conversion',
      id: conversion.id,
      name: conversion.name,
      fields: { campaign_ids: { before: conversion.campaign_ids, after } },
    },
  };
}

async function answer(
  ctx: ToolContext<ProAdsPort>,
  plan: WritePlan<AssociationData>,
  changedConversion?: ProAdsConversion,
): Promise<ToolResult> {
  const conversions = await ctx.platform.listConversions();
  const shown = changedConversion ? [changedConversion] : conversions;
  const changed = plan.changes.length > 0;
  const text = [
    `## ${changed ? plan.summary : plan.data.action === 'list' ? 'proads conversion rules' : `${plan.summary}`}`,
    '',
    ...(changed || plan.data.action === 'list' ? [] : ['Nothing changed.', '']),
    markdownTable(
      ['Conversion', 'Id', 'Type', 'Windows (click/view)', 'Value', 'Campaigns'],
      shown.map((c) => [
        c.name,
        c.id,
        c.type,
        `${c.post_click_window_days}d / ${c.view_through_window_days}d`,
        money(c.value, ctx.account.currency),
        c.campaign_ids.join(', ') || '(none)',
      ]),
    ),
    '',
    'Conversions count from the next click or view on; see them in get_proads_campaign_performance.',
  ].join('\n');
  return {
    text,
    structured: { ad_account_id: ctx.account.account_id, changed, summary: plan.summary, action: plan.data.action, conversions: shown },
  };
}

export const associateConversion = defineProAdsTool({
  name: 'associate_proads_conversion',
  description:
    'Attaches an existing proads conversion rule to a campaign so the campaign counts (and can optimise for) those conversions. Already attached: nothing changes. Undo detaches it (manage_proads_conversions action dissociate).',
  access: 'write',
  examples: [{ conversion_id: '<conversion_id from list_proads_conversions>', campaign_id: '<campaign_id from list_proads_campaigns>' }],
  args: { conversion_id: conversionIdArg(), campaign_id: campaignIdArg() },
  output,
  async plan(args, ctx): Promise<WritePlan<AssociationData>> {
    const conversion = await findConversion(ctx.platform, args.conversion_id);
    const campaign = await findCampaign(ctx.platform, args.campaign_id);
    const { change } = await associationChange(ctx.platform, conversion, [campaign.id], true);
    return {
      summary: change
        ? `Attach conversion "${conversion.name}" to campaign "${campaign.name}"`
        : `Conversion "${conversion.name}" is already attached to "${campaign.name}"; nothing changes`,
      changes: change ? [change] : [],
      notes: conversion.enabled ? [] : [`The rule "${conversion.name}" is disabled: it counts nothing until enabled.`],
      data: {
        action: 'associate',
        conversion: { id: conversion.id, name: conversion.name, campaign_ids: conversion.campaign_ids },
        campaign_ids: [campaign.id],
      },
    };
  },
  async apply(plan, _args, ctx) {
    const change = plan.changes[0];
    const updated = change
      ? await ctx.platform.updateConversion(plan.data.conversion!.id, { campaign_ids: change.fields.campaign_ids!.after as string[] })
      : undefined;
    return answer(ctx, plan, updated);
  },
  undo: (plan) =>
    plan.changes.length
      ? {
          tool: 'manage_proads_conversions',
          arguments: { action: 'dissociate', conversion_id: plan.data.conversion!.id, campaign_ids: plan.data.campaign_ids },
        }
      : undefined,
});

const TYPES = ['LEAD', 'PURCHASE', 'SIGN_UP', 'DOWNLOAD', 'REGISTRATION', 'KEY_PAGE_VIEW', 'REQUEST_DEMO', 'OTHER'] as const;
const WINDOWS = [1, 7, 30, 90] as const;

export const manageConversions = defineProAdsTool({
  name: 'manage_proads_conversions',
  description:
    'All-in-one proads conversion tool. action list: the rules and their campaigns; create: a new rule (name, type, attribution, post-click and view-through windows of 1, 7, 30 or 90 days, value); associate / dissociate: attach or detach a rule and campaign_ids; setup: create a rule and attach it to campaign_ids in one call (checkpointed).',
  access: 'write',
  args: {
    action: v.pipe(
      v.picklist(['list', 'create', 'associate', 'dissociate', 'setup']),
      v.description('list, create, associate, dissociate or setup'),
    ),
    conversion_id: v.optional(conversionIdArg()),
    campaign_ids: v.optional(
      v.pipe(
        v.array(campaignIdArg()),
        v.minLength(1),
        v.maxLength(100),
        v.description('Campaigns to attach or detach (associate, dissociate, setup)'),
      ),
    ),
    name: v.optional(nameArg('Conversion rule')),
    type: v.optional(v.pipe(v.picklist(TYPES), v.description(`What is counted: ${TYPES.join(', ')}`))),
    attribution_type: v.optional(
      v.pipe(
        v.picklist(['LAST_TOUCH_BY_CAMPAIGN', 'LAST_TOUCH_BY_CONVERSION']),
        v.description('Count once per campaign touch (LAST_TOUCH_BY_CAMPAIGN, default) or every conversion (LAST_TOUCH_BY_CONVERSION)'),
      ),
      'LAST_TOUCH_BY_CAMPAIGN',
    ),
    post_click_window_days: v.optional(
      v.pipe(v.picklist(WINDOWS), v.description('Days after a click a conversion counts: 1, 7, 30 (default) or 90')),
      30,
    ),
    view_through_window_days: v.optional(
      v.pipe(v.picklist(WINDOWS), v.description('Days after a view a conversion counts: 1, 7 (default), 30 or 90')),
      7,
    ),
    value: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1_000_000), v.description('Value of one conversion, account currency'))),
  },
  rules: [
    (a) =>
      (a.action === 'create' || a.action === 'setup') && (!a.name || !a.type)
        ? `action ${a.action} needs \`name\` and \`type\``
        : undefined,
    (a) =>
      (a.action === 'associate' || a.action === 'dissociate') && (!a.conversion_id || !a.campaign_ids)
        ? `action ${a.action} needs \`conversion_id\` and \`campaign_ids\``
        : undefined,
    (a) => (a.action === 'setup' && !a.campaign_ids ? 'action setup needs `campaign_ids`' : undefined),
  ],
  output,
  async plan(args, ctx): Promise<WritePlan<AssociationData>> {
    if (args.action === 'list') return { summary: 'List the conversion rules', changes: [], data: { action: 'list', campaign_ids: [] } };
    if (args.action === 'associate' || args.action === 'dissociate') {
      const conversion = await findConversion(ctx.platform, args.conversion_id!);
      const { change } = await associationChange(ctx.platform, conversion, args.campaign_ids!, args.action === 'associate');
      return {
        summary: change
          ? `${args.action === 'associate' ? 'Attach' : 'Detach'} conversion "${conversion.name}" ${args.action === 'associate' ? 'to' : 'from'} ${args.campaign_ids!.length} campaign(s)`
          : `Conversion "${conversion.name}" is already ${args.action === 'associate' ? 'attached to' : 'detached from'} these campaigns; nothing changes`,
        changes: change ? [change] : [],
        data: {
          action: args.action,
          conversion: { id: conversion.id, name: conversion.name, campaign_ids: conversion.campaign_ids },
          campaign_ids: args.campaign_ids!,
        },
      };
    }
    const existing = await ctx.platform.listConversions();
    if (existing.some((c) => c.name.toLowerCase() === args.name!.toLowerCase()))
      throw new ToolError(
        `A conversion rule named "${args.name}" already exists (list_proads_conversions): choose another name or associate the existing one.`,
        { code: 'duplicate_name' },
      );
    for (const id of args.campaign_ids ?? []) await findCampaign(ctx.platform, id);
    const create: NewProAdsConversion = {
      name: args.name!,
      type: args.type!,
      attribution_type: args.attribution_type,
      post_click_window_days: args.post_click_window_days,
      view_through_window_days: args.view_through_window_days,
      ...(args.value !== undefined ? { value: args.value } : {}),
      enabled: true,
      campaign_ids: args.action === 'setup' ? [...new Set(args.campaign_ids!)] : [],
    };
    return {
      summary: `Create conversion rule "${create.name}" (${create.type})${create.campaign_ids.length ? ` attached to ${create.campaign_ids.length} campaign(s)` : ''}`,
      changes: [
        {
          action: 'create',
          entity: 'conversion',
          name: create.name,
          fields: Object.fromEntries(Object.entries(create).map(([k, after]) => [k, { after }])),
        },
      ],
      data: { action: args.action, create, campaign_ids: create.campaign_ids },
    };
  },
  async apply(plan, _args, ctx) {
    if (plan.data.create) {
      const made = await ctx.step('conversion', () => ctx.platform.createConversion(plan.data.create!));
      return answer(ctx, plan, made);
    }
    const change = plan.changes[0];
    if (!change) return answer(ctx, plan);
    const updated = await ctx.platform.updateConversion(plan.data.conversion!.id, {
      campaign_ids: change.fields.campaign_ids!.after as string[],
    });
    return answer(ctx, plan, updated);
  },
  undo(plan) {
    if (!plan.changes.length || plan.data.create) return undefined;
    // Only the campaigns this write moved go back.
    const { before, after } = plan.changes[0]!.fields.campaign_ids! as { before: string[]; after: string[] };
    const moved =
      plan.data.action === 'associate' ? after.filter((id) => !before.includes(id)) : before.filter((id) => !after.includes(id));
    return {
      tool: 'manage_proads_conversions',
      arguments: {
        action: plan.data.action === 'associate' ? 'dissociate' : 'associate',
        conversion_id: plan.data.conversion!.id,
        campaign_ids: moved,
      },
    };
  },
});

export const conversionTools: ToolDefinition[] = [associateConversion, manageConversions];
