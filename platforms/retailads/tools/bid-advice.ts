/**
 * Targeting and bids: analyze_retailads_targeting, the Sponsored Products and Sponsored Brands bid
 * recommendations and the Sponsored Brands keyword recommendations. Each advice names the write
 * tool that carries it out; an ACOS above the target never gets a raise, and neither does a loser
 * by the advice rules (core/advice.ts: orders are conversions, sales revenue, judged against the
 * account's CPA and ROAS over the same range).
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { ToolDefinition } from '../../../core/tool';
import { markdownTable, money } from '../../../core/markdown';
import { defineRetailAdsTool } from '../define';
import { idSchema } from '../families';
import type { RetailAdsReportRow } from '../port';
import {
  adviceFigures,
  adviceFiguresSchema,
  ADVICE_RULE,
  judgeAgainstAccount,
  type AccountBaseline,
  type AdviceFigures,
} from '../../../core/advice';
import {
  acosText,
  NO_SALES_SPEND,
  performanceOf,
  rangeArgs,
  rangeOf,
  rangeRule,
  retailAccountBaseline,
  round2,
  targetAcosArg,
} from './analysis-arguments';

/** Clicks a keyword/target needs before its bid is judged. */
const MIN_CLICKS = 10;

export interface BidAdvice {
  id: string;
  ad_product: string;
  campaign_id: string;
  campaign_name: string;
  ad_group_id: string;
  targeting: string;
  match_type: string | null;
  state: string;
  current_bid: number;
  suggested_bid: number;
  action: 'raise' | 'lower' | 'pause' | 'keep';
  reason: string;
  spend: number;
  sales: number;
  acos: number | null;
  clicks: number;
  /** Its spend, orders (conversions) and CPA against the account CPA over the same range. */
  figures: AdviceFigures;
  /** The tool and item that carry the advice out. */
  tool: string;
}

const isLive = (state: string) => state === 'ENABLED' || state === 'enabled';

/**
 * The bid each keyword/target deserves at the target ACOS: bid × target / ACOS (a raise capped at
 * +25% a step, and only below the target), pause once it spent the account CPA with no sales (the
 * waste rule of core/advice.ts; NO_SALES_SPEND when the account has no orders), keep when the data
 * are thin. A keyword above the target ACOS is never raised, nor a loser by the advice rules (CPA
 * more than 2× the account CPA, or ROAS under half the account ROAS).
 */
export function adviseBids(
  rows: RetailAdsReportRow[],
  bids: Map<string, { bid: number; state: string; sb: boolean; kind: 'keyword' | 'target' }>,
  targetAcos: number,
  account: AccountBaseline,
  fmt: (n: number) => string,
): BidAdvice[] {
  const noSalesSpend = account.cpa ?? NO_SALES_SPEND;
  const out: BidAdvice[] = [];
  for (const r of rows) {
    const entity = bids.get(r.keyword_id ?? '');
    if (!entity || !isLive(entity.state)) continue;
    const tool = `update_retailads_${entity.sb ? 'sb_' : ''}${entity.kind}s`;
    const base = {
      id: r.keyword_id!,
      ad_product: r.ad_product,
      campaign_id: r.campaign_id,
      campaign_name: r.campaign_name,
      ad_group_id: r.ad_group_id!,
      targeting: r.targeting ?? '',
      match_type: r.match_type ?? null,
      state: entity.state,
      current_bid: entity.bid,
      spend: r.spend,
      sales: r.sales,
      acos: r.acos,
      clicks: r.clicks,
      figures: adviceFigures(performanceOf(r), account),
      tool,
    };
    const verdict = judgeAgainstAccount(performanceOf(r), account, { byValue: true, money: fmt });
    if (r.sales === 0 && r.orders === 0 && r.spend >= noSalesSpend) {
      out.push({
        ...base,
        suggested_bid: entity.bid,
        action: 'pause',
        reason:
          verdict.reason ??
          `spent ${fmt(r.spend)} with no sales (the account has no orders to measure a CPA; paused from ${fmt(NO_SALES_SPEND)})`,
      });
    } else if (r.clicks < MIN_CLICKS || r.acos === null) {
      out.push({ ...base, suggested_bid: entity.bid, action: 'keep', reason: `only ${r.clicks} clicks: not enough data` });
    } else if (r.acos > targetAcos) {
      const bid = Math.max(0.02, round2(entity.bid * (targetAcos / r.acos)));
      out.push({
        ...base,
        suggested_bid: bid,
        action: bid < entity.bid ? 'lower' : 'keep',
        reason: `ACOS ${r.acos}% is above the ${targetAcos}% target`,
      });
    } else if (r.acos < targetAcos * 0.8 && verdict.loser) {
      out.push({ ...base, suggested_bid: entity.bid, action: 'keep', reason: `not raised: ${verdict.reason}` });
    } else if (r.acos < targetAcos * 0.8) {
      const bid = round2(Math.min(entity.bid * 1.25, entity.bid * (targetAcos / r.acos)));
      out.push({
        ...base,
        suggested_bid: bid,
        action: bid > entity.bid ? 'raise' : 'keep',
        reason: `ACOS ${r.acos}% is well under the ${targetAcos}% target: room to win more traffic`,
      });
    } else {
      out.push({ ...base, suggested_bid: entity.bid, action: 'keep', reason: `ACOS ${r.acos}% is near the ${targetAcos}% target` });
    }
  }
  return out;
}

