import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedChange } from '../../../core/plan';
import type { ToolDefinition } from '../../../core/tool';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsLabel, SearchAdsPort } from '../port';
import type { SearchAdsLabelEntity, SearchAdsLabelLink } from '../port-bidding';
import { adGroupIdArg, adIdArg, campaignIdArg, keywordIdArg } from './common';

/** Documented request examples of the tools this file builds (ToolSpec.examples; <…> marks an id to take from the tool named). */
const EXAMPLES: Record<string, Record<string, unknown>[]> = {
  apply_labels: [{ label_name: 'Brand', ad_group_ids: ['<ad_group_id from list_ad_groups>'] }],
  remove_labels: [{ label_name: 'Brand', campaign_ids: ['<campaign_id from list_campaigns>'] }],
};

/**
 * Labels: create_label makes one (the platform's text label), apply_labels and remove_labels put
 * it on or take it off campaigns, ad groups, ads and keywords (campaign_label, ad_group_label,
 * ad_group_ad_label, ad_group_criterion_label). The two link tools are one definition with a flag.
 */

const labelOutput = v.object({
  id: v.string(),
  name: v.string(),
  description: v.optional(v.string()),
  background_color: v.string(),
  resource_name: v.string(),
});
const labelResource = (cid: string, id: string) => `customers/${cid}/labels/${id}`;

export const createLabel = defineSearchAdsTool({
  name: 'create_label',
  description:
    'Creates a label (name, optional description, background color as #RRGGBB) to organise campaigns, ad groups, ads and keywords; apply_labels puts it on them.',
  access: 'write',
  examples: [{ name: 'Example label', background_color: '#188038' }],
  args: {
    name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(80, 'must be at most 80 characters'),
      v.description('Label name, unique in the account (at most 80 characters)'),
    ),
    description: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(200, 'must be at most 200 characters'),
        v.description('What the label is for (at most 200 characters)'),
      ),
    ),
    background_color: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^#[0-9A-Fa-f]{6}$/, 'must be a hex color like #1A73E8'),
        v.description('Background color as #RRGGBB, default #1A73E8'),
      ),
      '#1A73E8',
    ),
  },
  output: v.object({ customer_id: v.string(), label: labelOutput }),
  async plan(args, ctx) {
    const labels = await ctx.platform.listLabels();
    const same = labels.find((l) => l.name.toLowerCase() === args.name.toLowerCase());
    if (same)
      throw new ToolError(`A label named "${same.name}" already exists (id ${same.id}); apply_labels applies it, or choose another name.`);
    const color = args.background_color.toUpperCase();
    return {
      summary: `Create label "${args.name}" (${color})`,
      changes: [
        {
          action: 'create' as const,
          entity: 'label',
          name: args.name,
          fields: { background_color: { after: color }, ...(args.description ? { description: { after: args.description } } : {}) },
          startsPaused: true,
        },
      ],
      data: { name: args.name, color, description: args.description || undefined },
    };
  },
  async apply(plan, _args, ctx) {
    const { name, color, description } = plan.data;
    const label = await ctx.step('label', () =>
      ctx.platform.createLabel({ name, background_color: color, ...(description ? { description } : {}) }),
    );
    const cid = ctx.account.account_id;
    return {
      text: `## Label "${label.name}" created (${label.id})\n\nColor ${label.background_color}${label.description ? `, "${label.description}"` : ''}. apply_labels puts it on campaigns, ad groups, ads or keywords.`,
      structured: { customer_id: cid, label: { ...label, resource_name: labelResource(cid, label.id) } },
    };
  },
});

interface Entity {
  type: SearchAdsLabelEntity;
  id: string;
  name: string;
  status: string;
}

