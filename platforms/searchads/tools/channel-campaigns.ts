import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedChange } from '../../../core/plan';
import type { ToolContext } from '../../../core/tool';
import { dateArgument } from '../../../core/arguments';
import { newCampaignStart } from './common';
import { money } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsAudienceSegment, SearchAdsPort } from '../port';
import {
  VIDEO_CHANNELS,
  type NewSearchAdsChannelAd,
  type NewSearchAdsChannelAdGroup,
  type NewSearchAdsChannelCampaign,
  type SearchAdsAppBiddingGoal,
  type SearchAdsAppCampaignSubType,
} from '../port-shopping';
import { textList } from './ad-copy';
import {
  audienceEntries,
  channelAdProblem,
  channelsArg,
  channelsOn,
  checkDemandGenImages,
  controlsOf,
  demandGenAdArg,
  demandGenAdEntries,
  demandGenAdOf,
  demandGenAdRule,
  demandGenAdType,
  describeChannels,
  resolveSegments,
  type DemandGenAdArgs,
} from './demand-gen';
import { bidArg } from './product-groups';

/**
 * Campaign creates of the Shopping, App, Demand Gen and video kinds, built on one flow: the plan
 * checks the name and dates and what each kind needs (a linked feed, an app id, images of the right
 * shape); apply creates the campaign PAUSED with its own budget, then its ad group and what the ad
 * group needs (product groups, audiences, ads) and locations, each a `ctx.step` checkpoint, so a
 * retry resumes without duplicates. A video campaign is a Demand Gen campaign whose ad group serves
 * only on the video surfaces, with a video ad.
 */

const basics = {
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
    v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'must be in whole cents'),
    v.description('Daily budget in account currency'),
  ),
  start_date: v.optional(dateArgument('First day (YYYY-MM-DD), today or later; default today')),
  end_date: v.optional(dateArgument('Last day (YYYY-MM-DD); default none')),
  location_ids: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.regex(/^\d+$/, 'must be a numeric location id (resolve_searchads_locations)'))),
      v.maxLength(100),
      v.description('Location ids from resolve_searchads_locations; default all locations'),
    ),
    [],
  ),
};
const datesRule = (a: { start_date?: string; end_date?: string }) =>
  a.start_date && a.end_date && a.end_date < a.start_date ? '`end_date` must be on or after `start_date`' : undefined;
const adGroupName = (fallback: string) =>
  v.optional(
    v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(255), v.description(`Name of the campaign's ad group; default "${fallback}"`)),
    fallback,
  );

type Ctx = ToolContext<SearchAdsPort>;

// A name already taken is refused by the platform at the campaign step, not in the plans: a retry
// after a later step failed must find its own campaign's name taken.

interface Structure {
  campaign: NewSearchAdsChannelCampaign;
  adGroup: Omit<NewSearchAdsChannelAdGroup, 'campaign_id'>;
  segments: { type: SearchAdsAudienceSegment['type']; audience_id: string; name: string }[];
  /** Bid of an "All products" product group (Shopping). */
  rootBid?: number;
  ads: ((adGroupId: string) => NewSearchAdsChannelAd)[];
  locations: string[];
}

/** What a plan of a structure lists: the campaign, its ad group and everything in it; every create is gated by the paused campaign. */
function structureChanges(s: Structure, extra: Record<string, unknown>): PlannedChange[] {
  const paused = { startsPaused: true };
  return [
    {
      action: 'create',
      entity: 'campaign',
      name: s.campaign.name,
      ...paused,
      fields: {
        type: { after: s.campaign.type },
        status: { after: 'PAUSED' },
        daily_budget: { after: s.campaign.budget_amount },
        bidding_strategy: { after: s.campaign.bidding_strategy },
        start_date: { after: s.campaign.start_date },
        ...Object.fromEntries(Object.entries(extra).map(([k, after]) => [k, { after }])),
      },
    },
    { action: 'create', entity: 'ad_group', name: s.adGroup.name, fields: { type: { after: s.adGroup.type } }, ...paused },
    ...(s.rootBid !== undefined
      ? [{ action: 'create' as const, entity: 'product_group', name: 'All products', fields: { cpc_bid: { after: s.rootBid } }, ...paused }]
      : []),
    ...s.segments.map((a) => ({
      action: 'create' as const,
      entity: 'ad_group_audience',
      name: a.name,
      fields: { audience_id: { after: a.audience_id } },
      ...paused,
    })),
    ...s.ads.map((ad) => ({
      action: 'create' as const,
      entity: 'ad',
      name: ad('').type,
      fields: { type: { after: ad('').type } },
      ...paused,
    })),
    ...s.locations.map((id) => ({ action: 'create' as const, entity: 'campaign_location', name: id, fields: {}, ...paused })),
  ];
}

