import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable, money } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsCampaign, SearchAdsCampaignType, SearchAdsPort } from '../port';
import type { PortfolioStrategyType, SearchAdsBiddingStrategy } from '../port-bidding';
import { campaignIdArg, listing, requireLiveCampaign } from './common';

/**
 * Portfolio bidding strategies: one strategy (the platform's bidding_strategy) shared by several
 * campaigns, which then bid towards one goal together. update_bid_strategy sets a campaign's own
 * (standard) strategy, which takes it out of a portfolio.
 */

const TYPES = [
  'TARGET_CPA',
  'TARGET_ROAS',
  'MAXIMIZE_CONVERSIONS',
  'MAXIMIZE_CONVERSION_VALUE',
  'TARGET_IMPRESSION_SHARE',
  'TARGET_SPEND',
] as const;
const LOCATIONS = ['ANYWHERE_ON_PAGE', 'TOP_OF_PAGE', 'ABSOLUTE_TOP_OF_PAGE'] as const;

/** The portfolio types each campaign type can use (Performance Max, video, Demand Gen and App campaigns take none). */
export const PORTFOLIO_TYPES: Record<SearchAdsCampaignType, PortfolioStrategyType[]> = {
  SEARCH: [...TYPES],
  DISPLAY: ['TARGET_CPA', 'TARGET_ROAS', 'MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE', 'TARGET_SPEND'],
  SHOPPING: ['TARGET_ROAS', 'TARGET_SPEND'],
  PERFORMANCE_MAX: [],
  VIDEO: [],
  DEMAND_GEN: [],
  MULTI_CHANNEL: [],
};

const PLAIN: Record<PortfolioStrategyType, string> = {
  TARGET_CPA: 'Target CPA',
  TARGET_ROAS: 'Target ROAS',
  MAXIMIZE_CONVERSIONS: 'Maximize conversions',
  MAXIMIZE_CONVERSION_VALUE: 'Maximize conversion value',
  TARGET_IMPRESSION_SHARE: 'Target impression share',
  TARGET_SPEND: 'Maximize clicks',
};

const strategyIdArg = () =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,19}$/, 'must be a numeric strategy id (from list_bidding_strategies)'),
    v.description('Portfolio strategy id from list_bidding_strategies'),
  );
const campaignRef = v.object({ id: v.string(), name: v.string(), type: v.string(), status: v.string() });
const strategyOutput = v.object({
  id: v.string(),
  name: v.string(),
  type: v.string(),
  resource_name: v.string(),
  target_cpa: v.optional(v.number()),
  target_roas: v.optional(v.number()),
  location: v.optional(v.string()),
  location_fraction: v.optional(v.number()),
  cpc_bid_ceiling: v.optional(v.number()),
  cpc_bid_floor: v.optional(v.number()),
  campaigns: v.array(campaignRef),
});

function strategyView(cid: string, s: SearchAdsBiddingStrategy, campaigns: SearchAdsCampaign[]) {
  const { campaign_ids, ...rest } = s;
  return {
    ...rest,
    resource_name: `customers/${cid}/biddingStrategies/${s.id}`,
    campaigns: campaign_ids
      .map((id) => campaigns.find((c) => c.id === id))
      .filter((c) => c !== undefined)
      .map((c) => ({ id: c.id, name: c.name, type: c.type, status: c.status })),
  };
}

function targetText(s: Omit<SearchAdsBiddingStrategy, 'id' | 'campaign_ids' | 'name'>, currency: string): string {
  const parts = [
    s.target_cpa !== undefined ? `target CPA ${money(s.target_cpa, currency)}` : '',
    s.target_roas !== undefined ? `target ROAS ${Math.round(s.target_roas * 100)} %` : '',
    s.location ? `${Math.round((s.location_fraction ?? 0) * 100)} % ${s.location.toLowerCase().replace(/_/g, ' ')}` : '',
    s.cpc_bid_ceiling !== undefined ? `max CPC ${money(s.cpc_bid_ceiling, currency)}` : '',
    s.cpc_bid_floor !== undefined ? `min CPC ${money(s.cpc_bid_floor, currency)}` : '',
  ].filter(Boolean);
  return parts.join(', ') || '—';
}

async function requireStrategy(port: SearchAdsPort, id: string): Promise<SearchAdsBiddingStrategy> {
  const strategy = (await port.listBiddingStrategies()).find((s) => s.id === id);
  if (!strategy)
    throw new ToolError(`No portfolio bidding strategy with id "${id}" exists; list_bidding_strategies lists them.`, { code: 'not_found' });
  return strategy;
}

