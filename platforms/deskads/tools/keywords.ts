import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { ALLOW_BLOCKING_DESCRIPTION, blockedKeywords, refuseBlockingNegatives } from '../../../core/negatives';
import type { PlannedChange } from '../../../core/plan';
import { markdownTable, money } from '../../../core/markdown';
import { defineDeskAdsTool } from '../define';
import { DESKADS_BID_CEILING, deskAdsBid } from '../money';
import {
  applyDeskAdsListFilters,
  deskadsListFilterArgs,
  deskadsListFilterRules,
  pagingSummary,
  type DeskAdsListOptions,
} from '../list-filters';
import {
  ENTITY_STATUSES,
  MATCH_TYPES,
  NEGATIVE_MATCH_TYPES,
  type DeskAdsKeyword,
  type DeskAdsKeywordPatch,
  type DeskAdsNegativeOwner,
} from '../port';
import { figuresBy, idArgument, metricsOutput, metricsWindow, rowMetrics, windowArgs, windowRule } from './shared';
import { accountBaseline, FAR_ABOVE_ACCOUNT } from '../../../core/advice';
import { firstWasteRule, sumToCent } from '../../../core/waste';
import { deskAdsCampaignFigures } from '../campaign-figures';
import { deskAdsWasteRules } from './search-terms';

/** Keyword rules of the platform: text length, bids, and how many one call may carry. */
export const KEYWORD_MAX_CHARS = 100;
const PER_CALL = 1000;
/** The schema's bounds of a CPC bid: above 0 and at most the largest bid of any currency; the account's currency narrows them (deskAdsBid). */
export const BID = { min: 0, max: DESKADS_BID_CEILING } as const;
export const BID_RANGE = "in account currency; the platform's range per currency (USD, EUR, GBP 0.05-1,000; JPY whole yen from 1)";

