/**
 * Sponsored Brands ads after the campaign: create_retailads_sb_ad, update_retailads_sb_creative (a new
 * creative version, moderated) and get_retailads_moderation.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable } from '../../../core/markdown';
import { defineRetailAdsTool } from '../define';
import { isArchived, SB_AD_TYPES } from '../port';
import { idSchema, loadLookups, parentProblem, pausedState } from '../families';
import { catalogOf, createChange, nameSchema, stateArg } from './create-helpers';
import { checkCreative, creativeArgs, type CreativeArgs, moderationNote } from './sponsored-brands-creates';

export const createRetailAdsSbAd = defineRetailAdsTool({
  name: 'create_retailads_sb_ad',
  description:
    'Creates a Sponsored Brands ad in an SB ad group: ad_type productCollection (logo, headline, 3+ products), video (MP4 video, 1 product), brandVideo (video, logo, headline, 1-3 products), storeSpotlight (logo, headline, 3+ products, store page), autoCollection (logo, headline) or manual (logo, headline, products). ' +
    'Its creative goes through moderation (get_retailads_moderation); it starts PAUSED unless state ENABLED is given.',
  access: 'write',
  examples: [
    {
      campaign_id: '<campaign_id from list_retailads_campaigns>',
      ad_group_id: '<ad_group_id from list_retailads_sb_ad_groups>',
      name: 'Example SB ad',
      ad_type: 'video',
      video_asset_id: '<video_asset_id from search_retailads_assets>',
      asins: ['<asin from list_retailads_product_ads>'],
    },
  ],
  args: {
    campaign_id: idSchema('campaign'),
    ad_group_id: idSchema('ad group'),
    name: nameSchema('Ad name'),
    ad_type: v.pipe(v.picklist(SB_AD_TYPES), v.description(SB_AD_TYPES.join(', '))),
    state: stateArg,
    ...creativeArgs,
  },
  output: v.object({ profile_id: v.string(), ad_id: v.string(), state: v.string(), moderation: v.string() }),
  async plan(args, ctx) {
    const [lookups, catalog, brands] = await Promise.all([loadLookups(ctx.platform), catalogOf(ctx), ctx.platform.listBrands()]);
    const problem = parentProblem({ campaignId: args.campaign_id, adGroupId: args.ad_group_id }, lookups, ['SPONSORED_BRANDS']);
    if (problem) throw new ToolError(`The ad cannot be created: ${problem}. List SB ad groups with list_retailads_sb_ad_groups.`);
    const creative = checkCreative(args.ad_type, args, catalog, brands[0]?.brand_registry_name ?? '');
    const state = pausedState(args.state, ctx, 'PAUSED');
    return {
      summary: `Create ${args.ad_type} ad "${args.name}" in ad group ${args.ad_group_id} (${state})`,
      changes: [
        createChange(
          'sb_ad',
          args.name,
          { ad_type: args.ad_type, state, headline: creative.headline, asins: creative.asins, moderation: 'IN_PROGRESS' },
          state === 'PAUSED',
        ),
      ],
      notes: [moderationNote],
      data: {
        ad: {
          campaign_id: args.campaign_id,
          ad_group_id: args.ad_group_id,
          name: args.name,
          ad_type: args.ad_type,
          state: state as 'PAUSED',
          creatives: [{ ...creative, version: 1, submitted_at: '' }],
        },
      },
    };
  },
  async apply(plan, _args, ctx) {
    const ad = plan.data.ad;
    const [created] = await ctx.step('sb_ad', () =>
      ctx.platform.createEntities(
        'sb_ad',
        [{ ...ad, creatives: ad.creatives.map((c) => ({ ...c, submitted_at: ctx.now.toISOString() })) }],
        ctx.now,
      ),
    );
    return {
      text: [
        `## Sponsored Brands ad "${created!.name}" created (${created!.state})`,
        '',
        `Ad ${created!.id}, ${created!.ad_type}; creative version 1 is IN_PROGRESS.`,
        '',
        moderationNote,
        created!.state === 'PAUSED' ? 'Enable it with update_retailads_sb_ads (state ENABLED).' : '',
      ].join('\n'),
      structured: { profile_id: ctx.account.account_id, ad_id: created!.id, state: created!.state, moderation: 'IN_PROGRESS' },
    };
  },
});

export const updateRetailAdsSbCreative = defineRetailAdsTool({
  name: 'update_retailads_sb_creative',
  description:
    "Submits a new creative version of a Sponsored Brands ad (headline, logo, custom image, video, products, landing page; the ad type's rules apply). The new version goes through moderation; the last APPROVED version keeps serving until it is approved, and a REJECTED or FAILED version never serves. Follow it with get_retailads_moderation.",
  access: 'write',
  examples: [{ ad_id: '<ad_id from list_retailads_sb_ads>', headline: 'Packs for every trail' }],
  args: { ad_id: idSchema('Sponsored Brands ad'), ...creativeArgs },
  rules: [
    (a) =>
      Object.keys(creativeArgs).some((k) => (a as Record<string, unknown>)[k] !== undefined)
        ? undefined
        : 'give at least one creative field: headline, brand_logo_asset_id, custom_image_asset_id, video_asset_id, asins or landing_page_url',
  ],
  output: v.object({ profile_id: v.string(), ad_id: v.string(), version: v.number(), moderation: v.string() }),
  async plan(args, ctx) {
    const ads = await ctx.platform.listEntities('sb_ad');
    const ad = ads.find((a) => a.id === args.ad_id);
    if (!ad)
      throw new ToolError(
        `No Sponsored Brands ad ${args.ad_id} in profile ${ctx.account.account_id}. List them with list_retailads_sb_ads.`,
      );
    if (isArchived(ad.state)) throw new ToolError(`Ad "${ad.name}" (${ad.id}) is archived; archiving is final.`);
    const current = ad.creatives.at(-1)!;
    const merged: CreativeArgs = {
      headline: args.headline ?? current.headline,
      brand_logo_asset_id: args.brand_logo_asset_id ?? current.brand_logo_asset_id,
      custom_image_asset_id: args.custom_image_asset_id ?? current.custom_image_asset_id,
      video_asset_id: args.video_asset_id ?? current.video_asset_id,
      asins: args.asins ?? current.asins,
      landing_page_url: args.landing_page_url ?? current.landing_page_url,
    };
    const creative = checkCreative(ad.ad_type, merged, await catalogOf(ctx), current.brand_name);
    const fields: Record<string, { before?: unknown; after: unknown }> = {};
    for (const key of Object.keys(creativeArgs) as (keyof CreativeArgs)[]) {
      if (JSON.stringify(creative[key]) !== JSON.stringify(current[key])) fields[key] = { before: current[key], after: creative[key] };
    }
    if (!Object.keys(fields).length)
      return {
        summary: 'The newest creative version already shows this; nothing changes',
        changes: [],
        data: { adId: ad.id, creative, version: current.version },
      };
    return {
      summary: `Submit creative version ${current.version + 1} of ad "${ad.name}" for moderation`,
      changes: [{ action: 'create', entity: 'sb_creative', name: `${ad.name} v${current.version + 1}`, fields, startsPaused: true }],
      notes: [moderationNote],
      data: { adId: ad.id, creative, version: current.version + 1 },
    };
  },
  async apply(plan, _args, ctx) {
    if (!plan.changes.length)
      return {
        text: '## Nothing changed\n\nThe newest creative version already shows this.',
        structured: { profile_id: ctx.account.account_id, ad_id: plan.data.adId, version: plan.data.version, moderation: 'unchanged' },
      };
    const ad = await ctx.step('submit', () => ctx.platform.submitSbCreative(plan.data.adId, plan.data.creative, ctx.now));
    const version = ad.creatives.at(-1)!.version;
    return {
      text: [`## Creative version ${version} of "${ad.name}" submitted`, '', moderationNote].join('\n'),
      structured: { profile_id: ctx.account.account_id, ad_id: ad.id, version, moderation: 'IN_PROGRESS' },
    };
  },
});

export const getRetailAdsModeration = defineRetailAdsTool({
  name: 'get_retailads_moderation',
  description:
    "Moderation of Sponsored Brands creatives: for one ad (ad_id) or every ad of a campaign (campaign_id), each creative version's status APPROVED, IN_PROGRESS, REJECTED or FAILED with per-component results (headline, brand_logo, custom_image, video, products) and reasons, and the version that serves. Fix a rejection with update_retailads_sb_creative.",
  access: 'read',
  examples: [{ ad_id: '<ad_id from list_retailads_sb_ads>' }],
  args: { ad_id: v.optional(idSchema('Sponsored Brands ad')), campaign_id: v.optional(idSchema('campaign')) },
  rules: [(a) => (!a.ad_id === !a.campaign_id ? 'give exactly one of `ad_id` or `campaign_id`' : undefined)],
  output: v.object({
    profile_id: v.string(),
    ads: v.array(
      v.object({
        ad_id: v.string(),
        name: v.string(),
        serving_version: v.nullable(v.number()),
        versions: v.array(
          v.object({
            ad_id: v.string(),
            version: v.number(),
            status: v.picklist(['APPROVED', 'IN_PROGRESS', 'REJECTED', 'FAILED']),
            submitted_at: v.string(),
            decided_at: v.optional(v.string()),
            components: v.array(v.object({ component: v.string(), status: v.string(), reasons: v.array(v.string()) })),
          }),
        ),
      }),
    ),
  }),
  async run(args, ctx) {
    const ads = (await ctx.platform.listEntities('sb_ad')).filter((a) =>
      args.ad_id ? a.id === args.ad_id : a.campaign_id === args.campaign_id,
    );
    if (!ads.length)
      throw new ToolError(
        `${args.ad_id ? `No Sponsored Brands ad ${args.ad_id}` : `Campaign ${args.campaign_id} has no Sponsored Brands ads`} in profile ${ctx.account.account_id}. List ads with list_retailads_sb_ads.`,
      );
    const out = [];
    const lines = ['## Sponsored Brands moderation', ''];
    for (const ad of ads) {
      const versions = await ctx.platform.getModeration(ad.id, ctx.now);
      const serving = versions.filter((m) => m.status === 'APPROVED').at(-1)?.version ?? null;
      out.push({ ad_id: ad.id, name: ad.name, serving_version: serving, versions });
      lines.push(`### ${ad.name} (${ad.id}): ${serving ? `version ${serving} serves` : 'no approved version: the ad cannot serve'}`, '');
      lines.push(
        markdownTable(
          ['Version', 'Status', 'Component', 'Component status', 'Reasons'],
          versions.flatMap((m) =>
            m.components.map((c, i) => [i === 0 ? m.version : '', i === 0 ? m.status : '', c.component, c.status, c.reasons.join('; ')]),
          ),
        ),
        '',
      );
    }
    if (out.some((a) => a.versions.at(-1)!.status === 'REJECTED' || a.versions.at(-1)!.status === 'FAILED'))
      lines.push('Fix the rejected components and submit a new version with update_retailads_sb_creative.');
    return { text: lines.join('\n'), structured: { profile_id: ctx.account.account_id, ads: out } };
  },
});
