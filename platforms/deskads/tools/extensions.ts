/**
 * deskads ad extensions (sitelinks and callouts, associated with a campaign or an ad group) and the
 * account's change history.
 */
import * as v from 'valibot';
import { NotFoundError, ToolError } from '../../../core/errors';
import type { ArgumentRule, ToolContext } from '../../../core/tool';
import { characterLength } from '../../../core/arguments';
import { addDays, dateInZone, reportingZone } from '../../../core/dates';
import { markdownTable } from '../../../core/markdown';
import { defineDeskAdsTool } from '../define';
import {
  applyDeskAdsListFilters,
  deskadsListFilterArgs,
  deskadsListFilterRules,
  pagingSummary,
  type DeskAdsListOptions,
} from '../list-filters';
import type { DeskAdsAdExtension, DeskAdsExtensionEntity, DeskAdsNewAdExtension, DeskAdsPort } from '../port';
import { idArgument } from './shared';

/** The platform's limit of extensions of one type associated with one campaign or ad group. */
export const MAX_EXTENSIONS_PER_ENTITY = 20;

const entityArgs = {
  campaign_id: v.optional(idArgument('campaign', 'list_deskads_campaigns')),
  ad_group_id: v.optional(idArgument('ad group', 'list_deskads_ad_groups')),
};
const oneEntity: ArgumentRule<{ campaign_id?: string; ad_group_id?: string }> = (a) =>
  (a.campaign_id === undefined) === (a.ad_group_id === undefined) && 'give exactly one of `campaign_id` and `ad_group_id`';

async function entityOf(
  args: { campaign_id?: string; ad_group_id?: string },
  port: DeskAdsPort,
): Promise<DeskAdsExtensionEntity & { name: string }> {
  if (args.campaign_id) {
    const campaign = (await port.listCampaigns()).find((c) => c.id === args.campaign_id);
    if (!campaign)
      throw new NotFoundError(`No campaign ${args.campaign_id} in this account; list_deskads_campaigns lists them.`, {
        entity: 'campaign',
        id: args.campaign_id,
      });
    return { type: 'Campaign', id: campaign.id, name: campaign.name };
  }
  const group = (await port.listAdGroups()).find((g) => g.id === args.ad_group_id);
  if (!group)
    throw new NotFoundError(`No ad group ${args.ad_group_id} in this account; list_deskads_ad_groups lists them.`, {
      entity: 'ad_group',
      id: args.ad_group_id!,
    });
  return { type: 'AdGroup', id: group.id, name: group.name };
}

const isOn = (e: DeskAdsAdExtension, entity: DeskAdsExtensionEntity) =>
  e.associations.some((a) => a.type === entity.type && a.id === entity.id);
const label = (e: DeskAdsNewAdExtension) => e.display_text ?? e.text ?? '';

const addResultOutput = v.object({
  account_id: v.string(),
  entity_type: v.picklist(['Campaign', 'AdGroup']),
  entity_id: v.string(),
  results: v.array(v.object({ text: v.string(), result: v.picklist(['added', 'reused', 'already_there']), extension_id: v.string() })),
  total_of_type: v.number(),
});

