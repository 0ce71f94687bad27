import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { ALLOW_BLOCKING_DESCRIPTION, blockedKeywords, refuseBlockingNegatives } from '../../../core/negatives';
import type { PlannedBudget, PlannedChange } from '../../../core/plan';
import type { ArgumentRule, ToolContext } from '../../../core/tool';
import { dateArgument } from '../../../core/arguments';
import { isoDate } from '../../../core/dates';
import { markdownTable, money } from '../../../core/markdown';
import { defineDeskAdsTool } from '../define';
import { BID_STRATEGIES, MATCH_TYPES, NEGATIVE_MATCH_TYPES, NETWORKS, type DeskAdsPort } from '../port';
import {
  BUDGET_TYPES,
  PARTITION_DIMENSIONS,
  type DeskAdsGeoLocation,
  type DeskAdsNewCampaign,
  type DeskAdsNewProductPartition,
} from '../port-rest';
import { productValue } from '../product-partitions';
import { descriptions, duplicates, finalUrl, headlines, path } from './ads';
import { BID_RANGE, bid, keywordText } from './keywords';
import { deskAdsBid, deskAdsDailyBudget } from '../money';
import { roundToMinorUnit } from '../../../core/money';
import { idArgument } from './shared';
import { campaignBudget, campaignBudgetOutput, campaignBudgetText, SHARED_BUDGET_NOTE, type CampaignBudget } from './campaign-budget';

/**
 * Campaign creation: create_deskads_search_campaign and create_deskads_shopping_campaign share the
 * campaign part (name, budget of its own or shared, bid strategy, dates, languages) and its first ad
 * group; each adds what is its own (keywords, negatives and an ad; a store and a product group tree).
 * Every campaign is created Paused, each upstream step once (ctx.step), so a retry after a failure
 * picks up where it stopped without duplicates.
 */

const MIN_DAILY_BUDGET = 0.05;
export const LANGUAGES = [
  'English',
  'French',
  'German',
  'Spanish',
  'Italian',
  'Dutch',
  'Portuguese',
  'Swedish',
  'Danish',
  'Norwegian',
  'Finnish',
  'Polish',
] as const;
export const SALES_COUNTRIES = ['US', 'CA', 'GB', 'DE', 'FR', 'AU', 'IT', 'ES', 'NL', 'SE'] as const;

const name = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(128),
  v.description('Campaign name, up to 128 characters, unique in the account'),
);

/** Arguments of the campaign part, shared by both tools. */
const campaignArgs = (strategies: readonly (typeof BID_STRATEGIES)[number][]) => ({
  name,
  daily_budget: v.optional(
    v.pipe(
      v.number(),
      v.minValue(MIN_DAILY_BUDGET, `must be at least ${MIN_DAILY_BUDGET}`),
      v.maxValue(1_000_000),
      v.description('Its own daily budget in account currency; or give shared_budget_id'),
    ),
  ),
  shared_budget_id: v.optional(idArgument('shared budget', 'list_deskads_budgets')),
  budget_type: v.optional(
    v.pipe(
      v.picklist(BUDGET_TYPES),
      v.description('DailyBudgetStandard (default: spread over the day) or DailyBudgetAccelerated (as fast as traffic comes)'),
    ),
    'DailyBudgetStandard',
  ),
  bid_strategy: v.optional(
    v.pipe(
      v.picklist(strategies as [string, ...string[]]),
      v.description(
        `${strategies.join(', ')} (default ${strategies[0]})${strategies.includes('TargetCpa') ? '; TargetCpa needs target_cpa' : ''}`,
      ),
    ),
    strategies[0]!,
  ),
  target_cpa: v.optional(
    v.pipe(
      v.number(),
      v.gtValue(0, 'must be greater than 0'),
      v.maxValue(100_000),
      v.description('Target cost per conversion with bid_strategy TargetCpa'),
    ),
  ),
  start_date: v.optional(dateArgument('YYYY-MM-DD first day it may serve, default today')),
  end_date: v.optional(dateArgument('YYYY-MM-DD last day it serves; default none')),
  languages: v.optional(
    v.pipe(
      v.array(v.picklist(LANGUAGES)),
      v.minLength(1),
      v.maxLength(LANGUAGES.length),
      v.description(`Languages of the searches it serves (${LANGUAGES.join(', ')}); default English`),
    ),
    ['English'],
  ),
});

