import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable, money } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsKeywordPatch } from '../port';
import { keywordIdArg } from './common';

export const updateKeyword = defineSearchAdsTool({
  name: 'update_keyword',
  description:
    "Changes a keyword's own max CPC bid (account currency, not micros) and/or its status (ENABLED or PAUSED). Bids under manual CPC take effect from the next auction; under automated bidding the strategy sets bids and the keyword bid is ignored (the answer says so).",
  access: 'write',
  examples: [{ keyword_id: '<keyword_id from get_keyword_performance>', cpc_bid: 1.11 }],
  args: {
    keyword_id: keywordIdArg(),
    cpc_bid: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0.01, 'must be at least 0.01'),
        v.maxValue(1000, 'must be at most 1000'),
        v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'must be in whole cents'),
        v.description('New max CPC in account currency'),
      ),
    ),
    status: v.optional(v.pipe(v.picklist(['ENABLED', 'PAUSED']), v.description('ENABLED or PAUSED (remove_keywords removes)'))),
  },
  rules: [(a) => (a.cpc_bid === undefined && a.status === undefined ? 'give `cpc_bid`, `status` or both' : undefined)],
  output: v.object({
    customer_id: v.string(),
    keyword_id: v.string(),
    text: v.string(),
    before: v.object({ cpc_bid: v.optional(v.number()), status: v.string() }),
    after: v.object({ cpc_bid: v.optional(v.number()), status: v.string() }),
    changed: v.boolean(),
  }),
  async plan(args, ctx) {
    const keyword = await ctx.platform.getKeyword(args.keyword_id);
    if (keyword.status === 'REMOVED')
      throw new ToolError(`Keyword "${keyword.text}" (${keyword.id}) is REMOVED; add it again with add_keywords.`);
    const campaign = await ctx.platform.getCampaign(keyword.campaign_id);
    const patch: SearchAdsKeywordPatch = {};
    const fields: Record<string, { before?: unknown; after: unknown }> = {};
    if (args.cpc_bid !== undefined && args.cpc_bid !== keyword.cpc_bid) {
      patch.cpc_bid = args.cpc_bid;
      fields.cpc_bid = { before: keyword.cpc_bid, after: args.cpc_bid };
    }
    if (args.status !== undefined && args.status !== keyword.status) {
      patch.status = args.status;
      fields.status = { before: keyword.status, after: args.status };
    }
    const notes =
      args.cpc_bid !== undefined && campaign.bidding_strategy && !['MANUAL_CPC', 'TARGET_SPEND'].includes(campaign.bidding_strategy)
        ? [
            `Campaign "${campaign.name}" bids with ${campaign.bidding_strategy}; keyword bids only count under manual CPC (update_bid_strategy changes the strategy).`,
          ]
        : [];
    return {
      summary: Object.keys(fields).length
        ? `Update keyword "${keyword.text}" (${keyword.match_type})`
        : `Keyword "${keyword.text}" already has those values; nothing changes`,
      changes: Object.keys(fields).length
        ? [{ action: 'update' as const, entity: 'keyword', id: keyword.id, name: keyword.text, fields }]
        : [],
      notes,
      data: {
        keyword: {
          id: keyword.id,
          text: keyword.text,
          status: keyword.status,
          ...(keyword.cpc_bid !== undefined ? { cpc_bid: keyword.cpc_bid } : {}),
        },
        patch,
      },
    };
  },
  async apply(plan, _args, ctx) {
    const { keyword, patch } = plan.data;
    const before = { status: keyword.status, ...(keyword.cpc_bid !== undefined ? { cpc_bid: keyword.cpc_bid } : {}) };
    const structured = { customer_id: ctx.account.account_id, keyword_id: keyword.id, text: keyword.text, before };
    if (!plan.changes.length)
      return {
        text: `## Keyword "${keyword.text}" unchanged\n\nIt already has those values; nothing changed.`,
        structured: { ...structured, after: before, changed: false },
      };
    const updated = await ctx.platform.updateKeyword(keyword.id, patch, { status: keyword.status });
    const after = { status: updated.status, ...(updated.cpc_bid !== undefined ? { cpc_bid: updated.cpc_bid } : {}) };
    const currency = ctx.account.currency;
    return {
      text: [
        `## Keyword "${keyword.text}" updated`,
        '',
        markdownTable(
          ['Field', 'Before', 'After'],
          [
            ['Status', before.status, after.status],
            ['Max CPC', money(before.cpc_bid, currency), money(after.cpc_bid, currency)],
          ],
        ),
        ...(plan.notes?.length ? ['', ...plan.notes.map((n) => `- ${n}`)] : []),
        '',
        'get_keyword_performance shows how it does from here.',
      ].join('\n'),
      structured: { ...structured, after, changed: true },
    };
  },
  undo(plan) {
    const { keyword, patch } = plan.data;
    if (!plan.changes.length) return undefined;
    return {
      tool: 'update_keyword',
      arguments: {
        keyword_id: keyword.id,
        ...('cpc_bid' in patch && keyword.cpc_bid !== undefined ? { cpc_bid: keyword.cpc_bid } : {}),
        ...(patch.status ? { status: keyword.status } : {}),
      },
    };
  },
});
