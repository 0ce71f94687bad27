/**
 * The proads status family, built once as data: pause, resume, archive and reactivate of campaigns
 * and creatives, and the deletes of campaign groups, campaigns and creatives. Each row says which
 * statuses it accepts, the status it sets, and the tool that undoes it. A DRAFT is deleted for good;
 * anything that ran is set to PENDING_DELETION (its history and figures stay), as the platform does.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedChange, WritePlan } from '../../../core/plan';
import type { ToolContext, ToolDefinition, ToolResult } from '../../../core/tool';
import { isoDate } from '../../../core/dates';
import { markdownTable } from '../../../core/markdown';
import { defineProAdsTool } from '../define';
import type { ProAdsPort } from '../port';
import { campaignIdArg, creativeIdArg, findCampaign, findCreative, findGroup, groupIdArg, writeOutput } from './common';

type EntityKind = 'campaign_group' | 'campaign' | 'creative';
interface Entity {
  id: string;
  name: string;
  status: string;
}

/** How each entity kind is read, changed and deleted through the port. */
const ENTITIES: Record<
  EntityKind,
  {
    label: string;
    idArg: 'campaign_group_id' | 'campaign_id' | 'creative_id';
    idSchema: () => v.GenericSchema<string, string>;
    find(platform: ProAdsPort, id: string): Promise<Entity>;
    setStatus(platform: ProAdsPort, id: string, status: string, before: string): Promise<Entity>;
    remove(platform: ProAdsPort, id: string): Promise<void>;
    /** Why this entity cannot deliver even when ACTIVE (its parent's state), or undefined. */
    parentNote(platform: ProAdsPort, entity: Entity, today: string): Promise<string | undefined>;
  }
> = {
  campaign_group: {
    label: 'campaign group',
    idArg: 'campaign_group_id',
    idSchema: groupIdArg,
    find: findGroup,
    setStatus: (p, id, status, before) => p.updateCampaignGroup(id, { status: status as never }, { status: before as never }),
    remove: (p, id) => p.deleteCampaignGroup(id),
    parentNote: async () => undefined,
  },
  campaign: {
    label: 'campaign',
    idArg: 'campaign_id',
    idSchema: campaignIdArg,
    find: findCampaign,
    setStatus: (p, id, status, before) => p.updateCampaign(id, { status: status as never }, { status: before as never }),
    remove: (p, id) => p.deleteCampaign(id),
    async parentNote(platform, entity, today) {
      const campaign = await findCampaign(platform, entity.id);
      const group = await findGroup(platform, campaign.campaign_group_id);
      const notes: string[] = [];
      if (group.status !== 'ACTIVE')
        notes.push(
          `its campaign group "${group.name}" is ${group.status}, so it will not deliver until the group is ACTIVE (update_proads_campaign_group with status ACTIVE)`,
        );
      const creatives = (await platform.listCreatives()).filter((cr) => cr.campaign_id === campaign.id && cr.status === 'ACTIVE');
      if (!creatives.length)
        notes.push(
          'it has no ACTIVE creative, so it will not deliver until one is added (add_proads_creative) or resumed (resume_proads_creative)',
        );
      if (campaign.end_date && campaign.end_date < today)
        notes.push(`it ended on ${campaign.end_date}; extend it with update_proads_campaign_schedule`);
      return notes.length ? `Note: ${notes.join('; ')}.` : undefined;
    },
  },
  creative: {
    label: 'creative',
    idArg: 'creative_id',
    idSchema: creativeIdArg,
    find: findCreative,
    setStatus: (p, id, status, before) => p.updateCreative(id, { status: status as never }, { status: before as never }),
    remove: (p, id) => p.deleteCreative(id),
    async parentNote(platform, entity) {
      const creative = await findCreative(platform, entity.id);
      const campaign = await findCampaign(platform, creative.campaign_id);
      return campaign.status !== 'ACTIVE'
        ? `Note: its campaign "${campaign.name}" is ${campaign.status}, so the creative will not deliver until the campaign is resumed (resume_proads_campaign).`
        : undefined;
    },
  },
};

