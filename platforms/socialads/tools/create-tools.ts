import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { ToolContext } from '../../../core/tool';
import { isoDate } from '../../../core/dates';
import {
  SOCIALADS_BID_STRATEGIES,
  SOCIALADS_OBJECTIVES,
  type NewSocialAdsAdSet,
  type NewSocialAdsCampaign,
  type SocialAdsCampaign,
  type SocialAdsCarouselCard,
  type SocialAdsCreative,
  type SocialAdsObjective,
  type SocialAdsPort,
} from '../port';
import { createStatusArg, defineSocialAdsCreate, imageRef, pageAndProfile, pageArgs, type Chain, type ImageRef } from './create-family';
import { GOALS_BY_OBJECTIVE } from './create-video-campaign';
import { CALL_TO_ACTIONS, descriptionSchema, headlineSchema, httpsUrl, imageHash, primaryTextSchema, webUrl } from './creative-rules';
import { resolveCatalog, resolveProductSet } from './catalog-tools';
import { dateArg } from './shared';
import { ageRule, audienceOverlapRule, buildTargeting, targetingEntries, type TargetingArgs } from './targeting';
import { MIN_DAILY_BUDGET, oneBudgetRule } from './update-family';

/** The socialads creates: ad sets, catalog ad sets and ads, image / carousel / catalog campaigns, dynamic-creative ads. */

const ALL_GOALS = [...new Set(Object.values(GOALS_BY_OBJECTIVE).flat())];
const nameArg = (what: string) =>
  v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(400), v.description(`${what} name`));
const idArg = (what: string, tool: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{6,25}$/, `must be a numeric ${what} id from ${tool}`),
    v.description(`The ${what} (from ${tool})`),
  );
const budgetEntries = {
  daily_budget: v.optional(
    v.pipe(
      v.number(),
      v.minValue(MIN_DAILY_BUDGET, `must be at least ${MIN_DAILY_BUDGET}`),
      v.maxValue(1_000_000),
      v.description('Daily budget in account currency'),
    ),
  ),
  lifetime_budget: v.optional(
    v.pipe(
      v.number(),
      v.minValue(MIN_DAILY_BUDGET),
      v.maxValue(10_000_000),
      v.description('Lifetime budget in account currency; needs end_date'),
    ),
  ),
  start_date: dateArg('First day of delivery, YYYY-MM-DD; default today'),
  end_date: dateArg('Last day of delivery, YYYY-MM-DD; required with lifetime_budget'),
};
const bidEntries = {
  bid_strategy: v.optional(v.pipe(v.picklist(SOCIALADS_BID_STRATEGIES), v.description('Bid strategy, default LOWEST_COST_WITHOUT_CAP'))),
  bid_amount: v.optional(
    v.pipe(
      v.number(),
      v.minValue(0.01),
      v.description('Cap (COST_CAP, LOWEST_COST_WITH_BID_CAP) or minimum ROAS (LOWEST_COST_WITH_MIN_ROAS)'),
    ),
  ),
};
const lifetimeRule = (a: { lifetime_budget?: number; end_date?: string }) =>
  a.lifetime_budget !== undefined && !a.end_date ? '`end_date` is required with `lifetime_budget`' : undefined;
const datesRule = (a: { start_date?: string; end_date?: string }) =>
  a.start_date && a.end_date && a.end_date < a.start_date ? '`end_date` must be on or after `start_date`' : undefined;
const bidRule = (a: { bid_strategy?: string; bid_amount?: number }) =>
  a.bid_strategy && a.bid_strategy !== 'LOWEST_COST_WITHOUT_CAP' && a.bid_amount === undefined
    ? `\`bid_strategy\` ${a.bid_strategy} needs \`bid_amount\``
    : a.bid_amount !== undefined && (!a.bid_strategy || a.bid_strategy === 'LOWEST_COST_WITHOUT_CAP')
      ? '`bid_amount` needs a capped `bid_strategy`'
      : undefined;
const copyEntries = {
  primary_text: v.pipe(primaryTextSchema, v.description('Primary text, max 2200 characters (125 recommended)')),
  headline: v.optional(v.pipe(headlineSchema, v.description('Headline, max 255 characters (40 recommended)'))),
  description: v.optional(v.pipe(descriptionSchema, v.description('Description, max 255 characters'))),
  call_to_action: v.optional(
    v.pipe(v.picklist(CALL_TO_ACTIONS), v.description('Call to action, default LEARN_MORE (SHOP_NOW for sales)')),
    undefined,
  ),
};