const KINDS: {
  arg: 'campaign_ids' | 'ad_group_ids' | 'ad_ids' | 'keyword_ids';
  type: SearchAdsLabelEntity;
  words: string;
  read: (port: SearchAdsPort, id: string) => Promise<Entity>;
}[] = [
  {
    arg: 'campaign_ids',
    type: 'campaign',
    words: 'campaign',
    read: async (p, id) => {
      const c = await p.getCampaign(id);
      return { type: 'campaign', id: c.id, name: c.name, status: c.status };
    },
  },
  {
    arg: 'ad_group_ids',
    type: 'ad_group',
    words: 'ad group',
    read: async (p, id) => {
      const g = await p.getAdGroup(id);
      return { type: 'ad_group', id: g.id, name: g.name, status: g.status };
    },
  },
  {
    arg: 'ad_ids',
    type: 'ad',
    words: 'ad',
    read: async (p, id) => {
      const a = await p.getAd(id);
      return { type: 'ad', id: a.id, name: a.headlines[0] ?? a.type, status: a.status };
    },
  },
  {
    arg: 'keyword_ids',
    type: 'keyword',
    words: 'keyword',
    read: async (p, id) => {
      const k = await p.getKeyword(id);
      return { type: 'keyword', id: k.id, name: `${k.text} (${k.match_type})`, status: k.status };
    },
  },
];

async function resolveLabel(port: SearchAdsPort, args: { label_id?: string; label_name?: string }): Promise<SearchAdsLabel> {
  const labels = await port.listLabels();
  const label = args.label_id
    ? labels.find((l) => l.id === args.label_id)
    : labels.find((l) => l.name.toLowerCase() === args.label_name!.toLowerCase());
  if (!label) {
    const known = labels.map((l) => `"${l.name}" (${l.id})`).join(', ');
    throw new ToolError(
      `No label ${args.label_id ? `with id "${args.label_id}"` : `named "${args.label_name}"`} exists in this account. Labels: ${known || 'none yet (create_label makes one)'}.`,
      { code: 'not_found' },
    );
  }
  return label;
}

const ids = (arg: (d?: string) => v.GenericSchema<string, string>, words: string) =>
  v.optional(
    v.pipe(
      v.array(arg()),
      v.minLength(1, 'must list at least one id, or leave it out'),
      v.maxLength(100, 'must list at most 100 ids'),
      v.description(`${words} ids (at most 100)`),
    ),
  );