interface CampaignArgs {
  name: string;
  daily_budget?: number;
  shared_budget_id?: string;
  budget_type: string;
  bid_strategy: string;
  target_cpa?: number;
  start_date?: string;
  end_date?: string;
  languages: string[];
}

const campaignRules: ArgumentRule<CampaignArgs>[] = [
  (a) =>
    (a.daily_budget === undefined) === (a.shared_budget_id === undefined)
      ? 'give exactly one of `daily_budget` (its own budget) and `shared_budget_id` (a shared budget from list_deskads_budgets)'
      : undefined,
  (a) => (a.bid_strategy === 'TargetCpa' && a.target_cpa === undefined ? '`bid_strategy` TargetCpa needs `target_cpa`' : undefined),
  (a) =>
    a.target_cpa !== undefined && a.bid_strategy !== 'TargetCpa' ? '`target_cpa` only goes with `bid_strategy` TargetCpa' : undefined,
  (a) =>
    a.start_date && a.end_date && a.start_date > a.end_date
      ? `\`end_date\` (${a.end_date}) is before \`start_date\` (${a.start_date})`
      : undefined,
  (a) => duplicates('languages', a.languages),
];

const adGroupArg = (what: string) =>
  v.pipe(
    v.object({
      name: v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1, 'must not be empty'),
        v.maxLength(256),
        v.description('Ad group name, up to 256 characters'),
      ),
      cpc_bid: v.pipe(bid, v.description(`Default CPC bid, ${BID_RANGE}`)),
    }),
    v.description(what),
  );

/** The campaign part of a plan: checks against the account, what it creates and the budget it sets. */
async function planCampaign(
  args: CampaignArgs,
  type: 'Search' | 'Shopping',
  ctx: ToolContext<DeskAdsPort>,
  extra: Partial<DeskAdsNewCampaign>,
) {
  const [campaigns, budgets] = await Promise.all([ctx.platform.listCampaigns(), ctx.platform.listBudgets()]);
  const today = isoDate(ctx.now);
  // A paused campaign of this name and type starting that day may be this call's own earlier attempt,
  // which a retry completes (ctx.step reuses it); anything else of that name is refused here, and the
  // campaign step checks again before it creates (createCampaignOnce).
  const same = campaigns.find((c) => c.name.toLowerCase() === args.name.toLowerCase() && c.status !== 'Deleted');
  const earlierAttempt = same && same.status === 'Paused' && same.type === type && same.start_date === (args.start_date ?? today);
  if (same && !earlierAttempt) {
    throw new ToolError(
      `A campaign named "${args.name}" already exists in account ${ctx.account.account_id}; campaign names must be unique. Choose another name.`,
    );
  }
  if (args.start_date && args.start_date < today)
    throw new ToolError(`\`start_date\` ${args.start_date} is in the past; give today (${today}) or later, or leave it out.`);
  if (args.end_date && args.end_date < today)
    throw new ToolError(`\`end_date\` ${args.end_date} is in the past; a campaign ending before today would never serve.`);
  const shared = args.shared_budget_id ? budgets.find((b) => b.id === args.shared_budget_id) : undefined;
  if (args.shared_budget_id && !shared)
    throw new ToolError(
      `No shared budget ${args.shared_budget_id} in account ${ctx.account.account_id}. list_deskads_budgets (type_filter Shared) lists them.`,
      { code: 'not_found' },
    );
  const campaign: DeskAdsNewCampaign = {
    name: args.name,
    type,
    status: 'Paused',
    bid_strategy: args.bid_strategy as DeskAdsNewCampaign['bid_strategy'],
    ...(args.target_cpa !== undefined ? { target_cpa: args.target_cpa } : {}),
    ...(shared ? { budget_id: shared.id } : { daily_budget: deskAdsDailyBudget(args.daily_budget!, ctx.account.currency) }),
    budget_type: args.budget_type as DeskAdsNewCampaign['budget_type'],
    start_date: args.start_date ?? today,
    ...(args.end_date ? { end_date: args.end_date } : {}),
    languages: args.languages,
    ...extra,
  };
  const currency = ctx.account.currency;
  const budgetsOut: PlannedBudget[] = shared ? [] : [{ entity: 'campaign', name: args.name, after: campaign.daily_budget!, currency }];
  const change: PlannedChange = {
    action: 'create',
    entity: 'campaign',
    name: args.name,
    startsPaused: true,
    fields: Object.fromEntries(Object.entries(campaign).map(([k, after]: [string, unknown]) => [k, { after }])),
  };
  const notes = shared
    ? [
        `It draws on shared budget "${shared.name}" (${money(shared.amount, currency)} a day) together with its ${shared.campaign_ids.length} other campaign(s), shared by demand (no even split).`,
      ]
    : [];
  return {
    campaign,
    change,
    budgets: budgetsOut,
    notes,
    sharedBudget: shared ? { id: shared.id, name: shared.name, amount: shared.amount } : null,
  };
}

