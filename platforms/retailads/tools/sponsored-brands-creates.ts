/**
 * Sponsored Brands creatives (the arguments and each ad type's rules) and create_retailads_sb_campaign:
 * a campaign with its ad group and first ad, checkpointed step by step; the ad goes to moderation.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { dateArgument } from '../../../core/arguments';
import { isoDate } from '../../../core/dates';
import { defineRetailAdsTool } from '../define';
import { bidSchema, pausedState } from '../families';
import type {
  RetailAdsAsset,
  RetailAdsCampaign,
  RetailAdsMatchType,
  RetailAdsProductAd,
  RetailAdsSbAdType,
  RetailAdsSbCreativeContent,
} from '../port';
import {
  asinSchema,
  budgetSchema,
  type Catalog,
  catalogOf,
  createChange,
  createdOutput,
  dateRules,
  nameSchema,
  productAdOf,
  stateArg,
} from './create-helpers';

const headlineSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(50, 'must be at most 50 characters'),
  v.description('Headline, at most 50 characters'),
);
const assetId = (what: string) =>
  v.pipe(v.string(), v.trim(), v.minLength(1), v.description(`${what} asset id (search_retailads_assets, upload_retailads_asset)`));
export const creativeArgs = {
  headline: v.optional(headlineSchema),
  brand_logo_asset_id: v.optional(assetId('Brand logo (LOGO)')),
  custom_image_asset_id: v.optional(assetId('Custom image (IMAGE)')),
  video_asset_id: v.optional(assetId('Video (VIDEO, MP4)')),
  asins: v.optional(v.pipe(v.array(asinSchema), v.minLength(1), v.maxLength(10), v.description('Products shown, ASINs of the catalog'))),
  landing_page_url: v.optional(
    v.pipe(
      v.string(),
      v.url('must be a URL'),
      v.startsWith('https://', 'must be an https URL'),
      v.description('Store page or landing page (https)'),
    ),
  ),
};
export type CreativeArgs = {
  headline?: string;
  brand_logo_asset_id?: string;
  custom_image_asset_id?: string;
  video_asset_id?: string;
  asins?: string[];
  landing_page_url?: string;
};

/** What each ad type needs: the platform's creative rules. */
const NEEDS: Record<
  RetailAdsSbAdType,
  { headline: boolean; logo: boolean; video: boolean; minAsins: number; maxAsins: number; landing?: boolean }
> = {
  productCollection: { headline: true, logo: true, video: false, minAsins: 3, maxAsins: 10 },
  storeSpotlight: { headline: true, logo: true, video: false, minAsins: 3, maxAsins: 10, landing: true },
  video: { headline: false, logo: false, video: true, minAsins: 1, maxAsins: 1 },
  brandVideo: { headline: true, logo: true, video: true, minAsins: 1, maxAsins: 3 },
  autoCollection: { headline: true, logo: true, video: false, minAsins: 0, maxAsins: 10 },
  manual: { headline: true, logo: true, video: false, minAsins: 1, maxAsins: 10 },
};