/** Keywords and targets of the profile with their bids, by id. */
async function bidsById(platform: {
  listKeywords(): Promise<{ id: string; bid: number; state: string; ad_product: string }[]>;
  listTargets(): Promise<{ id: string; bid: number; state: string; ad_product: string }[]>;
}) {
  const [keywords, targets] = await Promise.all([platform.listKeywords(), platform.listTargets()]);
  const map = new Map<string, { bid: number; state: string; sb: boolean; kind: 'keyword' | 'target' }>();
  for (const k of keywords) map.set(k.id, { bid: k.bid, state: k.state, sb: k.ad_product === 'SPONSORED_BRANDS', kind: 'keyword' });
  for (const t of targets) map.set(t.id, { bid: t.bid, state: t.state, sb: t.ad_product === 'SPONSORED_BRANDS', kind: 'target' });
  return map;
}

const adviceSchema = v.object({
  id: v.string(),
  ad_product: v.string(),
  campaign_id: v.string(),
  campaign_name: v.string(),
  ad_group_id: v.string(),
  targeting: v.string(),
  match_type: v.nullable(v.string()),
  state: v.string(),
  current_bid: v.number(),
  suggested_bid: v.number(),
  action: v.picklist(['raise', 'lower', 'pause', 'keep']),
  reason: v.string(),
  spend: v.number(),
  sales: v.number(),
  acos: v.nullable(v.number()),
  clicks: v.number(),
  figures: adviceFiguresSchema,
  tool: v.string(),
});

/** The calls that carry out advice: one update per tool, items ready to send. */
function actionsOf(advice: BidAdvice[]): { tool: string; arguments: Record<string, unknown> }[] {
  const byTool = new Map<string, Record<string, unknown>[]>();
  for (const a of advice) {
    if (a.action === 'keep') continue;
    const idField = a.tool.includes('keyword') ? 'keywordId' : 'targetId';
    const sb = a.tool.includes('_sb_');
    const item = a.action === 'pause' ? { [idField]: a.id, state: sb ? 'paused' : 'PAUSED' } : { [idField]: a.id, bid: a.suggested_bid };
    byTool.set(a.tool, [...(byTool.get(a.tool) ?? []), item]);
  }
  return [...byTool.entries()].map(([tool, items]) => ({
    tool,
    arguments: { [tool.includes('keyword') ? 'keywords' : 'targets']: items.slice(0, 100) },
  }));
}
const actionSchema = v.array(
  v.object({ tool: v.string(), arguments: v.record(v.string(), v.array(v.record(v.string(), v.union([v.string(), v.number()])))) }),
);

function adviceText(title: string, advice: BidAdvice[], currency: string, targetAcos: number, limit = 30): string[] {
  const acting = advice.filter((a) => a.action !== 'keep').sort((a, b) => b.spend - a.spend);
  const counts = (['raise', 'lower', 'pause', 'keep'] as const)
    .map((k) => `${advice.filter((a) => a.action === k).length} ${k}`)
    .join(', ');
  return [
    `## ${title}`,
    '',
    `Target ACOS ${targetAcos}%: ${counts}. A keyword or target above the target ACOS is never raised. ${ADVICE_RULE}`,
    '',
    acting.length
      ? markdownTable(
          ['Keyword / target', 'Campaign', 'Bid', 'Suggested', 'Action', 'ACOS', 'Spend', 'Why', 'Tool'],
          acting
            .slice(0, limit)
            .map((a) => [
              a.targeting,
              a.campaign_name,
              money(a.current_bid, currency),
              money(a.suggested_bid, currency),
              a.action,
              acosText(a.acos),
              money(a.spend, currency),
              a.reason,
              a.tool,
            ]),
        )
      : 'Nothing to change: every bid is in line with the target.',
  ];
}