/**
 * The campaign step: created once per set of arguments (a retry reuses the saved result); when the
 * step has no saved result, a campaign of that name must not exist yet.
 */
function createCampaignOnce(ctx: ToolContext<DeskAdsPort>, campaign: DeskAdsNewCampaign) {
  return ctx.step('campaign', async () => {
    if ((await ctx.platform.listCampaigns()).some((c) => c.name.toLowerCase() === campaign.name.toLowerCase() && c.status !== 'Deleted')) {
      throw new ToolError(
        `A campaign named "${campaign.name}" already exists in account ${ctx.account.account_id}; campaign names must be unique. Choose another name.`,
      );
    }
    return ctx.platform.createCampaign(campaign);
  });
}

/**
 * The created campaign's budget: the shared budget's whole amount as planned (no read after the writes, which could
 * fail an answer whose campaign exists), else its own.
 */
const createdBudget = (
  created: { daily_budget: number; budget_id?: string },
  sharedBudget: { id: string; name: string; amount: number } | null,
) => campaignBudget(created, sharedBudget ? [sharedBudget] : []);

/** The created campaign's own lines of the answer. */
const campaignLines = (c: { id: string; name: string }, budget: CampaignBudget, currency: string) => [
  `Campaign "${c.name}" (${c.id}), Paused, ${campaignBudgetText(budget, currency)} a day.`,
  ...(budget.shared_budget_id === null ? [] : [SHARED_BUDGET_NOTE]),
];

const createdOutput = v.object({
  account_id: v.string(),
  campaign_id: v.string(),
  name: v.string(),
  status: v.literal('Paused'),
  ...campaignBudgetOutput,
  ad_group_id: v.string(),
});

// ---------------------------------------------------------------- search

const MAX_KEYWORDS = 200;
const MAX_NEGATIVES = 200;
const MAX_LOCATIONS = 100;

const SEARCH_STRATEGIES = ['ManualCpc', 'EnhancedCpc', 'MaxClicks', 'MaxConversions', 'TargetCpa'] as const;