/** Campaigns for a portfolio: not removed, of a type that can use the strategy's type. */
async function campaignsFor(port: SearchAdsPort, ids: string[], type: PortfolioStrategyType, strategy?: SearchAdsBiddingStrategy) {
  const campaigns = await Promise.all([...new Set(ids)].map((id) => requireLiveCampaign(port, id)));
  const refused = campaigns.filter((c) => !PORTFOLIO_TYPES[c.type].includes(type));
  if (refused.length) {
    throw new ToolError(
      `A ${type} portfolio cannot take ${refused.map((c) => `"${c.name}" (${c.type}: ${PORTFOLIO_TYPES[c.type].length ? `portfolios of type ${PORTFOLIO_TYPES[c.type].join(', ')}` : 'no portfolio strategies; update_bid_strategy sets its own strategy'})`).join('; ')}.`,
    );
  }
  return {
    move: campaigns.filter((c) => !strategy?.campaign_ids.includes(c.id)),
    already: campaigns.filter((c) => strategy?.campaign_ids.includes(c.id)),
  };
}

const moveChanges = (move: SearchAdsCampaign[], name: string, type: string) =>
  move.map((c) => ({
    action: 'update' as const,
    entity: 'campaign',
    id: c.id,
    name: c.name,
    fields: { bidding_strategy: { before: c.bidding_strategy ?? 'UNKNOWN', after: `${type} (portfolio "${name}")` } },
  }));

export const listBiddingStrategies = defineSearchAdsTool({
  name: 'list_bidding_strategies',
  description:
    'Lists the portfolio bidding strategies of the account: type, targets (CPA, ROAS, impression share, CPC limits) and the campaigns using each.',
  access: 'read',
  args: {},
  output: v.object({ customer_id: v.string(), strategies: v.array(strategyOutput) }),
  async run(_args, ctx) {
    const [strategies, campaigns] = await Promise.all([ctx.platform.listBiddingStrategies(), ctx.platform.listCampaigns()]);
    const cid = ctx.account.account_id;
    const views = strategies.map((s) => strategyView(cid, s, campaigns));
    return {
      text: [
        `## Portfolio bidding strategies (${views.length})`,
        '',
        views.length
          ? markdownTable(
              ['Strategy', 'Id', 'Type', 'Targets', 'Campaigns'],
              views.map((s) => [
                s.name,
                s.id,
                PLAIN[s.type],
                targetText(s, ctx.account.currency),
                s.campaigns.map((c) => c.name).join(', ') || '(none)',
              ]),
            )
          : 'No portfolio strategies yet: create_bidding_strategy makes one.',
        '',
        'assign_bidding_strategy moves campaigns into a portfolio; update_bid_strategy gives a campaign its own strategy again.',
      ].join('\n'),
      structured: { customer_id: cid, strategies: views },
    };
  },
});

const money2 = (what: string) =>
  v.pipe(v.number(), v.minValue(0.01, 'must be at least 0.01'), v.maxValue(100_000, 'must be at most 100,000'), v.description(what));

