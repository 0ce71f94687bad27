import * as v from 'valibot';
import { dateArgument } from '../../../core/arguments';
import { campaignNamed, nameTaken, newCampaignStart } from './common';
import { markdownTable, money } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { checkCopy, finalUrlArg, pathArg, textList } from './ad-copy';
import { keywordText } from './keyword-lists';
import { ALLOW_BLOCKING_DESCRIPTION, blockedKeywords, refuseBlockingNegatives } from '../../../core/negatives';

const STRATEGIES = ['MANUAL_CPC', 'MAXIMIZE_CLICKS', 'MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE'] as const;
const keyword = v.strictObject({ text: keywordText, match_type: v.picklist(['EXACT', 'PHRASE', 'BROAD']) });
const ad = v.strictObject({
  headlines: v.pipe(textList(15, 30, 'headlines'), v.minLength(3, 'must list at least 3 headlines')),
  descriptions: v.pipe(textList(4, 90, 'descriptions'), v.minLength(2, 'must list at least 2 descriptions')),
  final_url: finalUrlArg(),
  path1: pathArg(1),
  path2: pathArg(2),
});
const adGroup = v.strictObject({
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(255)),
  cpc_bid: v.optional(v.pipe(v.number(), v.minValue(0.01), v.maxValue(1000))),
  keywords: v.pipe(v.array(keyword), v.minLength(1, 'must list at least one keyword'), v.maxLength(200)),
  ads: v.pipe(v.array(ad), v.minLength(1, 'must list at least one ad'), v.maxLength(3, 'must list at most 3 responsive search ads')),
});