export const createDeskAdsSearchCampaign = defineDeskAdsTool({
  name: 'create_deskads_search_campaign',
  description: `Creates a complete search campaign, Paused: the campaign (its own daily budget or a shared one, budget type, bid strategy, dates, languages, locations), one ad group, its keywords (1-${MAX_KEYWORDS}, Exact, Phrase or Broad), optional negative keywords and a responsive search ad (3-15 headlines up to 30 characters, 2-4 descriptions up to 90). Locations are names from the platform's locations file (countries, states, metro areas, cities such as "United States", "Colorado", "Seattle"); default the United States. Resume it with resume_deskads_campaign when ready.`,
  access: 'write',
  examples: [
    {
      name: 'Example search campaign',
      daily_budget: 20,
      locations: ['United States'],
      ad_group: { name: 'Example group', cpc_bid: 0.7 },
      keywords: [{ text: 'example trail boots', match_type: 'Phrase' }],
      ad: {
        headlines: ['Example Trail Boots', 'Northwind Outdoor', 'Free Returns'],
        descriptions: ['Tested on trails.', 'Order today.'],
        final_url: 'https://www.example.com/boots',
      },
    },
  ],
  args: {
    ...campaignArgs(SEARCH_STRATEGIES),
    locations: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))),
        v.minLength(1),
        v.maxLength(MAX_LOCATIONS),
        v.description(`1-${MAX_LOCATIONS} location names: countries, states, metro areas or cities; default United States`),
      ),
    ),
    network: v.optional(
      v.pipe(v.picklist(NETWORKS), v.description(`${NETWORKS.join(', ')} (default OwnedAndOperatedAndSyndicatedSearch)`)),
      'OwnedAndOperatedAndSyndicatedSearch',
    ),
    ad_group: adGroupArg('The first ad group: name and default CPC bid'),
    keywords: v.pipe(
      v.array(
        v.object({
          text: keywordText,
          match_type: v.pipe(v.picklist(MATCH_TYPES), v.description('Exact, Phrase or Broad')),
          bid: v.optional(v.pipe(bid, v.description("Own CPC bid; default the ad group's"))),
        }),
      ),
      v.minLength(1, 'give at least one keyword'),
      v.maxLength(MAX_KEYWORDS, `at most ${MAX_KEYWORDS} keywords here; add more later with add_deskads_keywords`),
      v.description(`1-${MAX_KEYWORDS} keywords of the ad group`),
    ),
    negative_keywords: v.optional(
      v.pipe(
        v.array(v.object({ text: keywordText, match_type: v.pipe(v.picklist(NEGATIVE_MATCH_TYPES), v.description('Exact or Phrase')) })),
        v.maxLength(MAX_NEGATIVES),
        v.description(`Up to ${MAX_NEGATIVES} campaign negative keywords`),
      ),
      [],
    ),
    allow_blocking_keywords: v.optional(v.pipe(v.boolean(), v.description(ALLOW_BLOCKING_DESCRIPTION))),
    ad: v.pipe(
      v.object({ headlines, descriptions, path1: v.optional(path), path2: v.optional(path), final_url: finalUrl }),
      v.description('The responsive search ad of the ad group'),
    ),
  },
  rules: [
    ...campaignRules,
    (a: { keywords: { text: string; match_type: string }[] }) => {
      const seen = new Set<string>();
      for (const k of a.keywords) {
        const key = `${k.text.toLowerCase().replace(/\s+/g, ' ')}|${k.match_type}`;
        if (seen.has(key)) return `\`keywords\` has "${k.text}" (${k.match_type}) twice`;
        seen.add(key);
      }
      return undefined;
    },
    (a: { ad: { headlines: string[]; descriptions: string[]; path1?: string; path2?: string } }) =>
      duplicates('ad.headlines', a.ad.headlines) ??
      duplicates('ad.descriptions', a.ad.descriptions) ??
      (a.ad.path2 !== undefined && a.ad.path1 === undefined ? '`ad.path2` needs `ad.path1`' : undefined),
  ],
  output: v.object({
    ...createdOutput.entries,
    keyword_count: v.number(),
    negative_keyword_count: v.number(),
    ad_id: v.string(),
    locations: v.array(v.string()),
  }),
  async plan(args, ctx) {
    refuseBlockingNegatives(
      blockedKeywords(args.negative_keywords, args.keywords),
      `the new campaign "${args.name}"`,
      args.allow_blocking_keywords,
    );
    const geo = await ctx.platform.listGeoLocations();
    const resolved: DeskAdsGeoLocation[] = [];
    const unknown: string[] = [];
    for (const wanted of args.locations ?? ['United States']) {
      const place = geo.find((g) => g.name.toLowerCase() === wanted.toLowerCase());
      if (place) {
        if (!resolved.includes(place)) resolved.push(place);
      } else unknown.push(wanted);
    }
    if (unknown.length) {
      const near = (w: string) =>
        geo
          .filter((g) => g.name.toLowerCase().includes(w.toLowerCase().slice(0, 4)))
          .map((g) => `${g.name} (${g.type})`)
          .slice(0, 5);
      throw new ToolError(
        `Unknown location(s) ${unknown.map((u) => `"${u}"`).join(', ')}. ${unknown.map((u) => (near(u).length ? `For "${u}" maybe: ${near(u).join(', ')}.` : '')).join(' ')} Known countries: ${geo
          .filter((g) => g.type === 'Country')
          .map((g) => g.name)
          .join(', ')}.`.replace(/\s+/g, ' '),
      );
    }
    const { campaign, change, budgets, notes, sharedBudget } = await planCampaign(args as CampaignArgs, 'Search', ctx, {
      location_ids: resolved.map((g) => g.id),
    });
    const adGroup = {
      name: args.ad_group.name,
      cpc_bid: deskAdsBid(args.ad_group.cpc_bid, ctx.account.currency, 'ad_group.cpc_bid'),
      network: args.network,
    };
    const ad = {
      headlines: args.ad.headlines,
      descriptions: args.ad.descriptions,
      path1: args.ad.path1 ?? null,
      path2: args.ad.path2 ?? null,
      final_url: args.ad.final_url,
    };
    const keywords = args.keywords.map((k) => ({
      text: k.text,
      match_type: k.match_type,
      bid: k.bid === undefined ? null : deskAdsBid(k.bid, ctx.account.currency),
      final_url: null,
    }));
    const child = (entity: string, label: string, fields: Record<string, unknown>): PlannedChange => ({
      action: 'create',
      entity,
      name: label,
      startsPaused: true,
      fields: Object.fromEntries(Object.entries(fields).map(([k, after]) => [k, { after }])),
    });
    return {
      summary: `Create search campaign "${args.name}" (Paused) with ad group "${adGroup.name}", ${keywords.length} keyword(s), ${args.negative_keywords.length} negative(s) and a responsive search ad, in ${resolved.map((g) => g.name).join(', ')}`,
      changes: [
        change,
        child('ad_group', adGroup.name, adGroup),
        ...keywords.map((k) => child('keyword', k.text, k)),
        ...args.negative_keywords.map((n) => child('negative_keyword', n.text, n)),
        child('ad', ad.headlines[0]!, ad),
      ],
      budgets,
      notes: [
        ...notes,
        'Everything is created under a Paused campaign: nothing serves until resume_deskads_campaign. The ad is reviewed first (Pending).',
      ],
      data: {
        campaign,
        adGroup,
        keywords,
        negatives: args.negative_keywords,
        ad,
        locations: resolved.map((g) => g.name),
        sharedBudget,
      },
    };
  },
  async apply(plan, _args, ctx) {
    const { campaign, adGroup, keywords, negatives, ad, locations, sharedBudget } = plan.data;
    const created = await createCampaignOnce(ctx, campaign);
    const group = await ctx.step('ad_group', () =>
      ctx.platform.createAdGroup({
        campaign_id: created.id,
        name: adGroup.name,
        status: 'Active',
        cpc_bid: adGroup.cpc_bid,
        network: adGroup.network,
        start_date: created.start_date,
      }),
    );
    const words = await ctx.step('keywords', () => ctx.platform.addKeywords(group.id, keywords));
    const blocked = negatives.length
      ? await ctx.step('negative_keywords', () => ctx.platform.addNegativeKeywords({ level: 'Campaign', id: created.id }, negatives))
      : [];
    const madeAd = await ctx.step('ad', () => ctx.platform.createAd({ ad_group_id: group.id, ...ad, status: 'Active' }));
    const currency = ctx.account.currency;
    const budget = createdBudget(created, sharedBudget);
    return {
      text: [
        `## Search campaign "${created.name}" created (Paused)`,
        '',
        ...campaignLines(created, budget, currency),
        '',
        markdownTable(
          ['Created', 'Id', 'Details'],
          [
            ['Ad group', group.id, `"${group.name}", default bid ${money(group.cpc_bid, currency)}`],
            [
              'Keywords',
              String(words.length),
              words
                .slice(0, 5)
                .map((k) => `${k.text} (${k.match_type})`)
                .join(', ') + (words.length > 5 ? ', ...' : ''),
            ],
            ['Negative keywords', String(blocked.length), blocked.map((n) => n.text).join(', ') || '-'],
            ['Responsive search ad', madeAd.id, `review ${madeAd.editorial_status}`],
            ['Locations', String(locations.length), locations.join(', ')],
          ],
        ),
        '',
        `Check it with list_deskads_keywords and list_deskads_ads, then resume_deskads_campaign with campaign_id ${created.id}.`,
      ].join('\n'),
      structured: {
        account_id: ctx.account.account_id,
        campaign_id: created.id,
        name: created.name,
        status: 'Paused' as const,
        ...budget,
        ad_group_id: group.id,
        keyword_count: words.length,
        negative_keyword_count: blocked.length,
        ad_id: madeAd.id,
        locations,
      },
    };
  },
});

