import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedChange } from '../../../core/plan';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsNegativeKeywordList, SearchAdsPort } from '../port';
import { campaignIdArg, requireLiveCampaign } from './common';
import { keywordText } from './keyword-lists';
import { ALLOW_BLOCKING_DESCRIPTION, blockedKeywords, refuseBlockingNegatives } from '../../../core/negatives';

/** Documented request examples of the tools this file builds (ToolSpec.examples; <…> marks an id to take from the tool named). */
const EXAMPLES: Record<string, Record<string, unknown>[]> = {
  attach_negative_keyword_list: [
    { list_id: '<list_id from list_negative_keyword_lists>', campaign_ids: ['<campaign_id from list_campaigns>'] },
  ],
  detach_negative_keyword_list: [
    { list_id: '<list_id from list_negative_keyword_lists>', campaign_ids: ['<campaign_id from list_campaigns>'] },
  ],
};

/** Shared negative keyword lists: one list of negatives kept once and applied to many campaigns. */

const listIdArg = () =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,19}$/, 'must be a numeric list id (from list_negative_keyword_lists)'),
    v.description('Negative keyword list id from list_negative_keyword_lists'),
  );
const keywordsArg = v.pipe(
  v.array(v.strictObject({ text: keywordText, match_type: v.picklist(['EXACT', 'PHRASE', 'BROAD']) })),
  v.minLength(1),
  v.maxLength(500),
  v.description('Negative keywords: text and match type'),
);
const listOutput = v.object({
  id: v.string(),
  name: v.string(),
  keywords: v.array(v.object({ id: v.string(), text: v.string(), match_type: v.string() })),
  campaign_ids: v.array(v.string()),
});

const allowBlockingArg = v.optional(v.pipe(v.boolean(), v.description(ALLOW_BLOCKING_DESCRIPTION)));

/** Refuses list keywords that would block enabled keywords of the campaigns the list applies to (unless allowed). */
async function refuseListBlocking(
  port: SearchAdsPort,
  negatives: readonly { text: string; match_type: string }[],
  campaignIds: readonly string[],
  allowed: boolean | undefined,
): Promise<void> {
  if (!negatives.length || !campaignIds.length || allowed) return;
  const [keywords, campaigns] = await Promise.all([port.listKeywords(), port.listCampaigns()]);
  const live = keywords.filter((k) => k.status === 'ENABLED' && campaignIds.includes(k.campaign_id));
  const names = campaignIds.map((id) => `"${campaigns.find((c) => c.id === id)?.name ?? id}"`);
  refuseBlockingNegatives(blockedKeywords(negatives, live), `campaign${names.length > 1 ? 's' : ''} ${names.join(', ')}`, false);
}

async function requireList(port: SearchAdsPort, id: string): Promise<SearchAdsNegativeKeywordList> {
  const list = (await port.listNegativeKeywordLists()).find((l) => l.id === id);
  if (!list)
    throw new ToolError(`No negative keyword list with id "${id}" exists. list_negative_keyword_lists lists them.`, { code: 'not_found' });
  return list;
}

export const listNegativeKeywordLists = defineSearchAdsTool({
  name: 'list_negative_keyword_lists',
  description: 'Lists the shared negative keyword lists of the account with their keywords and the campaigns each applies to.',
  access: 'read',
  args: {},
  output: v.object({ customer_id: v.string(), lists: v.array(listOutput) }),
  async run(_args, ctx) {
    const [lists, campaigns] = await Promise.all([ctx.platform.listNegativeKeywordLists(), ctx.platform.listCampaigns()]);
    const name = new Map(campaigns.map((c) => [c.id, c.name]));
    const text = [
      `## Negative keyword lists (${lists.length})`,
      '',
      lists.length
        ? markdownTable(
            ['List', 'Id', 'Keywords', 'Applied to'],
            lists.map((l) => [
              l.name,
              l.id,
              l.keywords.map((k) => `${k.text} (${k.match_type})`).join(', '),
              l.campaign_ids.map((id) => name.get(id) ?? id).join(', ') || '(none)',
            ]),
          )
        : 'No shared lists yet: create_negative_keyword_list makes one.',
      '',
      'add_negative_keyword_list_keywords adds keywords, attach_negative_keyword_list applies a list to more campaigns.',
    ].join('\n');
    return { text, structured: { customer_id: ctx.account.account_id, lists } };
  },
});