/** Creates a structure step by step (each step once per set of arguments). */
async function createStructure(ctx: Ctx, s: Structure) {
  const total = 3 + (s.rootBid !== undefined ? 1 : 0) + (s.segments.length ? 1 : 0) + (s.locations.length ? 1 : 0);
  let step = 0;
  const progress = (stage: string, message: string) => ctx.progress?.(stage, { step: ++step, total, message });
  progress('campaign', 'Creating the campaign and its budget');
  const campaign = await ctx.step('campaign', () => ctx.platform.createChannelCampaign(s.campaign));
  progress('ad_group', `Ad group "${s.adGroup.name}"`);
  const group = await ctx.step('ad_group', () => ctx.platform.createChannelAdGroup({ ...s.adGroup, campaign_id: campaign.id }));
  if (s.rootBid !== undefined) {
    progress('product_groups', 'Product group "All products"');
    await ctx.step('product_groups', () =>
      ctx.platform.mutateListingGroups(group.id, { create: [{ ref: 'root', type: 'UNIT', cpc_bid: s.rootBid }] }),
    );
  }
  const audiences = s.segments.length
    ? (progress('audiences', 'Audience segments'),
      await ctx.step('audiences', () => ctx.platform.addAdGroupAudiences(group.id, s.segments)))
    : [];
  progress('ads', 'Ads');
  const ads = await ctx.step('ads', () => ctx.platform.createChannelAds(s.ads.map((ad) => ad(group.id))));
  const locations = s.locations.length
    ? (progress('locations', 'Locations'),
      await ctx.step('locations', () =>
        ctx.platform.addCampaignCriteria(
          s.locations.map((id) => ({
            campaign_id: campaign.id,
            type: 'LOCATION' as const,
            geo_target_constant: `geoTargetConstants/${id}`,
            negative: false,
          })),
        ),
      ))
    : [];
  return { campaign, group, audiences, ads, locations };
}

const createdOutput = {
  customer_id: v.string(),
  campaign_id: v.string(),
  name: v.string(),
  type: v.string(),
  status: v.string(),
  daily_budget: v.number(),
  ad_group_id: v.string(),
  ad_ids: v.array(v.string()),
  locations: v.number(),
};

function createdText(kind: string, created: Awaited<ReturnType<typeof createStructure>>, currency: string, lines: string[]): string {
  const { campaign, group, ads, locations } = created;
  return [
    `## ${kind} campaign "${campaign.name}" created (PAUSED)`,
    '',
    `Campaign ${campaign.id}: ${money(campaign.budget_amount, currency)}/day, ${campaign.bidding_strategy}, from ${campaign.start_date}${campaign.end_date ? ` to ${campaign.end_date}` : ''}; ${locations.length || 'all'} location(s).`,
    `Ad group "${group.name}" (${group.id}); ad(s) ${ads.map((a) => `${a.id} (${a.type})`).join(', ')}.`,
    ...lines,
    '',
    'Nothing spends yet. Review it, then resume_campaign to start it.',
  ].join('\n');
}

const structured = (ctx: Ctx, created: Awaited<ReturnType<typeof createStructure>>) => ({
  customer_id: ctx.account.account_id,
  campaign_id: created.campaign.id,
  name: created.campaign.name,
  type: created.campaign.type,
  status: created.campaign.status,
  daily_budget: created.campaign.budget_amount,
  ad_group_id: created.group.id,
  ad_ids: created.ads.map((a) => a.id),
  locations: created.locations.length,
});

// ---- Shopping -----------------------------------------------------------------------------------

const SHOPPING_STRATEGIES = ['MANUAL_CPC', 'MAXIMIZE_CLICKS', 'TARGET_ROAS'] as const;

interface ShoppingArgs {
  name: string;
  daily_budget: number;
  bidding_strategy: string;
  target_roas?: number;
  end_date?: string;
  feed_label?: string;
  campaign_priority: number;
  enable_local: boolean;
  ad_group_name: string;
  cpc_bid: number;
  location_ids: string[];
}