function labelLinkTool(apply: boolean): ToolDefinition {
  const name = apply ? 'apply_labels' : 'remove_labels';
  const other = apply ? 'remove_labels' : 'apply_labels';
  return defineSearchAdsTool({
    name,
    examples: EXAMPLES[name],
    description: apply
      ? "Applies a label (label_id or label_name) to campaigns, ad groups, ads and/or keywords. Entities that already carry it are left alone; removed entities are refused. get_campaign_labels shows a campaign's labels."
      : 'Takes a label (label_id or label_name) off campaigns, ad groups, ads and/or keywords. Entities that do not carry it are left alone; the label itself stays.',
    access: 'write',
    args: {
      label_id: v.optional(
        v.pipe(
          v.string(),
          v.trim(),
          v.regex(/^\d{1,19}$/, 'must be a numeric label id (create_label or get_campaign_labels)'),
          v.description('Label id'),
        ),
      ),
      label_name: v.optional(
        v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(80), v.description('Label name (instead of label_id)')),
      ),
      campaign_ids: ids(campaignIdArg, 'Campaign'),
      ad_group_ids: ids(adGroupIdArg, 'Ad group'),
      ad_ids: ids(adIdArg, 'Ad'),
      keyword_ids: ids(keywordIdArg, 'Keyword'),
    },
    rules: [
      (a) => (Boolean(a.label_id) === Boolean(a.label_name) ? 'give exactly one of `label_id` and `label_name`' : undefined),
      (a) =>
        !a.campaign_ids && !a.ad_group_ids && !a.ad_ids && !a.keyword_ids
          ? 'give at least one of `campaign_ids`, `ad_group_ids`, `ad_ids`, `keyword_ids`'
          : undefined,
    ],
    output: v.object({
      customer_id: v.string(),
      label: labelOutput,
      changed: v.array(v.object({ entity_type: v.string(), id: v.string(), name: v.string() })),
      unchanged: v.array(v.object({ entity_type: v.string(), id: v.string(), name: v.string() })),
    }),
    async plan(args, ctx) {
      const label = await resolveLabel(ctx.platform, args);
      const entities: Entity[] = [];
      for (const kind of KINDS) {
        for (const id of [...new Set((args[kind.arg] as string[] | undefined) ?? [])]) entities.push(await kind.read(ctx.platform, id));
      }
      const removed = entities.filter((e) => e.status === 'REMOVED');
      if (apply && removed.length)
        throw new ToolError(`Cannot label removed entities: ${removed.map((e) => `${e.type} "${e.name}" (${e.id})`).join(', ')}.`);
      const links = await ctx.platform.listLabelLinks();
      const has = (e: Entity) => links.some((l) => l.label_id === label.id && l.entity_type === e.type && l.entity_id === e.id);
      const change = entities.filter((e) => has(e) !== apply);
      const same = entities.filter((e) => has(e) === apply);
      const entity = (e: Entity) => `${e.type}_label`;
      return {
        summary: change.length
          ? `${apply ? 'Apply' : 'Remove'} label "${label.name}" ${apply ? 'to' : 'from'} ${change.length} entit${change.length === 1 ? 'y' : 'ies'}`
          : `Nothing changes: label "${label.name}" is already ${apply ? 'on' : 'off'} every entity given`,
        changes: change.map((e): PlannedChange =>
          apply
            ? {
                action: 'create',
                entity: entity(e),
                name: e.name,
                fields: { [`${e.type}_id`]: { after: e.id }, label_id: { after: label.id } },
                startsPaused: true,
              }
            : { action: 'remove', entity: entity(e), id: `${e.id}~${label.id}`, name: e.name, fields: {} },
        ),
        notes: same.length
          ? [`${apply ? 'Already labelled' : 'Not labelled'}: ${same.map((e) => `"${e.name}"`).join(', ')}; left as is.`]
          : [],
        data: {
          label,
          change: change.map(({ type, id, name }) => ({ type, id, name })),
          same: same.map(({ type, id, name }) => ({ type, id, name })),
        },
      };
    },
    async apply(plan, _args, ctx) {
      const { label, change, same } = plan.data;
      const links: SearchAdsLabelLink[] = change.map((e) => ({ label_id: label.id, entity_type: e.type, entity_id: e.id }));
      if (links.length)
        await ctx.step('links', () => (apply ? ctx.platform.addLabelLinks(links) : ctx.platform.removeLabelLinks(links)).then(() => true));
      const cid = ctx.account.account_id;
      const row = (e: { type: string; id: string; name: string }) => ({ entity_type: e.type, id: e.id, name: e.name });
      return {
        text: [
          change.length
            ? `## Label "${label.name}" ${apply ? 'applied to' : 'removed from'} ${change.length} entit${change.length === 1 ? 'y' : 'ies'}`
            : '## Nothing changed',
          '',
          change.length
            ? markdownTable(
                ['Type', 'Name', 'Id'],
                change.map((e) => [e.type.replace('_', ' '), e.name, e.id]),
              )
            : `Every entity given ${apply ? 'already carries' : 'does not carry'} the label.`,
          ...(plan.notes?.length ? ['', ...plan.notes.map((n) => `- ${n}`)] : []),
          '',
          change.length ? `${other} with the same ids reverts it.` : '',
        ].join('\n'),
        structured: {
          customer_id: cid,
          label: { ...label, resource_name: labelResource(cid, label.id) },
          changed: change.map(row),
          unchanged: same.map(row),
        },
      };
    },
    undo(plan) {
      const { label, change } = plan.data;
      if (!change.length) return undefined;
      const byKind = Object.fromEntries(
        KINDS.map((k): [string, string[]] => [k.arg, change.filter((e) => e.type === k.type).map((e) => e.id)]).filter(
          ([, list]) => list.length,
        ),
      );
      return { tool: other, arguments: { label_id: label.id, ...byKind } };
    },
  });
}

export const applyLabels = labelLinkTool(true);
export const removeLabels = labelLinkTool(false);