/** One add tool per extension type: validate, plan added / reused / already there, associate. */
function addExtensionsTool<Entries extends v.ObjectEntries>(spec: {
  name: string;
  description: string;
  /** Documented request examples (ToolSpec.examples). */
  examples?: Record<string, unknown>[];
  type: DeskAdsAdExtension['type'];
  noun: string;
  items: Entries;
  rules: ArgumentRule<v.InferOutput<v.ObjectSchema<Entries, undefined>> & { campaign_id?: string; ad_group_id?: string }>[];
  extensions: (args: v.InferOutput<v.ObjectSchema<Entries, undefined>>) => DeskAdsNewAdExtension[];
}) {
  return defineDeskAdsTool({
    name: spec.name,
    description: spec.description,
    examples: spec.examples,
    access: 'write',
    args: { ...entityArgs, ...spec.items },
    rules: [oneEntity, ...spec.rules] as never,
    output: addResultOutput,
    async plan(args, ctx: ToolContext<DeskAdsPort>) {
      const a = args as unknown as v.InferOutput<v.ObjectSchema<Entries, undefined>> & { campaign_id?: string; ad_group_id?: string };
      const entity = await entityOf(a, ctx.platform);
      const library = (await ctx.platform.listAdExtensions()).filter((e) => e.type === spec.type);
      const wanted = spec.extensions(a);
      const same = (e: DeskAdsAdExtension, w: DeskAdsNewAdExtension) =>
        label(e) === label(w) && e.description1 === w.description1 && e.description2 === w.description2 && e.final_url === w.final_url;
      const items = wanted.map((w) => {
        const existing = library.find((e) => same(e, w));
        return {
          extension: w,
          existing: existing?.id,
          result: existing ? (isOn(existing, entity) ? ('already_there' as const) : ('reused' as const)) : ('added' as const),
        };
      });
      const onEntity = library.filter((e) => isOn(e, entity)).length;
      const after = onEntity + items.filter((i) => i.result !== 'already_there').length;
      if (after > MAX_EXTENSIONS_PER_ENTITY)
        throw new ToolError(
          `A ${entity.type === 'Campaign' ? 'campaign' : 'ad group'} takes at most ${MAX_EXTENSIONS_PER_ENTITY} ${spec.noun}s: "${entity.name}" has ${onEntity}, and ${after - onEntity} more would make ${after}. Remove some first (remove_deskads_ad_extensions).`,
        );
      const changes = items
        .filter((i) => i.result !== 'already_there')
        .map((i) => ({
          action: 'create' as const,
          entity: spec.noun,
          ...(i.existing ? { id: i.existing } : {}),
          name: label(i.extension),
          fields: {
            associated_with: { after: `${entity.type} ${entity.id}` },
            ...(i.result === 'reused' ? { reused: { after: true } } : {}),
          },
        }));
      return {
        summary: `Add ${changes.length} ${spec.noun}${changes.length === 1 ? '' : 's'} to ${entity.type === 'Campaign' ? 'campaign' : 'ad group'} "${entity.name}"`,
        changes,
        data: { entity: { type: entity.type, id: entity.id }, items, onEntity },
      };
    },
    async apply(plan, _args, ctx: ToolContext<DeskAdsPort>) {
      const { entity, items, onEntity } = plan.data;
      const toAdd = items.filter((i) => i.result !== 'already_there').map((i) => i.extension);
      const stored = toAdd.length ? await ctx.platform.addAdExtensions(entity, toAdd) : [];
      const library = await ctx.platform.listAdExtensions();
      let k = 0;
      const results = items.map((i) => ({
        text: label(i.extension),
        result: i.result,
        extension_id: i.result === 'already_there' ? i.existing! : stored[k++]!.id,
      }));
      const total = library.filter((e) => e.type === spec.type && isOn(e, entity)).length;
      return {
        text: [
          `## ${plan.summary}`,
          '',
          markdownTable(
            ['Text', 'Result', 'Extension id'],
            results.map((r) => [r.text, r.result.replace('_', ' '), r.extension_id]),
          ),
          '',
          `${total} ${spec.noun}s on it now (was ${onEntity}). list_deskads_ad_extensions shows them; remove_deskads_ad_extensions detaches.`,
        ].join('\n'),
        structured: { account_id: ctx.account.account_id, entity_type: entity.type, entity_id: entity.id, results, total_of_type: total },
      };
    },
    undo: (plan, args) => {
      const added = (plan.data.items as { result: string; existing?: string }[]).filter((i) => i.result !== 'already_there');
      return added.length && added.every((i) => i.existing)
        ? {
            tool: 'remove_deskads_ad_extensions',
            arguments: {
              ...((args as Record<string, unknown>).campaign_id
                ? { campaign_id: (args as Record<string, unknown>).campaign_id }
                : { ad_group_id: (args as Record<string, unknown>).ad_group_id }),
              extension_ids: added.map((i) => i.existing!),
            },
          }
        : undefined;
    },
  });
}

const httpsUrl = v.pipe(
  v.string(),
  v.trim(),
  v.url('must be a URL'),
  v.startsWith('https://', 'must start with https://'),
  v.maxLength(2048),
);