/** Checks a creative for its ad type (headline, logo, products, video; assets of the right type, products in the catalog). */
export function checkCreative(adType: RetailAdsSbAdType, c: CreativeArgs, catalog: Catalog, brandName: string): RetailAdsSbCreativeContent {
  const need = NEEDS[adType];
  const problems: string[] = [];
  if (need.headline && !c.headline) problems.push(`a ${adType} ad needs a \`headline\``);
  if (need.logo && !c.brand_logo_asset_id) problems.push(`a ${adType} ad needs a \`brand_logo_asset_id\``);
  if (need.video && !c.video_asset_id) problems.push(`a ${adType} ad needs a \`video_asset_id\` (an MP4 video asset)`);
  if (!need.video && c.video_asset_id) problems.push(`a ${adType} ad shows no video; leave out \`video_asset_id\``);
  if (need.landing && !c.landing_page_url) problems.push(`a ${adType} ad needs the store page as \`landing_page_url\``);
  const asins = [...new Set(c.asins ?? [])];
  if (asins.length < need.minAsins)
    problems.push(`a ${adType} ad needs at least ${need.minAsins} product(s) in \`asins\` (got ${asins.length})`);
  if (asins.length > need.maxAsins) problems.push(`a ${adType} ad shows at most ${need.maxAsins} product(s) (got ${asins.length})`);
  for (const asin of asins) if (!catalog.catalog.has(asin)) problems.push(`ASIN ${asin} is not in this profile's catalog`);
  const assetProblem = (id: string | undefined, type: RetailAdsAsset['asset_type'], field: string) => {
    if (!id) return;
    const asset = catalog.assets.get(id);
    if (!asset)
      problems.push(`\`${field}\` ${id} is not in the asset library (search_retailads_assets; upload with upload_retailads_asset)`);
    else if (asset.asset_type !== type) problems.push(`\`${field}\` ${id} is a ${asset.asset_type} asset, not a ${type}`);
  };
  assetProblem(c.brand_logo_asset_id, 'LOGO', 'brand_logo_asset_id');
  assetProblem(c.custom_image_asset_id, 'IMAGE', 'custom_image_asset_id');
  assetProblem(c.video_asset_id, 'VIDEO', 'video_asset_id');
  if (problems.length) throw new ToolError(`The creative is not valid:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  return {
    brand_name: brandName,
    headline: c.headline,
    brand_logo_asset_id: c.brand_logo_asset_id,
    custom_image_asset_id: c.custom_image_asset_id,
    video_asset_id: c.video_asset_id,
    asins,
    landing_page_url: c.landing_page_url,
  };
}

export const moderationNote =
  'The creative goes through moderation (IN_PROGRESS, then APPROVED, REJECTED or FAILED; minutes to up to 72 hours); the ad serves only once a version is APPROVED. Follow it with get_retailads_moderation.';

interface SbPlanData {
  campaign: Omit<RetailAdsCampaign, 'id'>;
  adGroupName: string;
  adName: string;
  adType: RetailAdsSbAdType;
  creative: RetailAdsSbCreativeContent;
  products: RetailAdsProductAd[];
  keywords: { keyword_text: string; match_type: RetailAdsMatchType; bid: number }[];
}

export const createRetailAdsSbCampaign = defineRetailAdsTool({
  name: 'create_retailads_sb_campaign',
  description:
    'Creates a Sponsored Brands campaign in one call: campaign, ad group, the ad with its creative (productCollection: brand logo, headline of at most 50 characters and at least 3 products; video: an MP4 video asset and 1 product) and keywords (lowercase match types broad|phrase|exact). ' +
    'The creative goes through moderation before it can serve. The campaign starts PAUSED unless state ENABLED is given; a retry with the same arguments resumes without duplicates.',
  access: 'write',
  examples: [
    {
      name: 'Example SB',
      daily_budget: 20,
      headline: 'Packs for every trail',
      brand_logo_asset_id: '<brand_logo_asset_id from search_retailads_assets>',
      asins: ['<asin from list_retailads_product_ads>', '<asin from list_retailads_product_ads>', '<asin from list_retailads_product_ads>'],
    },
  ],
  args: {
    name: nameSchema('Campaign name'),
    daily_budget: budgetSchema,
    start_date: v.optional(dateArgument('First day, YYYY-MM-DD, today or later; default today')),
    end_date: v.optional(dateArgument('Last day, YYYY-MM-DD; default none')),
    state: stateArg,
    brand_entity_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1),
        v.description("Brand entity id from list_retailads_brands; default the profile's brand"),
      ),
    ),
    ad_format: v.optional(
      v.pipe(v.picklist(['productCollection', 'video']), v.description('productCollection (default) or video')),
      'productCollection',
    ),
    ad_name: v.optional(nameSchema('Ad name')),
    ...creativeArgs,
    keywords: v.optional(
      v.pipe(
        v.array(
          v.strictObject({
            keywordText: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(80)),
            matchType: v.picklist(['broad', 'phrase', 'exact'], 'must be broad, phrase or exact (lowercase)'),
            bid: bidSchema,
          }),
        ),
        v.maxLength(1000),
        v.description('Keywords {keywordText, matchType broad|phrase|exact, bid}'),
      ),
    ),
  },
  rules: [dateRules],
  output: createdOutput,
  async plan(args, ctx) {
    const [catalog, brands] = await Promise.all([catalogOf(ctx), ctx.platform.listBrands()]);
    const brand = args.brand_entity_id ? brands.find((b) => b.brand_entity_id === args.brand_entity_id) : brands[0];
    if (!brand)
      throw new ToolError(`Brand entity ${args.brand_entity_id} is not a brand of this profile. List brands with list_retailads_brands.`);
    const creative = checkCreative(args.ad_format, args, catalog, brand.brand_registry_name);
    const products = creative.asins.map((a) => catalog.catalog.get(a)!);
    const state = pausedState(args.state, ctx, 'PAUSED') as 'PAUSED';
    const keywords = (args.keywords ?? []).map((k) => ({
      keyword_text: k.keywordText,
      match_type: k.matchType.toUpperCase() as RetailAdsMatchType,
      bid: k.bid,
    }));
    const paused = state === 'PAUSED';
    const campaign: Omit<RetailAdsCampaign, 'id'> = {
      name: args.name,
      ad_product: 'SPONSORED_BRANDS',
      state,
      daily_budget: args.daily_budget,
      start_date: args.start_date ?? isoDate(ctx.now),
      end_date: args.end_date,
      brand_entity_id: brand.brand_entity_id,
    };
    const adName = args.ad_name ?? `${args.name} ad`;
    return {
      summary: `Create Sponsored Brands campaign "${args.name}" (${state}) with a ${args.ad_format} ad and ${keywords.length} keyword(s)`,
      changes: [
        createChange(
          'campaign',
          args.name,
          {
            state,
            daily_budget: args.daily_budget,
            start_date: campaign.start_date,
            end_date: args.end_date,
            brand: brand.brand_registry_name,
          },
          paused,
        ),
        createChange('ad_group', `${args.name} - Ad group`, { state: 'ENABLED' }, paused),
        createChange(
          'sb_ad',
          adName,
          {
            ad_type: args.ad_format,
            headline: creative.headline,
            asins: creative.asins,
            video_asset_id: creative.video_asset_id,
            brand_logo_asset_id: creative.brand_logo_asset_id,
            moderation: 'IN_PROGRESS',
          },
          true,
        ),
        ...keywords.map((k) =>
          createChange('sb_keyword', `${k.keyword_text} (${k.match_type.toLowerCase()})`, { bid: k.bid, state: 'enabled' }, paused),
        ),
      ],
      budgets: [{ entity: 'campaign', name: args.name, after: args.daily_budget, currency: ctx.account.currency }],
      notes: [
        moderationNote,
        ...(paused ? ['The campaign starts PAUSED: enable it with resume_retailads_campaigns once the creative is APPROVED.'] : []),
      ],
      data: {
        campaign,
        adGroupName: `${args.name} - Ad group`,
        adName,
        adType: args.ad_format,
        creative,
        products,
        keywords,
      } as SbPlanData,
    };
  },
  async apply(plan, _args, ctx) {
    const d = plan.data;
    const [campaign] = await ctx.step('campaign', () => ctx.platform.createEntities('campaign', [d.campaign], ctx.now));
    const [adGroup] = await ctx.step('ad_group', () =>
      ctx.platform.createEntities(
        'ad_group',
        [
          {
            campaign_id: campaign!.id,
            ad_product: 'SPONSORED_BRANDS',
            name: d.adGroupName,
            default_bid: d.keywords[0]?.bid ?? 1,
            state: 'ENABLED',
          },
        ],
        ctx.now,
      ),
    );
    // The products the ad shows are its ad group's product ads (what the delivery model counts).
    await ctx.step('product_ads', () =>
      ctx.platform.createProductAds(
        d.products.map((p) => productAdOf(p, campaign!, adGroup!.id)),
        ctx.now,
      ),
    );
    const [ad] = await ctx.step('sb_ad', () =>
      ctx.platform.createEntities(
        'sb_ad',
        [
          {
            campaign_id: campaign!.id,
            ad_group_id: adGroup!.id,
            name: d.adName,
            ad_type: d.adType,
            state: 'ENABLED',
            creatives: [{ ...d.creative, version: 1, submitted_at: ctx.now.toISOString() }],
          },
        ],
        ctx.now,
      ),
    );
    const keywords = d.keywords.length
      ? await ctx.step('keywords', () =>
          ctx.platform.createEntities(
            'keyword',
            d.keywords.map((k) => ({
              campaign_id: campaign!.id,
              ad_group_id: adGroup!.id,
              ad_product: 'SPONSORED_BRANDS' as const,
              ...k,
              state: 'enabled' as const,
            })),
            ctx.now,
          ),
        )
      : [];
    return {
      text: [
        `## Sponsored Brands campaign "${campaign!.name}" created (${campaign!.state})`,
        '',
        `Campaign ${campaign!.id}, ad group ${adGroup!.id}, ${d.adType} ad ${ad!.id} (creative version 1: IN_PROGRESS), ${keywords.length} keyword(s).`,
        '',
        moderationNote,
      ].join('\n'),
      structured: {
        profile_id: ctx.account.account_id,
        campaign_id: campaign!.id,
        ad_group_id: adGroup!.id,
        state: campaign!.state,
        created: { campaigns: 1, ad_groups: 1, sb_ads: 1, keywords: keywords.length },
        ad_id: ad!.id,
        moderation: 'IN_PROGRESS',
      },
    };
  },
});
