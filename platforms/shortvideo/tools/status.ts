/**
 * Status changes of campaigns, ad groups and ads, built once as data: each tool is a level and a
 * target status. A pause (DISABLE) stops delivery from its moment, a resume (ENABLE) starts it again,
 * a delete (DELETE) is final. Pause and resume undo each other; a delete has no undo.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { ToolDefinition } from '../../../core/tool';
import { defineShortVideoTool } from '../define';
import type { ShortVideoPort } from '../port';
import { numericId } from './shared';

type Level = 'campaign' | 'ad_group' | 'ad';
type Target = 'pause' | 'resume' | 'delete';

interface Entity {
  id: string;
  name: string;
  status: string;
  /** The parents that must be running for it to deliver: [label, name, status running?]. */
  parents: { label: string; name: string; status: string; running: boolean; resume: string }[];
}

interface LevelSpec {
  label: string;
  idArg: 'campaign_id' | 'adgroup_id' | 'ad_id';
  list: string;
  on: string;
  off: string;
  read(platform: ShortVideoPort, id: string): Promise<Entity>;
  write(platform: ShortVideoPort, id: string, status: string, expect: string): Promise<unknown>;
}

const LEVELS: Record<Level, LevelSpec> = {
  campaign: {
    label: 'campaign',
    idArg: 'campaign_id',
    list: 'list_shortvideo_campaigns',
    on: 'ACTIVE',
    off: 'PAUSED',
    async read(platform, id) {
      const c = await platform.getCampaign(id);
      return { id: c.id, name: c.campaign_name, status: c.status, parents: [] };
    },
    write: (platform, id, status, expect) => platform.updateCampaign(id, { status: status as 'ACTIVE' }, expect as 'ACTIVE'),
  },
  ad_group: {
    label: 'ad group',
    idArg: 'adgroup_id',
    list: 'list_shortvideo_ad_groups',
    on: 'ENABLED',
    off: 'DISABLED',
    async read(platform, id) {
      const g = await platform.getAdGroup(id);
      const c = await platform.getCampaign(g.campaign_id);
      return {
        id: g.id,
        name: g.adgroup_name,
        status: g.status,
        parents: [
          {
            label: 'campaign',
            name: c.campaign_name,
            status: c.status,
            running: c.status === 'ACTIVE',
            resume: 'resume_shortvideo_campaign',
          },
        ],
      };
    },
    write: (platform, id, status, expect) =>
      platform.updateAdGroup(id, { status: status as 'ENABLED', modify_time: new Date().toISOString() }, expect as 'ENABLED'),
  },
  ad: {
    label: 'ad',
    idArg: 'ad_id',
    list: 'list_shortvideo_ads',
    on: 'ENABLED',
    off: 'DISABLED',
    async read(platform, id) {
      const a = await platform.getAd(id);
      const [g, c] = await Promise.all([platform.getAdGroup(a.adgroup_id), platform.getCampaign(a.campaign_id)]);
      return {
        id: a.id,
        name: a.ad_name,
        status: a.status,
        parents: [
          {
            label: 'campaign',
            name: c.campaign_name,
            status: c.status,
            running: c.status === 'ACTIVE',
            resume: 'resume_shortvideo_campaign',
          },
          {
            label: 'ad group',
            name: g.adgroup_name,
            status: g.status,
            running: g.status === 'ENABLED',
            resume: 'resume_shortvideo_ad_group',
          },
        ],
      };
    },
    write: (platform, id, status, expect) => platform.updateAd(id, { status: status as 'ENABLED' }, expect as 'ENABLED'),
  },
};

const toolName = (target: Target, level: Level) => `${target}_shortvideo_${level}`;

const DESCRIPTIONS: Record<Target, (l: LevelSpec) => string> = {
  pause: (l) =>
    `Pauses a shortvideo ${l.label} (${l.on} → ${l.off}): it stops spending from now on; past figures stay. Already paused: nothing changes. A deleted ${l.label} cannot be paused.`,
  resume: (l) =>
    `Resumes a paused shortvideo ${l.label} (${l.off} → ${l.on}) so it can spend again; says when a parent is still paused. Already running: nothing changes. A deleted ${l.label} cannot be resumed.`,
  delete: (l) =>
    `Deletes a shortvideo ${l.label} for good (status DELETED): it never delivers again and cannot be restored${l.label === 'campaign' ? '; its ad groups and ads stop with it' : l.label === 'ad group' ? '; its ads stop with it' : ''}. To stop it for now, pause it instead.`,
};