/** The structure a Shopping campaign create makes: the plan shows it, the apply creates it. */
function shoppingStructure(args: ShoppingArgs, start: string, merchant: string): Structure {
  return {
    campaign: {
      name: args.name,
      type: 'SHOPPING',
      status: 'PAUSED',
      budget_amount: args.daily_budget,
      bidding_strategy: args.bidding_strategy,
      ...(args.target_roas !== undefined ? { bidding_targets: { target_roas: args.target_roas } } : {}),
      start_date: start,
      ...(args.end_date ? { end_date: args.end_date } : {}),
      language_ids: [],
      network_settings: {
        target_google_search: true,
        target_search_network: false,
        target_content_network: false,
        target_partner_search_network: false,
        target_youtube: false,
        target_google_tv_network: false,
      },
      shopping_setting: {
        merchant_id: merchant,
        feed_label: args.feed_label ?? '',
        campaign_priority: args.campaign_priority,
        enable_local: args.enable_local,
      },
    },
    adGroup: { name: args.ad_group_name, status: 'ENABLED', type: 'SHOPPING_PRODUCT_ADS', cpc_bid: args.cpc_bid },
    segments: [],
    rootBid: args.cpc_bid,
    ads: [(id) => ({ type: 'SHOPPING_PRODUCT_AD', ad_group_id: id, status: 'ENABLED' })],
    locations: args.location_ids,
  };
}

export const createShoppingCampaign = defineSearchAdsTool({
  name: 'create_shopping_campaign',
  description:
    'Creates a Standard Shopping campaign advertising a linked Merchant Center feed: the campaign (PAUSED) with its own daily budget, feed label, priority 0-2 and bidding (MANUAL_CPC, MAXIMIZE_CLICKS, TARGET_ROAS), a product ad group with its product ad and one product group "All products" at cpc_bid, and locations. Each step is checkpointed: a retry resumes without duplicates.',
  access: 'write',
  examples: [{ name: 'Example shopping', daily_budget: 20 }],
  args: {
    ...basics,
    merchant_center_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{1,19}$/, 'must be a numeric Merchant Center id'),
        v.description('Linked Merchant Center id (get_merchant_feed_links); default the only linked one'),
      ),
    ),
    feed_label: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^[A-Za-z0-9_-]{1,20}$/, 'must be a feed label or a 2-letter country code (letters, digits, - and _; at most 20)'),
        v.description("Advertise the feed's products of this feed label (e.g. US); default all"),
      ),
    ),
    campaign_priority: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(0),
        v.maxValue(2),
        v.description('0 low (default), 1 medium, 2 high: which Shopping campaign serves a product first'),
      ),
      0,
    ),
    enable_local: v.optional(v.pipe(v.boolean(), v.description('Also advertise products sold in local stores')), false),
    bidding_strategy: v.optional(
      v.pipe(v.picklist(SHOPPING_STRATEGIES), v.description(`${SHOPPING_STRATEGIES.join(', ')}; default MANUAL_CPC`)),
      'MANUAL_CPC',
    ),
    target_roas: v.optional(
      v.pipe(v.number(), v.minValue(0.01), v.maxValue(1000), v.description('Target ROAS as a ratio (4 = 400 %), with TARGET_ROAS')),
    ),
    ad_group_name: adGroupName('All products'),
    cpc_bid: v.optional(bidArg('Max CPC of the product group "All products" (and the ad group default); default 1.00'), 1),
  },
  rules: [
    datesRule,
    (a) =>
      (a.bidding_strategy === 'TARGET_ROAS') !== (a.target_roas !== undefined)
        ? '`target_roas` goes with (and only with) bidding_strategy TARGET_ROAS'
        : undefined,
  ],
  output: v.object({ ...createdOutput, merchant_center_id: v.string() }),
  async plan(args, ctx) {
    const start = newCampaignStart(ctx.now, args.start_date);
    const linked = (await ctx.platform.listMerchantCenterLinks()).filter((l) => l.status === 'LINKED');
    const merchant = args.merchant_center_id ?? (linked.length === 1 ? linked[0]!.merchant_center_id : undefined);
    if (!merchant)
      throw new ToolError(
        `Name the feed with \`merchant_center_id\`: ${linked.length ? `linked Merchant Center accounts are ${linked.map((l) => l.merchant_center_id).join(', ')}` : 'no Merchant Center account is linked yet (get_merchant_feed_links, link_merchant_feed)'}.`,
      );
    if (!linked.some((l) => l.merchant_center_id === merchant))
      throw new ToolError(
        `Merchant Center ${merchant} is not linked to this account; link_merchant_feed accepts its link request (get_merchant_feed_links shows links and requests).`,
      );
    const s = shoppingStructure(args, start, merchant);
    return {
      summary: `Create Shopping campaign "${args.name}" (PAUSED, ${money(args.daily_budget, ctx.account.currency)}/day) for Merchant Center ${merchant}`,
      changes: structureChanges(s, {
        merchant_center_id: merchant,
        feed_label: args.feed_label ?? '(all)',
        campaign_priority: args.campaign_priority,
      }),
      budgets: [{ entity: 'campaign', name: args.name, after: args.daily_budget, currency: ctx.account.currency }],
      notes: ['The campaign starts PAUSED: nothing spends until resume_campaign.'],
      data: { start, merchant },
    };
  },
  async apply(plan, args, ctx) {
    const { start, merchant } = plan.data;
    const created = await createStructure(ctx, shoppingStructure(args, start, merchant));
    return {
      text: createdText('Shopping', created, ctx.account.currency, [
        `Feed: Merchant Center ${merchant}${args.feed_label ? `, feed label ${args.feed_label}` : ''}; priority ${args.campaign_priority}. Product group "All products" bids ${money(args.cpc_bid, ctx.account.currency)} (add_product_group splits it).`,
      ]),
      structured: { ...structured(ctx, created), merchant_center_id: merchant },
    };
  },
});