function startOf(ctx: ToolContext<SocialAdsPort>, start: string | undefined, end: string | undefined): string {
  const today = isoDate(ctx.now);
  const s = start ?? today;
  if (s < today) throw new ToolError(`\`start_date\` ${s} is in the past; use today (${today}) or later.`);
  if (end && end < s) throw new ToolError('`end_date` must be on or after the start date.');
  return s;
}

/** Pixel of a sales ad set: the one given, or the account's only pixel. */
async function pixelFor(p: SocialAdsPort, pixelId: string | undefined): Promise<string> {
  const pixels = await p.listPixels();
  if (pixelId) {
    if (!pixels.some((x) => x.id === pixelId))
      throw new ToolError(`\`pixel_id\` ${pixelId} is not a pixel of this account. See list_socialads_pixels.`);
    return pixelId;
  }
  if (pixels.length === 1) return pixels[0]!.id;
  throw new ToolError(`This account has ${pixels.length} pixels; specify pixel_id (list_socialads_pixels).`, { parameter: 'pixel_id' });
}

/** What an ad set of this campaign promotes, by objective. */
async function promotedFor(
  ctx: ToolContext<SocialAdsPort>,
  campaign: { objective: SocialAdsObjective; lead_form_id?: string },
  a: { pixel_id?: string },
  pageId: string | undefined,
): Promise<NewSocialAdsAdSet['promoted_object']> {
  if (campaign.objective === 'OUTCOME_SALES') return { pixel_id: await pixelFor(ctx.platform, a.pixel_id), custom_event_type: 'PURCHASE' };
  if (campaign.objective === 'OUTCOME_LEADS' && pageId) return { page_id: pageId };
  return undefined;
}

/** A campaign that can take a new ad set (not archived), or a 400 naming list_socialads_campaigns. */
async function openCampaign(p: SocialAdsPort, id: string): Promise<SocialAdsCampaign> {
  const campaign = (await p.listCampaigns()).find((c) => c.id === id);
  if (!campaign)
    throw new ToolError(`\`campaign_id\` "${id}" is not a campaign of this ad account. Find ids with list_socialads_campaigns.`, {
      code: 'not_found',
    });
  if (campaign.status === 'ARCHIVED' || campaign.status === 'DELETED')
    throw new ToolError(`Campaign "${campaign.name}" is ${campaign.status}; it takes no new ad sets.`);
  return campaign;
}

const holdsBudget = (c: SocialAdsCampaign | NewSocialAdsCampaign) => c.daily_budget !== undefined || c.lifetime_budget !== undefined;

async function adSetFor(
  ctx: ToolContext<SocialAdsPort>,
  campaign: SocialAdsCampaign | NewSocialAdsCampaign,
  a: TargetingArgs & {
    name: string;
    status: 'ACTIVE' | 'PAUSED';
    optimization_goal?: string;
    daily_budget?: number;
    lifetime_budget?: number;
    start_date?: string;
    end_date?: string;
    bid_strategy?: string;
    bid_amount?: number;
    pixel_id?: string;
  },
  pageId?: string,
) {
  const goal = a.optimization_goal ?? GOALS_BY_OBJECTIVE[campaign.objective][0]!;
  if (!GOALS_BY_OBJECTIVE[campaign.objective].includes(goal))
    throw new ToolError(
      `\`optimization_goal\` ${goal} does not fit ${campaign.objective}; use one of ${GOALS_BY_OBJECTIVE[campaign.objective].join(', ')}.`,
    );
  const onCampaign = holdsBudget(campaign);
  if (onCampaign && (a.daily_budget !== undefined || a.lifetime_budget !== undefined))
    throw new ToolError(
      `Campaign "${campaign.name}" holds the budget (campaign budget): leave the ad set budget out, or change the campaign budget with update_socialads_campaign.`,
    );
  if (!onCampaign && a.daily_budget === undefined && a.lifetime_budget === undefined)
    throw new ToolError(`Campaign "${campaign.name}" has no campaign budget: give the ad set a \`daily_budget\` or \`lifetime_budget\`.`);
  const { targeting, notes } = await buildTargeting(ctx.platform, a);
  const start = startOf(ctx, a.start_date, a.end_date);
  const adSet = JSON.parse(
    JSON.stringify({
      name: a.name,
      status: a.status,
      optimization_goal: goal,
      billing_event: goal === 'THRUPLAY' ? 'THRUPLAY' : 'IMPRESSIONS',
      daily_budget: a.daily_budget,
      lifetime_budget: a.lifetime_budget,
      targeting,
      promoted_object: await promotedFor(ctx, campaign, a, pageId),
      start_date: start,
      end_date: a.end_date,
      bid_strategy: a.bid_strategy,
      bid_amount: a.bid_amount,
    }),
  ) as Omit<NewSocialAdsAdSet, 'campaign_id'>;
  return { adSet, notes };
}

