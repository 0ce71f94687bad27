import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsBiddingTargets, SearchAdsCampaignType } from '../port';
import { campaignIdArg, requireLiveCampaign } from './common';

/** The strategies each campaign type may use (the platform refuses the others). */
const ALLOWED: Record<SearchAdsCampaignType, string[]> = {
  SEARCH: ['MANUAL_CPC', 'MAXIMIZE_CLICKS', 'MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE', 'TARGET_IMPRESSION_SHARE'],
  DISPLAY: ['MANUAL_CPC', 'MAXIMIZE_CLICKS', 'MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE'],
  SHOPPING: ['MANUAL_CPC', 'MAXIMIZE_CLICKS', 'MAXIMIZE_CONVERSION_VALUE'],
  PERFORMANCE_MAX: ['MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE'],
  VIDEO: ['MAXIMIZE_CONVERSIONS'],
  DEMAND_GEN: ['MAXIMIZE_CLICKS', 'MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE'],
  MULTI_CHANNEL: [],
};
const STRATEGIES = [
  'MANUAL_CPC',
  'MAXIMIZE_CLICKS',
  'MAXIMIZE_CONVERSIONS',
  'MAXIMIZE_CONVERSION_VALUE',
  'TARGET_IMPRESSION_SHARE',
] as const;

export const updateBidStrategy = defineSearchAdsTool({
  name: 'update_bid_strategy',
  description:
    "Changes a campaign's bidding strategy: MANUAL_CPC, MAXIMIZE_CLICKS, MAXIMIZE_CONVERSIONS (optional target_cpa = target CPA), MAXIMIZE_CONVERSION_VALUE (optional target_roas, 4 = 400 %) or TARGET_IMPRESSION_SHARE. Target CPA and target ROAS are the platform's current form of tCPA and tROAS. Smart strategies relearn for about a week after a change.",
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>', strategy: 'MAXIMIZE_CLICKS' }],
  args: {
    campaign_id: campaignIdArg(),
    strategy: v.pipe(v.picklist(STRATEGIES), v.description(STRATEGIES.join(', '))),
    target_cpa: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0.01),
        v.maxValue(100_000),
        v.description('Target cost per conversion (account currency); MAXIMIZE_CONVERSIONS only'),
      ),
    ),
    target_roas: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0.01),
        v.maxValue(1000),
        v.description('Target return on ad spend as a ratio (4 = 400 %); MAXIMIZE_CONVERSION_VALUE only'),
      ),
    ),
  },
  rules: [
    (a) =>
      a.target_cpa !== undefined && a.strategy !== 'MAXIMIZE_CONVERSIONS'
        ? '`target_cpa` goes with strategy MAXIMIZE_CONVERSIONS'
        : undefined,
    (a) =>
      a.target_roas !== undefined && a.strategy !== 'MAXIMIZE_CONVERSION_VALUE'
        ? '`target_roas` goes with strategy MAXIMIZE_CONVERSION_VALUE'
        : undefined,
  ],
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    before: v.object({ strategy: v.string(), target_cpa: v.optional(v.number()), target_roas: v.optional(v.number()) }),
    after: v.object({ strategy: v.string(), target_cpa: v.optional(v.number()), target_roas: v.optional(v.number()) }),
    changed: v.boolean(),
  }),
  async plan(args, ctx) {
    const campaign = await requireLiveCampaign(ctx.platform, args.campaign_id);
    if (!ALLOWED[campaign.type].includes(args.strategy)) {
      throw new ToolError(
        `Campaign "${campaign.name}" is a ${campaign.type} campaign; it can use ${ALLOWED[campaign.type].join(', ')}, not ${args.strategy}.`,
      );
    }
    const targets: SearchAdsBiddingTargets = {
      ...(args.target_cpa !== undefined ? { target_cpa: args.target_cpa } : {}),
      ...(args.target_roas !== undefined ? { target_roas: args.target_roas } : {}),
    };
    const before = { strategy: campaign.bidding_strategy ?? 'UNKNOWN', ...(campaign.bidding_targets ?? {}) };
    const after = { strategy: args.strategy, ...targets };
    const same = before.strategy === after.strategy && before.target_cpa === after.target_cpa && before.target_roas === after.target_roas;
    const portfolio = (await ctx.platform.listBiddingStrategies()).find((p) => p.campaign_ids.includes(campaign.id));
    const data = { campaign: { id: campaign.id, name: campaign.name }, before, after, targets };
    if (same && !portfolio) return { summary: `Campaign "${campaign.name}" already bids this way; nothing changes`, changes: [], data };
    return {
      summary: `Switch "${campaign.name}" from ${before.strategy} to ${after.strategy}`,
      changes: [
        {
          action: 'update' as const,
          entity: 'campaign',
          id: campaign.id,
          name: campaign.name,
          fields: {
            bidding_strategy: { before: before.strategy, after: after.strategy },
            bidding_targets: { before: campaign.bidding_targets ?? {}, after: targets },
          },
        },
      ],
      notes: [
        ...(portfolio
          ? [`The campaign leaves the portfolio strategy "${portfolio.name}" (assign_bidding_strategy puts it back) and bids on its own.`]
          : []),
        ...(before.strategy !== after.strategy && after.strategy !== 'MANUAL_CPC'
          ? ['The strategy learns for about a week: judge it on the figures after that.']
          : []),
      ],
      data,
    };
  },
  async apply(plan, _args, ctx) {
    const { campaign, before, after, targets } = plan.data;
    const structured = { customer_id: ctx.account.account_id, campaign_id: campaign.id, before };
    if (!plan.changes.length)
      return {
        text: `## Bidding of "${campaign.name}" unchanged\n\nIt already uses ${after.strategy}; nothing changed.`,
        structured: { ...structured, after: before, changed: false },
      };
    const updated = await ctx.platform.updateCampaign(campaign.id, {
      bidding_strategy: after.strategy,
      bidding_targets: Object.keys(targets).length ? targets : undefined,
    });
    const now = { strategy: updated.bidding_strategy ?? after.strategy, ...(updated.bidding_targets ?? {}) };
    return {
      text: [
        `## Bidding of "${campaign.name}" changed`,
        '',
        markdownTable(
          ['', 'Strategy', 'Target CPA', 'Target ROAS'],
          [
            ['Before', before.strategy, before.target_cpa ?? '—', before.target_roas ?? '—'],
            ['After', now.strategy, now.target_cpa ?? '—', now.target_roas ?? '—'],
          ],
        ),
        ...(plan.notes?.length ? ['', ...plan.notes.map((n) => `- ${n}`)] : []),
      ].join('\n'),
      structured: { ...structured, after: now, changed: true },
    };
  },
  undo(plan) {
    const { campaign, before } = plan.data;
    if (!plan.changes.length || !STRATEGIES.includes(before.strategy as (typeof STRATEGIES)[number])) return undefined;
    return {
      tool: 'update_bid_strategy',
      arguments: {
        campaign_id: campaign.id,
        strategy: before.strategy,
        ...(before.target_cpa !== undefined ? { target_cpa: before.target_cpa } : {}),
        ...(before.target_roas !== undefined ? { target_roas: before.target_roas } : {}),
      },
    };
  },
});