export const analyzeRetailAdsTargeting = defineRetailAdsTool({
  name: 'analyze_retailads_targeting',
  description:
    'Judges every enabled keyword and target (Sponsored Products, Brands, Display) against a target ACOS over a date range: raise bids that convert well under the target, lower those above it (bid × target / ACOS), pause those that spent the account CPA with no sales. ' +
    `${ADVICE_RULE} Each advice carries its figures (spend, orders, CPA against the account CPA). ` +
    'Returns the ready-to-send calls of update_retailads_keywords, update_retailads_sb_keywords, update_retailads_targets and update_retailads_sb_targets.',
  access: 'read',
  args: { ...rangeArgs, target_acos: targetAcosArg, campaign_id: v.optional(idSchema('campaign')) },
  rules: [rangeRule],
  output: v.object({
    profile_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    target_acos: v.number(),
    advice: v.array(adviceSchema),
    actions: actionSchema,
  }),
  async run(args, ctx) {
    const { start, end } = rangeOf(args, ctx);
    const reports = await Promise.all(
      (['spTargeting', 'sbTargeting', 'sdTargeting'] as const).map((t) => ctx.platform.getReport(t, start, end)),
    );
    const rows = reports.flat().filter((r) => !args.campaign_id || r.campaign_id === args.campaign_id);
    const account = await retailAccountBaseline(ctx.platform, start, end);
    const advice = adviseBids(rows, await bidsById(ctx.platform), args.target_acos, account, (n) => money(n, ctx.account.currency));
    const actions = actionsOf(advice);
    const text = [
      ...adviceText(`Targeting analysis, ${start} to ${end}`, advice, ctx.account.currency, args.target_acos),
      '',
      actions.length
        ? `Carry it out with ${actions.map((a) => a.tool).join(', ')} (structured.actions holds the arguments; try dry_run first).`
        : '',
    ].join('\n');
    return {
      text,
      structured: { profile_id: ctx.account.account_id, start_date: start, end_date: end, target_acos: args.target_acos, advice, actions },
    };
  },
});

function defineBidRecommendations(name: string, sb: boolean): ToolDefinition {
  const what = sb ? 'Sponsored Brands' : 'Sponsored Products';
  return defineRetailAdsTool({
    name,
    description:
      `Recommends a bid for each enabled ${what} keyword and target (optionally of one campaign or ad group) from its own figures and a target ACOS: suggested bid, range, reason and figures (spend, orders, CPA against the account CPA); a keyword above the target ACOS is never raised. ${ADVICE_RULE} ` +
      `Apply with ${sb ? 'update_retailads_sb_keywords / update_retailads_sb_targets' : 'update_retailads_keywords / update_retailads_targets'} (structured.actions).`,
    access: 'read',
    args: {
      ...rangeArgs,
      target_acos: targetAcosArg,
      campaign_id: v.optional(idSchema('campaign')),
      ad_group_id: v.optional(idSchema('ad group')),
    },
    rules: [rangeRule],
    output: v.object({
      profile_id: v.string(),
      start_date: v.string(),
      end_date: v.string(),
      target_acos: v.number(),
      recommendations: v.array(v.object({ ...adviceSchema.entries, range_low: v.number(), range_high: v.number() })),
      actions: actionSchema,
    }),
    async run(args, ctx) {
      const { start, end } = rangeOf(args, ctx);
      const rows = (await ctx.platform.getReport(sb ? 'sbTargeting' : 'spTargeting', start, end)).filter(
        (r) => (!args.campaign_id || r.campaign_id === args.campaign_id) && (!args.ad_group_id || r.ad_group_id === args.ad_group_id),
      );
      if ((args.campaign_id || args.ad_group_id) && !rows.length)
        throw new ToolError(
          `No ${what} keywords or targets found for ${args.ad_group_id ? `ad group ${args.ad_group_id}` : `campaign ${args.campaign_id}`}. List them with ${sb ? 'list_retailads_sb_keywords' : 'list_retailads_keywords'}.`,
        );
      const account = await retailAccountBaseline(ctx.platform, start, end);
      const advice = adviseBids(rows, await bidsById(ctx.platform), args.target_acos, account, (n) => money(n, ctx.account.currency));
      const recommendations = advice.map((a) => ({
        ...a,
        range_low: round2(a.suggested_bid * 0.85),
        range_high: round2(
          a.action === 'lower' || (a.acos !== null && a.acos > args.target_acos) ? a.suggested_bid : a.suggested_bid * 1.15,
        ),
      }));
      return {
        text: [
          ...adviceText(`${what} bid recommendations, ${start} to ${end}`, advice, ctx.account.currency, args.target_acos),
          '',
          'Apply them with the tools named per row (structured.actions holds the arguments).',
        ].join('\n'),
        structured: {
          profile_id: ctx.account.account_id,
          start_date: start,
          end_date: end,
          target_acos: args.target_acos,
          recommendations,
          actions: actionsOf(advice),
        },
      };
    },
  });
}