export const createBiddingStrategy = defineSearchAdsTool({
  name: 'create_bidding_strategy',
  description:
    'Creates a portfolio bidding strategy several campaigns can share: TARGET_CPA (target_cpa), TARGET_ROAS (target_roas, 4 = 400 %), MAXIMIZE_CONVERSIONS (optional target_cpa), MAXIMIZE_CONVERSION_VALUE (optional target_roas), TARGET_IMPRESSION_SHARE (location, location_fraction, cpc_bid_ceiling) or TARGET_SPEND (maximize clicks, optional cpc_bid_ceiling); optionally assigns campaigns at once.',
  access: 'write',
  examples: [{ name: 'Example portfolio', type: 'TARGET_SPEND', cpc_bid_ceiling: 2 }],
  args: {
    name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(255, 'must be at most 255 characters'),
      v.description('Strategy name, unique in the account'),
    ),
    type: v.pipe(v.picklist(TYPES), v.description(TYPES.join(', '))),
    target_cpa: v.optional(money2('Target cost per conversion (account currency): TARGET_CPA (required), MAXIMIZE_CONVERSIONS (optional)')),
    target_roas: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0.01),
        v.maxValue(1000),
        v.description('Target return on ad spend as a ratio (4 = 400 %): TARGET_ROAS (required), MAXIMIZE_CONVERSION_VALUE (optional)'),
      ),
    ),
    location: v.optional(
      v.pipe(
        v.picklist(LOCATIONS),
        v.description('TARGET_IMPRESSION_SHARE: where on the page (ANYWHERE_ON_PAGE, TOP_OF_PAGE, ABSOLUTE_TOP_OF_PAGE)'),
      ),
    ),
    location_fraction: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0.01, 'must be at least 0.01 (1 %)'),
        v.maxValue(1, 'must be at most 1 (100 %)'),
        v.description('TARGET_IMPRESSION_SHARE: share of auctions to show in, 0.01-1 (0.7 = 70 %)'),
      ),
    ),
    cpc_bid_ceiling: v.optional(
      money2('Highest CPC the strategy may bid: TARGET_IMPRESSION_SHARE (required), TARGET_CPA, TARGET_ROAS, TARGET_SPEND'),
    ),
    cpc_bid_floor: v.optional(money2('Lowest CPC the strategy may bid: TARGET_CPA, TARGET_ROAS')),
    campaign_ids: v.optional(
      v.pipe(v.array(campaignIdArg()), v.minLength(1), v.maxLength(100), v.description('Campaigns to assign now (list_campaigns)')),
    ),
  },
  rules: [
    (a) => (a.type === 'TARGET_CPA' && a.target_cpa === undefined ? 'TARGET_CPA needs `target_cpa`' : undefined),
    (a) => (a.type === 'TARGET_ROAS' && a.target_roas === undefined ? 'TARGET_ROAS needs `target_roas`' : undefined),
    (a) =>
      a.type === 'TARGET_IMPRESSION_SHARE' && (!a.location || a.location_fraction === undefined || a.cpc_bid_ceiling === undefined)
        ? 'TARGET_IMPRESSION_SHARE needs `location`, `location_fraction` and `cpc_bid_ceiling`'
        : undefined,
    (a) =>
      a.target_cpa !== undefined && !['TARGET_CPA', 'MAXIMIZE_CONVERSIONS'].includes(a.type)
        ? '`target_cpa` goes with TARGET_CPA or MAXIMIZE_CONVERSIONS'
        : undefined,
    (a) =>
      a.target_roas !== undefined && !['TARGET_ROAS', 'MAXIMIZE_CONVERSION_VALUE'].includes(a.type)
        ? '`target_roas` goes with TARGET_ROAS or MAXIMIZE_CONVERSION_VALUE'
        : undefined,
    (a) =>
      (a.location !== undefined || a.location_fraction !== undefined) && a.type !== 'TARGET_IMPRESSION_SHARE'
        ? '`location` and `location_fraction` go with TARGET_IMPRESSION_SHARE'
        : undefined,
    (a) =>
      a.cpc_bid_ceiling !== undefined && !['TARGET_CPA', 'TARGET_ROAS', 'TARGET_IMPRESSION_SHARE', 'TARGET_SPEND'].includes(a.type)
        ? '`cpc_bid_ceiling` goes with TARGET_CPA, TARGET_ROAS, TARGET_IMPRESSION_SHARE or TARGET_SPEND'
        : undefined,
    (a) =>
      a.cpc_bid_floor !== undefined && !['TARGET_CPA', 'TARGET_ROAS'].includes(a.type)
        ? '`cpc_bid_floor` goes with TARGET_CPA or TARGET_ROAS'
        : undefined,
    (a) =>
      a.cpc_bid_floor !== undefined && a.cpc_bid_ceiling !== undefined && a.cpc_bid_floor > a.cpc_bid_ceiling
        ? '`cpc_bid_floor` must not be above `cpc_bid_ceiling`'
        : undefined,
  ],
  output: v.object({ customer_id: v.string(), strategy: strategyOutput }),
  async plan(args, ctx) {
    for (const field of ['target_cpa', 'cpc_bid_ceiling', 'cpc_bid_floor'] as const) {
      const value = args[field];
      if (value !== undefined && Math.abs(Math.round(value * 100) - value * 100) > 1e-6)
        throw new ToolError(`\`${field}\` must be in whole cents (at most 2 decimals).`);
    }
    const existing = (await ctx.platform.listBiddingStrategies()).find((s) => s.name.toLowerCase() === args.name.toLowerCase());
    if (existing)
      throw new ToolError(
        `A portfolio strategy named "${existing.name}" already exists (id ${existing.id}); assign_bidding_strategy adds campaigns to it.`,
      );
    const { move } = await campaignsFor(ctx.platform, args.campaign_ids ?? [], args.type);
    const strategy = {
      name: args.name,
      type: args.type,
      ...Object.fromEntries(
        (['target_cpa', 'target_roas', 'location', 'location_fraction', 'cpc_bid_ceiling', 'cpc_bid_floor'] as const)
          .filter((k) => args[k] !== undefined)
          .map((k) => [k, args[k]]),
      ),
    } as Omit<SearchAdsBiddingStrategy, 'id' | 'campaign_ids'>;
    return {
      summary: `Create portfolio strategy "${args.name}" (${PLAIN[args.type]}: ${targetText(strategy, ctx.account.currency)})${move.length ? ` for ${move.length} campaign(s)` : ''}`,
      changes: [
        {
          action: 'create' as const,
          entity: 'bidding_strategy',
          name: args.name,
          fields: Object.fromEntries(
            Object.entries(strategy)
              .filter(([k]) => k !== 'name')
              .map(([k, value]) => [k, { after: value }]),
          ),
          startsPaused: true,
        },
        ...moveChanges(move, args.name, args.type),
      ],
      notes: move.length
        ? ['Smart bidding learns for about a week after campaigns join a portfolio: judge it on the figures after that.']
        : [],
      data: { strategy, campaign_ids: move.map((c) => c.id) },
    };
  },
  async apply(plan, _args, ctx) {
    const created = await ctx.step('strategy', () => ctx.platform.createBiddingStrategy(plan.data.strategy));
    for (const id of plan.data.campaign_ids)
      await ctx.step(`assign:${id}`, () => ctx.platform.assignBiddingStrategy(id, created.id).then(() => true));
    const view = strategyView(
      ctx.account.account_id,
      { ...created, campaign_ids: plan.data.campaign_ids },
      await ctx.platform.listCampaigns(),
    );
    return {
      text: `## Portfolio strategy "${created.name}" created (${created.id})\n\n${PLAIN[created.type]}: ${targetText(created, ctx.account.currency)}; ${view.campaigns.length ? `used by ${listing(view.campaigns.map((c) => `"${c.name}"`))}` : 'no campaign uses it yet (assign_bidding_strategy)'}.`,
      structured: { customer_id: ctx.account.account_id, strategy: view },
    };
  },
});