// ---- App ----------------------------------------------------------------------------------------

const SUBTYPES: Record<string, SearchAdsAppCampaignSubType> = {
  INSTALLS: 'APP_CAMPAIGN',
  ENGAGEMENT: 'APP_CAMPAIGN_FOR_ENGAGEMENT',
  PRE_REGISTRATION: 'APP_CAMPAIGN_FOR_PRE_REGISTRATION',
};
const GOALS: Record<
  string,
  { goal: SearchAdsAppBiddingGoal; strategy: string; subtypes: string[]; target?: 'target_cpa' | 'target_roas' }
> = {
  INSTALLS: { goal: 'OPTIMIZE_INSTALLS_TARGET_INSTALL_COST', strategy: 'TARGET_CPA', subtypes: ['INSTALLS'], target: 'target_cpa' },
  IN_APP_ACTIONS: {
    goal: 'OPTIMIZE_IN_APP_CONVERSIONS_TARGET_CONVERSION_COST',
    strategy: 'TARGET_CPA',
    subtypes: ['INSTALLS', 'ENGAGEMENT'],
    target: 'target_cpa',
  },
  VALUE: {
    goal: 'OPTIMIZE_RETURN_ON_ADVERTISING_SPEND',
    strategy: 'TARGET_ROAS',
    subtypes: ['INSTALLS', 'ENGAGEMENT'],
    target: 'target_roas',
  },
  PRE_REGISTRATIONS: {
    goal: 'OPTIMIZE_PRE_REGISTRATION_CONVERSION_VOLUME',
    strategy: 'MAXIMIZE_CONVERSIONS',
    subtypes: ['PRE_REGISTRATION'],
  },
};
const DEFAULT_GOAL: Record<string, string> = { INSTALLS: 'INSTALLS', ENGAGEMENT: 'IN_APP_ACTIONS', PRE_REGISTRATION: 'PRE_REGISTRATIONS' };
const goalOf = (a: { campaign_subtype: string; goal?: string }) => a.goal ?? DEFAULT_GOAL[a.campaign_subtype]!;