export const getRetailAdsBidRecommendations = defineBidRecommendations('get_retailads_bid_recommendations', false);
export const getRetailAdsSbBidRecommendations = defineBidRecommendations('get_retailads_sb_bid_recommendations', true);

export const getRetailAdsSbKeywordRecommendations = defineRetailAdsTool({
  name: 'get_retailads_sb_keyword_recommendations',
  description:
    'Suggests Sponsored Brands keywords (lowercase match types broad, phrase, exact) with suggested bid and range, for the products of an SB ad group or for ASINs; keywords the ad group already has are left out. Add them with add_retailads_sb_keywords.',
  access: 'read',
  examples: [{ ad_group_id: '<ad_group_id from list_retailads_sb_ad_groups>' }],
  args: {
    ad_group_id: v.optional(idSchema('ad group')),
    asins: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{10}$/, 'must be a 10-character ASIN such as B0ABC12345'))),
        v.minLength(1),
        v.maxLength(50),
        v.description('1-50 ASINs, instead of ad_group_id'),
      ),
    ),
    max_recommendations: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200), v.description('1-200, default 25')),
      25,
    ),
  },
  rules: [
    (a) => (!a.ad_group_id === !a.asins ? 'give exactly one source: `ad_group_id` (a Sponsored Brands ad group) or `asins`' : undefined),
  ],
  output: v.object({
    profile_id: v.string(),
    recommendations: v.array(
      v.object({
        keywordText: v.string(),
        matchType: v.string(),
        suggested_bid: v.number(),
        range_low: v.number(),
        range_high: v.number(),
        rank: v.number(),
      }),
    ),
  }),
  async run(args, ctx) {
    if (args.ad_group_id) {
      const group = (await ctx.platform.listAdGroups()).find((g) => g.id === args.ad_group_id);
      if (!group || group.ad_product !== 'SPONSORED_BRANDS')
        throw new ToolError(
          `Ad group ${args.ad_group_id} is not a Sponsored Brands ad group of profile ${ctx.account.account_id}. List them with list_retailads_sb_ad_groups.`,
        );
    }
    const raw = await ctx.platform.getKeywordRecommendations(
      args.ad_group_id ? { adGroupId: args.ad_group_id } : { asins: args.asins! },
      args.max_recommendations,
    );
    const recommendations = raw.map((r) => ({
      keywordText: r.keyword,
      matchType: r.match_type.toLowerCase(),
      suggested_bid: r.suggested_bid,
      range_low: r.bid_range_low,
      range_high: r.bid_range_high,
      rank: r.rank,
    }));
    const text = [
      `## Sponsored Brands keyword suggestions (${recommendations.length})`,
      '',
      markdownTable(
        ['#', 'Keyword', 'Match', 'Suggested bid', 'Range'],
        recommendations.map((r) => [
          r.rank,
          r.keywordText,
          r.matchType,
          money(r.suggested_bid, ctx.account.currency),
          `${money(r.range_low, ctx.account.currency)}-${money(r.range_high, ctx.account.currency)}`,
        ]),
      ),
      '',
      'Add the ones you want with add_retailads_sb_keywords (items {campaignId, adGroupId, keywordText, matchType, bid}).',
    ].join('\n');
    return { text, structured: { profile_id: ctx.account.account_id, recommendations } };
  },
});