export const createNegativeKeywordList = defineSearchAdsTool({
  name: 'create_negative_keyword_list',
  description:
    'Creates a shared negative keyword list with its keywords and optionally applies it to campaigns: one place to keep the exclusions every campaign needs (jobs, free, diy...).',
  access: 'write',
  examples: [
    { name: 'Example list', keywords: [{ text: 'example', match_type: 'BROAD' }], campaign_ids: ['<campaign_id from list_campaigns>'] },
  ],
  args: {
    name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(255), v.description('List name, unique in the account')),
    keywords: keywordsArg,
    campaign_ids: v.optional(
      v.pipe(v.array(campaignIdArg()), v.maxLength(100), v.description('Campaigns to apply it to now (list_campaigns)')),
    ),
    allow_blocking_keywords: allowBlockingArg,
  },
  output: listOutput,
  async plan(args, ctx) {
    if ((await ctx.platform.listNegativeKeywordLists()).some((l) => l.name.toLowerCase() === args.name.toLowerCase()))
      throw new ToolError(`A negative keyword list named "${args.name}" already exists (list_negative_keyword_lists).`);
    const campaigns = await Promise.all((args.campaign_ids ?? []).map((id) => requireLiveCampaign(ctx.platform, id)));
    await refuseListBlocking(
      ctx.platform,
      args.keywords,
      campaigns.map((c) => c.id),
      args.allow_blocking_keywords,
    );
    return {
      summary: `Create negative keyword list "${args.name}" with ${args.keywords.length} keyword(s)${campaigns.length ? `, applied to ${campaigns.length} campaign(s)` : ''}`,
      changes: [
        {
          action: 'create' as const,
          entity: 'negative_keyword_list',
          name: args.name,
          fields: { keywords: { after: args.keywords.map((k) => `${k.text} (${k.match_type})`) } },
          startsPaused: true,
        },
        ...campaigns.map((c) => ({
          action: 'create' as const,
          entity: 'campaign_negative_keyword_list',
          name: c.name,
          fields: { campaign_id: { after: c.id } },
          startsPaused: true,
        })),
      ],
      data: { campaign_ids: campaigns.map((c) => c.id) },
    };
  },
  async apply(plan, args, ctx) {
    const list = await ctx.step('list', () => ctx.platform.createNegativeKeywordList(args.name));
    const keywords = await ctx.step('keywords', () => ctx.platform.addListNegativeKeywords(list.id, args.keywords));
    if (plan.data.campaign_ids.length)
      await ctx.step('attach', () => ctx.platform.attachNegativeKeywordList(list.id, plan.data.campaign_ids).then(() => true));
    return {
      text: [
        `## Negative keyword list "${list.name}" created (${list.id})`,
        '',
        `${keywords.length} keyword(s); applied to ${plan.data.campaign_ids.length} campaign(s). Matching searches of those campaigns stop showing the ads from now on.`,
      ].join('\n'),
      structured: { id: list.id, name: list.name, keywords, campaign_ids: plan.data.campaign_ids },
    };
  },
});

const changeOutput = v.object({
  customer_id: v.string(),
  list_id: v.string(),
  name: v.string(),
  changed: v.array(v.string()),
  keywords: v.number(),
  campaign_ids: v.array(v.string()),
});