// ---------------------------------------------------------------- shopping

const SHOPPING_STRATEGIES = ['ManualCpc', 'EnhancedCpc', 'MaxClicks'] as const;
/** Shopping campaigns bid without a CPA target. */
const { target_cpa: _noTargetCpa, ...shoppingCampaignArgs } = campaignArgs(SHOPPING_STRATEGIES);
const MAX_UNITS = 50;

export const createDeskAdsShoppingCampaign = defineDeskAdsTool({
  name: 'create_deskads_shopping_campaign',
  description: `Creates a shopping campaign, Paused, on a merchant store (store_id from get_deskads_product_performance) for one sales country, with its priority among the store's campaigns, one ad group with its product ad (optional promotional text) and its product group tree: all products at the ad group's bid, or split by one dimension (${PARTITION_DIMENSIONS.join(', ')}) into up to ${MAX_UNITS} groups with their own bid or excluded, plus "everything else". Resume it with resume_deskads_campaign when ready.`,
  access: 'write',
  examples: [
    {
      name: 'Example shopping campaign',
      daily_budget: 20,
      store_id: '<store_id from get_deskads_product_performance>',
      ad_group: { name: 'Example products', cpc_bid: 0.5 },
    },
  ],
  args: {
    ...shoppingCampaignArgs,
    store_id: idArgument('merchant store', 'get_deskads_product_performance'),
    sales_country_code: v.optional(
      v.pipe(v.picklist(SALES_COUNTRIES), v.description(`Country the products sell in (${SALES_COUNTRIES.join(', ')}); default US`)),
      'US',
    ),
    priority: v.optional(
      v.pipe(
        v.picklist([0, 1, 2]),
        v.description('0 low (default), 1 medium, 2 high: which campaign serves when several advertise the same product'),
      ),
      0,
    ),
    ad_group: adGroupArg('The product ad group: name and default CPC bid (the bid of "all products" when there is no split)'),
    promotional_text: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1, 'must not be empty'),
        v.check((t) => [...t].length <= 45, 'must be at most 45 characters'),
        v.description('Optional line shown with the products, up to 45 characters'),
      ),
    ),
    product_groups: v.optional(
      v.pipe(
        v.object({
          partition_by: v.pipe(
            v.picklist(PARTITION_DIMENSIONS),
            v.description(`Dimension of the split: ${PARTITION_DIMENSIONS.join(', ')} (Id = the merchant product id)`),
          ),
          groups: v.pipe(
            v.array(
              v.object({
                value: v.pipe(
                  v.string(),
                  v.trim(),
                  v.minLength(1),
                  v.maxLength(100),
                  v.description('The value products must have (a brand, a first-level category, New/Used/Refurbished, a product id)'),
                ),
                bid: v.optional(v.pipe(bid, v.description("CPC bid of this group; default the ad group's"))),
                exclude: v.optional(v.pipe(v.boolean(), v.description('true = these products are not advertised')), false),
              }),
            ),
            v.minLength(1, 'give at least one product group'),
            v.maxLength(MAX_UNITS, `at most ${MAX_UNITS} product groups`),
          ),
          everything_else: v.optional(
            v.pipe(
              v.picklist(['bid', 'exclude']),
              v.description("Products in none of the groups: bid (default, at the ad group's bid) or exclude"),
            ),
            'bid',
          ),
        }),
        v.description('Split of the product tree; default one group "All products"'),
      ),
    ),
  },
  rules: [
    ...campaignRules,
    (a: { product_groups?: { groups: { value: string; bid?: number; exclude: boolean }[] } }) => {
      const groups = a.product_groups?.groups ?? [];
      const twice = groups.find((g, i) => groups.findIndex((x) => x.value.toLowerCase() === g.value.toLowerCase()) !== i);
      if (twice) return `\`product_groups.groups\` has "${twice.value}" twice`;
      const both = groups.filter((g) => g.exclude && g.bid !== undefined);
      return both.length ? both.map((g) => `product group "${g.value}" is excluded: it takes no \`bid\``) : undefined;
    },
    (a: { product_groups?: { groups: { exclude: boolean }[]; everything_else: string } }) =>
      a.product_groups && a.product_groups.everything_else === 'exclude' && a.product_groups.groups.every((g) => g.exclude)
        ? 'every product group is excluded: the campaign would advertise nothing'
        : undefined,
  ],
  output: v.object({
    ...createdOutput.entries,
    product_ad_id: v.string(),
    store_id: v.string(),
    sales_country_code: v.string(),
    priority: v.number(),
    product_groups: v.array(v.object({ value: v.string(), bid: v.nullable(v.number()), excluded: v.boolean(), products: v.number() })),
  }),
  async plan(args, ctx) {
    const [stores, products] = await Promise.all([ctx.platform.listStores(), ctx.platform.listProducts()]);
    const store = stores.find((s) => s.id === args.store_id);
    if (!store)
      throw new ToolError(
        `No merchant store ${args.store_id} linked to account ${ctx.account.account_id}. Linked stores: ${stores.map((s) => `${s.name} (${s.id})`).join(', ') || 'none'}.`,
        { code: 'not_found' },
      );
    if (store.status !== 'Active')
      throw new ToolError(`Merchant store "${store.name}" is ${store.status}; a shopping campaign needs an active store.`);
    const offers = [...new Map(products.filter((p) => p.store_id === store.id).map((p) => [p.merchant_product_id, p])).values()];
    if (!offers.length)
      throw new ToolError(
        `Merchant store "${store.name}" has no products in its feed; a shopping campaign would have nothing to advertise.`,
      );
    const groupBid = deskAdsBid(args.ad_group.cpc_bid, ctx.account.currency, 'ad_group.cpc_bid');
    const tree = args.product_groups;
    const dimension = tree?.partition_by;
    if (tree) {
      const known = [...new Set(offers.map((p) => productValue(p, tree.partition_by)))];
      const missing = tree.groups.filter((g) => !known.some((k) => k.toLowerCase() === g.value.toLowerCase()));
      if (missing.length)
        throw new ToolError(
          `No product of store "${store.name}" has ${tree.partition_by} ${missing.map((m) => `"${m.value}"`).join(', ')}. Its values: ${known.slice(0, 30).join(', ')}.`,
        );
    }
    const units: DeskAdsNewProductPartition[] = tree
      ? [
          { dimension: 'All', value: null, partition_type: 'Subdivision', bid: null, excluded: false },
          ...tree.groups.map((g) => ({
            dimension: dimension!,
            value: offers.map((p) => productValue(p, dimension!)).find((k) => k.toLowerCase() === g.value.toLowerCase())!,
            partition_type: 'Unit' as const,
            bid: g.exclude ? null : roundToMinorUnit(g.bid ?? groupBid, ctx.account.currency),
            excluded: g.exclude,
          })),
          {
            dimension: dimension!,
            value: null,
            partition_type: 'Unit',
            bid: tree.everything_else === 'exclude' ? null : groupBid,
            excluded: tree.everything_else === 'exclude',
          },
        ]
      : [{ dimension: 'All', value: null, partition_type: 'Unit', bid: groupBid, excluded: false }];
    const leaves = units.filter((u) => u.partition_type === 'Unit');
    const counts = leaves.map(
      (u) =>
        offers.filter((p) => {
          if (u.dimension === 'All') return true;
          const own = productValue(p, u.dimension).toLowerCase();
          return u.value !== null ? own === u.value.toLowerCase() : !leaves.some((x) => x.value !== null && x.value.toLowerCase() === own);
        }).length,
    );
    if (!leaves.some((u, i) => !u.excluded && counts[i]! > 0))
      throw new ToolError('The product groups leave no product of the store to advertise; bid on at least one group that has products.');
    const { campaign, change, budgets, notes, sharedBudget } = await planCampaign(args as CampaignArgs, 'Shopping', ctx, {
      shopping_setting: { store_id: store.id, sales_country_code: args.sales_country_code, priority: args.priority as 0 | 1 | 2 },
    });
    const adGroup = { name: args.ad_group.name, cpc_bid: groupBid };
    const groupsOut = leaves.map((u, i) => ({
      value: u.value ?? (u.dimension === 'All' ? 'All products' : 'Everything else'),
      bid: u.bid,
      excluded: u.excluded,
      products: counts[i]!,
    }));
    return {
      summary: `Create shopping campaign "${args.name}" (Paused) on store "${store.name}" (${args.sales_country_code}, priority ${args.priority}) with ad group "${adGroup.name}" and ${leaves.length} product group(s)`,
      changes: [
        change,
        {
          action: 'create',
          entity: 'ad_group',
          name: adGroup.name,
          startsPaused: true,
          fields: { name: { after: adGroup.name }, cpc_bid: { after: adGroup.cpc_bid } },
        },
        {
          action: 'create',
          entity: 'product_ad',
          name: adGroup.name,
          startsPaused: true,
          fields: { promotional_text: { after: args.promotional_text ?? null } },
        },
        ...groupsOut.map((g): PlannedChange => ({
          action: 'create',
          entity: 'product_partition',
          name: g.value,
          startsPaused: true,
          fields: { bid: { after: g.bid }, excluded: { after: g.excluded } },
        })),
      ],
      budgets,
      notes: [...notes, 'The campaign is created Paused: nothing serves until resume_deskads_campaign.'],
      data: {
        campaign,
        adGroup,
        units,
        groupsOut,
        storeName: store.name,
        promotionalText: args.promotional_text ?? null,
        sharedBudget,
      },
    };
  },
  async apply(plan, _args, ctx) {
    const { campaign, adGroup, units, groupsOut, storeName, promotionalText, sharedBudget } = plan.data;
    const created = await createCampaignOnce(ctx, campaign);
    const group = await ctx.step('ad_group', () =>
      ctx.platform.createAdGroup({
        campaign_id: created.id,
        name: adGroup.name,
        status: 'Active',
        cpc_bid: adGroup.cpc_bid,
        network: 'OwnedAndOperatedAndSyndicatedSearch',
        start_date: created.start_date,
      }),
    );
    await ctx.step('product_partitions', () => ctx.platform.setProductPartitions(group.id, units));
    const productAd = await ctx.step('product_ad', () => ctx.platform.addProductAd(group.id, promotionalText ?? undefined));
    const currency = ctx.account.currency;
    const budget = createdBudget(created, sharedBudget);
    const setting = campaign.shopping_setting!;
    return {
      text: [
        `## Shopping campaign "${created.name}" created (Paused)`,
        '',
        ...campaignLines(created, budget, currency),
        `Store "${storeName}" (${setting.store_id}), sales country ${setting.sales_country_code}, priority ${setting.priority}; ad group "${group.name}" (${group.id}) with product ad ${productAd.id}${productAd.promotional_text ? ` ("${productAd.promotional_text}")` : ''}.`,
        '',
        markdownTable(
          ['Product group', 'Products', 'Bid'],
          groupsOut.map((g) => [g.value, g.products, g.excluded ? 'excluded' : money(g.bid!, currency)]),
        ),
        '',
        `Resume it with resume_deskads_campaign (campaign_id ${created.id}); its products show in get_deskads_product_performance once it serves.`,
      ].join('\n'),
      structured: {
        account_id: ctx.account.account_id,
        campaign_id: created.id,
        name: created.name,
        status: 'Paused' as const,
        ...budget,
        ad_group_id: group.id,
        product_ad_id: productAd.id,
        store_id: setting.store_id,
        sales_country_code: setting.sales_country_code,
        priority: setting.priority,
        product_groups: groupsOut,
      },
    };
  },
});

export const deskAdsCreateCampaignTools = [createDeskAdsSearchCampaign, createDeskAdsShoppingCampaign];