const adSetEntries = {
  name: nameArg('Ad set'),
  optimization_goal: v.optional(
    v.pipe(
      v.picklist(ALL_GOALS),
      v.description(
        'Optimization goal; defaults per objective (TRAFFIC: LANDING_PAGE_VIEWS, SALES: OFFSITE_CONVERSIONS, LEADS: LEAD_GENERATION, AWARENESS: REACH, ENGAGEMENT: THRUPLAY)',
      ),
    ),
  ),
  ...budgetEntries,
  ...bidEntries,
  ...targetingEntries,
  pixel_id: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{6,20}$/, 'must be a numeric pixel id from list_socialads_pixels'),
      v.description('Sales campaigns: the pixel; default the only pixel'),
    ),
  ),
  status: createStatusArg,
};
const adSetRules = [oneBudgetRule, lifetimeRule, datesRule, bidRule, ageRule, audienceOverlapRule];

export const addSocialAdsAdSet = defineSocialAdsCreate({
  name: 'add_socialads_ad_set',
  examples: [{ campaign_id: '<campaign_id from list_socialads_campaigns>', name: 'Example ad set' }],
  description:
    'Adds an ad set to a socialads campaign: optimization goal, budget (unless the campaign holds the budget), bid strategy, schedule, targeting (countries, ages, gender, placements, interests from search_socialads_targeting, custom audiences). Starts PAUSED by default; add ads with add_socialads_ad.',
  args: { campaign_id: idArg('campaign', 'list_socialads_campaigns'), ...adSetEntries },
  rules: adSetRules,
  async build(args, ctx) {
    const campaign = await openCampaign(ctx.platform, args.campaign_id);
    if (campaign.promoted_object?.product_catalog_id)
      throw new ToolError(`Campaign "${campaign.name}" is a catalog campaign: add ad sets with add_socialads_catalog_ad_set.`);
    const { adSet, notes } = await adSetFor(ctx, campaign, args);
    return { summary: `Add ad set "${args.name}" to campaign "${campaign.name}"`, adSet: { ...adSet, campaign_id: campaign.id }, notes };
  },
});

export const addSocialAdsCatalogAdSet = defineSocialAdsCreate({
  name: 'add_socialads_catalog_ad_set',
  examples: [
    {
      campaign_id: '<campaign_id from list_socialads_campaigns>',
      name: 'Example catalog set',
      product_set_id: '<product_set_id from list_socialads_product_sets>',
    },
  ],
  description:
    'Adds an ad set to a catalog (dynamic product ads) campaign: the product set it promotes, the audience (retargeting_days: people who viewed or carted products in the last N days; leave it out for prospecting to a broad audience), budget and targeting. Starts PAUSED by default.',
  args: {
    campaign_id: idArg('campaign', 'list_socialads_campaigns'),
    product_set_id: idArg('product set', 'list_socialads_product_sets'),
    retargeting_days: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(1),
        v.maxValue(180),
        v.description('Retarget people who viewed or carted products in the last N days, 1-180; leave out for prospecting'),
      ),
    ),
    ...adSetEntries,
  },
  rules: adSetRules,
  async build(args, ctx) {
    const campaign = await openCampaign(ctx.platform, args.campaign_id);
    const catalogId = campaign.promoted_object?.product_catalog_id;
    if (!catalogId)
      throw new ToolError(
        `Campaign "${campaign.name}" is not a catalog campaign: use add_socialads_ad_set, or create one with create_socialads_catalog_campaign.`,
      );
    const catalog = await resolveCatalog(ctx.platform, catalogId);
    const set = await resolveProductSet(ctx.platform, catalog, args.product_set_id);
    if (set.product_count === 0) throw new ToolError(`Product set "${set.name}" selects no product.`);
    if (args.retargeting_days && !catalog.pixel_ids.length)
      throw new ToolError(
        `Catalog "${catalog.name}" has no pixel connected, so there is nobody to retarget; leave retargeting_days out (prospecting) or connect a pixel (validate_catalog_readiness).`,
      );
    const { adSet, notes } = await adSetFor(ctx, campaign, args);
    return {
      summary: `Add catalog ad set "${args.name}" to "${campaign.name}"`,
      adSet: {
        ...adSet,
        campaign_id: campaign.id,
        promoted_object: { ...adSet.promoted_object, product_set_id: set.id },
        ...(args.retargeting_days ? { retargeting_days: args.retargeting_days } : {}),
      },
      notes,
    };
  },
});