export const addNegativeKeywordListKeywords = defineSearchAdsTool({
  name: 'add_negative_keyword_list_keywords',
  description:
    'Adds keywords to a shared negative keyword list; every campaign the list applies to blocks them from now on. Keywords already on the list are skipped.',
  access: 'write',
  examples: [{ list_id: '<list_id from list_negative_keyword_lists>', keywords: [{ text: 'example two', match_type: 'PHRASE' }] }],
  args: { list_id: listIdArg(), keywords: keywordsArg, allow_blocking_keywords: allowBlockingArg },
  output: changeOutput,
  async plan(args, ctx) {
    const list = await requireList(ctx.platform, args.list_id);
    const key = (k: { text: string; match_type: string }) => `${k.text.toLowerCase()}|${k.match_type}`;
    const have = new Set(list.keywords.map(key));
    const add = args.keywords.filter((k, i) => !have.has(key(k)) && args.keywords.findIndex((x) => key(x) === key(k)) === i);
    await refuseListBlocking(ctx.platform, add, list.campaign_ids, args.allow_blocking_keywords);
    return {
      summary: add.length
        ? `Add ${add.length} keyword(s) to list "${list.name}"`
        : `Every keyword is already on list "${list.name}"; nothing changes`,
      changes: add.map((k) => ({
        action: 'create' as const,
        entity: 'list_negative_keyword',
        name: `${k.text} (${k.match_type})`,
        fields: { list_id: { after: list.id } },
        startsPaused: true,
      })),
      notes: args.keywords.length > add.length ? [`${args.keywords.length - add.length} keyword(s) already on the list are skipped.`] : [],
      data: { list, add },
    };
  },
  async apply(plan, _args, ctx) {
    const { list, add } = plan.data;
    const added = add.length ? await ctx.step('add', () => ctx.platform.addListNegativeKeywords(list.id, add)) : [];
    return {
      text: `## ${added.length} keyword(s) added to "${list.name}"\n\nIt now holds ${list.keywords.length + added.length} keyword(s) and applies to ${list.campaign_ids.length} campaign(s).`,
      structured: {
        customer_id: ctx.account.account_id,
        list_id: list.id,
        name: list.name,
        changed: added.map((k) => k.text),
        keywords: list.keywords.length + added.length,
        campaign_ids: list.campaign_ids,
      },
    };
  },
});

export const removeNegativeKeywordListKeywords = defineSearchAdsTool({
  name: 'remove_negative_keyword_list_keywords',
  description:
    'Removes keywords (by text) from a shared negative keyword list; the campaigns it applies to may show ads for those searches again from now on.',
  access: 'write',
  examples: [{ list_id: '<list_id from list_negative_keyword_lists>', texts: ['example two'] }],
  destructive: true,
  args: {
    list_id: listIdArg(),
    texts: v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.minLength(1))),
      v.minLength(1),
      v.maxLength(500),
      v.description('Texts of the keywords to remove (every match type)'),
    ),
  },
  output: changeOutput,
  async plan(args, ctx) {
    const list = await requireList(ctx.platform, args.list_id);
    const wanted = args.texts.map((t) => t.toLowerCase());
    const missing = wanted.filter((t) => !list.keywords.some((k) => k.text.toLowerCase() === t));
    if (missing.length)
      throw new ToolError(
        `List "${list.name}" has no keyword ${missing.map((t) => `"${t}"`).join(', ')}; list_negative_keyword_lists shows its keywords.`,
      );
    const remove = list.keywords.filter((k) => wanted.includes(k.text.toLowerCase()));
    return {
      summary: `Remove ${remove.length} keyword(s) from list "${list.name}"`,
      changes: remove.map((k) => ({
        action: 'remove' as const,
        entity: 'list_negative_keyword',
        id: k.id,
        name: `${k.text} (${k.match_type})`,
        fields: {},
      })),
      data: { list, remove },
    };
  },
  async apply(plan, _args, ctx) {
    const { list, remove } = plan.data;
    await ctx.step('remove', () =>
      ctx.platform
        .removeListNegativeKeywords(
          list.id,
          remove.map((k) => k.id),
        )
        .then(() => true),
    );
    return {
      text: `## ${remove.length} keyword(s) removed from "${list.name}"\n\n${list.keywords.length - remove.length} remain. add_negative_keyword_list_keywords adds one back.`,
      structured: {
        customer_id: ctx.account.account_id,
        list_id: list.id,
        name: list.name,
        changed: remove.map((k) => k.text),
        keywords: list.keywords.length - remove.length,
        campaign_ids: list.campaign_ids,
      },
    };
  },
  undo(plan) {
    return {
      tool: 'add_negative_keyword_list_keywords',
      arguments: { list_id: plan.data.list.id, keywords: plan.data.remove.map((k) => ({ text: k.text, match_type: k.match_type })) },
    };
  },
});