interface StatusData {
  kind: EntityKind;
  entity: Entity;
  to: string;
}

const statusOutput = writeOutput({ entity: v.string(), id: v.string(), name: v.string(), previous_status: v.string(), status: v.string() });

interface StatusRow {
  name: string;
  description: string;
  /** Documented request examples (ToolSpec.examples). */
  examples?: Record<string, unknown>[];
  kind: EntityKind;
  to: string;
  from: readonly string[];
  verb: string;
  /** The imperative of the plan's summary: Pause, Resume, ... */
  action: string;
  destructive?: boolean;
  /** The tool that sets the previous status back. */
  undo?: string;
}

/** One status-change tool from its row. */
function statusTool(row: StatusRow): ToolDefinition {
  const entity = ENTITIES[row.kind];
  return defineProAdsTool({
    name: row.name,
    description: row.description,
    examples: row.examples,
    access: 'write',
    destructive: row.destructive,
    args: { [entity.idArg]: entity.idSchema() } as Record<typeof entity.idArg, v.GenericSchema<string, string>>,
    output: statusOutput,
    async plan(args, ctx): Promise<WritePlan<StatusData>> {
      const found = await entity.find(ctx.platform, (args as Record<string, string>)[entity.idArg]!);
      const current = { id: found.id, name: found.name, status: found.status };
      const data = { kind: row.kind, entity: current, to: row.to };
      if (current.status === row.to)
        return { summary: `The ${entity.label} "${current.name}" is already ${row.to}; nothing changes`, changes: [], data };
      if (!row.from.includes(current.status)) {
        throw new ToolError(
          `The ${entity.label} "${current.name}" (${current.id}) is ${current.status}: only a ${row.from.join(' or ')} ${entity.label} can be ${row.verb}.`,
          { code: 'invalid_status_transition', status: current.status, allowed: row.from },
        );
      }
      const note = row.to === 'ACTIVE' ? await entity.parentNote(ctx.platform, current, isoDate(ctx.now)) : undefined;
      return {
        summary: `${row.action} ${entity.label} "${current.name}" (${current.id})`,
        changes: [
          {
            action: 'update',
            entity: row.kind,
            id: current.id,
            name: current.name,
            fields: { status: { before: current.status, after: row.to } },
          },
        ],
        notes: note ? [note] : [],
        data,
      };
    },
    async apply(plan, _args, ctx) {
      const { entity: current, to } = plan.data;
      const base = {
        ad_account_id: ctx.account.account_id,
        entity: row.kind,
        id: current.id,
        name: current.name,
        previous_status: current.status,
      };
      if (!plan.changes.length)
        return {
          text: `## ${plan.summary}\n\nNothing changed.`,
          structured: { ...base, changed: false, summary: plan.summary, status: current.status },
        };
      const updated = await entity.setStatus(ctx.platform, current.id, to, current.status);
      const text = [
        `## ${entity.label[0]!.toUpperCase()}${entity.label.slice(1)} "${current.name}" ${row.verb}`,
        '',
        `Status: ${current.status} → ${updated.status}.`,
        ...(plan.notes ?? []),
        ...(row.undo ? ['', `Undo with ${row.undo}.`] : []),
      ].join('\n');
      return { text, structured: { ...base, changed: true, summary: plan.summary, status: updated.status } };
    },
    undo: row.undo
      ? (plan) => (plan.changes.length ? { tool: row.undo!, arguments: { [entity.idArg]: plan.data.entity.id } } : undefined)
      : undefined,
  });
}