const chars = (s: string) => [...s].length;
export const keywordText = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.check((s) => chars(s) <= KEYWORD_MAX_CHARS, `must be at most ${KEYWORD_MAX_CHARS} characters`),
  v.check((s) => !/[!@%^*()={};~`<>?\\|]/.test(s), 'must not contain the characters ! @ % ^ * ( ) = { } ; ~ ` < > ? \\ |'),
  v.description(`Keyword text, up to ${KEYWORD_MAX_CHARS} characters, without match-type punctuation (give match_type instead)`),
);
export const bid = v.pipe(v.number(), v.gtValue(BID.min, 'must be greater than 0'), v.maxValue(BID.max, `must be at most ${BID.max}`));
const url = v.pipe(
  v.string(),
  v.trim(),
  v.url('must be a URL'),
  v.regex(/^https?:\/\//, 'must start with http:// or https://'),
  v.maxLength(2048),
);
const key = (text: string, matchType: string) => `${text.toLowerCase().replace(/\s+/g, ' ')}|${matchType}`;

interface KeywordRow extends Record<string, unknown> {
  id: string;
  text: string;
  match_type: string;
  status: string;
  ad_group_id: string;
  campaign_id: string;
  bid: number;
  quality_score: number | null;
  spend: number;
  conversions: number;
  cpa: number | null;
  start_date: string | null;
}

const OPTIONS: DeskAdsListOptions<KeywordRow> = {
  fields: [
    'id',
    'text',
    'match_type',
    'status',
    'ad_group_id',
    'campaign_id',
    'bid',
    'quality_score',
    'spend',
    'conversions',
    'cpa',
    'start_date',
  ],
  statuses: ENTITY_STATUSES,
  types: MATCH_TYPES,
  defaultSort: 'text',
  queryHint: 'keyword text and id',
};

export const listDeskAdsKeywords = defineDeskAdsTool({
  name: 'list_deskads_keywords',
  description:
    'Lists keywords with match type (type_filter: Exact, Phrase, Broad), effective CPC bid (its own, else the ad group default), status, quality score and their figures over a date range (default the last 30 days ending yesterday), for the account, a campaign or an ad group. Takes the shared deskads list filters.',
  access: 'read',
  args: {
    campaign_id: v.optional(idArgument('campaign', 'list_deskads_campaigns')),
    ad_group_id: v.optional(idArgument('ad group', 'list_deskads_ad_groups')),
    ...windowArgs,
    ...deskadsListFilterArgs(OPTIONS),
  },
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
    keywords: v.array(
      v.object({
        id: v.string(),
        text: v.string(),
        match_type: v.picklist(MATCH_TYPES),
        status: v.picklist(ENTITY_STATUSES),
        ad_group_id: v.string(),
        campaign_id: v.string(),
        bid: v.number(),
        own_bid: v.boolean(),
        quality_score: v.nullable(v.number()),
        final_url: v.nullable(v.string()),
        metrics: metricsOutput,
      }),
    ),
  }),
  async run(args, ctx) {
    const window = metricsWindow(args, ctx);
    const groups = await ctx.platform.listAdGroups();
    if (args.ad_group_id && !groups.some((g) => g.id === args.ad_group_id)) {
      throw new ToolError(
        `No ad group ${args.ad_group_id} in account ${ctx.account.account_id}. list_deskads_ad_groups lists the valid ids.`,
        { code: 'not_found' },
      );
    }
    const [keywords, figures, campaignFigures] = await Promise.all([
      ctx.platform.listKeywords({ campaignId: args.campaign_id, adGroupId: args.ad_group_id }),
      figuresBy(ctx.platform, 'KeywordPerformance', window, (r) => r.keyword_id),
      deskAdsCampaignFigures(ctx.platform, ctx.account, window.start, window.end),
    ]);
    // Judged as analyze_deskads_wasted_spend judges keywords: spend with no conversion, or a cost per conversion over 2× the account's.
    const accountCpa = accountBaseline(campaignFigures.map((c) => c.figures)).cpa;
    const rules = deskAdsWasteRules(0, accountCpa);
    const group = new Map(groups.map((g) => [g.id, g]));
    const rows: KeywordRow[] = keywords.map((k) => {
      const t = figures(k.id);
      return {
        id: k.id,
        text: k.text,
        match_type: k.match_type,
        status: k.status,
        ad_group_id: k.ad_group_id,
        campaign_id: k.campaign_id,
        bid: k.bid ?? group.get(k.ad_group_id)?.cpc_bid ?? 0,
        quality_score: k.quality_score,
        spend: t.spend,
        conversions: t.conversions,
        cpa: t.cpa,
        start_date: group.get(k.ad_group_id)?.start_date ?? null,
      };
    });
    const page = applyDeskAdsListFilters(rows, args, {
      searchable: ['text', 'id'],
      status: 'status',
      type: 'match_type',
      start: 'start_date',
    });
    const byId = new Map(keywords.map((k) => [k.id, k]));
    const listed = page.rows.map((r) => {
      const k = byId.get(r.id)!;
      return {
        id: k.id,
        text: k.text,
        match_type: k.match_type,
        status: k.status,
        ad_group_id: k.ad_group_id,
        campaign_id: k.campaign_id,
        bid: r.bid,
        own_bid: k.bid !== null,
        quality_score: k.quality_score,
        final_url: k.final_url,
        metrics: rowMetrics(figures(k.id)),
      };
    });
    const currency = ctx.account.currency;
    const wasting = listed.filter((k) => k.status === 'Active' && firstWasteRule(rules, k.metrics));
    return {
      text: [
        `## Keywords, ${window.start} to ${window.end}`,
        '',
        pagingSummary(page),
        '',
        listed.length
          ? markdownTable(
              ['Keyword', 'Match', 'Id', 'Status', 'Bid', 'QS', 'Spend', 'Clicks', 'Conv.', 'CPA'],
              listed.map((k) => [
                k.text,
                k.match_type,
                k.id,
                k.status,
                money(k.bid, currency),
                k.quality_score ?? '-',
                money(k.metrics.spend, currency),
                k.metrics.clicks,
                k.metrics.conversions,
                k.metrics.cpa === null ? '-' : money(k.metrics.cpa, currency),
              ]),
            )
          : 'No keyword matches these filters.',
        ...(wasting.length
          ? [
              '',
              `${wasting.length} active keyword(s) on this page spent without converting${accountCpa ? ` or at a cost per conversion over ${FAR_ABOVE_ACCOUNT}× the account's ${money(accountCpa, currency)}` : ''} (${money(
                sumToCent(wasting.map((k) => k.metrics.spend)),
                currency,
              )}): pause them with update_deskads_keywords (status Paused) or lower their bids, or block the searches with add_deskads_negative_keywords (analyze_deskads_wasted_spend shows what each wastes).`,
            ]
          : []),
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
        keywords: listed,
      },
    };
  },
});

const itemResult = v.object({
  text: v.string(),
  match_type: v.string(),
  outcome: v.picklist(['created', 'skipped_duplicate']),
  keyword_id: v.nullable(v.string()),
});

export const addDeskAdsKeywords = defineDeskAdsTool({
  name: 'add_deskads_keywords',
  description: `Adds keywords (Exact, Phrase or Broad match, optional own CPC bid and final URL) to an ad group, up to ${PER_CALL} per call. A keyword the ad group already has with the same match type is skipped and reported, not added twice.`,
  access: 'write',
  examples: [{ ad_group_id: '<ad_group_id from list_deskads_ad_groups>', keywords: [{ text: 'example boots', match_type: 'Phrase' }] }],
  args: {
    ad_group_id: idArgument('ad group', 'list_deskads_ad_groups'),
    keywords: v.pipe(
      v.array(
        v.strictObject({
          text: keywordText,
          match_type: v.pipe(v.picklist(MATCH_TYPES), v.description(MATCH_TYPES.join(', '))),
          bid: v.optional(v.pipe(bid, v.description(`Own CPC bid ${BID_RANGE}; default the ad group's bid`))),
          final_url: v.optional(v.pipe(url, v.description("Landing page for this keyword; default the ad's"))),
        }),
      ),
      v.minLength(1, 'must list at least one keyword'),
      v.maxLength(PER_CALL, `must list at most ${PER_CALL} keywords per call`),
      v.description(`1-${PER_CALL} keywords {text, match_type, bid?, final_url?}`),
    ),
  },
  rules: [
    (args) => {
      const seen = new Set<string>();
      return args.keywords.flatMap((k, i) => {
        const id = key(k.text, k.match_type);
        if (seen.has(id)) return [`\`keywords[${i}]\` "${k.text}" (${k.match_type}) is listed twice`];
        seen.add(id);
        return [];
      });
    },
  ],
  output: v.object({
    account_id: v.string(),
    ad_group_id: v.string(),
    created: v.number(),
    skipped: v.number(),
    results: v.array(itemResult),
  }),
  async plan(args, ctx) {
    const group = (await ctx.platform.listAdGroups()).find((g) => g.id === args.ad_group_id);
    if (!group)
      throw new ToolError(
        `No ad group ${args.ad_group_id} in account ${ctx.account.account_id}. list_deskads_ad_groups lists the valid ids.`,
        { code: 'not_found' },
      );
    if (group.status === 'Deleted')
      throw new ToolError(`Ad group "${group.name}" is deleted; add the keywords to an ad group that is not.`);
    const existing = new Set(
      (await ctx.platform.listKeywords({ adGroupId: group.id }))
        .filter((k) => k.status !== 'Deleted')
        .map((k) => key(k.text, k.match_type)),
    );
    const toAdd = args.keywords.filter((k) => !existing.has(key(k.text, k.match_type)));
    const skipped = args.keywords
      .filter((k) => existing.has(key(k.text, k.match_type)))
      .map((k) => ({ text: k.text, match_type: k.match_type }));
    const changes: PlannedChange[] = toAdd.map((k) => ({
      action: 'create',
      entity: 'keyword',
      name: `${k.text} (${k.match_type})`,
      fields: {
        ad_group_id: { after: group.id },
        text: { after: k.text },
        match_type: { after: k.match_type },
        bid: { after: k.bid === undefined ? null : deskAdsBid(k.bid, ctx.account.currency, `keywords[${args.keywords.indexOf(k)}].bid`) },
        final_url: { after: k.final_url ?? null },
      },
      // A keyword spends only while its ad group and campaign serve.
      startsPaused: group.status !== 'Active',
    }));
    return {
      summary: `Add ${toAdd.length} keyword(s) to ad group "${group.name}"${skipped.length ? `, skipping ${skipped.length} it already has` : ''}`,
      changes,
      notes: [
        ...(skipped.length ? [`Already in the ad group: ${skipped.map((s) => `"${s.text}" (${s.match_type})`).join(', ')}.`] : []),
        ...(ctx.createPaused && group.status === 'Active'
          ? [
              'The owner\'s "create paused" guardrail is on and this ad group is Active: keywords added to it serve at once. Pause the ad group first (pause_deskads_ad_group).',
            ]
          : []),
      ],
      data: {
        adGroupId: group.id,
        adGroupName: group.name,
        toAdd: toAdd.map((k) => ({
          text: k.text,
          match_type: k.match_type,
          bid: k.bid === undefined ? null : deskAdsBid(k.bid, ctx.account.currency),
          final_url: k.final_url ?? null,
        })),
        skipped,
      },
    };
  },
  async apply(plan, _args, ctx) {
    const { adGroupId, adGroupName, toAdd, skipped } = plan.data;
    const created = toAdd.length ? await ctx.platform.addKeywords(adGroupId, toAdd) : [];
    const results = [
      ...created.map((k) => ({ text: k.text, match_type: k.match_type, outcome: 'created' as const, keyword_id: k.id })),
      ...skipped.map((s) => ({ text: s.text, match_type: s.match_type, outcome: 'skipped_duplicate' as const, keyword_id: null })),
    ];
    return {
      text: [
        `## ${created.length} keyword(s) added to "${adGroupName}"`,
        '',
        markdownTable(
          ['Keyword', 'Match', 'Result', 'Id'],
          results.map((r) => [r.text, r.match_type, r.outcome === 'created' ? 'added' : 'already there, skipped', r.keyword_id ?? '-']),
        ),
        '',
        'New keywords have no quality score until they have served. See them with list_deskads_keywords.',
      ].join('\n'),
      structured: { account_id: ctx.account.account_id, ad_group_id: adGroupId, created: created.length, skipped: skipped.length, results },
    };
  },
  undo: () => undefined,
});