function attachmentTool(attach: boolean) {
  const name = attach ? 'attach_negative_keyword_list' : 'detach_negative_keyword_list';
  const other = attach ? 'detach_negative_keyword_list' : 'attach_negative_keyword_list';
  return defineSearchAdsTool({
    name,
    examples: EXAMPLES[name],
    description: attach
      ? 'Applies a shared negative keyword list to campaigns: its keywords block their searches from now on. Campaigns it already applies to are left as they are.'
      : 'Takes a shared negative keyword list off campaigns: its keywords no longer block their searches from now on. The list itself stays.',
    access: 'write',
    args: {
      list_id: listIdArg(),
      campaign_ids: v.pipe(v.array(campaignIdArg()), v.minLength(1), v.maxLength(100), v.description('Campaign ids (list_campaigns)')),
      ...(attach ? { allow_blocking_keywords: allowBlockingArg } : {}),
    },
    output: changeOutput,
    async plan(args, ctx) {
      const list = await requireList(ctx.platform, args.list_id);
      const campaigns = await Promise.all(
        [...new Set(args.campaign_ids)].map((id) => (attach ? requireLiveCampaign(ctx.platform, id) : ctx.platform.getCampaign(id))),
      );
      const targets = campaigns.filter((c) => list.campaign_ids.includes(c.id) !== attach);
      if (attach)
        await refuseListBlocking(
          ctx.platform,
          list.keywords,
          targets.map((c) => c.id),
          (args as { allow_blocking_keywords?: boolean }).allow_blocking_keywords,
        );
      return {
        summary: targets.length
          ? `${attach ? 'Apply' : 'Take'} list "${list.name}" ${attach ? 'to' : 'off'} ${targets.length} campaign(s)`
          : `Nothing changes: list "${list.name}" already ${attach ? 'applies' : 'does not apply'} to those campaigns`,
        changes: targets.map((c): PlannedChange =>
          attach
            ? {
                action: 'create',
                entity: 'campaign_negative_keyword_list',
                name: c.name,
                fields: { list_id: { after: list.id } },
                startsPaused: true,
              }
            : { action: 'remove', entity: 'campaign_negative_keyword_list', id: `${c.id}~${list.id}`, name: c.name, fields: {} },
        ),
        data: { list, campaign_ids: targets.map((c) => c.id) },
      };
    },
    async apply(plan, _args, ctx) {
      const { list, campaign_ids } = plan.data;
      if (campaign_ids.length)
        await ctx.step('attachment', () =>
          (attach
            ? ctx.platform.attachNegativeKeywordList(list.id, campaign_ids)
            : ctx.platform.detachNegativeKeywordList(list.id, campaign_ids)
          ).then(() => true),
        );
      const now = attach ? [...list.campaign_ids, ...campaign_ids] : list.campaign_ids.filter((id) => !campaign_ids.includes(id));
      return {
        text: campaign_ids.length
          ? `## List "${list.name}" ${attach ? 'applied to' : 'taken off'} ${campaign_ids.length} campaign(s)\n\nIt applies to ${now.length} campaign(s) now. ${other} reverts it.`
          : '## Nothing changed',
        structured: {
          customer_id: ctx.account.account_id,
          list_id: list.id,
          name: list.name,
          changed: campaign_ids,
          keywords: list.keywords.length,
          campaign_ids: now,
        },
      };
    },
    undo(plan) {
      return plan.data.campaign_ids.length
        ? { tool: other, arguments: { list_id: plan.data.list.id, campaign_ids: plan.data.campaign_ids } }
        : undefined;
    },
  });
}

export const attachNegativeKeywordList = attachmentTool(true);
export const detachNegativeKeywordList = attachmentTool(false);
