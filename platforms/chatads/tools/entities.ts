/**
 * The chatads entity families, built once and declared per entity as data: get_chatads_{campaign,
 * ad_group, ad} and pause/resume/archive_chatads_{campaign, ad_group, ad}. Archive is destructive
 * and final: an archived entity can never be resumed or paused again.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { ToolContext } from '../../../core/tool';
import { markdownTable, money, count, percent } from '../../../core/markdown';
import { defineChatAdsTool } from '../define';
import type { ChatAdsInsightsLevel, ChatAdsPort, ChatAdsStatus } from '../port';
import { adGroupIdArg, adIdArg, awarenessEntities, campaignIdArg, figuresByEntity, figuresSchema, windowArgs, windowRules } from './common';
import { reportWindow } from '../../../core/report-window';

interface Entity {
  id: string;
  name: string;
  status: ChatAdsStatus;
}

interface EntityType {
  level: ChatAdsInsightsLevel;
  /** The argument naming it, and words for people. */
  idField: 'campaign_id' | 'ad_group_id' | 'ad_id';
  label: string;
  idArg: typeof campaignIdArg;
  get(port: ChatAdsPort, id: string): Promise<Entity & Record<string, unknown>>;
  setStatus(port: ChatAdsPort, id: string, to: ChatAdsStatus, from: ChatAdsStatus, now: Date): Promise<Entity>;
  /** What gates its delivery from above (its campaign, its ad group), for notes on resume. */
  parents(port: ChatAdsPort, entity: Entity & Record<string, unknown>): Promise<{ label: string; entity: Entity; resumeTool: string }[]>;
  /** What stops with it. */
  children: string;
}

const campaignParent = async (port: ChatAdsPort, campaignId: string) => ({
  label: 'campaign',
  entity: await port.getCampaign(campaignId),
  resumeTool: 'resume_chatads_campaign',
});

export const ENTITY_TYPES: Record<'campaign' | 'ad_group' | 'ad', EntityType> = {
  campaign: {
    level: 'campaign',
    idField: 'campaign_id',
    label: 'campaign',
    idArg: campaignIdArg,
    get: (port, id) => port.getCampaign(id) as never,
    setStatus: (port, id, to, from, now) => port.setCampaignStatus(id, to, from, now),
    parents: async () => [],
    children: 'all its ad groups and ads',
  },
  ad_group: {
    level: 'ad_group',
    idField: 'ad_group_id',
    label: 'ad group',
    idArg: adGroupIdArg,
    get: (port, id) => port.getAdGroup(id) as never,
    setStatus: (port, id, to, from, now) => port.setAdGroupStatus(id, to, from, now),
    parents: async (port, g) => [await campaignParent(port, g.campaign_id as string)],
    children: 'all its ads',
  },
  ad: {
    level: 'ad',
    idField: 'ad_id',
    label: 'ad',
    idArg: adIdArg,
    get: (port, id) => port.getAd(id) as never,
    setStatus: (port, id, to, from, now) => port.setAdStatus(id, to, from, now),
    parents: async (port, ad) => [
      await campaignParent(port, ad.campaign_id as string),
      { label: 'ad group', entity: await port.getAdGroup(ad.ad_group_id as string), resumeTool: 'resume_chatads_ad_group' },
    ],
    children: 'this ad',
  },
};

type Action = 'pause' | 'resume' | 'archive';
const TARGET: Record<Action, ChatAdsStatus> = { pause: 'paused', resume: 'active', archive: 'archived' };

const statusOutput = v.object({
  entity: v.string(),
  id: v.string(),
  name: v.string(),
  previous_status: v.string(),
  status: v.string(),
  changed: v.boolean(),
});