async function keywordsById(
  port: { listKeywords(): Promise<DeskAdsKeyword[]> },
  accountId: string,
  ids: string[],
): Promise<Map<string, DeskAdsKeyword>> {
  const all = new Map((await port.listKeywords()).map((k) => [k.id, k]));
  const unknown = ids.filter((id) => !all.has(id));
  if (unknown.length)
    throw new ToolError(`No keyword ${unknown.join(', ')} in account ${accountId}. list_deskads_keywords lists the valid ids.`, {
      code: 'not_found',
      unknown_ids: unknown,
    });
  return all;
}

const uniqueIds = (field: string, ids: string[]) => {
  const dupe = ids.find((id, i) => ids.indexOf(id) !== i);
  return dupe ? `\`${field}\` lists keyword ${dupe} twice` : undefined;
};

const changeResult = v.object({
  keyword_id: v.string(),
  text: v.string(),
  changes: v.array(v.object({ field: v.string(), before: v.unknown(), after: v.unknown() })),
});

export const updateDeskAdsKeywords = defineDeskAdsTool({
  name: 'update_deskads_keywords',
  description: `Changes the CPC bid (null = use the ad group's default), status (Active or Paused) or final URL of up to ${PER_CALL} keywords in one call; each keyword's before → after is shown. Delete keywords with remove_deskads_keywords.`,
  access: 'write',
  examples: [{ updates: [{ keyword_id: '<keyword_id from list_deskads_keywords>', bid: 1.05 }] }],
  args: {
    updates: v.pipe(
      v.array(
        v.strictObject({
          keyword_id: idArgument('keyword', 'list_deskads_keywords'),
          bid: v.optional(v.nullable(v.pipe(bid, v.description(`CPC bid ${BID_RANGE}; null = the ad group's default`)))),
          status: v.optional(v.pipe(v.picklist(['Active', 'Paused']), v.description('Active or Paused'))),
          final_url: v.optional(v.nullable(v.pipe(url, v.description('Landing page; null clears it')))),
        }),
      ),
      v.minLength(1, 'must list at least one keyword'),
      v.maxLength(PER_CALL, `must list at most ${PER_CALL} keywords per call`),
      v.description(`1-${PER_CALL} changes {keyword_id, bid?, status?, final_url?}`),
    ),
  },
  rules: [
    (args) =>
      uniqueIds(
        'updates',
        args.updates.map((u) => u.keyword_id),
      ),
    (args) =>
      args.updates.flatMap((u, i) =>
        u.bid === undefined && u.status === undefined && u.final_url === undefined
          ? [`\`updates[${i}]\` changes nothing: give bid, status or final_url`]
          : [],
      ),
  ],
  output: v.object({ account_id: v.string(), changed: v.number(), unchanged: v.number(), results: v.array(changeResult) }),
  async plan(args, ctx) {
    const all = await keywordsById(
      ctx.platform,
      ctx.account.account_id,
      args.updates.map((u) => u.keyword_id),
    );
    const planned = args.updates.map((u) => {
      const k = all.get(u.keyword_id)!;
      if (k.status === 'Deleted')
        throw new ToolError(`Keyword "${k.text}" (${k.id}) is deleted and cannot be changed; add it again with add_deskads_keywords.`);
      const patch: DeskAdsKeywordPatch = {};
      const fields: PlannedChange['fields'] = {};
      for (const field of ['bid', 'status', 'final_url'] as const) {
        const after =
          field === 'bid' && typeof u.bid === 'number'
            ? deskAdsBid(u.bid, ctx.account.currency, `updates[${args.updates.indexOf(u)}].bid`)
            : u[field];
        if (after === undefined || after === k[field]) continue;
        (patch as Record<string, unknown>)[field] = after;
        fields[field] = { before: k[field], after };
      }
      return { keyword: k, patch, fields };
    });
    const changing = planned.filter((p) => Object.keys(p.fields).length);
    return {
      summary: `Change ${changing.length} keyword(s)${planned.length > changing.length ? `; ${planned.length - changing.length} already as asked` : ''}`,
      changes: changing.map((p) => ({
        action: 'update' as const,
        entity: 'keyword',
        id: p.keyword.id,
        name: `${p.keyword.text} (${p.keyword.match_type})`,
        fields: p.fields,
      })),
      data: {
        updates: changing.map((p) => ({
          id: p.keyword.id,
          text: p.keyword.text,
          patch: p.patch,
          expect: Object.fromEntries(Object.keys(p.fields).map((f) => [f, p.keyword[f as keyof DeskAdsKeyword]])),
        })),
        unchanged: planned.length - changing.length,
      },
    };
  },
  async apply(plan, _args, ctx) {
    for (const u of plan.data.updates) await ctx.platform.updateKeyword(u.id, u.patch, u.expect as Partial<DeskAdsKeyword>);
    const results = plan.changes.map((c) => ({
      keyword_id: c.id!,
      text: c.name ?? '',
      changes: Object.entries(c.fields).map(([field, f]) => ({ field, before: f.before ?? null, after: f.after })),
    }));
    const currency = ctx.account.currency;
    const show = (field: string, value: unknown) =>
      value === null || value === undefined
        ? field === 'bid'
          ? 'ad group default'
          : '(none)'
        : field === 'bid'
          ? money(value as number, currency)
          : String(value);
    return {
      text: [
        `## ${results.length} keyword(s) changed`,
        '',
        results.length
          ? markdownTable(
              ['Keyword', 'Id', 'Setting', 'Before', 'After'],
              results.flatMap((r) =>
                r.changes.map((c, i) => [
                  i === 0 ? r.text : '',
                  i === 0 ? r.keyword_id : '',
                  c.field,
                  show(c.field, c.before),
                  show(c.field, c.after),
                ]),
              ),
            )
          : 'Every keyword already had these settings.',
      ].join('\n'),
      structured: { account_id: ctx.account.account_id, changed: results.length, unchanged: plan.data.unchanged, results },
    };
  },
  undo: (plan) =>
    plan.changes.length
      ? {
          tool: 'update_deskads_keywords',
          arguments: {
            updates: plan.changes.map((c) => ({
              keyword_id: c.id,
              ...Object.fromEntries(Object.entries(c.fields).map(([f, x]) => [f, x.before ?? null])),
            })),
          },
        }
      : undefined,
});

