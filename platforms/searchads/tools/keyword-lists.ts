import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { ALLOW_BLOCKING_DESCRIPTION, blockedKeywords, refuseBlockingNegatives } from '../../../core/negatives';
import type { ToolDefinition } from '../../../core/tool';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { KeywordMatchType, SearchAdsCampaign, SearchAdsCampaignType, SearchAdsPort } from '../port';
import { adGroupIdArg, campaignIdArg, requireLiveCampaign } from './common';

/**
 * Adding keyword-like items (keywords, contextual keywords, negative keywords at ad group or
 * campaign level) built once: each item is checked against the platform's keyword policy, items
 * already there are skipped and said so, and the answer gives a result per item.
 */

/** Characters the platform refuses in keyword text. */
const FORBIDDEN = /[!@%^*()={};~`<>?\\|]/;
const MATCH_TYPES = ['EXACT', 'PHRASE', 'BROAD'] as const;

export const keywordText = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(80, 'must be at most 80 characters'),
  v.check((t) => t.split(/\s+/).length <= 10, 'must have at most 10 words'),
  v.check((t) => !FORBIDDEN.test(t), 'must not contain ! @ % ^ * ( ) = { } ; ~ ` < > ? \\ |'),
);
const matchType = v.pipe(v.picklist(MATCH_TYPES), v.description('EXACT, PHRASE or BROAD'));
const bid = v.pipe(
  v.number(),
  v.minValue(0.01, 'must be at least 0.01'),
  v.maxValue(1000, 'must be at most 1000'),
  v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'must be in whole cents'),
);

type Item = { text: string; match_type: KeywordMatchType; cpc_bid?: number };
type ItemResult = { text: string; match_type: string; result: 'added' | 'skipped'; reason?: string; id?: string };

interface Where {
  campaign: SearchAdsCampaign;
  ad_group_id?: string;
  ad_group_name?: string;
}

interface ListRow {
  name: string;
  description: string;
  /** Documented request examples (ToolSpec.examples). */
  examples?: Record<string, unknown>[];
  /** keyword = positive keywords of an ad group; negative = negatives of a campaign or one of its ad groups. */
  target: 'keyword' | 'negative';
  campaignTypes: SearchAdsCampaignType[];
  /** Items only BROAD (contextual keywords of display ad groups). */
  broadOnly?: boolean;
  max: number;
}

const resultOutput = v.object({
  customer_id: v.string(),
  campaign_id: v.string(),
  ad_group_id: v.optional(v.string()),
  level: v.picklist(['ad_group', 'campaign']),
  results: v.array(
    v.object({
      text: v.string(),
      match_type: v.string(),
      result: v.picklist(['added', 'skipped']),
      reason: v.optional(v.string()),
      id: v.optional(v.string()),
    }),
  ),
  added: v.number(),
  skipped: v.number(),
});

async function resolveWhere(port: SearchAdsPort, row: ListRow, args: { campaign_id?: string; ad_group_id?: string }): Promise<Where> {
  let campaignId = args.campaign_id;
  let group;
  if (args.ad_group_id) {
    group = await port.getAdGroup(args.ad_group_id);
    if (campaignId && group.campaign_id !== campaignId)
      throw new ToolError(
        `Ad group ${group.id} belongs to campaign ${group.campaign_id}, not ${campaignId}. list_ad_groups shows each ad group's campaign.`,
      );
    if (group.status === 'REMOVED') throw new ToolError(`Ad group "${group.name}" (${group.id}) is REMOVED; nothing can be added to it.`);
    campaignId = group.campaign_id;
  }
  const campaign = await requireLiveCampaign(port, campaignId!);
  if (!row.campaignTypes.includes(campaign.type)) {
    throw new ToolError(
      `Campaign "${campaign.name}" is a ${campaign.type} campaign; ${row.name} works on ${row.campaignTypes.join('/')} campaigns.`,
    );
  }
  return { campaign, ad_group_id: group?.id, ad_group_name: group?.name };
}