export const createAppCampaign = defineSearchAdsTool({
  name: 'create_app_campaign',
  description:
    'Creates an App campaign (PAUSED) promoting an Android (GOOGLE_APP_STORE) or iOS (APPLE_APP_STORE) app: for installs, engagement of existing users, or pre-registration (Android), optimizing for installs or in-app actions (target_cpa: cost per install or action), value (target_roas) or pre-registrations; with its ad group and app ad (2-5 headlines <= 30, 1-5 descriptions <= 90, optional images and videos). Each step is checkpointed.',
  access: 'write',
  examples: [
    {
      name: 'Example app',
      daily_budget: 20,
      app_id: 'com.example.app',
      app_store: 'GOOGLE_APP_STORE',
      target_cpa: 2,
      headlines: ['Example one', 'Example two'],
      descriptions: ['Example app.'],
    },
  ],
  args: {
    ...basics,
    app_id: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1),
      v.maxLength(255),
      v.description('Android package name (com.example.app) or iOS app numeric id'),
    ),
    app_store: v.pipe(v.picklist(['GOOGLE_APP_STORE', 'APPLE_APP_STORE']), v.description('GOOGLE_APP_STORE or APPLE_APP_STORE')),
    campaign_subtype: v.optional(
      v.pipe(
        v.picklist(['INSTALLS', 'ENGAGEMENT', 'PRE_REGISTRATION']),
        v.description('INSTALLS (default), ENGAGEMENT or PRE_REGISTRATION'),
      ),
      'INSTALLS',
    ),
    goal: v.optional(
      v.pipe(
        v.picklist(['INSTALLS', 'IN_APP_ACTIONS', 'VALUE', 'PRE_REGISTRATIONS']),
        v.description('What to optimize; default INSTALLS, IN_APP_ACTIONS for ENGAGEMENT, PRE_REGISTRATIONS for PRE_REGISTRATION'),
      ),
    ),
    target_cpa: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0.01),
        v.maxValue(10_000),
        v.description('Target cost per install or in-app action (INSTALLS, IN_APP_ACTIONS)'),
      ),
    ),
    target_roas: v.optional(v.pipe(v.number(), v.minValue(0.01), v.maxValue(1000), v.description('Target ROAS as a ratio (VALUE)'))),
    headlines: v.pipe(
      textList(5, 30, 'headlines'),
      v.minLength(2, 'must list at least 2 headlines'),
      v.description('2-5 headlines of at most 30 characters'),
    ),
    descriptions: v.pipe(
      textList(5, 90, 'descriptions'),
      v.minLength(1, 'must list at least 1 description'),
      v.description('1-5 descriptions of at most 90 characters'),
    ),
    image_asset_ids: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.regex(/^\d{1,19}$/, 'must be a numeric asset id'))),
        v.maxLength(20),
        v.description('Image asset ids of the library'),
      ),
      [],
    ),
    youtube_video_ids: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{11}$/, 'must be an 11-character video id of the video platform'))),
        v.maxLength(20),
        v.description('Video ids of the video platform'),
      ),
      [],
    ),
    ad_group_name: adGroupName('App ads'),
  },
  rules: [
    datesRule,
    (a) =>
      a.app_store === 'GOOGLE_APP_STORE' && !/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/.test(a.app_id)
        ? '`app_id` of an Android app is its package name (e.g. com.example.app)'
        : undefined,
    (a) =>
      a.app_store === 'APPLE_APP_STORE' && !/^(id)?\d{6,12}$/.test(a.app_id)
        ? '`app_id` of an iOS app is its numeric id (e.g. 1234567890)'
        : undefined,
    (a) =>
      a.campaign_subtype === 'PRE_REGISTRATION' && a.app_store !== 'GOOGLE_APP_STORE'
        ? 'PRE_REGISTRATION campaigns are for Android apps (`app_store` GOOGLE_APP_STORE)'
        : undefined,
    (a) =>
      !GOALS[goalOf(a)]!.subtypes.includes(a.campaign_subtype)
        ? `\`goal\` ${goalOf(a)} does not go with campaign_subtype ${a.campaign_subtype} (it takes ${Object.entries(GOALS)
            .filter(([, g]) => g.subtypes.includes(a.campaign_subtype))
            .map(([k]) => k)
            .join(' or ')})`
        : undefined,
    (a) => {
      const target = GOALS[goalOf(a)]?.target;
      const problems: string[] = [];
      if (target === 'target_cpa' && a.target_cpa === undefined) problems.push(`\`target_cpa\` is required for goal ${goalOf(a)}`);
      if (target === 'target_roas' && a.target_roas === undefined) problems.push(`\`target_roas\` is required for goal ${goalOf(a)}`);
      if (target !== 'target_cpa' && a.target_cpa !== undefined) problems.push(`\`target_cpa\` does not go with goal ${goalOf(a)}`);
      if (target !== 'target_roas' && a.target_roas !== undefined) problems.push(`\`target_roas\` does not go with goal ${goalOf(a)}`);
      return problems;
    },
  ],
  output: v.object({
    ...createdOutput,
    app_id: v.string(),
    app_store: v.string(),
    sub_type: v.string(),
    bidding_strategy_goal_type: v.string(),
  }),
  async plan(args, ctx) {
    const start = newCampaignStart(ctx.now, args.start_date);
    if (args.image_asset_ids.length) {
      const images = (await ctx.platform.listMediaAssets()).filter((m) => m.type === 'IMAGE');
      const unknown = args.image_asset_ids.filter((id) => !images.some((m) => m.id === id));
      if (unknown.length)
        throw new ToolError(
          `\`image_asset_ids\` ${unknown.join(', ')} are not image assets of this account. Image assets: ${images.map((m) => `${m.id} "${m.name}"`).join('; ') || 'none'}.`,
        );
    }
    const spec = GOALS[goalOf(args)]!;
    const setting = {
      sub_type: SUBTYPES[args.campaign_subtype]!,
      app_id: args.app_id.replace(/^id/, ''),
      app_store: args.app_store,
      bidding_strategy_goal_type: spec.goal,
    };
    const data = { start, setting, strategy: spec.strategy };
    return {
      summary: `Create App campaign "${args.name}" (PAUSED, ${money(args.daily_budget, ctx.account.currency)}/day) for ${args.app_id}`,
      changes: structureChanges(appStructure(args, data), {
        app_id: setting.app_id,
        app_store: args.app_store,
        sub_type: setting.sub_type,
        goal: spec.goal,
      }),
      budgets: [{ entity: 'campaign', name: args.name, after: args.daily_budget, currency: ctx.account.currency }],
      notes: [
        'The campaign starts PAUSED: nothing spends until resume_campaign. The platform builds App ads from these assets for search, the app store, video, Discover and Display.',
      ],
      data,
    };
  },
  async apply(plan, args, ctx) {
    const created = await createStructure(ctx, appStructure(args, plan.data));
    const { setting } = plan.data;
    return {
      text: createdText('App', created, ctx.account.currency, [
        `App ${setting.app_id} (${setting.app_store}), ${setting.sub_type}, goal ${setting.bidding_strategy_goal_type}.`,
      ]),
      structured: {
        ...structured(ctx, created),
        app_id: setting.app_id,
        app_store: setting.app_store,
        sub_type: setting.sub_type,
        bidding_strategy_goal_type: setting.bidding_strategy_goal_type,
      },
    };
  },
});