export const removeDeskAdsKeywords = defineDeskAdsTool({
  name: 'remove_deskads_keywords',
  description: `Deletes up to ${PER_CALL} keywords (irreversible: they stop serving for good and stay readable with status Deleted). Pause them with update_deskads_keywords instead if you may want them back.`,
  access: 'write',
  examples: [{ keyword_ids: ['<keyword_id from list_deskads_keywords>'] }],
  destructive: true,
  args: {
    keyword_ids: v.pipe(
      v.array(idArgument('keyword', 'list_deskads_keywords')),
      v.minLength(1, 'must list at least one keyword id'),
      v.maxLength(PER_CALL, `must list at most ${PER_CALL} keyword ids per call`),
      v.description(`1-${PER_CALL} keyword ids from list_deskads_keywords`),
    ),
  },
  rules: [(args) => uniqueIds('keyword_ids', args.keyword_ids)],
  output: v.object({
    account_id: v.string(),
    deleted: v.array(v.object({ keyword_id: v.string(), text: v.string(), previous_status: v.string() })),
    already_deleted: v.array(v.string()),
  }),
  async plan(args, ctx) {
    const all = await keywordsById(ctx.platform, ctx.account.account_id, args.keyword_ids);
    const keywords = args.keyword_ids.map((id) => all.get(id)!);
    const live = keywords.filter((k) => k.status !== 'Deleted');
    return {
      summary: `Delete ${live.length} keyword(s)`,
      changes: live.map((k) => ({
        action: 'remove' as const,
        entity: 'keyword',
        id: k.id,
        name: `${k.text} (${k.match_type})`,
        fields: { status: { before: k.status, after: 'Deleted' } },
      })),
      notes:
        keywords.length > live.length
          ? [
              `Already deleted: ${keywords
                .filter((k) => k.status === 'Deleted')
                .map((k) => k.id)
                .join(', ')}.`,
            ]
          : [],
      data: {
        live: live.map((k) => ({ id: k.id, text: k.text, status: k.status })),
        alreadyDeleted: keywords.filter((k) => k.status === 'Deleted').map((k) => k.id),
      },
    };
  },
  async apply(plan, _args, ctx) {
    for (const k of plan.data.live)
      await ctx.platform.updateKeyword(k.id, { status: 'Deleted' }, { status: k.status as DeskAdsKeyword['status'] });
    const deleted = plan.data.live.map((k) => ({ keyword_id: k.id, text: k.text, previous_status: k.status }));
    return {
      text: `## ${deleted.length} keyword(s) deleted\n\n${
        deleted.length
          ? markdownTable(
              ['Keyword', 'Id', 'Was'],
              deleted.map((d) => [d.text, d.keyword_id, d.previous_status]),
            )
          : 'Nothing to delete.'
      }${plan.data.alreadyDeleted.length ? `\n\nAlready deleted: ${plan.data.alreadyDeleted.join(', ')}.` : ''}`,
      structured: { account_id: ctx.account.account_id, deleted, already_deleted: plan.data.alreadyDeleted },
    };
  },
});

