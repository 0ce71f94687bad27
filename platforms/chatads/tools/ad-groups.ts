import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { count, markdownTable, money } from '../../../core/markdown';
import { defineChatAdsTool } from '../define';
import { statusFilterArg } from './common';
import type { ChatAdsAdGroup } from '../port';

/** Matched users an audience needs before it can carry a bid multiplier. */
export const MIN_AUDIENCE_USERS = 25_000;
const MICROS = 1_000_000;

const multiplier = v.strictObject({
  custom_audience_id: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.description('Custom audience id (from list_chatads_custom_audiences)'),
  ),
  bid_multiplier_micros: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(100_000, 'must be at least 100000 (0.1x)'),
    v.maxValue(10_000_000, 'must be at most 10000000 (10x)'),
    v.description('Bid multiplier in micros: 100000 (0.1x) to 10000000 (10x); 1000000 = 1x'),
  ),
});

export const createChatAdsAdGroup = defineChatAdsTool({
  name: 'create_chatads_ad_group',
  description:
    'Creates an ad group in a chatads campaign: its bid strategy (fixed_bid with a max bid per click or per thousand impressions, or maximize_clicks / maximize_conversions on campaigns bidding for clicks / conversions), status, context hints that decide which conversations it matches, and bid multipliers for custom audiences. ' +
    'Spend is gated by the parent campaign: an ad group of a paused campaign does not spend until the campaign is resumed.',
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_chatads_campaigns>', name: 'Example group', max_bid: 1.5 }],
  args: {
    campaign_id: v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^cmpn_[A-Za-z0-9]+$/, 'must be a campaign id starting with cmpn_'),
      v.description('Parent campaign (cmpn_...), not archived'),
    ),
    name: v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(1000), v.description('Ad group name, 3-1000 characters')),
    strategy: v.optional(
      v.pipe(
        v.picklist(['fixed_bid', 'maximize_clicks', 'maximize_conversions']),
        v.description(
          'fixed_bid (default); maximize_clicks needs a clicks campaign, maximize_conversions a conversions campaign; maximize strategies take no max bid',
        ),
      ),
      'fixed_bid',
    ),
    max_bid: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0.000001),
        v.maxValue(100),
        v.description('Max bid per click in account currency, 0.000001-100; required for fixed_bid with click billing (or max_bid_micros)'),
      ),
    ),
    max_bid_micros: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(1),
        v.maxValue(100_000_000),
        v.description('Max bid per click in micros, 1-100,000,000; alternative to max_bid'),
      ),
    ),
    max_cpm_bid_micros: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(1),
        v.maxValue(100_000_000),
        v.description('Max bid per thousand impressions in micros, 1-100,000,000; for billing_event_type impression'),
      ),
    ),
    billing_event_type: v.optional(v.pipe(v.picklist(['click', 'impression']), v.description('click (default) or impression')), 'click'),
    status: v.optional(v.pipe(v.picklist(['active', 'paused']), v.description('active (default) or paused')), 'active'),
    context_hints: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(500))),
        v.maxLength(2000),
        v.description('Free-form hints describing the conversations to match (up to 2000, each up to 500 characters)'),
      ),
      [],
    ),
    description: v.optional(v.pipe(v.string(), v.maxLength(2000), v.description('Internal description'))),
    custom_audience_bid_multipliers: v.optional(
      v.pipe(
        v.array(multiplier),
        v.maxLength(50),
        v.description('Objects {custom_audience_id, bid_multiplier_micros}; each audience must be ready with about 25k+ matched users'),
      ),
      [],
    ),
  },
  rules: [
    (a) =>
      a.max_bid !== undefined && a.max_bid_micros !== undefined
        ? '`max_bid` and `max_bid_micros` are alternatives; give one, not both'
        : undefined,
    (a) => {
      if (a.strategy === 'fixed_bid') return undefined;
      const given = (['max_bid', 'max_bid_micros', 'max_cpm_bid_micros'] as const).filter((f) => a[f] !== undefined);
      return given.length
        ? `\`strategy\` ${a.strategy} sets the bid automatically; remove ${given.map((f) => `\`${f}\``).join(', ')}`
        : undefined;
    },
    (a) => {
      if (a.strategy !== 'fixed_bid') return undefined;
      if (a.billing_event_type === 'click') {
        const problems: string[] = [];
        if (a.max_bid === undefined && a.max_bid_micros === undefined)
          problems.push('`strategy` fixed_bid with click billing needs `max_bid` (or `max_bid_micros`)');
        if (a.max_cpm_bid_micros !== undefined)
          problems.push(
            '`max_cpm_bid_micros` is for `billing_event_type` impression; with click billing use `max_bid` or `max_bid_micros`',
          );
        return problems;
      }
      const problems: string[] = [];
      if (a.max_cpm_bid_micros === undefined)
        problems.push('`billing_event_type` impression with fixed_bid needs `max_cpm_bid_micros` (bid per thousand impressions)');
      for (const f of ['max_bid', 'max_bid_micros'] as const)
        if (a[f] !== undefined)
          problems.push(`\`${f}\` is a per-click bid; with \`billing_event_type\` impression use \`max_cpm_bid_micros\``);
      return problems;
    },
    (a) => {
      const ids = a.custom_audience_bid_multipliers.map((m) => m.custom_audience_id);
      const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
      return repeated.length
        ? `\`custom_audience_bid_multipliers\` names ${[...new Set(repeated)].join(', ')} more than once; give one multiplier per audience`
        : undefined;
    },
  ],
  output: v.object({ ad_group: v.record(v.string(), v.unknown()), campaign_status: v.string(), spend_gated_by_campaign: v.boolean() }),
  async plan(args, ctx) {
    const campaign = await ctx.platform.getCampaign(args.campaign_id);
    if (campaign.status === 'archived')
      throw new ToolError(`Campaign ${campaign.id} ("${campaign.name}") is archived; ad groups cannot be added to it.`);
    if (args.strategy === 'maximize_clicks' && campaign.bidding_type !== 'clicks') {
      throw new ToolError(
        `\`strategy\` maximize_clicks needs a campaign bidding for clicks; "${campaign.name}" bids for ${campaign.bidding_type}. Use fixed_bid${campaign.bidding_type === 'conversions' ? ' or maximize_conversions' : ''}.`,
      );
    }
    if (args.strategy === 'maximize_conversions' && campaign.bidding_type !== 'conversions') {
      throw new ToolError(
        `\`strategy\` maximize_conversions needs a campaign bidding for conversions; "${campaign.name}" bids for ${campaign.bidding_type}. Use fixed_bid${campaign.bidding_type === 'clicks' ? ' or maximize_clicks' : ''}.`,
      );
    }
    if (args.custom_audience_bid_multipliers.length) {
      const audiences = new Map((await ctx.platform.listCustomAudiences()).map((a) => [a.id, a]));
      const problems = args.custom_audience_bid_multipliers.flatMap((m, i) => {
        const at = `\`custom_audience_bid_multipliers[${i}]\``;
        const audience = audiences.get(m.custom_audience_id);
        if (!audience) return [`${at}: custom audience ${m.custom_audience_id} does not exist in this account`];
        if (audience.archived)
          return [`${at}: custom audience "${audience.name}" (${audience.id}) is archived and can never be targeted again`];
        if (audience.status !== 'ready')
          return [`${at}: custom audience "${audience.name}" (${audience.id}) is ${audience.status}, not ready`];
        if (audience.matched_users < MIN_AUDIENCE_USERS)
          return [
            `${at}: custom audience "${audience.name}" (${audience.id}) has ${count(audience.matched_users)} matched users; a bid multiplier needs about ${count(MIN_AUDIENCE_USERS)} or more`,
          ];
        return [];
      });
      if (problems.length) throw new ToolError(`The ad group was not created:\n${problems.map((p) => `- ${p}`).join('\n')}`);
    }
    // The owner's "create paused" guardrail creates it paused whatever `status` says.
    const status = ctx.createPaused ? 'paused' : args.status;
    const spendsAtOnce = status === 'active' && campaign.status === 'active';
    const maxBidMicros = args.max_bid !== undefined ? Math.round(args.max_bid * MICROS) : args.max_bid_micros;
    const adGroup = {
      campaign_id: campaign.id,
      name: args.name,
      description: args.description,
      status,
      strategy: args.strategy,
      billing_event_type: args.billing_event_type,
      max_bid_micros: args.strategy === 'fixed_bid' && args.billing_event_type === 'click' ? Math.max(1, maxBidMicros!) : undefined,
      max_cpm_bid_micros: args.strategy === 'fixed_bid' && args.billing_event_type === 'impression' ? args.max_cpm_bid_micros : undefined,
      context_hints: args.context_hints,
      custom_audience_bid_multipliers: args.custom_audience_bid_multipliers,
    };
    return {
      summary: `Create ${status} ad group "${args.name}" in campaign "${campaign.name}"`,
      changes: [
        {
          action: 'create' as const,
          entity: 'ad_group',
          name: args.name,
          fields: Object.fromEntries(
            Object.entries(adGroup)
              .filter(([, value]) => value !== undefined)
              .map(([k, value]) => [k, { after: value }]),
          ),
          startsPaused: !spendsAtOnce,
        },
      ],
      notes: [
        ...(spendsAtOnce
          ? []
          : [
              campaign.status !== 'active'
                ? `Its campaign "${campaign.name}" is ${campaign.status}: the ad group cannot spend until the campaign is resumed.`
                : 'It starts paused.',
            ]),
        ...(ctx.createPaused && args.status === 'active' ? ['The owner\'s "create paused" guardrail creates it paused.'] : []),
      ],
      data: { adGroup, campaign: { id: campaign.id, name: campaign.name, status: campaign.status, bidding_type: campaign.bidding_type } },
    };
  },
  async apply(plan, _args, ctx) {
    const { campaign } = plan.data;
    const adGroup = await ctx.step('create_ad_group', () => ctx.platform.createAdGroup(plan.data.adGroup, ctx.now));
    const currency = ctx.account.currency;
    const bid =
      adGroup.strategy !== 'fixed_bid'
        ? `set automatically (${adGroup.strategy})`
        : adGroup.billing_event_type === 'click'
          ? `${money(adGroup.max_bid_micros! / MICROS, currency)} max per click`
          : `${money(adGroup.max_cpm_bid_micros! / MICROS, currency)} max per thousand impressions`;
    const gate =
      campaign.status === 'active'
        ? adGroup.status === 'active'
          ? 'The campaign is active, so this ad group can spend as soon as it has an approved ad.'
          : 'The ad group is paused; it will not spend until resumed.'
        : `Spend is gated by the campaign: "${campaign.name}" is **paused**, so this ad group will not spend until the campaign is resumed (resume_chatads_campaign).`;
    const lines = [
      `## Ad group created: ${adGroup.name}`,
      '',
      `- Id: ${adGroup.id}`,
      `- Campaign: ${campaign.name} (${campaign.id}), bidding for ${campaign.bidding_type}, ${campaign.status}`,
      `- Status: ${adGroup.status}`,
      `- Bid: ${bid}; billing per ${adGroup.billing_event_type}`,
      `- Context hints: ${adGroup.context_hints.length}`,
      ...(adGroup.custom_audience_bid_multipliers.length
        ? [
            `- Audience multipliers: ${adGroup.custom_audience_bid_multipliers.map((m) => `${m.custom_audience_id} x${m.bid_multiplier_micros / MICROS}`).join(', ')}`,
          ]
        : []),
      '',
      gate,
      '',
      'Next: add a chat card with create_chatads_ad; the ad group spends once it has an active ad. Follow its results with get_chatads_performance (level ad_group).',
    ];
    return {
      text: lines.join('\n'),
      structured: { ad_group: adGroup, campaign_status: campaign.status, spend_gated_by_campaign: campaign.status !== 'active' },
    };
  },
});