/** The ad set an ad goes into (not archived), with its campaign. */
async function openAdSet(p: SocialAdsPort, id: string) {
  const adSet = (await p.listAdSets()).find((s) => s.id === id);
  if (!adSet)
    throw new ToolError(`\`ad_set_id\` "${id}" is not an ad set of this ad account. Find ids with list_socialads_ad_sets.`, {
      code: 'not_found',
    });
  if (adSet.status === 'ARCHIVED' || adSet.status === 'DELETED')
    throw new ToolError(`Ad set "${adSet.name}" is ${adSet.status}; it takes no new ads.`);
  return { adSet, campaign: await p.getCampaign(adSet.campaign_id) };
}

const catalogCreativeEntries = {
  catalog_format: v.optional(
    v.pipe(v.picklist(['carousel', 'single_product', 'collection']), v.description('carousel (default), single_product or collection')),
    'carousel',
  ),
  primary_text: v.optional(
    v.pipe(primaryTextSchema, v.description('Primary text; may use {{product.name}}, {{product.price}}')),
    'Still thinking about {{product.name}}?',
  ),
  headline: v.optional(v.pipe(headlineSchema, v.description('Headline template, default {{product.name}}')), '{{product.name}}'),
  call_to_action: v.optional(v.pipe(v.picklist(CALL_TO_ACTIONS), v.description('Call to action, default SHOP_NOW')), 'SHOP_NOW'),
  landing_page_url: v.optional(httpsUrl('Fallback destination (products link to their own pages)')),
};

function catalogCreative(
  args: {
    catalog_format: 'carousel' | 'single_product' | 'collection';
    primary_text: string;
    headline: string;
    call_to_action: string;
    landing_page_url?: string;
  },
  pageId: string,
  profileId: string | undefined,
  productSetId: string,
  site: string,
): Omit<SocialAdsCreative, 'image_hashes'> {
  return JSON.parse(
    JSON.stringify({
      page_id: pageId,
      instagram_account_id: profileId,
      link: args.landing_page_url ?? site,
      call_to_action: args.call_to_action,
      primary_texts: [args.primary_text],
      headlines: [args.headline],
      descriptions: ['{{product.price}}'],
      product_set_id: productSetId,
      catalog_format: args.catalog_format,
      disabled_creative_features: [],
    }),
  ) as Omit<SocialAdsCreative, 'image_hashes'>;
}

export const addSocialAdsCatalogAd = defineSocialAdsCreate({
  name: 'add_socialads_catalog_ad',
  examples: [
    { ad_set_id: '<ad_set_id from list_socialads_ad_sets>', name: 'Example catalog ad', page_id: '<page_id from list_socialads_pages>' },
  ],
  description:
    "Adds a catalog ad (carousel, single product or collection showing products of a product set; default the ad set's product set) to an ad set of a catalog campaign. Starts PAUSED by default; reviewed before it delivers.",
  args: {
    ad_set_id: idArg('ad set', 'list_socialads_ad_sets'),
    name: nameArg('Ad'),
    product_set_id: v.optional(idArg('product set', 'list_socialads_product_sets')),
    ...catalogCreativeEntries,
    ...pageArgs,
    status: createStatusArg,
  },
  async build(args, ctx) {
    const { adSet, campaign } = await openAdSet(ctx.platform, args.ad_set_id);
    const catalogId = campaign.promoted_object?.product_catalog_id;
    if (!catalogId) throw new ToolError(`Ad set "${adSet.name}" is not in a catalog campaign: use add_socialads_ad.`);
    const catalog = await resolveCatalog(ctx.platform, catalogId);
    const setId = args.product_set_id ?? adSet.promoted_object?.product_set_id;
    if (!setId) throw new ToolError('Give `product_set_id` (the ad set promotes none). See list_socialads_product_sets.');
    const set = await resolveProductSet(ctx.platform, catalog, setId);
    const { page, profile } = await pageAndProfile(ctx, args.page_id, args.profile_id);
    const sample = (await ctx.platform.listProducts(catalog.id))[0];
    const site = sample ? new URL(sample.url).origin : 'https://example.com';
    return {
      summary: `Add catalog ad "${args.name}" (${args.catalog_format}, product set "${set.name}") to ad set "${adSet.name}"`,
      ad: {
        ad_set_id: adSet.id,
        campaign_id: campaign.id,
        name: args.name,
        ad_type: 'catalog',
        status: args.status,
        creative: catalogCreative(args, page.id, profile?.id, set.id, site),
        images: [],
      },
      notes: [],
    };
  },
});