const negativeOutput = v.object({
  id: v.string(),
  level: v.picklist(['Campaign', 'AdGroup']),
  owner_id: v.string(),
  campaign_id: v.string(),
  text: v.string(),
  match_type: v.picklist(NEGATIVE_MATCH_TYPES),
});

interface NegativeRow extends Record<string, unknown> {
  id: string;
  level: string;
  owner_id: string;
  owner_name: string;
  campaign_id: string;
  text: string;
  match_type: string;
  status: string;
  start_date: null;
}

const NEGATIVE_OPTIONS: DeskAdsListOptions<NegativeRow> = {
  fields: ['id', 'level', 'owner_id', 'owner_name', 'campaign_id', 'text', 'match_type', 'status'] as (keyof NegativeRow & string)[],
  statuses: ['Active'],
  types: NEGATIVE_MATCH_TYPES,
  defaultSort: 'text',
  queryHint: 'negative keyword text, id and the campaign or ad group name',
};

export const listDeskAdsNegativeKeywords = defineDeskAdsTool({
  name: 'list_deskads_negative_keywords',
  description:
    'Lists the negative keywords of the account or of one campaign, at campaign and ad group level, with match type (type_filter: Exact, Phrase). Takes the shared deskads list filters (negatives have no start date, so a started_after/started_before filter matches none).',
  access: 'read',
  args: { campaign_id: v.optional(idArgument('campaign', 'list_deskads_campaigns')), ...deskadsListFilterArgs(NEGATIVE_OPTIONS) },
  rules: deskadsListFilterRules(NEGATIVE_OPTIONS),
  output: v.object({
    account_id: v.string(),
    total: v.number(),
    filtered: v.number(),
    offset: v.number(),
    limit: v.number(),
    has_more: v.boolean(),
    negative_keywords: v.array(v.object({ ...negativeOutput.entries, owner_name: v.string() })),
  }),
  async run(args, ctx) {
    const [negatives, campaigns, groups] = await Promise.all([
      ctx.platform.listNegativeKeywords({ campaignId: args.campaign_id }),
      ctx.platform.listCampaigns(),
      ctx.platform.listAdGroups(),
    ]);
    if (args.campaign_id && !campaigns.some((c) => c.id === args.campaign_id)) {
      throw new ToolError(
        `No campaign ${args.campaign_id} in account ${ctx.account.account_id}. list_deskads_campaigns lists the valid ids.`,
        { code: 'not_found' },
      );
    }
    const ownerName = (n: { level: string; owner_id: string }) =>
      (n.level === 'Campaign' ? campaigns.find((c) => c.id === n.owner_id)?.name : groups.find((g) => g.id === n.owner_id)?.name) ??
      n.owner_id;
    const rows: NegativeRow[] = negatives.map((n) => ({ ...n, owner_name: ownerName(n), status: 'Active', start_date: null }));
    const page = applyDeskAdsListFilters(rows, args, {
      searchable: ['text', 'id', 'owner_name'],
      status: 'status',
      type: 'match_type',
      start: 'start_date',
    });
    const listed = page.rows.map(
      ({ status: _s, start_date: _d, ...n }) => n as typeof n & { level: 'Campaign' | 'AdGroup'; match_type: 'Exact' | 'Phrase' },
    );
    return {
      text: [
        `## Negative keywords${args.campaign_id ? ` of campaign "${campaigns.find((c) => c.id === args.campaign_id)!.name}"` : ''}`,
        '',
        pagingSummary(page),
        '',
        listed.length
          ? markdownTable(
              ['Negative', 'Match', 'Level', 'On', 'Id'],
              listed.map((n) => [n.text, n.match_type, n.level, n.owner_name, n.id]),
            )
          : 'No negative keyword matches these filters.',
        '',
        'Add more with add_deskads_negative_keywords; remove with remove_deskads_negative_keywords.',
      ].join('\n'),
      structured: {
        account_id: ctx.account.account_id,
        total: page.total,
        filtered: page.filtered,
        offset: page.offset,
        limit: page.limit,
        has_more: page.has_more,
        negative_keywords: listed,
      },
    };
  },
});