const LIVE = ['ACTIVE', 'PAUSED', 'DRAFT', 'COMPLETED', 'CANCELED'];
export const statusTools: ToolDefinition[] = [
  statusTool({
    name: 'pause_proads_campaign',
    examples: [{ campaign_id: '<campaign_id from list_proads_campaigns>' }],
    kind: 'campaign',
    to: 'PAUSED',
    from: ['ACTIVE'],
    verb: 'paused',
    action: 'Pause',
    undo: 'resume_proads_campaign',
    description:
      'Pauses a proads campaign (ACTIVE → PAUSED): it stops delivering from now on; its past figures stay. Already paused: nothing changes. Undo with resume_proads_campaign.',
  }),
  statusTool({
    name: 'resume_proads_campaign',
    examples: [{ campaign_id: '<campaign_id from list_proads_campaigns>' }],
    kind: 'campaign',
    to: 'ACTIVE',
    from: ['PAUSED', 'DRAFT'],
    verb: 'resumed',
    action: 'Resume',
    undo: 'pause_proads_campaign',
    description:
      'Resumes a paused or draft proads campaign (→ ACTIVE) so it delivers from now on; says when its group, creatives or end date still keep it from delivering. An archived campaign needs reactivate_proads_campaign first.',
  }),
  statusTool({
    name: 'archive_proads_campaign',
    examples: [{ campaign_id: '<campaign_id from list_proads_campaigns>' }],
    kind: 'campaign',
    to: 'ARCHIVED',
    from: LIVE,
    verb: 'archived',
    action: 'Archive',
    undo: 'reactivate_proads_campaign',
    description:
      'Archives a proads campaign (→ ARCHIVED): it stops delivering and leaves the active lists; figures stay. Bring it back with reactivate_proads_campaign.',
  }),
  statusTool({
    name: 'reactivate_proads_campaign',
    examples: [{ campaign_id: '<campaign_id from list_proads_campaigns>' }],
    kind: 'campaign',
    to: 'PAUSED',
    from: ['ARCHIVED'],
    verb: 'reactivated',
    action: 'Reactivate',
    undo: 'archive_proads_campaign',
    description:
      'Brings an archived proads campaign back (ARCHIVED → PAUSED, so it does not spend at once); then resume it with resume_proads_campaign.',
  }),
  statusTool({
    name: 'pause_proads_creative',
    examples: [{ creative_id: '<creative_id from list_proads_creatives>' }],
    kind: 'creative',
    to: 'PAUSED',
    from: ['ACTIVE'],
    verb: 'paused',
    action: 'Pause',
    undo: 'resume_proads_creative',
    description:
      "Pauses one proads creative (ACTIVE → PAUSED): its campaign's budget goes to its other active creatives from now on. Undo with resume_proads_creative.",
  }),
  statusTool({
    name: 'resume_proads_creative',
    examples: [{ creative_id: '<creative_id from list_proads_creatives>' }],
    kind: 'creative',
    to: 'ACTIVE',
    from: ['PAUSED', 'DRAFT'],
    verb: 'resumed',
    action: 'Resume',
    undo: 'pause_proads_creative',
    description: 'Resumes a paused proads creative (→ ACTIVE); says when its campaign is not active.',
  }),
];

// ---- Deletes.

interface DeleteData {
  kind: EntityKind;
  items: { entity: Entity; final: boolean; to: string }[];
}

const deleteOutput = writeOutput({
  entity: v.string(),
  items: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      previous_status: v.string(),
      result: v.picklist(['DELETED', 'PENDING_DELETION', 'ARCHIVED']),
    }),
  ),
});