const campaignEntries = {
  campaign_name: nameArg('Campaign'),
  objective: v.optional(
    v.pipe(
      v.picklist(SOCIALADS_OBJECTIVES.filter((o) => o !== 'OUTCOME_APP_PROMOTION')),
      v.description('Objective, default OUTCOME_TRAFFIC (app promotion: create_socialads_video_campaign)'),
    ),
    'OUTCOME_TRAFFIC',
  ),
  ad_set_name: v.optional(nameArg('Ad set')),
  ad_name: v.optional(nameArg('Ad')),
  optimization_goal: adSetEntries.optimization_goal,
  ...budgetEntries,
  ...bidEntries,
  ...targetingEntries,
  pixel_id: adSetEntries.pixel_id,
  lead_form_id: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{6,20}$/, 'must be a numeric lead form id from list_socialads_lead_forms'),
      v.description('OUTCOME_LEADS: the instant form (list_socialads_lead_forms)'),
    ),
  ),
  landing_page_url: httpsUrl('Destination (HTTPS)'),
  ...copyEntries,
  ...pageArgs,
  status: createStatusArg,
};
const campaignRules = [
  (a: { daily_budget?: number; lifetime_budget?: number }) =>
    a.daily_budget === undefined && a.lifetime_budget === undefined ? 'one of `daily_budget` or `lifetime_budget` is required' : undefined,
  oneBudgetRule,
  lifetimeRule,
  datesRule,
  bidRule,
  ageRule,
  audienceOverlapRule,
  (a: { objective: string; lead_form_id?: string }) =>
    a.objective === 'OUTCOME_LEADS' && !a.lead_form_id
      ? '`lead_form_id` is required for OUTCOME_LEADS (list_socialads_lead_forms)'
      : a.objective !== 'OUTCOME_LEADS' && a.lead_form_id
        ? '`lead_form_id` only applies to OUTCOME_LEADS'
        : undefined,
  (a: { objective: string; pixel_id?: string }) =>
    a.pixel_id && a.objective !== 'OUTCOME_SALES' ? '`pixel_id` only applies to OUTCOME_SALES' : undefined,
];

type CampaignArgs = {
  campaign_name: string;
  objective: Exclude<SocialAdsObjective, 'OUTCOME_APP_PROMOTION'>;
  ad_set_name?: string;
  ad_name?: string;
  optimization_goal?: string;
  daily_budget?: number;
  lifetime_budget?: number;
  start_date?: string;
  end_date?: string;
  bid_strategy?: string;
  bid_amount?: number;
  pixel_id?: string;
  lead_form_id?: string;
  landing_page_url: string;
  primary_text: string;
  headline?: string;
  description?: string;
  call_to_action?: string;
  page_id?: string;
  profile_id?: string;
  status: 'ACTIVE' | 'PAUSED';
} & TargetingArgs;

/** Campaign → ad set (holding the budget) → ad, for the image and carousel campaigns. */
async function campaignChain(
  ctx: ToolContext<SocialAdsPort>,
  a: CampaignArgs,
  format: 'image' | 'carousel',
  images: ImageRef[],
  cards: SocialAdsCreative['cards'],
  cardImages: ImageRef[],
): Promise<Chain> {
  const { page, profile } = await pageAndProfile(ctx, a.page_id, a.profile_id);
  if (a.lead_form_id) {
    const form = (await ctx.platform.listLeadForms()).find((f) => f.id === a.lead_form_id);
    if (!form || form.status !== 'ACTIVE')
      throw new ToolError(`\`lead_form_id\` ${a.lead_form_id} is not an active lead form of this account. See list_socialads_lead_forms.`);
  }
  const start = startOf(ctx, a.start_date, a.end_date);
  const campaign = JSON.parse(
    JSON.stringify({
      name: a.campaign_name,
      objective: a.objective,
      status: a.status,
      buying_type: 'AUCTION',
      special_ad_categories: [],
      start_date: start,
      end_date: a.end_date,
      lead_form_id: a.lead_form_id,
    }),
  ) as NewSocialAdsCampaign;
  const { adSet, notes } = await adSetFor(ctx, campaign, { ...a, name: a.ad_set_name ?? `${a.campaign_name} - Ad set` }, page.id);
  const cta =
    a.call_to_action ?? (a.objective === 'OUTCOME_SALES' ? 'SHOP_NOW' : a.objective === 'OUTCOME_LEADS' ? 'SIGN_UP' : 'LEARN_MORE');
  const creative = JSON.parse(
    JSON.stringify({
      page_id: page.id,
      instagram_account_id: profile?.id,
      link: a.landing_page_url,
      call_to_action: cta,
      primary_texts: [a.primary_text],
      headlines: a.headline ? [a.headline] : [],
      descriptions: a.description ? [a.description] : [],
      cards,
      lead_form_id: a.lead_form_id,
      disabled_creative_features: [],
    }),
  ) as Omit<SocialAdsCreative, 'image_hashes'>;
  return {
    summary: `Create ${format} campaign "${a.campaign_name}" (${a.objective})`,
    campaign,
    adSet,
    ad: {
      name: a.ad_name ?? `${a.campaign_name} - ${format}`,
      ad_type: format,
      status: a.status,
      creative,
      images,
      card_images: cardImages,
    },
    notes,
  };
}