export const addDeskAdsNegativeKeywords = defineDeskAdsTool({
  name: 'add_deskads_negative_keywords',
  description: `Adds negative keywords (Exact or Phrase match) to a campaign or an ad group (give exactly one of campaign_id and ad_group_id), up to ${PER_CALL} per call, so searches containing them no longer show your ads. Ones already there are skipped.`,
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_deskads_campaigns>', negatives: [{ text: 'example', match_type: 'Exact' }] }],
  args: {
    campaign_id: v.optional(idArgument('campaign', 'list_deskads_campaigns')),
    ad_group_id: v.optional(idArgument('ad group', 'list_deskads_ad_groups')),
    negatives: v.pipe(
      v.array(
        v.strictObject({
          text: keywordText,
          match_type: v.pipe(v.picklist(NEGATIVE_MATCH_TYPES), v.description('Exact or Phrase (the platform has no broad negatives)')),
        }),
      ),
      v.minLength(1, 'must list at least one negative keyword'),
      v.maxLength(PER_CALL, `must list at most ${PER_CALL} negative keywords per call`),
      v.description(`1-${PER_CALL} negatives {text, match_type}`),
    ),
    allow_blocking_keywords: v.optional(v.pipe(v.boolean(), v.description(ALLOW_BLOCKING_DESCRIPTION))),
  },
  rules: [
    (args) =>
      (args.campaign_id === undefined) === (args.ad_group_id === undefined)
        ? 'give exactly one of `campaign_id` and `ad_group_id`'
        : undefined,
    (args) => {
      const seen = new Set<string>();
      return args.negatives.flatMap((n, i) => {
        const id = key(n.text, n.match_type);
        if (seen.has(id)) return [`\`negatives[${i}]\` "${n.text}" (${n.match_type}) is listed twice`];
        seen.add(id);
        return [];
      });
    },
  ],
  output: v.object({
    account_id: v.string(),
    level: v.picklist(['Campaign', 'AdGroup']),
    owner_id: v.string(),
    added: v.array(negativeOutput),
    skipped: v.array(v.object({ text: v.string(), match_type: v.string() })),
  }),
  async plan(args, ctx) {
    let owner: DeskAdsNegativeOwner;
    let ownerName: string;
    if (args.campaign_id) {
      const campaign = (await ctx.platform.listCampaigns()).find((c) => c.id === args.campaign_id);
      if (!campaign)
        throw new ToolError(
          `No campaign ${args.campaign_id} in account ${ctx.account.account_id}. list_deskads_campaigns lists the valid ids.`,
          { code: 'not_found' },
        );
      owner = { level: 'Campaign', id: campaign.id };
      ownerName = `campaign "${campaign.name}"`;
    } else {
      const group = (await ctx.platform.listAdGroups()).find((g) => g.id === args.ad_group_id);
      if (!group)
        throw new ToolError(
          `No ad group ${args.ad_group_id} in account ${ctx.account.account_id}. list_deskads_ad_groups lists the valid ids.`,
          { code: 'not_found' },
        );
      owner = { level: 'AdGroup', id: group.id };
      ownerName = `ad group "${group.name}"`;
    }
    const existing = new Set(
      (await ctx.platform.listNegativeKeywords())
        .filter((n) => n.level === owner.level && n.owner_id === owner.id)
        .map((n) => key(n.text, n.match_type)),
    );
    const toAdd = args.negatives.filter((n) => !existing.has(key(n.text, n.match_type)));
    const skipped = args.negatives
      .filter((n) => existing.has(key(n.text, n.match_type)))
      .map((n) => ({ text: n.text, match_type: n.match_type }));
    // A negative never silently blocks the campaign's (or the ad group's) own live keywords.
    const live = (await ctx.platform.listKeywords(owner.level === 'Campaign' ? { campaignId: owner.id } : { adGroupId: owner.id })).filter(
      (k) => k.status === 'Active',
    );
    refuseBlockingNegatives(blockedKeywords(toAdd, live), ownerName, args.allow_blocking_keywords);
    return {
      summary: `Add ${toAdd.length} negative keyword(s) to ${ownerName}`,
      changes: toAdd.map((n) => ({
        action: 'create' as const,
        entity: 'negative_keyword',
        name: `${n.text} (${n.match_type})`,
        fields: {
          text: { after: n.text },
          match_type: { after: n.match_type },
          [owner.level === 'Campaign' ? 'campaign_id' : 'ad_group_id']: { after: owner.id },
        },
        startsPaused: true,
      })),
      notes: skipped.length ? [`Already there: ${skipped.map((s) => `"${s.text}" (${s.match_type})`).join(', ')}.`] : [],
      data: { owner, ownerName, toAdd: toAdd.map((n) => ({ text: n.text, match_type: n.match_type })), skipped },
    };
  },
  async apply(plan, _args, ctx) {
    const { owner, ownerName, toAdd, skipped } = plan.data;
    const added = toAdd.length ? await ctx.platform.addNegativeKeywords(owner, toAdd) : [];
    return {
      text: [
        `## ${added.length} negative keyword(s) added to ${ownerName}`,
        '',
        added.length
          ? markdownTable(
              ['Negative', 'Match', 'Id'],
              added.map((n) => [n.text, n.match_type, n.id]),
            )
          : 'Nothing new to add.',
        ...(skipped.length ? ['', `Already there, skipped: ${skipped.map((s) => `"${s.text}"`).join(', ')}.`] : []),
        '',
        'Searches containing them stop showing your ads from now on.',
      ].join('\n'),
      structured: { account_id: ctx.account.account_id, level: owner.level, owner_id: owner.id, added, skipped },
    };
  },
});