/** pause_/resume_/archive_chatads_<entity>: one planned status write per entity type. */
function statusTool(key: keyof typeof ENTITY_TYPES, action: Action) {
  const type = ENTITY_TYPES[key];
  const to = TARGET[action];
  const descriptions: Record<Action, string> = {
    pause: `Pauses a chatads ${type.label}: delivery and spend stop for ${type.children}. Resume it any time with resume_chatads_${key}.`,
    resume: `Resumes a paused chatads ${type.label}: it delivers and spends again (if its parents are active). Archived ${type.label}s cannot be resumed.`,
    archive: `Archives a chatads ${type.label}: delivery stops for good and it can never be resumed or edited again (final). To stop temporarily, use pause_chatads_${key}.`,
  };
  return defineChatAdsTool({
    name: `${action}_chatads_${key}`,
    examples: [{ [type.idField]: `<${type.idField} from list_chatads_${key}s>` }],
    description: descriptions[action],
    access: 'write',
    ...(action === 'archive' ? { destructive: true } : {}),
    args: { [type.idField]: type.idArg } as Record<typeof type.idField, typeof campaignIdArg>,
    output: statusOutput,
    async plan(args, ctx) {
      const id = (args as Record<string, string>)[type.idField]!;
      const entity = await type.get(ctx.platform, id);
      const data = { id: entity.id, name: entity.name, status: entity.status };
      if (entity.status === 'archived' && action !== 'archive') {
        throw new ToolError(
          `The ${type.label} "${entity.name}" (${entity.id}) is archived; archived ${type.label}s cannot be ${action === 'resume' ? 'resumed' : 'paused'} (archiving is final). Create a new ${type.label} instead.`,
          { code: 'archived' },
        );
      }
      if (entity.status === to)
        return { summary: `The ${type.label} "${entity.name}" is already ${to}; nothing changes`, changes: [], data };
      const notes: string[] = [];
      if (action === 'resume') {
        for (const parent of await type.parents(ctx.platform, entity)) {
          if (parent.entity.status !== 'active')
            notes.push(
              `Its ${parent.label} "${parent.entity.name}" is ${parent.entity.status}, so it will not deliver until the ${parent.label} is active${parent.entity.status === 'paused' ? ` (${parent.resumeTool})` : ''}.`,
            );
        }
      }
      if (action === 'archive') notes.push(`Archiving is final: the ${type.label} can never be resumed.`);
      return {
        summary: `${action[0].toUpperCase()}${action.slice(1)} ${type.label} "${entity.name}" (${entity.id})`,
        changes: [
          {
            action: 'update' as const,
            entity: key,
            id: entity.id,
            name: entity.name,
            fields: { status: { before: entity.status, after: to } },
          },
        ],
        notes,
        data,
      };
    },
    async apply(plan, _args, ctx) {
      const before = plan.data;
      const base = { entity: key, id: before.id, name: before.name, previous_status: before.status };
      const notes = (plan.notes ?? []).filter((n) => !n.startsWith('Archiving is final'));
      if (!plan.changes.length) {
        return {
          text: [`## The ${type.label} "${before.name}" is already ${to}`, '', 'Nothing changed.'].join('\n'),
          structured: { ...base, status: before.status, changed: false },
        };
      }
      const after = await type.setStatus(ctx.platform, before.id, to, before.status as ChatAdsStatus, ctx.now);
      const next: Record<Action, string> = {
        pause: `Delivery and spend stop for ${type.children}. Resume it with resume_chatads_${key}.`,
        resume: `It is active again: delivery starts through ${type.children} (while its parents are active). Follow its results with get_chatads_performance.`,
        archive: `It no longer delivers and can never be resumed. To run it again, create a new ${type.label}.`,
      };
      return {
        text: [
          `## ${type.label[0].toUpperCase()}${type.label.slice(1)} "${before.name}" ${action === 'archive' ? 'archived' : action === 'pause' ? 'paused' : 'resumed'}`,
          '',
          `Status: ${before.status} → ${after.status}.`,
          '',
          next[action],
          ...notes.map((n) => `- ${n}`),
        ].join('\n'),
        structured: { ...base, status: after.status, changed: true },
      };
    },
    ...(action === 'archive'
      ? {}
      : {
          undo: (plan: { changes: unknown[]; data: { id: string; name: string; status: string } }) =>
            plan.changes.length
              ? { tool: `${action === 'pause' ? 'resume' : 'pause'}_chatads_${key}`, arguments: { [type.idField]: plan.data.id } }
              : undefined,
        }),
  });
}

/** get_chatads_<entity>: the entity, its parents and its figures over a window (default last 30 days ending yesterday). */
function getTool(key: keyof typeof ENTITY_TYPES) {
  const type = ENTITY_TYPES[key];
  return defineChatAdsTool({
    name: `get_chatads_${key}`,
    examples: [{ [type.idField]: `<${type.idField} from list_chatads_${key}s>` }],
    description: `Gets one chatads ${type.label}: every setting, its status, and its figures over a window (default the last 30 days ending yesterday): spend, impressions, clicks, CTR, CPC, conversions, CPA and 1-day view-through conversions.`,
    access: 'read',
    args: { [type.idField]: type.idArg, ...windowArgs } as Record<typeof type.idField, typeof campaignIdArg> & typeof windowArgs,
    rules: windowRules,
    output: v.object({ [key]: v.record(v.string(), v.unknown()), start_date: v.string(), end_date: v.string(), figures: figuresSchema }),
    async run(args, ctx: ToolContext<ChatAdsPort>) {
      const window = reportWindow(ctx, args);
      const entity = await type.get(ctx.platform, (args as Record<string, string>)[type.idField]!);
      const awareness = await awarenessEntities(ctx.platform, [{ id: entity.id, campaign_id: entity.campaign_id as string | undefined }]);
      const live = ctx.account.mode === 'live';
      const figures = (await figuresByEntity(ctx.platform, type.level, [entity.id], window, live, awareness)).get(entity.id)!;
      const currency = ctx.account.currency;
      const settings = Object.entries(entity).filter(
        ([k, value]) => k !== 'name' && value !== undefined && !(Array.isArray(value) && value.length === 0),
      );
      const shown = (value: unknown) =>
        Array.isArray(value) ? value.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join('; ') : String(value);
      const next =
        entity.status === 'active'
          ? `pause_chatads_${key} stops it`
          : entity.status === 'paused'
            ? `resume_chatads_${key} starts it again`
            : 'it is archived (final)';
      const text = [
        `## ${type.label[0].toUpperCase()}${type.label.slice(1)}: ${entity.name}`,
        '',
        markdownTable(
          ['Setting', 'Value'],
          settings.map(([k, value]) => [k, shown(value)]),
        ),
        '',
        `### Figures ${window.start} to ${window.end}`,
        '',
        markdownTable(
          ['Spend', 'Impressions', 'Clicks', 'CTR', 'CPC', 'Conversions', 'CPA', 'View-through (1 day)'],
          [
            [
              money(figures.spend, currency),
              count(figures.impressions),
              count(figures.clicks),
              percent(figures.ctr),
              money(figures.cpc, currency),
              figures.conversions === null ? 'n/a (awareness)' : count(figures.conversions),
              money(figures.cpa, currency),
              figures.view_through_conversions === null ? 'n/a (awareness)' : count(figures.view_through_conversions),
            ],
          ],
        ),
        '',
        `Next: ${next}; get_chatads_insights (scope ${key}) shows it day by day.`,
      ].join('\n');
      return { text, structured: { [key]: entity, start_date: window.start, end_date: window.end, figures } };
    },
  });
}

export const entityTools = (['campaign', 'ad_group', 'ad'] as const).flatMap((key) => [
  getTool(key),
  statusTool(key, 'pause'),
  statusTool(key, 'resume'),
  statusTool(key, 'archive'),
]);