export const createSocialAdsImageCampaign = defineSocialAdsCreate({
  name: 'create_socialads_image_campaign',
  examples: [
    {
      campaign_name: 'Example image',
      daily_budget: 20,
      landing_page_url: 'https://www.example.com/trail',
      primary_text: 'Gear that goes further',
      existing_image_hash: '<existing_image_hash from discover_socialads_assets>',
      page_id: '<page_id from list_socialads_pages>',
    },
  ],
  description:
    'Creates a complete socialads single-image campaign in one call: the campaign (objective), one ad set (budget, targeting, placements, goal) and one image ad (image_url or existing_image_hash, copy, call to action, page). Starts PAUSED by default; each step is checkpointed so a retry resumes without duplicates.',
  args: {
    ...campaignEntries,
    image_url: v.optional(webUrl('Public URL of the image (1080x1080 or 1200x628 recommended); uploaded to the account')),
    existing_image_hash: v.optional(imageHash('Hash of an image already in the account (discover_socialads_assets)')),
  },
  rules: [
    ...campaignRules,
    (a) =>
      (a.image_url === undefined) === (a.existing_image_hash === undefined)
        ? 'give exactly one of `image_url` or `existing_image_hash`'
        : undefined,
  ],
  async build(args, ctx) {
    return campaignChain(
      ctx,
      args,
      'image',
      [await imageRef(ctx, args.existing_image_hash, args.image_url, 'existing_image_hash')],
      undefined,
      [],
    );
  },
});

const cardEntry = v.strictObject({
  headline: v.pipe(v.string(), v.trim(), v.minLength(1, 'is required on every card'), v.maxLength(255), v.description('Card headline')),
  image_url: v.optional(webUrl('Card image URL; uploaded')),
  existing_image_hash: v.optional(imageHash('Card image hash (discover_socialads_assets)')),
  landing_page_url: v.optional(httpsUrl('Card destination; default the campaign landing_page_url')),
  description: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(20, 'must be at most 20 characters'), v.description('Card description, max 20 characters')),
  ),
});

export const createSocialAdsCarouselCampaign = defineSocialAdsCreate({
  name: 'create_socialads_carousel_campaign',
  examples: [
    {
      campaign_name: 'Example carousel',
      daily_budget: 20,
      landing_page_url: 'https://www.example.com/trail',
      primary_text: 'Gear that goes further',
      cards: [
        { headline: 'A', existing_image_hash: '<existing_image_hash from discover_socialads_assets>' },
        { headline: 'B', existing_image_hash: '<existing_image_hash from discover_socialads_assets>' },
      ],
      page_id: '<page_id from list_socialads_pages>',
    },
  ],
  description:
    'Creates a complete socialads carousel campaign: the campaign, one ad set (budget, targeting) and one carousel ad of 2-10 cards (each a headline and an image by URL or hash, optional link and description). Starts PAUSED by default; each step is checkpointed.',
  args: {
    ...campaignEntries,
    cards: v.pipe(v.array(cardEntry), v.minLength(2, 'needs 2-10 cards'), v.maxLength(10, 'needs 2-10 cards'), v.description('2-10 cards')),
  },
  rules: [
    ...campaignRules,
    (a) =>
      a.cards
        .map((c, i) =>
          (c.image_url === undefined) === (c.existing_image_hash === undefined)
            ? `\`cards[${i}]\` needs exactly one of \`image_url\` or \`existing_image_hash\``
            : undefined,
        )
        .find(Boolean),
  ],
  async build(args, ctx) {
    const cardImages: ImageRef[] = [];
    for (const [i, c] of args.cards.entries())
      cardImages.push(await imageRef(ctx, c.existing_image_hash, c.image_url, `cards[${i}].existing_image_hash`));
    const cards = args.cards.map(
      (c) =>
        JSON.parse(
          JSON.stringify({
            headline: c.headline,
            image_hash: '',
            link: c.landing_page_url ?? args.landing_page_url,
            description: c.description,
            call_to_action: args.call_to_action ?? 'LEARN_MORE',
          }),
        ) as SocialAdsCarouselCard,
    );
    return campaignChain(ctx, args, 'carousel', [], cards, cardImages);
  },
});