export const addDeskAdsSitelinks = addExtensionsTool({
  name: 'add_deskads_sitelinks',
  examples: [
    {
      campaign_id: '<campaign_id from list_deskads_campaigns>',
      sitelinks: [{ text: 'Example Sitelink', final_url: 'https://www.example.com/example' }],
    },
  ],
  description:
    'Adds sitelink extensions to a deskads campaign or ad group (campaign_id or ad_group_id): link text up to 25 characters, an https final URL, and optionally two description lines of up to 35 characters (both or neither). An identical sitelink already in the account is reused; at most 20 per campaign or ad group.',
  type: 'SitelinkAdExtension',
  noun: 'sitelink',
  items: {
    sitelinks: v.pipe(
      v.array(
        v.object({
          text: v.pipe(v.string(), v.trim(), characterLength({ min: 1, max: 25 })),
          final_url: httpsUrl,
          description1: v.optional(v.pipe(v.string(), v.trim(), characterLength({ min: 1, max: 35 }))),
          description2: v.optional(v.pipe(v.string(), v.trim(), characterLength({ min: 1, max: 35 }))),
        }),
      ),
      v.minLength(1, 'needs at least 1 sitelink'),
      v.maxLength(20, 'takes at most 20 sitelinks'),
      v.description(
        'Sitelinks: text (<= 25 characters), final_url (https), description1 and description2 (<= 35 characters each, both or neither)',
      ),
    ),
  },
  rules: [
    (a) =>
      a.sitelinks
        .map((s, i) =>
          (s.description1 === undefined) !== (s.description2 === undefined)
            ? `sitelinks[${i}]: give both \`description1\` and \`description2\`, or neither`
            : '',
        )
        .filter(Boolean),
    (a) => new Set(a.sitelinks.map((s) => s.text.toLowerCase())).size !== a.sitelinks.length && 'two sitelinks have the same text',
  ],
  extensions: (a) =>
    a.sitelinks.map((s) => ({
      type: 'SitelinkAdExtension',
      display_text: s.text,
      final_url: s.final_url,
      ...(s.description1 ? { description1: s.description1, description2: s.description2 } : {}),
    })),
});

export const addDeskAdsCallouts = addExtensionsTool({
  name: 'add_deskads_callouts',
  examples: [{ campaign_id: '<campaign_id from list_deskads_campaigns>', callouts: ['Example callout'] }],
  description:
    'Adds callout extensions (short texts of up to 25 characters, such as "Free returns") to a deskads campaign or ad group (campaign_id or ad_group_id). An identical callout already in the account is reused; at most 20 per campaign or ad group.',
  type: 'CalloutAdExtension',
  noun: 'callout',
  items: {
    callouts: v.pipe(
      v.array(v.pipe(v.string(), v.trim(), characterLength({ min: 1, max: 25 }))),
      v.minLength(1, 'needs at least 1 callout'),
      v.maxLength(20, 'takes at most 20 callouts'),
      v.description('Callout texts, up to 25 characters each'),
    ),
  },
  rules: [(a) => new Set(a.callouts.map((c) => c.toLowerCase())).size !== a.callouts.length && 'two callouts have the same text'],
  extensions: (a) => a.callouts.map((text) => ({ type: 'CalloutAdExtension', text })),
});

export const removeDeskAdsAdExtensions = defineDeskAdsTool({
  name: 'remove_deskads_ad_extensions',
  description:
    "Detaches ad extensions (ids from list_deskads_ad_extensions) from a deskads campaign or ad group; they stay in the account's library and on other campaigns.",
  access: 'write',
  examples: [
    { campaign_id: '<campaign_id from list_deskads_campaigns>', extension_ids: ['<extension_id from list_deskads_ad_extensions>'] },
  ],
  destructive: true,
  args: {
    ...entityArgs,
    extension_ids: v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.regex(/^\d+$/, 'must be a numeric extension id'))),
      v.minLength(1, 'needs at least 1 id'),
      v.maxLength(100, 'takes at most 100 ids'),
      v.description('Extension ids from list_deskads_ad_extensions'),
    ),
  },
  rules: [oneEntity],
  output: v.object({
    account_id: v.string(),
    entity_type: v.picklist(['Campaign', 'AdGroup']),
    entity_id: v.string(),
    removed: v.array(v.string()),
  }),
  async plan(args, ctx) {
    const entity = await entityOf(args, ctx.platform);
    const library = await ctx.platform.listAdExtensions();
    const missing = args.extension_ids.filter((id) => !library.some((e) => e.id === id && isOn(e, entity)));
    if (missing.length)
      throw new ToolError(
        `Not associated with ${entity.type === 'Campaign' ? 'campaign' : 'ad group'} "${entity.name}": ${missing.join(', ')}. list_deskads_ad_extensions shows each extension's associations.`,
        { code: 'not_found' },
      );
    const removed = library.filter((e) => args.extension_ids.includes(e.id));
    return {
      summary: `Detach ${removed.length} extension${removed.length === 1 ? '' : 's'} from "${entity.name}"`,
      changes: removed.map((e) => ({
        action: 'remove' as const,
        entity: e.type === 'SitelinkAdExtension' ? 'sitelink' : 'callout',
        id: e.id,
        name: label(e),
        fields: { associated_with: { before: `${entity.type} ${entity.id}`, after: null } },
      })),
      data: { entity: { type: entity.type, id: entity.id } },
    };
  },
  async apply(plan, args, ctx) {
    await ctx.platform.removeAdExtensionAssociations(plan.data.entity, args.extension_ids);
    return {
      text: `## ${plan.summary}\n\nThey stay in the account's extension library.`,
      structured: {
        account_id: ctx.account.account_id,
        entity_type: plan.data.entity.type,
        entity_id: plan.data.entity.id,
        removed: args.extension_ids,
      },
    };
  },
});