export const listChatAdsAdGroups = defineChatAdsTool({
  name: 'list_chatads_ad_groups',
  description:
    'Lists chatads ad groups with campaign, status, bid strategy, bid, billing event and context hints; filter by campaign and status; page with offset/limit.',
  access: 'read',
  args: {
    campaign_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^cmpn_[A-Za-z0-9]+$/, 'must be a campaign id starting with cmpn_'),
        v.description('Only ad groups of this campaign'),
      ),
    ),
    status_filter: statusFilterArg(['active', 'paused', 'archived'] as const),
    offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Rows to skip, default 0')), 0),
    limit: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500), v.description('Rows per page, 1-500, default 50')),
      50,
    ),
  },
  output: v.object({
    ad_groups: v.array(
      v.object({
        id: v.string(),
        campaign_id: v.string(),
        name: v.string(),
        status: v.string(),
        strategy: v.string(),
        billing_event_type: v.string(),
        max_cpm_bid_micros: v.optional(v.number()),
        context_hints: v.array(v.string()),
        custom_audience_bid_multipliers: v.array(
          v.object({
            custom_audience_id: v.string(),
            bid_multiplier_micros: v.number(),
          }),
        ),
        created_at: v.string(),
        max_bid_micros: v.optional(v.number()),
      }),
    ),
    matched: v.number(),
    total: v.number(),
    has_more: v.boolean(),
    next_offset: v.nullable(v.number()),
  }),
  async run(args, ctx) {
    const [adGroups, campaigns] = await Promise.all([ctx.platform.listAdGroups(), ctx.platform.listCampaigns()]);
    const campaignById = new Map(campaigns.map((c) => [c.id, c]));
    if (args.campaign_id && !campaignById.has(args.campaign_id))
      throw new ToolError(`No campaign with id "${args.campaign_id}" in this account; get ids from list_chatads_campaigns.`);
    const matched = adGroups
      .filter(
        (g) => (!args.campaign_id || g.campaign_id === args.campaign_id) && (!args.status_filter || args.status_filter.includes(g.status)),
      )
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    const page = matched.slice(args.offset, args.offset + args.limit);
    const currency = ctx.account.currency;
    const bid = (g: ChatAdsAdGroup) =>
      g.strategy !== 'fixed_bid'
        ? 'auto'
        : g.max_bid_micros !== undefined
          ? `${money(g.max_bid_micros / MICROS, currency)} CPC`
          : `${money((g.max_cpm_bid_micros ?? 0) / MICROS, currency)} CPM`;
    const next = args.offset + page.length;
    const text = [
      `## Chatads ad groups: ${matched.length} matched of ${adGroups.length}`,
      '',
      page.length
        ? markdownTable(
            ['Ad group', 'Id', 'Campaign', 'Campaign status', 'Status', 'Strategy', 'Max bid', 'Hints'],
            page.map((g) => [
              g.name,
              g.id,
              campaignById.get(g.campaign_id)?.name,
              campaignById.get(g.campaign_id)?.status,
              g.status,
              g.strategy,
              bid(g),
              g.context_hints.length,
            ]),
          )
        : 'No ad groups match.',
      ...(next < matched.length ? ['', `More ad groups: call again with \`offset\`: ${next}.`] : []),
    ].join('\n');
    return {
      text,
      structured: {
        ad_groups: page,
        matched: matched.length,
        total: adGroups.length,
        has_more: next < matched.length,
        next_offset: next < matched.length ? next : null,
      },
    };
  },
});