const output = v.object({
  advertiser_id: v.string(),
  level: v.picklist(['campaign', 'ad_group', 'ad']),
  id: v.string(),
  name: v.string(),
  previous_status: v.string(),
  status: v.string(),
  changed: v.boolean(),
  delivers: v.boolean(),
});

function statusTool(target: Target, level: Level): ToolDefinition {
  const spec = LEVELS[level];
  const after = target === 'pause' ? spec.off : target === 'resume' ? spec.on : 'DELETED';
  const verb = target === 'pause' ? 'Pause' : target === 'resume' ? 'Resume' : 'Delete';
  return defineShortVideoTool({
    name: toolName(target, level),
    examples: [{ [spec.idArg]: `<${spec.idArg} from ${spec.list}>` }],
    description: DESCRIPTIONS[target](spec),
    access: 'write',
    destructive: target === 'delete',
    args: { [spec.idArg]: numericId(spec.label, spec.list) } as Record<'id', ReturnType<typeof numericId>>,
    output,
    async plan(args, ctx) {
      const id = (args as unknown as Record<string, string>)[spec.idArg]!;
      const entity = await spec.read(ctx.platform, id);
      if (entity.status === 'DELETED') {
        throw new ToolError(
          `The ${spec.label} "${entity.name}" (${entity.id}) is deleted; deleted ${spec.label}s are final and cannot be ${target === 'delete' ? 'deleted again' : `${target}d`}.`,
        );
      }
      const stopped = entity.parents.filter((p) => !p.running);
      const notes =
        target === 'resume' && stopped.length
          ? stopped.map((p) => `Its ${p.label} "${p.name}" is ${p.status}: nothing delivers until it runs too (${p.resume}).`)
          : [];
      const data = { entity: { id: entity.id, name: entity.name, status: entity.status }, parentsRunning: stopped.length === 0 };
      if (entity.status === after)
        return { summary: `The ${spec.label} "${entity.name}" is already ${after}; nothing changes`, changes: [], notes, data };
      return {
        summary: `${verb} ${spec.label} "${entity.name}" (${entity.id})`,
        changes: [
          {
            action: target === 'delete' ? 'remove' : 'update',
            entity: level,
            id: entity.id,
            name: entity.name,
            fields: { status: { before: entity.status, after } },
          },
        ],
        notes,
        data,
      };
    },
    async apply(plan, _args, ctx) {
      const { entity, parentsRunning } = plan.data;
      const base = { advertiser_id: ctx.account.account_id, level, id: entity.id, name: entity.name, previous_status: entity.status };
      const noteLines = plan.notes?.length ? ['', ...plan.notes.map((n) => `- ${n}`)] : [];
      if (!plan.changes.length) {
        return {
          text: [`## The ${spec.label} "${entity.name}" is already ${after}`, '', 'Nothing changed.', ...noteLines].join('\n'),
          structured: { ...base, status: entity.status, changed: false, delivers: after !== spec.on ? false : parentsRunning },
        };
      }
      await spec.write(ctx.platform, entity.id, after, entity.status);
      const next =
        target === 'pause'
          ? `It spends nothing from now on. Start it again with ${toolName('resume', level)}.`
          : target === 'resume'
            ? parentsRunning
              ? `It can spend again from now on; check it tomorrow with ${spec.list}.`
              : 'It will deliver once its parents run too.'
            : 'It never delivers again.';
      return {
        text: [
          `## ${verb}d ${spec.label} "${entity.name}"`,
          '',
          `Status: ${entity.status} → **${after}** (${spec.label} ${entity.id}). ${next}`,
          ...noteLines,
        ].join('\n'),
        structured: { ...base, status: after, changed: true, delivers: after === spec.on && parentsRunning },
      };
    },
    undo(plan) {
      if (!plan.changes.length || target === 'delete') return undefined;
      return { tool: toolName(target === 'pause' ? 'resume' : 'pause', level), arguments: { [spec.idArg]: plan.data.entity.id } };
    },
  });
}

export const pauseShortVideoCampaign = statusTool('pause', 'campaign');
export const resumeShortVideoCampaign = statusTool('resume', 'campaign');
export const pauseShortVideoAdGroup = statusTool('pause', 'ad_group');
export const pauseShortVideoAd = statusTool('pause', 'ad');
export const resumeShortVideoAd = statusTool('resume', 'ad');
export const deleteShortVideoCampaign = statusTool('delete', 'campaign');
export const deleteShortVideoAdGroup = statusTool('delete', 'ad_group');
export const deleteShortVideoAd = statusTool('delete', 'ad');