function appStructure(
  args: {
    name: string;
    daily_budget: number;
    end_date?: string;
    target_cpa?: number;
    target_roas?: number;
    headlines: string[];
    descriptions: string[];
    image_asset_ids: string[];
    youtube_video_ids: string[];
    ad_group_name: string;
    location_ids: string[];
  },
  data: {
    start: string;
    setting: {
      sub_type: SearchAdsAppCampaignSubType;
      app_id: string;
      app_store: 'GOOGLE_APP_STORE' | 'APPLE_APP_STORE';
      bidding_strategy_goal_type: SearchAdsAppBiddingGoal;
    };
    strategy: string;
  },
): Structure {
  const targets = {
    ...(args.target_cpa !== undefined ? { target_cpa: args.target_cpa } : {}),
    ...(args.target_roas !== undefined ? { target_roas: args.target_roas } : {}),
  };
  return {
    campaign: {
      name: args.name,
      type: 'MULTI_CHANNEL',
      status: 'PAUSED',
      budget_amount: args.daily_budget,
      bidding_strategy: data.strategy,
      ...(Object.keys(targets).length ? { bidding_targets: targets } : {}),
      start_date: data.start,
      ...(args.end_date ? { end_date: args.end_date } : {}),
      language_ids: ['1000'],
      app_campaign_setting: data.setting,
    },
    adGroup: { name: args.ad_group_name, status: 'ENABLED', type: 'UNSPECIFIED', cpc_bid: 0 },
    segments: [],
    ads: [
      (id) => ({
        type: 'APP_AD',
        ad_group_id: id,
        status: 'ENABLED',
        headlines: args.headlines,
        descriptions: args.descriptions,
        image_asset_ids: args.image_asset_ids,
        youtube_video_ids: args.youtube_video_ids,
      }),
    ],
    locations: args.location_ids,
  };
}

// ---- Demand Gen and video -----------------------------------------------------------------------

const DEMAND_GEN_STRATEGIES = ['MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CLICKS', 'MAXIMIZE_CONVERSION_VALUE'] as const;
const biddingArgs = {
  bidding_strategy: v.optional(
    v.pipe(v.picklist(DEMAND_GEN_STRATEGIES), v.description(`${DEMAND_GEN_STRATEGIES.join(', ')}; default MAXIMIZE_CONVERSIONS`)),
    'MAXIMIZE_CONVERSIONS',
  ),
  target_cpa: v.optional(v.pipe(v.number(), v.minValue(0.01), v.maxValue(10_000), v.description('Target CPA with MAXIMIZE_CONVERSIONS'))),
  target_roas: v.optional(
    v.pipe(v.number(), v.minValue(0.01), v.maxValue(1000), v.description('Target ROAS (ratio) with MAXIMIZE_CONVERSION_VALUE')),
  ),
};
const biddingRule = (a: { bidding_strategy: string; target_cpa?: number; target_roas?: number }) => [
  ...(a.target_cpa !== undefined && a.bidding_strategy !== 'MAXIMIZE_CONVERSIONS'
    ? ['`target_cpa` goes with bidding_strategy MAXIMIZE_CONVERSIONS']
    : []),
  ...(a.target_roas !== undefined && a.bidding_strategy !== 'MAXIMIZE_CONVERSION_VALUE'
    ? ['`target_roas` goes with bidding_strategy MAXIMIZE_CONVERSION_VALUE']
    : []),
];

interface DemandGenArgs {
  name: string;
  daily_budget: number;
  start_date?: string;
  end_date?: string;
  location_ids: string[];
  bidding_strategy: string;
  target_cpa?: number;
  target_roas?: number;
  ad_group_name: string;
}