interface ExtensionRow extends Record<string, unknown> {
  id: string;
  type: string;
  text: string;
  description1: string | null;
  description2: string | null;
  final_url: string | null;
  status: string;
  campaign_ids: string[];
  ad_group_ids: string[];
  /** Extensions have no start date: the started_after/before filters match none. */
  start_date: null;
}

const LIST_OPTIONS: DeskAdsListOptions<ExtensionRow> = {
  fields: ['id', 'type', 'text', 'status'],
  statuses: ['Active', 'Unassociated'],
  types: ['Sitelink', 'Callout'],
  defaultSort: 'text',
  queryHint: 'extension text, URL and id',
};

export const listDeskAdsAdExtensions = defineDeskAdsTool({
  name: 'list_deskads_ad_extensions',
  description:
    'Lists the ad extensions of a deskads account (sitelinks and callouts) with their text, URLs and the campaigns and ad groups each is associated with; Unassociated ones are in the library but shown nowhere. Takes the shared deskads list filters (type_filter Sitelink, Callout; status_filter Active, Unassociated).',
  access: 'read',
  args: deskadsListFilterArgs(LIST_OPTIONS),
  rules: deskadsListFilterRules(LIST_OPTIONS),
  output: v.object({
    account_id: v.string(),
    total: v.number(),
    filtered: v.number(),
    offset: v.number(),
    limit: v.number(),
    has_more: v.boolean(),
    extensions: v.array(
      v.object({
        id: v.string(),
        type: v.string(),
        text: v.string(),
        description1: v.nullable(v.string()),
        description2: v.nullable(v.string()),
        final_url: v.nullable(v.string()),
        status: v.string(),
        campaign_ids: v.array(v.string()),
        ad_group_ids: v.array(v.string()),
      }),
    ),
  }),
  async run(args, ctx) {
    const rows: ExtensionRow[] = (await ctx.platform.listAdExtensions()).map((e) => ({
      id: e.id,
      type: e.type === 'SitelinkAdExtension' ? 'Sitelink' : 'Callout',
      text: label(e),
      description1: e.description1 ?? null,
      description2: e.description2 ?? null,
      final_url: e.final_url ?? null,
      status: e.associations.length ? 'Active' : 'Unassociated',
      campaign_ids: e.associations.filter((a) => a.type === 'Campaign').map((a) => a.id),
      ad_group_ids: e.associations.filter((a) => a.type === 'AdGroup').map((a) => a.id),
      start_date: null,
    }));
    const page = applyDeskAdsListFilters(rows, args, {
      searchable: ['text', 'final_url', 'id'],
      status: 'status',
      type: 'type',
      start: 'start_date',
    });
    const text = [
      `## Ad extensions of account ${ctx.account.account_id}`,
      '',
      pagingSummary(page),
      '',
      page.rows.length
        ? markdownTable(
            ['Type', 'Text', 'Id', 'Status', 'Campaigns', 'Ad groups'],
            page.rows.map((r) => [r.type, r.text, r.id, r.status, r.campaign_ids.join(', ') || '-', r.ad_group_ids.join(', ') || '-']),
          )
        : 'No extension matches.',
      '',
      'Next: add_deskads_sitelinks / add_deskads_callouts add more; remove_deskads_ad_extensions detaches.',
    ].join('\n');
    return {
      text,
      structured: {
        account_id: ctx.account.account_id,
        total: page.total,
        filtered: page.filtered,
        offset: page.offset,
        limit: page.limit,
        has_more: page.has_more,
        extensions: page.rows.map(({ start_date: _none, ...row }) => row),
      },
    };
  },
});