export const createSocialAdsCatalogCampaign = defineSocialAdsCreate({
  name: 'create_socialads_catalog_campaign',
  examples: [
    {
      campaign_name: 'Example catalog',
      product_set_id: '<product_set_id from list_socialads_product_sets>',
      daily_budget: 30,
      page_id: '<page_id from list_socialads_pages>',
    },
  ],
  description:
    "Creates a catalog (dynamic product ads) campaign on a product catalog: the campaign with a campaign budget (OUTCOME_SALES, optimizing purchases on the catalog's pixel), one ad set for a product set (retargeting_days for people who viewed or carted products, or prospecting) and one catalog ad. Starts PAUSED by default; check readiness first with validate_catalog_readiness.",
  args: {
    campaign_name: nameArg('Campaign'),
    catalog_id: v.optional(idArg('catalog', 'list_socialads_catalogs')),
    product_set_id: idArg('product set', 'list_socialads_product_sets'),
    retargeting_days: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(1),
        v.maxValue(180),
        v.description('Retarget people who viewed or carted products in the last N days; leave out for prospecting'),
      ),
    ),
    daily_budget: v.pipe(
      v.number(),
      v.minValue(MIN_DAILY_BUDGET, `must be at least ${MIN_DAILY_BUDGET}`),
      v.maxValue(1_000_000),
      v.description('Campaign daily budget in account currency'),
    ),
    start_date: budgetEntries.start_date,
    end_date: budgetEntries.end_date,
    ...targetingEntries,
    ...catalogCreativeEntries,
    ...pageArgs,
    status: createStatusArg,
  },
  rules: [datesRule, ageRule, audienceOverlapRule],
  async build(args, ctx) {
    const catalog = await resolveCatalog(ctx.platform, args.catalog_id);
    const set = await resolveProductSet(ctx.platform, catalog, args.product_set_id);
    if (set.product_count === 0) throw new ToolError(`Product set "${set.name}" selects no product.`);
    if (!catalog.pixel_ids.length)
      throw new ToolError(
        `Catalog "${catalog.name}" has no pixel connected: a catalog campaign optimizes purchases on it. Check validate_catalog_readiness.`,
      );
    const notes: string[] = [];
    if (args.retargeting_days) {
      const pixel = (await ctx.platform.listPixels()).find((p) => catalog.pixel_ids.includes(p.id));
      if (!pixel?.event_counts_7d?.ViewContent)
        notes.push('The pixel sent no product views in 7 days: the retargeting audience may be empty (validate_catalog_readiness).');
    }
    const start = startOf(ctx, args.start_date, args.end_date);
    const { page, profile } = await pageAndProfile(ctx, args.page_id, args.profile_id);
    const campaign = JSON.parse(
      JSON.stringify({
        name: args.campaign_name,
        objective: 'OUTCOME_SALES',
        status: args.status,
        buying_type: 'AUCTION',
        special_ad_categories: [],
        daily_budget: args.daily_budget,
        start_date: start,
        end_date: args.end_date,
        promoted_object: { product_catalog_id: catalog.id },
      }),
    ) as NewSocialAdsCampaign;
    const { targeting, notes: tNotes } = await buildTargeting(ctx.platform, args);
    const adSet = JSON.parse(
      JSON.stringify({
        name: `${args.campaign_name} - ${args.retargeting_days ? `Retargeting ${args.retargeting_days}d` : 'Prospecting'}`,
        status: args.status,
        optimization_goal: 'OFFSITE_CONVERSIONS',
        billing_event: 'IMPRESSIONS',
        targeting,
        promoted_object: { pixel_id: catalog.pixel_ids[0], custom_event_type: 'PURCHASE', product_set_id: set.id },
        retargeting_days: args.retargeting_days,
        start_date: start,
        end_date: args.end_date,
      }),
    ) as Omit<NewSocialAdsAdSet, 'campaign_id'>;
    const sample = (await ctx.platform.listProducts(catalog.id))[0];
    return {
      summary: `Create catalog campaign "${args.campaign_name}" on "${catalog.name}" (product set "${set.name}")`,
      campaign,
      adSet,
      ad: {
        name: `${args.campaign_name} - ${args.catalog_format}`,
        ad_type: 'catalog',
        status: args.status,
        creative: catalogCreative(args, page.id, profile?.id, set.id, sample ? new URL(sample.url).origin : 'https://example.com'),
        images: [],
      },
      notes: [...notes, ...tNotes],
    };
  },
});