export const assignBiddingStrategy = defineSearchAdsTool({
  name: 'assign_bidding_strategy',
  description:
    "Moves campaigns into a portfolio bidding strategy: they then bid by it together and their own strategy ends (update_bid_strategy gives one back). Refuses campaign types the strategy's type does not support (Performance Max and video campaigns take no portfolio; impression share is search only).",
  access: 'write',
  examples: [{ strategy_id: '<strategy_id from list_bidding_strategies>', campaign_ids: ['<campaign_id from list_campaigns>'] }],
  args: {
    strategy_id: strategyIdArg(),
    campaign_ids: v.pipe(v.array(campaignIdArg()), v.minLength(1), v.maxLength(100), v.description('Campaigns to assign (list_campaigns)')),
  },
  output: v.object({ customer_id: v.string(), strategy: strategyOutput, assigned: v.array(v.string()), unchanged: v.array(v.string()) }),
  async plan(args, ctx) {
    const strategy = await requireStrategy(ctx.platform, args.strategy_id);
    const { move, already } = await campaignsFor(ctx.platform, args.campaign_ids, strategy.type, strategy);
    return {
      summary: move.length
        ? `Move ${move.length} campaign(s) into portfolio "${strategy.name}" (${PLAIN[strategy.type]})`
        : `Nothing changes: every campaign given already uses "${strategy.name}"`,
      changes: moveChanges(move, strategy.name, strategy.type),
      notes: [
        ...(already.length ? [`Already in it: ${listing(already.map((c) => `"${c.name}"`))}.`] : []),
        ...(move.length
          ? ['Smart bidding learns for about a week after campaigns join a portfolio: judge it on the figures after that.']
          : []),
      ],
      data: { strategy, move: move.map((c) => c.id), already: already.map((c) => c.id) },
    };
  },
  async apply(plan, _args, ctx) {
    const { strategy, move, already } = plan.data;
    for (const id of move) await ctx.step(`assign:${id}`, () => ctx.platform.assignBiddingStrategy(id, strategy.id).then(() => true));
    const view = strategyView(
      ctx.account.account_id,
      { ...strategy, campaign_ids: [...strategy.campaign_ids, ...move] },
      await ctx.platform.listCampaigns(),
    );
    return {
      text: [
        move.length ? `## ${move.length} campaign(s) moved into "${strategy.name}"` : '## Nothing changed',
        '',
        markdownTable(
          ['Campaign', 'Id', 'Type', 'Status'],
          view.campaigns.map((c) => [c.name, c.id, c.type, c.status]),
        ),
        ...(plan.notes?.length ? ['', ...plan.notes.map((n) => `- ${n}`)] : []),
      ].join('\n'),
      structured: { customer_id: ctx.account.account_id, strategy: view, assigned: move, unchanged: already },
    };
  },
});