export const getDeskAdsChangeHistory = defineDeskAdsTool({
  name: 'get_deskads_change_history',
  description:
    "Changes made to a deskads account's campaigns, ad groups, keywords and ads in a date range (default the last 7 days, today included): when, which entity, which field, old and new value. Filter by entity_type; newest first, 10-200 per page.",
  access: 'read',
  args: {
    start_date: v.optional(
      v.pipe(v.string(), v.isoDate('must be a date in the form YYYY-MM-DD'), v.description('First day (default 6 days ago)')),
    ),
    end_date: v.optional(
      v.pipe(
        v.string(),
        v.isoDate('must be a date in the form YYYY-MM-DD'),
        v.description('Last day (default today; later days have no changes yet)'),
      ),
    ),
    entity_type: v.optional(
      v.pipe(v.picklist(['Campaign', 'AdGroup', 'Keyword', 'Ad']), v.description('Only changes to this kind of entity')),
    ),
    offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000, 'must be at most 1,000')), 0),
    limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(10, 'must be 10-200'), v.maxValue(200, 'must be 10-200')), 50),
  },
  rules: [
    (a) =>
      a.start_date !== undefined &&
      a.end_date !== undefined &&
      a.start_date > a.end_date &&
      `\`start_date\` (${a.start_date}) must not be after \`end_date\` (${a.end_date})`,
  ],
  output: v.object({
    account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    total: v.number(),
    offset: v.number(),
    limit: v.number(),
    has_more: v.boolean(),
    changes: v.array(
      v.object({
        at: v.string(),
        entity_type: v.string(),
        entity_id: v.string(),
        entity_name: v.string(),
        field: v.string(),
        old_value: v.unknown(),
        new_value: v.unknown(),
        changed_by: v.string(),
      }),
    ),
  }),
  async run(args, ctx) {
    const today = dateInZone(ctx.now, reportingZone(ctx.account));
    const end = args.end_date ?? today;
    const start = args.start_date ?? addDays(end, -6);
    if (end > today)
      throw new ToolError(`\`end_date\` ${end} is in the future: changes are known through today (${today}).`, {
        code: 'date_after_yesterday',
      });
    const all = (await ctx.platform.listChanges(`${start}T00:00:00.000Z`, `${addDays(end, 1)}T00:00:00.000Z`)).filter(
      (c) => !args.entity_type || c.entity_type === args.entity_type,
    );
    const page = all.slice(args.offset, args.offset + args.limit).map((c) => ({ ...c, changed_by: c.changed_by ?? 'API (this gateway)' }));
    const show = (x: unknown) => (x === null || x === undefined ? '-' : typeof x === 'object' ? JSON.stringify(x).slice(0, 60) : String(x));
    const text = [
      `## Changes to account ${ctx.account.account_id}, ${start} to ${end}`,
      '',
      `${all.length} change${all.length === 1 ? '' : 's'}${args.entity_type ? ` to ${args.entity_type}s` : ''}; showing ${page.length} from ${args.offset}.`,
      '',
      page.length
        ? markdownTable(
            ['When', 'Entity', 'Name', 'Field', 'Old', 'New'],
            page.map((c) => [c.at, `${c.entity_type} ${c.entity_id}`, c.entity_name, c.field, show(c.old_value), show(c.new_value)]),
          )
        : 'No change in these days.',
    ].join('\n');
    return {
      text,
      structured: {
        account_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        total: all.length,
        offset: args.offset,
        limit: args.limit,
        has_more: args.offset + page.length < all.length,
        changes: page,
      },
    };
  },
});

export const deskAdsExtensionTools = [
  listDeskAdsAdExtensions,
  addDeskAdsSitelinks,
  addDeskAdsCallouts,
  removeDeskAdsAdExtensions,
  getDeskAdsChangeHistory,
];