export function keywordListTool(row: ListRow): ToolDefinition {
  const itemEntries: v.ObjectEntries = {
    text: keywordText,
    match_type: row.broadOnly
      ? v.optional(v.pipe(v.literal('BROAD'), v.description('Contextual keywords are always BROAD')), 'BROAD')
      : matchType,
  };
  if (row.target === 'keyword')
    itemEntries.cpc_bid = v.optional(v.pipe(bid, v.description('Own max CPC in account currency; default: the ad group bid')));
  const item = v.strictObject(itemEntries);
  const args = {
    ...(row.target === 'negative'
      ? {
          campaign_id: campaignIdArg('Campaign the negatives block queries for (from list_campaigns)'),
          ad_group_id: v.optional(adGroupIdArg('Only this ad group of the campaign (ad group level negatives); omit for campaign level')),
          allow_blocking_keywords: v.optional(v.pipe(v.boolean(), v.description(ALLOW_BLOCKING_DESCRIPTION))),
        }
      : { ad_group_id: adGroupIdArg('Ad group to add the keywords to (from list_ad_groups)') }),
    keywords: v.pipe(
      v.array(item),
      v.minLength(1, 'must list at least one keyword'),
      v.maxLength(row.max, `must list at most ${row.max} keywords per call`),
      v.description(`1-${row.max} keywords: text (<= 80 characters, <= 10 words) and match type`),
    ),
    ...(row.target === 'keyword'
      ? {
          status: v.optional(
            v.pipe(
              v.picklist(['ENABLED', 'PAUSED']),
              v.description('Status of the new keywords (default ENABLED; PAUSED when the owner requires creates to start paused)'),
            ),
          ),
        }
      : {}),
  };
  return defineSearchAdsTool({
    name: row.name,
    description: row.description,
    examples: row.examples,
    access: 'write',
    args,
    output: resultOutput,
    async plan(a, ctx) {
      const given = a as {
        campaign_id?: string;
        ad_group_id?: string;
        keywords: Item[];
        status?: 'ENABLED' | 'PAUSED';
        allow_blocking_keywords?: boolean;
      };
      const where = await resolveWhere(ctx.platform, row, given);
      const existing =
        row.target === 'keyword'
          ? (await ctx.platform.listKeywords(where.campaign.id)).filter(
              (k) => k.ad_group_id === where.ad_group_id && k.status !== 'REMOVED',
            )
          : (await ctx.platform.listNegativeKeywords(where.campaign.id)).filter((n) => (n.ad_group_id ?? undefined) === where.ad_group_id);
      const key = (i: { text: string; match_type: string }) => `${i.text.toLowerCase().replace(/\s+/g, ' ')}|${i.match_type}`;
      const have = new Set(existing.map(key));
      const seen = new Set<string>();
      const results: ItemResult[] = [];
      const toAdd: Item[] = [];
      for (const i of given.keywords) {
        const k = key(i);
        if (have.has(k)) results.push({ text: i.text, match_type: i.match_type, result: 'skipped', reason: 'already there' });
        else if (seen.has(k)) results.push({ text: i.text, match_type: i.match_type, result: 'skipped', reason: 'listed twice' });
        else {
          seen.add(k);
          toAdd.push(i);
          results.push({ text: i.text, match_type: i.match_type, result: 'added' });
        }
      }
      const status = ctx.createPaused ? 'PAUSED' : (given.status ?? 'ENABLED');
      const level = where.ad_group_id ? 'ad_group' : 'campaign';
      if (row.target === 'negative') {
        // A negative never silently blocks the campaign's (or the ad group's) own live keywords.
        const live = (await ctx.platform.listKeywords(where.campaign.id)).filter(
          (k) => k.status === 'ENABLED' && (!where.ad_group_id || k.ad_group_id === where.ad_group_id),
        );
        refuseBlockingNegatives(
          blockedKeywords(toAdd, live),
          where.ad_group_name ? `ad group "${where.ad_group_name}"` : `campaign "${where.campaign.name}"`,
          given.allow_blocking_keywords,
        );
      }
      const entity = row.target === 'keyword' ? 'keyword' : `${level}_negative_keyword`;
      return {
        summary: toAdd.length
          ? `Add ${toAdd.length} ${row.target === 'keyword' ? 'keyword' : 'negative keyword'}(s) to ${where.ad_group_name ? `ad group "${where.ad_group_name}"` : `campaign "${where.campaign.name}"`}`
          : 'Nothing to add: every keyword is already there',
        changes: toAdd.map((i) => ({
          action: 'create' as const,
          entity,
          name: `${i.text} (${i.match_type})`,
          fields: {
            text: { after: i.text },
            match_type: { after: i.match_type },
            ...(row.target === 'keyword' ? { status: { after: status } } : {}),
            ...(i.cpc_bid !== undefined ? { cpc_bid: { after: i.cpc_bid } } : {}),
          },
          startsPaused: row.target === 'negative' || status === 'PAUSED',
        })),
        notes: results.filter((r) => r.result === 'skipped').map((r) => `"${r.text}" (${r.match_type}) skipped: ${r.reason}.`),
        data: {
          campaign_id: where.campaign.id,
          campaign_name: where.campaign.name,
          ad_group_id: where.ad_group_id,
          level,
          status,
          toAdd,
          results,
        },
      };
    },
    async apply(plan, _a, ctx) {
      const d = plan.data as {
        campaign_id: string;
        campaign_name: string;
        ad_group_id?: string;
        level: 'ad_group' | 'campaign';
        status: 'ENABLED' | 'PAUSED';
        toAdd: Item[];
        results: ItemResult[];
      };
      const created = d.toAdd.length
        ? await ctx.step('create', () =>
            row.target === 'keyword'
              ? ctx.platform.addKeywords(
                  d.toAdd.map((i) => ({
                    ad_group_id: d.ad_group_id!,
                    text: i.text,
                    match_type: i.match_type,
                    status: d.status,
                    ...(i.cpc_bid !== undefined ? { cpc_bid: i.cpc_bid } : {}),
                  })),
                )
              : ctx.platform.addNegativeKeywords(
                  d.toAdd.map((i) => ({
                    campaign_id: d.campaign_id,
                    ...(d.ad_group_id ? { ad_group_id: d.ad_group_id } : {}),
                    text: i.text,
                    match_type: i.match_type,
                  })),
                ),
          )
        : [];
      let n = 0;
      const results = d.results.map((r) => (r.result === 'added' ? { ...r, id: created[n++]?.id } : r));
      const added = results.filter((r) => r.result === 'added').length;
      const text = [
        `## ${added} ${row.target === 'keyword' ? 'keyword' : 'negative keyword'}(s) added to ${d.level === 'ad_group' ? `ad group ${d.ad_group_id}` : `campaign "${d.campaign_name}"`}`,
        '',
        markdownTable(
          ['Keyword', 'Match type', 'Result', 'Id'],
          results.map((r) => [r.text, r.match_type, r.reason ? `${r.result} (${r.reason})` : r.result, r.id ?? '']),
        ),
        '',
        row.target === 'keyword'
          ? `New keywords are ${d.status}${d.toAdd.some((i) => i.cpc_bid !== undefined) ? '' : ' and bid the ad group default'}; get_keyword_performance shows them, update_keyword changes a bid or status.`
          : 'Matching searches stop showing the ads from now on; analyze_search_terms shows what is still matched. remove_negative_keywords takes a negative off again.',
      ].join('\n');
      return {
        text,
        structured: {
          customer_id: ctx.account.account_id,
          campaign_id: d.campaign_id,
          ...(d.ad_group_id ? { ad_group_id: d.ad_group_id } : {}),
          level: d.level,
          results,
          added,
          skipped: results.length - added,
        },
      };
    },
  });
}