/** What deleting one entity does: a DRAFT goes for good; one that ran becomes PENDING_DELETION (or ARCHIVED when asked). */
async function planDelete(
  kind: EntityKind,
  platform: ProAdsPort,
  id: string,
  archiveInstead = false,
): Promise<{ entity: Entity; final: boolean; to: string; change?: PlannedChange }> {
  const e = ENTITIES[kind];
  const found = await e.find(platform, id);
  const entity = { id: found.id, name: found.name, status: found.status };
  if (entity.status === 'PENDING_DELETION' || (archiveInstead && entity.status === 'ARCHIVED'))
    return { entity, final: false, to: entity.status };
  if (entity.status === 'ACTIVE' && kind !== 'creative') {
    throw new ToolError(
      `The ${e.label} "${entity.name}" (${entity.id}) is ACTIVE: pause it first (${kind === 'campaign' ? 'pause_proads_campaign' : 'update_proads_campaign_group with status PAUSED'}), then delete it.`,
      { code: 'delete_active' },
    );
  }
  if (kind === 'campaign_group' && entity.status === 'DRAFT') {
    const held = (await platform.listCampaigns()).filter((c) => c.campaign_group_id === entity.id);
    if (held.length)
      throw new ToolError(
        `The campaign group "${entity.name}" still holds ${held.length} campaign(s): delete them first (delete_proads_campaign).`,
        { code: 'group_not_empty' },
      );
  }
  const to = archiveInstead ? 'ARCHIVED' : entity.status === 'DRAFT' ? 'DELETED' : 'PENDING_DELETION';
  return {
    entity,
    final: to === 'DELETED',
    to,
    change: {
      action: to === 'ARCHIVED' ? 'update' : 'remove',
      entity: kind,
      id: entity.id,
      name: entity.name,
      fields: { status: { before: entity.status, after: to } },
    },
  };
}

async function applyDelete(ctx: ToolContext<ProAdsPort>, kind: EntityKind, item: DeleteData['items'][number]): Promise<void> {
  const e = ENTITIES[kind];
  if (item.to === item.entity.status) return;
  if (item.final) await e.remove(ctx.platform, item.entity.id);
  else await e.setStatus(ctx.platform, item.entity.id, item.to, item.entity.status);
}

function deleteResult(ctx: ToolContext<ProAdsPort>, plan: WritePlan<DeleteData>): ToolResult {
  const e = ENTITIES[plan.data.kind];
  const items = plan.data.items.map((i) => ({
    id: i.entity.id,
    name: i.entity.name,
    previous_status: i.entity.status,
    result: i.to as 'DELETED' | 'PENDING_DELETION' | 'ARCHIVED',
  }));
  const changed = plan.changes.length > 0;
  const text = [
    `## ${changed ? plan.summary : 'Nothing to delete'}`,
    '',
    markdownTable(
      [e.label, 'Id', 'Before', 'Now'],
      items.map((i) => [i.name, i.id, i.previous_status, i.result]),
    ),
    '',
    changed
      ? 'DELETED entities are gone; PENDING_DELETION ones stop delivering and keep their figures. This cannot be undone.'
      : 'Nothing changed.',
  ].join('\n');
  return { text, structured: { ad_account_id: ctx.account.account_id, changed, summary: plan.summary, entity: plan.data.kind, items } };
}

function deleteTool(row: {
  name: string;
  description: string;
  examples?: Record<string, unknown>[];
  kind: EntityKind;
  archiveOption?: boolean;
}): ToolDefinition {
  const e = ENTITIES[row.kind];
  return defineProAdsTool({
    name: row.name,
    description: row.description,
    examples: row.examples,
    access: 'write',
    destructive: true,
    args: {
      [e.idArg]: e.idSchema(),
      ...(row.archiveOption
        ? {
            mode: v.optional(
              v.pipe(
                v.picklist(['archive', 'delete']),
                v.description(
                  'archive (default: stops it, keeps it listed) or delete (a draft goes for good; one that ran becomes PENDING_DELETION)',
                ),
              ),
              'archive',
            ),
          }
        : {}),
    } as Record<string, v.GenericSchema>,
    output: deleteOutput,
    async plan(args, ctx): Promise<WritePlan<DeleteData>> {
      const a = args as Record<string, string>;
      const item = await planDelete(row.kind, ctx.platform, a[e.idArg]!, a.mode === 'archive');
      const { change, ...kept } = item;
      return {
        summary: change
          ? `${item.to === 'ARCHIVED' ? 'Archive' : 'Delete'} ${e.label} "${item.entity.name}" (${item.entity.id})${item.to === 'PENDING_DELETION' ? ': it ran, so it becomes PENDING_DELETION' : ''}`
          : `The ${e.label} "${item.entity.name}" is already ${item.entity.status}; nothing changes`,
        changes: change ? [change] : [],
        data: { kind: row.kind, items: [kept] },
      };
    },
    async apply(plan, _args, ctx) {
      for (const item of plan.data.items) await applyDelete(ctx, row.kind, item);
      return deleteResult(ctx, plan);
    },
  });
}