function demandGenStructure(
  args: DemandGenArgs,
  start: string,
  channels: readonly string[] | undefined,
  segments: Structure['segments'],
  ad: DemandGenAdArgs,
): Structure {
  const targets = {
    ...(args.target_cpa !== undefined ? { target_cpa: args.target_cpa } : {}),
    ...(args.target_roas !== undefined ? { target_roas: args.target_roas } : {}),
  };
  return {
    campaign: {
      name: args.name,
      type: 'DEMAND_GEN',
      status: 'PAUSED',
      budget_amount: args.daily_budget,
      bidding_strategy: args.bidding_strategy,
      ...(Object.keys(targets).length ? { bidding_targets: targets } : {}),
      start_date: start,
      ...(args.end_date ? { end_date: args.end_date } : {}),
      language_ids: ['1000'],
    },
    adGroup: {
      name: args.ad_group_name,
      status: 'ENABLED',
      type: 'UNSPECIFIED',
      cpc_bid: 0,
      channel_controls: controlsOf(channels as never),
    },
    segments,
    ads: [(id) => demandGenAdOf(ad, id, 'ENABLED')],
    locations: args.location_ids,
  };
}

/** The plan of a Demand Gen structure: channels fit the ad, images fit their slots, segments exist. */
async function planDemandGen(
  ctx: Ctx,
  args: DemandGenArgs & Record<string, unknown>,
  channels: readonly string[] | undefined,
  ad: DemandGenAdArgs,
  kind: string,
) {
  const start = newCampaignStart(ctx.now, (args as { start_date?: string }).start_date);
  const controls = controlsOf(channels as never);
  const problem = channelAdProblem(channelsOn(controls), ad.format);
  if (problem) throw new ToolError(`\`channels\` and the ad do not fit: ${problem}.`);
  checkDemandGenImages(ad, await ctx.platform.listMediaAssets(), kind === 'Video' ? '' : 'ad.');
  const segments = (await resolveSegments(ctx.platform, ctx.account.account_id, args as never)).map((s) => ({
    type: s.type,
    audience_id: s.id,
    name: s.name,
  }));
  const s = demandGenStructure(args, start, channels, segments, ad);
  return {
    summary: `Create ${kind} campaign "${args.name}" (PAUSED, ${money(args.daily_budget, ctx.account.currency)}/day) serving on ${describeChannels(controls)}`,
    changes: structureChanges(s, { channels: channelsOn(controls), ad_type: demandGenAdType(ad) }),
    budgets: [{ entity: 'campaign', name: args.name, after: args.daily_budget, currency: ctx.account.currency }],
    notes: ['The campaign starts PAUSED: nothing spends until resume_campaign.'],
    data: { start, segments },
  };
}

const dgOutput = v.object({ ...createdOutput, channels: v.array(v.string()), audiences: v.number() });

export const createDemandGenCampaign = defineSearchAdsTool({
  name: 'create_demandgen_campaign',
  description:
    'Creates a Demand Gen campaign (PAUSED) for video (in-stream, in-feed, Shorts), Discover, Gmail and Display: its own daily budget and bidding, one ad group with its channels (default all), optional audience segments and its first ad (MULTI_ASSET with images of the asset library, or VIDEO with videos of the video platform), and locations. add_demandgen_ad_group adds more ad groups. Each step is checkpointed.',
  access: 'write',
  examples: [
    {
      name: 'Example demand gen',
      daily_budget: 20,
      ad: {
        headlines: ['Gear for every trail'],
        descriptions: ['Boots and packs tested on real trails.'],
        business_name: 'Northwind Outdoor',
        final_url: 'https://www.example.com/trail',
        marketing_image_asset_ids: ['<marketing_image_asset_id from discover_existing_assets>'],
        square_image_asset_ids: ['<square_image_asset_id from discover_existing_assets>'],
        logo_image_asset_ids: ['<logo_image_asset_id from discover_existing_assets>'],
      },
    },
  ],
  args: {
    ...basics,
    ...biddingArgs,
    ad_group_name: adGroupName('Ad group 1'),
    channels: channelsArg(
      'Surfaces of the ad group; default all six (youtube_in_stream, youtube_in_feed, youtube_shorts, discover, gmail, display)',
    ),
    ...audienceEntries,
    ad: demandGenAdArg('The first ad'),
  },
  rules: [datesRule, biddingRule, (a) => demandGenAdRule(a.ad, 'ad.')],
  output: dgOutput,
  async plan(args, ctx) {
    return planDemandGen(ctx, args, args.channels, args.ad, 'Demand Gen');
  },
  async apply(plan, args, ctx) {
    const created = await createStructure(ctx, demandGenStructure(args, plan.data.start, args.channels, plan.data.segments, args.ad));
    const controls = controlsOf(args.channels);
    return {
      text: createdText('Demand Gen', created, ctx.account.currency, [
        `Channels: ${describeChannels(controls)}; ${created.audiences.length ? `${created.audiences.length} audience segment(s)` : 'no audience segments (optimized targeting)'}.`,
      ]),
      structured: { ...structured(ctx, created), channels: channelsOn(controls), audiences: created.audiences.length },
    };
  },
});