export const createSocialAdsDcoAd = defineSocialAdsCreate({
  name: 'create_socialads_dco_ad',
  examples: [
    {
      ad_set_id: '<ad_set_id from list_socialads_ad_sets>',
      name: 'Example DCO',
      existing_image_hashes: [
        '<existing_image_hash from discover_socialads_assets>',
        '<existing_image_hash from discover_socialads_assets>',
      ],
      primary_texts: ['One', 'Two'],
      landing_page_url: 'https://www.example.com/trail',
      page_id: '<page_id from list_socialads_pages>',
    },
  ],
  description:
    'Creates a socialads dynamic-creative ad in an existing ad set: 2-10 images (URLs or hashes), 2-5 primary texts, up to 5 headlines and descriptions; the platform mixes them into the best combinations. Starts PAUSED by default; compare the result with analyze_socialads_ad_performance.',
  args: {
    ad_set_id: idArg('ad set', 'list_socialads_ad_sets'),
    name: nameArg('Ad'),
    image_urls: v.optional(v.pipe(v.array(webUrl('Image URL')), v.maxLength(10), v.description('Images to upload'))),
    existing_image_hashes: v.optional(
      v.pipe(v.array(imageHash('Image hash')), v.maxLength(10), v.description('Images already in the account (discover_socialads_assets)')),
    ),
    primary_texts: v.pipe(
      v.array(primaryTextSchema),
      v.minLength(2, 'needs 2-5 texts'),
      v.maxLength(5, 'needs 2-5 texts'),
      v.description('2-5 primary texts'),
    ),
    headlines: v.optional(
      v.pipe(v.array(headlineSchema), v.minLength(1), v.maxLength(5, 'at most 5 headlines'), v.description('1-5 headlines')),
    ),
    descriptions: v.optional(
      v.pipe(v.array(descriptionSchema), v.maxLength(5, 'at most 5 descriptions'), v.description('Up to 5 descriptions')),
    ),
    landing_page_url: httpsUrl('Destination (HTTPS)'),
    call_to_action: v.optional(v.pipe(v.picklist(CALL_TO_ACTIONS), v.description('Call to action, default LEARN_MORE')), 'LEARN_MORE'),
    ...pageArgs,
    status: createStatusArg,
  },
  rules: [
    (a) => {
      const n = (a.image_urls?.length ?? 0) + (a.existing_image_hashes?.length ?? 0);
      return n < 2 || n > 10
        ? `a dynamic-creative ad needs 2-10 images in \`image_urls\` and \`existing_image_hashes\` together (got ${n})`
        : undefined;
    },
  ],
  async build(args, ctx) {
    const { adSet, campaign } = await openAdSet(ctx.platform, args.ad_set_id);
    if (campaign.promoted_object?.product_catalog_id)
      throw new ToolError(`Ad set "${adSet.name}" is in a catalog campaign: use add_socialads_catalog_ad.`);
    const ads = (await ctx.platform.listAds()).filter((a) => a.ad_set_id === adSet.id && a.status !== 'ARCHIVED');
    const notes = ads.some((a) => !a.creative.dynamic_creative)
      ? [
          `Ad set "${adSet.name}" also runs ${ads.length} regular ad(s): the platform splits delivery between them; judge them with analyze_socialads_ad_performance.`,
        ]
      : [];
    const images: ImageRef[] = [];
    for (const [i, h] of (args.existing_image_hashes ?? []).entries())
      images.push(await imageRef(ctx, h, undefined, `existing_image_hashes[${i}]`));
    for (const url of args.image_urls ?? []) images.push({ url });
    const { page, profile } = await pageAndProfile(ctx, args.page_id, args.profile_id);
    const creative = JSON.parse(
      JSON.stringify({
        page_id: page.id,
        instagram_account_id: profile?.id,
        link: args.landing_page_url,
        call_to_action: args.call_to_action,
        primary_texts: args.primary_texts,
        headlines: args.headlines ?? [],
        descriptions: args.descriptions ?? [],
        dynamic_creative: true,
        lead_form_id: campaign.lead_form_id,
        disabled_creative_features: [],
      }),
    ) as Omit<SocialAdsCreative, 'image_hashes'>;
    return {
      summary: `Add dynamic-creative ad "${args.name}" (${images.length} images, ${args.primary_texts.length} texts) to ad set "${adSet.name}"`,
      ad: { ad_set_id: adSet.id, campaign_id: campaign.id, name: args.name, ad_type: 'image', status: args.status, creative, images },
      notes,
    };
  },
});