export const deleteTools: ToolDefinition[] = [
  deleteTool({
    name: 'delete_proads_campaign',
    examples: [{ campaign_id: '<campaign_id from list_proads_campaigns>' }],
    kind: 'campaign',
    description:
      'Permanently deletes a proads campaign: a DRAFT is removed with its creatives; a campaign that ran (paused, archived, completed) becomes PENDING_DELETION and keeps its figures. An ACTIVE campaign must be paused first (pause_proads_campaign). Cannot be undone.',
  }),
  deleteTool({
    name: 'delete_proads_campaign_group',
    examples: [{ campaign_group_id: '<campaign_group_id from list_proads_campaign_groups>' }],
    kind: 'campaign_group',
    description:
      'Deletes a proads campaign group: an empty DRAFT group is removed; a group that ran becomes PENDING_DELETION. An ACTIVE group must be paused first (update_proads_campaign_group). Cannot be undone.',
  }),
  deleteTool({
    name: 'delete_proads_creative',
    examples: [{ creative_id: '<creative_id from list_proads_creatives>' }],
    kind: 'creative',
    archiveOption: true,
    description:
      'Archives (mode archive, default) or deletes (mode delete) a proads creative: archived stops delivering and stays listed; delete removes a draft for good and sets one that ran to PENDING_DELETION. Cannot be undone; to stop it for now use pause_proads_creative.',
  }),
  defineProAdsTool({
    name: 'batch_delete_proads_campaigns',
    description:
      'Deletes many proads campaigns in one call (1-50 ids): drafts are removed, campaigns that ran become PENDING_DELETION. Every id is checked before anything changes: one unknown or ACTIVE campaign refuses the whole batch. Cannot be undone.',
    access: 'write',
    examples: [{ campaign_ids: ['<campaign_id from list_proads_campaigns>'] }],
    destructive: true,
    args: {
      campaign_ids: v.pipe(
        v.array(campaignIdArg()),
        v.minLength(1, 'must list at least one campaign id'),
        v.maxLength(50, 'at most 50 campaigns per call'),
        v.description('Campaign ids to delete, 1-50 (list_proads_campaigns)'),
      ),
    },
    rules: [(args) => (new Set(args.campaign_ids).size !== args.campaign_ids.length ? '`campaign_ids` lists a campaign twice' : undefined)],
    output: deleteOutput,
    async plan(args, ctx): Promise<WritePlan<DeleteData>> {
      const planned = [];
      for (const id of args.campaign_ids) planned.push(await planDelete('campaign', ctx.platform, id));
      const changes = planned.flatMap((p) => (p.change ? [p.change] : []));
      return {
        summary: changes.length
          ? `Delete ${changes.length} proads campaign(s)`
          : 'Every campaign is already pending deletion; nothing changes',
        changes,
        data: { kind: 'campaign', items: planned.map(({ change: _c, ...kept }) => kept) },
      };
    },
    async apply(plan, _args, ctx) {
      for (const item of plan.data.items)
        await ctx.step(`delete:${item.entity.id}`, async () => (await applyDelete(ctx, 'campaign', item), true));
      return deleteResult(ctx, plan);
    },
  }),
];