export const createSearchCampaign = defineSearchAdsTool({
  name: 'create_search_campaign',
  description:
    'Creates a complete Search campaign in one call: the campaign with its own daily budget and bidding strategy, its ad groups with keywords and responsive search ads, campaign negatives and locations. Everything is created PAUSED at campaign level (nothing spends until resume_campaign). Each step is checkpointed: a retry with the same arguments resumes where it stopped without duplicates.',
  access: 'write',
  examples: [
    {
      name: 'Example search',
      daily_budget: 20,
      ad_groups: [
        {
          name: 'Example group',
          keywords: [{ text: 'example boots', match_type: 'EXACT' }],
          ads: [
            {
              headlines: ['Trail Boots', 'Free Returns', 'Waterproof'],
              descriptions: ['Boots tested on real trails.', 'Free shipping over $50.'],
              final_url: 'https://www.example.com/trail',
            },
          ],
        },
      ],
    },
  ],
  args: {
    name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(255),
      v.description('Campaign name, unique in the account'),
    ),
    daily_budget: v.pipe(
      v.number(),
      v.minValue(1, 'must be at least 1.00'),
      v.maxValue(1_000_000),
      v.description('Daily budget in account currency'),
    ),
    bidding_strategy: v.optional(
      v.pipe(v.picklist(STRATEGIES), v.description(`${STRATEGIES.join(', ')}; default MAXIMIZE_CLICKS`)),
      'MAXIMIZE_CLICKS',
    ),
    target_cpa: v.optional(v.pipe(v.number(), v.minValue(0.01), v.description('Target CPA with MAXIMIZE_CONVERSIONS'))),
    start_date: v.optional(dateArgument('First day (YYYY-MM-DD), today or later; default today')),
    end_date: v.optional(dateArgument('Last day (YYYY-MM-DD); default none')),
    location_ids: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.regex(/^\d+$/, 'must be a numeric location id (resolve_searchads_locations)'))),
        v.maxLength(100),
        v.description('Location ids from resolve_searchads_locations; default all locations'),
      ),
    ),
    ad_groups: v.pipe(
      v.array(adGroup),
      v.minLength(1, 'must list at least one ad group'),
      v.maxLength(20),
      v.description('1-20 ad groups: name, optional CPC bid, keywords (text + match type) and 1-3 responsive search ads'),
    ),
    negative_keywords: v.optional(v.pipe(v.array(keyword), v.maxLength(200), v.description('Campaign-level negative keywords'))),
    allow_blocking_keywords: v.optional(v.pipe(v.boolean(), v.description(ALLOW_BLOCKING_DESCRIPTION))),
  },
  rules: [
    (a) =>
      a.target_cpa !== undefined && a.bidding_strategy !== 'MAXIMIZE_CONVERSIONS'
        ? '`target_cpa` goes with bidding_strategy MAXIMIZE_CONVERSIONS'
        : undefined,
    (a) => (a.start_date && a.end_date && a.end_date < a.start_date ? '`end_date` must be on or after `start_date`' : undefined),
    (a) =>
      new Set(a.ad_groups.map((g) => g.name.toLowerCase())).size !== a.ad_groups.length ? '`ad_groups` names must be unique' : undefined,
  ],
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    name: v.string(),
    status: v.string(),
    daily_budget: v.number(),
    ad_groups: v.array(v.object({ id: v.string(), name: v.string(), keywords: v.number(), ads: v.number() })),
    negative_keywords: v.number(),
    locations: v.number(),
  }),
  async plan(args, ctx) {
    const start = newCampaignStart(ctx.now, args.start_date);
    if (await campaignNamed(ctx.platform, args.name)) throw nameTaken(args.name);
    refuseBlockingNegatives(
      blockedKeywords(
        args.negative_keywords ?? [],
        args.ad_groups.flatMap((g) => g.keywords),
      ),
      `the new campaign "${args.name}"`,
      args.allow_blocking_keywords,
    );
    for (const g of args.ad_groups) for (const a of g.ads) checkCopy('RESPONSIVE_SEARCH_AD', a);
    const currency = ctx.account.currency;
    const paused = { startsPaused: true };
    return {
      summary: `Create Search campaign "${args.name}" (PAUSED, ${money(args.daily_budget, currency)}/day) with ${args.ad_groups.length} ad group(s)`,
      changes: [
        {
          action: 'create' as const,
          entity: 'campaign',
          name: args.name,
          fields: {
            status: { after: 'PAUSED' },
            daily_budget: { after: args.daily_budget },
            bidding_strategy: { after: args.bidding_strategy },
            ...(args.target_cpa !== undefined ? { target_cpa: { after: args.target_cpa } } : {}),
            start_date: { after: start },
            ...(args.end_date ? { end_date: { after: args.end_date } } : {}),
          },
          ...paused,
        },
        ...args.ad_groups.flatMap((g) => [
          { action: 'create' as const, entity: 'ad_group', name: g.name, fields: { cpc_bid: { after: g.cpc_bid ?? 1 } }, ...paused },
          ...g.keywords.map((k) => ({
            action: 'create' as const,
            entity: 'keyword',
            name: `${k.text} (${k.match_type})`,
            fields: { ad_group: { after: g.name }, text: { after: k.text }, match_type: { after: k.match_type } },
            ...paused,
          })),
          ...g.ads.map((a) => ({
            action: 'create' as const,
            entity: 'ad',
            name: a.headlines[0],
            fields: { ad_group: { after: g.name }, final_url: { after: a.final_url } },
            ...paused,
          })),
        ]),
        ...(args.negative_keywords ?? []).map((k) => ({
          action: 'create' as const,
          entity: 'campaign_negative_keyword',
          name: `${k.text} (${k.match_type})`,
          fields: { text: { after: k.text }, match_type: { after: k.match_type } },
          ...paused,
        })),
      ],
      budgets: [{ entity: 'campaign', name: args.name, after: args.daily_budget, currency }],
      notes: ['The campaign starts PAUSED: its ad groups, keywords and ads are enabled but nothing spends until resume_campaign.'],
      data: { start },
    };
  },
  async apply(plan, args, ctx) {
    const total = 1 + args.ad_groups.length + 2;
    ctx.progress?.('campaign', { step: 1, total, message: 'Creating the campaign and its budget' });
    const campaign = await ctx.step('campaign', () =>
      ctx.platform.createCampaign({
        name: args.name,
        type: 'SEARCH',
        status: 'PAUSED',
        budget_amount: args.daily_budget,
        bidding_strategy: args.bidding_strategy,
        ...(args.target_cpa !== undefined ? { bidding_targets: { target_cpa: args.target_cpa } } : {}),
        start_date: plan.data.start,
        ...(args.end_date ? { end_date: args.end_date } : {}),
        network_settings: {
          target_google_search: true,
          target_search_network: true,
          target_content_network: false,
          target_partner_search_network: false,
          target_youtube: false,
          target_google_tv_network: false,
        },
        language_ids: ['1000'],
      }),
    );
    const groups = [];
    for (const [i, g] of args.ad_groups.entries()) {
      ctx.progress?.('ad_groups', { step: 2 + i, total, message: `Ad group "${g.name}"` });
      const group = await ctx.step(`ad_group:${i}`, () =>
        ctx.platform.createAdGroup({
          campaign_id: campaign.id,
          name: g.name,
          status: 'ENABLED',
          type: 'SEARCH_STANDARD',
          cpc_bid: g.cpc_bid ?? 1,
        }),
      );
      const keywords = await ctx.step(`keywords:${i}`, () =>
        ctx.platform.addKeywords(
          g.keywords.map((k) => ({ ad_group_id: group.id, text: k.text, match_type: k.match_type, status: 'ENABLED' as const })),
        ),
      );
      const ads = await ctx.step(`ads:${i}`, () =>
        ctx.platform.createAds(
          g.ads.map((a) => ({
            ad_group_id: group.id,
            type: 'RESPONSIVE_SEARCH_AD',
            status: 'ENABLED' as const,
            headlines: a.headlines,
            descriptions: a.descriptions,
            final_url: a.final_url,
            ...(a.path1 ? { path1: a.path1 } : {}),
            ...(a.path2 ? { path2: a.path2 } : {}),
          })),
        ),
      );
      groups.push({ id: group.id, name: group.name, keywords: keywords.length, ads: ads.length });
    }
    const negatives = args.negative_keywords?.length
      ? await ctx.step('negatives', () =>
          ctx.platform.addNegativeKeywords(
            args.negative_keywords!.map((k) => ({ campaign_id: campaign.id, text: k.text, match_type: k.match_type })),
          ),
        )
      : [];
    const locations = args.location_ids?.length
      ? await ctx.step('locations', () =>
          ctx.platform.addCampaignCriteria(
            args.location_ids!.map((id) => ({
              campaign_id: campaign.id,
              type: 'LOCATION' as const,
              geo_target_constant: `geoTargetConstants/${id}`,
              negative: false,
            })),
          ),
        )
      : [];
    const currency = ctx.account.currency;
    return {
      text: [
        `## Search campaign "${campaign.name}" created (PAUSED)`,
        '',
        `Campaign ${campaign.id}: ${money(campaign.budget_amount, currency)}/day, ${campaign.bidding_strategy ?? args.bidding_strategy}, from ${campaign.start_date}${campaign.end_date ? ` to ${campaign.end_date}` : ''}; ${negatives.length} negative keyword(s), ${locations.length || 'all'} location(s).`,
        '',
        markdownTable(
          ['Ad group', 'Id', 'Keywords', 'Ads'],
          groups.map((g) => [g.name, g.id, g.keywords, g.ads]),
        ),
        '',
        'Nothing spends yet. Review it with get_campaign_structure, then resume_campaign to start it.',
      ].join('\n'),
      structured: {
        customer_id: ctx.account.account_id,
        campaign_id: campaign.id,
        name: campaign.name,
        status: campaign.status,
        daily_budget: campaign.budget_amount,
        ad_groups: groups,
        negative_keywords: negatives.length,
        locations: locations.length,
      },
    };
  },
});