export const KEYWORD_LIST_TOOLS: ListRow[] = [
  {
    name: 'add_keywords',
    examples: [{ ad_group_id: '<ad_group_id from list_ad_groups>', keywords: [{ text: 'example boots', match_type: 'PHRASE' }] }],
    target: 'keyword',
    campaignTypes: ['SEARCH'],
    max: 200,
    description:
      'Adds keywords (text + match type EXACT/PHRASE/BROAD, optional own CPC bid) to an ad group of a Search campaign. Keywords already in the ad group are skipped; the answer lists each keyword with its result and new id. Policy: at most 80 characters and 10 words, none of ! @ % ^ * ( ) = { } ; ~ ` < > ? \\ |.',
  },
  {
    name: 'add_display_keywords',
    examples: [{ ad_group_id: '<ad_group_id from list_ad_groups>', keywords: [{ text: 'trail gear' }] }],
    target: 'keyword',
    campaignTypes: ['DISPLAY'],
    broadOnly: true,
    max: 200,
    description:
      'Adds contextual keywords (always BROAD) to an ad group of a Display campaign: ads show on pages about those words. Existing ones are skipped; a result per keyword.',
  },
  {
    name: 'add_negative_keywords',
    examples: [{ campaign_id: '<campaign_id from list_campaigns>', keywords: [{ text: 'example', match_type: 'BROAD' }] }],
    target: 'negative',
    campaignTypes: ['SEARCH', 'SHOPPING', 'PERFORMANCE_MAX', 'DISPLAY', 'VIDEO'],
    max: 200,
    description:
      'Adds negative keywords to a campaign (or, with ad_group_id, to one of its ad groups) so matching searches stop showing the ads: BROAD blocks queries with all its words, PHRASE the words in order, EXACT only that query. Use the wasteful terms from analyze_search_terms or analyze_wasted_spend. Existing negatives are skipped; a result per keyword.',
  },
];