export const removeDeskAdsNegativeKeywords = defineDeskAdsTool({
  name: 'remove_deskads_negative_keywords',
  description: `Deletes negative keywords by id (from list_deskads_negative_keywords), up to ${PER_CALL} per call: the searches they blocked can show your ads again.`,
  access: 'write',
  examples: [{ negative_keyword_ids: ['<negative_keyword_id from list_deskads_negative_keywords>'] }],
  destructive: true,
  args: {
    negative_keyword_ids: v.pipe(
      v.array(idArgument('negative keyword', 'list_deskads_negative_keywords')),
      v.minLength(1, 'must list at least one id'),
      v.maxLength(PER_CALL, `must list at most ${PER_CALL} ids per call`),
      v.description(`1-${PER_CALL} negative keyword ids`),
    ),
  },
  rules: [(args) => uniqueIds('negative_keyword_ids', args.negative_keyword_ids)],
  output: v.object({ account_id: v.string(), removed: v.array(negativeOutput) }),
  async plan(args, ctx) {
    const all = new Map((await ctx.platform.listNegativeKeywords()).map((n) => [n.id, n]));
    const unknown = args.negative_keyword_ids.filter((id) => !all.has(id));
    if (unknown.length)
      throw new ToolError(
        `No negative keyword ${unknown.join(', ')} in account ${ctx.account.account_id}. list_deskads_negative_keywords lists the valid ids.`,
        { code: 'not_found', unknown_ids: unknown },
      );
    const negatives = args.negative_keyword_ids.map((id) => all.get(id)!);
    return {
      summary: `Delete ${negatives.length} negative keyword(s)`,
      changes: negatives.map((n) => ({
        action: 'remove' as const,
        entity: 'negative_keyword',
        id: n.id,
        name: `${n.text} (${n.match_type})`,
        fields: {},
      })),
      data: { negatives },
    };
  },
  async apply(plan, _args, ctx) {
    const { negatives } = plan.data;
    await ctx.platform.deleteNegativeKeywords(negatives.map((n) => n.id));
    return {
      text: `## ${negatives.length} negative keyword(s) removed\n\n${markdownTable(
        ['Negative', 'Match', 'Level', 'Id'],
        negatives.map((n) => [n.text, n.match_type, n.level, n.id]),
      )}`,
      structured: { account_id: ctx.account.account_id, removed: negatives },
    };
  },
  undo: (plan) => {
    const [first] = plan.data.negatives;
    if (!first || plan.data.negatives.some((n) => n.level !== first.level || n.owner_id !== first.owner_id)) return undefined;
    return {
      tool: 'add_deskads_negative_keywords',
      arguments: {
        [first.level === 'Campaign' ? 'campaign_id' : 'ad_group_id']: first.owner_id,
        negatives: plan.data.negatives.map((n) => ({ text: n.text, match_type: n.match_type })),
      },
    };
  },
});