const {
  format: _format,
  marketing_image_asset_ids: _m,
  square_image_asset_ids: _s,
  call_to_action: _c,
  youtube_video_ids: _v,
  long_headlines: _l,
  ...videoAdEntries
} = demandGenAdEntries;

export const createVideoCampaign = defineSearchAdsTool({
  name: 'create_video_campaign',
  description:
    'Creates a video campaign (PAUSED): a Demand Gen campaign whose ad group serves only on the video surfaces (in-stream, in-feed, Shorts; default all three) with a video ad of 1-5 videos, headlines, long headlines, descriptions, business name and a logo; its own daily budget, bidding, optional audiences and locations. Each step is checkpointed.',
  access: 'write',
  examples: [
    {
      name: 'Example video campaign',
      daily_budget: 20,
      youtube_video_ids: ['dQw4w9WgXcQ'],
      headlines: ['Example video'],
      long_headlines: ['Example video long headline'],
      descriptions: ['Example.'],
      business_name: 'Northwind Outdoor',
      final_url: 'https://www.example.com/video',
      logo_image_asset_ids: ['<logo_image_asset_id from discover_existing_assets>'],
    },
  ],
  args: {
    ...basics,
    bidding_strategy: v.optional(
      v.pipe(v.picklist(['MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CLICKS']), v.description('MAXIMIZE_CONVERSIONS (default) or MAXIMIZE_CLICKS')),
      'MAXIMIZE_CONVERSIONS',
    ),
    target_cpa: biddingArgs.target_cpa,
    ad_group_name: adGroupName('Video ads'),
    channels: v.optional(
      v.pipe(
        v.array(v.picklist(VIDEO_CHANNELS as ['youtube_in_stream', 'youtube_in_feed', 'youtube_shorts'])),
        v.minLength(1, 'must list at least one video surface'),
        v.check((l) => new Set(l).size === l.length, 'must not repeat a channel'),
        v.description('Video surfaces: youtube_in_stream, youtube_in_feed, youtube_shorts; default all three'),
      ),
    ),
    ...audienceEntries,
    youtube_video_ids: v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{11}$/, 'must be an 11-character video id of the video platform'))),
      v.minLength(1, 'must list at least 1 video'),
      v.maxLength(5, 'must list at most 5 videos'),
      v.description('1-5 video ids of the video platform'),
    ),
    long_headlines: v.pipe(
      textList(5, 90, 'long headlines'),
      v.minLength(1, 'must list at least 1 long headline'),
      v.description('1-5 long headlines of at most 90 characters'),
    ),
    ...videoAdEntries,
  },
  rules: [datesRule, biddingRule],
  output: dgOutput,
  async plan(args, ctx) {
    return planDemandGen(ctx, { ...args, target_roas: undefined }, args.channels ?? VIDEO_CHANNELS, videoAd(args), 'Video');
  },
  async apply(plan, args, ctx) {
    const channels = args.channels ?? VIDEO_CHANNELS;
    const created = await createStructure(ctx, demandGenStructure(args, plan.data.start, channels, plan.data.segments, videoAd(args)));
    const controls = controlsOf(channels);
    return {
      text: createdText('Video', created, ctx.account.currency, [
        `Serves on ${describeChannels(controls)} only; ${args.youtube_video_ids.length} video(s); ${created.audiences.length ? `${created.audiences.length} audience segment(s)` : 'no audience segments'}.`,
      ]),
      structured: { ...structured(ctx, created), channels: channelsOn(controls), audiences: created.audiences.length },
    };
  },
});

function videoAd(args: {
  headlines: string[];
  long_headlines: string[];
  descriptions: string[];
  business_name: string;
  final_url: string;
  logo_image_asset_ids: string[];
  youtube_video_ids: string[];
}): DemandGenAdArgs {
  return {
    format: 'VIDEO',
    headlines: args.headlines,
    long_headlines: args.long_headlines,
    descriptions: args.descriptions,
    business_name: args.business_name,
    final_url: args.final_url,
    marketing_image_asset_ids: [],
    square_image_asset_ids: [],
    logo_image_asset_ids: args.logo_image_asset_ids,
    youtube_video_ids: args.youtube_video_ids,
  };
}
