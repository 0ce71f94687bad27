import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { SOCIALADS_BID_STRATEGIES, type SocialAdsAdSet, type SocialAdsCampaign, type SocialAdsCreative, type SocialAdsPort } from '../port';
import { CALL_TO_ACTIONS, headlineSchema, httpsUrl, primaryTextSchema } from './creative-rules';
import { ageRule, audienceOverlapRule, buildTargeting, hasTargeting, targetingEntries } from './targeting';
import {
  budgetArgs,
  budgetPatch,
  defineSocialAdsUpdate,
  idArg,
  nameArg,
  oneBudgetRule,
  statusArg,
  statusNotes,
  targetingArgs,
  type UpdateData,
} from './update-family';
import { dateArg } from './shared';

/** The update tools of socialads campaigns, ad sets and ads (and their catalog variants): data for the update family. */

const isCatalogCampaign = (c: SocialAdsCampaign) => Boolean(c.promoted_object?.product_catalog_id);
const holdsCampaignBudget = (c: SocialAdsCampaign) => c.daily_budget !== undefined || c.lifetime_budget !== undefined;

const pauseResume = (to: 'ACTIVE' | 'PAUSED') =>
  defineSocialAdsUpdate({
    name: to === 'PAUSED' ? 'pause_socialads_campaign' : 'resume_socialads_campaign',
    examples: [{ campaign_id: '<campaign_id from list_socialads_campaigns>' }],
    description:
      to === 'PAUSED'
        ? 'Pauses a socialads campaign (status PAUSED): it and everything in it stops delivering from now; its history stays. Undone by resume_socialads_campaign.'
        : 'Resumes a paused socialads campaign (status ACTIVE): its active ad sets and approved ads deliver again from now. Undone by pause_socialads_campaign.',
    kind: 'campaign',
    args: { campaign_id: idArg('campaign') },
    async patch(_args, campaign, ctx) {
      const notes: string[] = [];
      if (to === 'ACTIVE') {
        if (campaign.end_date && campaign.end_date < new Date(ctx.now).toISOString().slice(0, 10))
          notes.push(
            `The campaign ended on ${campaign.end_date}: it will not deliver until its end date is moved (update_socialads_campaign end_date).`,
          );
        const adSets = (await ctx.platform.listAdSets()).filter((s) => s.campaign_id === campaign.id && s.status === 'ACTIVE');
        if (!adSets.length) notes.push('It has no active ad set: activate one with update_socialads_ad_set status ACTIVE.');
      }
      return { patch: { status: to }, notes };
    },
    undo: (data) => ({
      tool: to === 'PAUSED' ? 'resume_socialads_campaign' : 'pause_socialads_campaign',
      arguments: { campaign_id: data.id },
    }),
    next: (data) =>
      to === 'PAUSED'
        ? `Campaign paused; resume it with resume_socialads_campaign (campaign_id ${data.id}).`
        : "Campaign active; check tomorrow's delivery with get_socialads_campaign_performance.",
  });

export const pauseSocialAdsCampaign = pauseResume('PAUSED');
export const resumeSocialAdsCampaign = pauseResume('ACTIVE');

const campaignEntries = {
  campaign_id: idArg('campaign'),
  status: statusArg,
  name: nameArg,
  ...budgetArgs,
  end_date: dateArg('New last day of delivery, YYYY-MM-DD (today or later)'),
  bid_strategy: v.optional(
    v.pipe(
      v.picklist(SOCIALADS_BID_STRATEGIES),
      v.description(
        'Campaign bid strategy (campaign budget only): LOWEST_COST_WITHOUT_CAP, COST_CAP, LOWEST_COST_WITH_BID_CAP, LOWEST_COST_WITH_MIN_ROAS',
      ),
    ),
  ),
};
const somethingToChange = (fields: string[]) => (a: Record<string, unknown>) =>
  fields.some((f) => a[f] !== undefined) ? undefined : `give at least one field to change: ${fields.map((f) => `\`${f}\``).join(', ')}`;

async function campaignPatch(
  a: { status?: string; name?: string; daily_budget?: number; lifetime_budget?: number; end_date?: string; bid_strategy?: string },
  campaign: SocialAdsCampaign,
  now: Date,
) {
  const today = now.toISOString().slice(0, 10);
  if (a.end_date && a.end_date < today) throw new ToolError(`\`end_date\` ${a.end_date} is in the past; use today (${today}) or later.`);
  if (a.end_date && a.end_date < campaign.start_date)
    throw new ToolError(`\`end_date\` ${a.end_date} is before the campaign's start ${campaign.start_date}.`);
  if (a.bid_strategy && !holdsCampaignBudget(campaign))
    throw new ToolError(
      `Campaign "${campaign.name}" has no campaign budget, so its ad sets carry the bid strategy: use update_socialads_ad_set bid_strategy.`,
    );
  const patch: Record<string, unknown> = {
    ...(a.status ? { status: a.status } : {}),
    ...(a.name ? { name: a.name } : {}),
    ...(a.end_date ? { end_date: a.end_date } : {}),
    ...(a.bid_strategy ? { bid_strategy: a.bid_strategy } : {}),
    ...budgetPatch(campaign, a, { level: 'campaign', otherTool: 'update_socialads_ad_set', holdsBudget: holdsCampaignBudget(campaign) }),
  };
  if (campaign.lifetime_budget !== undefined && a.lifetime_budget !== undefined && !campaign.end_date && !a.end_date)
    throw new ToolError('A lifetime budget needs an end date.');
  return patch;
}

export const updateSocialAdsCampaign = defineSocialAdsUpdate({
  name: 'update_socialads_campaign',
  examples: [{ campaign_id: '<campaign_id from list_socialads_campaigns>', daily_budget: 61 }],
  description:
    "Changes a socialads campaign's status (ACTIVE/PAUSED), name, end date, campaign budget (daily or lifetime, when the campaign holds the budget; otherwise change ad set budgets with update_socialads_ad_set) or bid strategy. Planned: a dry run shows each field before → after and the daily budgets.",
  kind: 'campaign',
  args: campaignEntries,
  rules: [oneBudgetRule, somethingToChange(['status', 'name', 'daily_budget', 'lifetime_budget', 'end_date', 'bid_strategy'])],
  async patch(args, campaign, ctx) {
    return { patch: await campaignPatch(args, campaign, ctx.now) };
  },
});

export const updateSocialAdsCatalogCampaign = defineSocialAdsUpdate({
  name: 'update_socialads_catalog_campaign',
  examples: [{ campaign_id: '<campaign_id from list_socialads_campaigns>', daily_budget: 81 }],
  description:
    "Changes a catalog (dynamic product ads) campaign's status, name, end date, campaign budget or bid strategy. Only for campaigns that promote a product catalog; other campaigns use update_socialads_campaign.",
  kind: 'campaign',
  args: campaignEntries,
  rules: [oneBudgetRule, somethingToChange(['status', 'name', 'daily_budget', 'lifetime_budget', 'end_date', 'bid_strategy'])],
  async patch(args, campaign, ctx) {
    if (!isCatalogCampaign(campaign))
      throw new ToolError(
        `Campaign "${campaign.name}" is not a catalog campaign (it promotes no product catalog). Use update_socialads_campaign.`,
        { code: 'not_catalog' },
      );
    return { patch: await campaignPatch(args, campaign, ctx.now) };
  },
});

const adSetEntries = {
  ad_set_id: idArg('ad_set'),
  status: statusArg,
  name: nameArg,
  ...budgetArgs,
  end_date: dateArg('New last day of delivery, YYYY-MM-DD (today or later)'),
  bid_strategy: v.optional(v.pipe(v.picklist(SOCIALADS_BID_STRATEGIES), v.description('Ad set bid strategy (ad set budgets only)'))),
  bid_amount: v.optional(
    v.pipe(
      v.number(),
      v.minValue(0.01),
      v.maxValue(100_000),
      v.description(
        'Bid cap or cost cap in account currency (COST_CAP, LOWEST_COST_WITH_BID_CAP), or the minimum ROAS (LOWEST_COST_WITH_MIN_ROAS, e.g. 2.5)',
      ),
    ),
  ),
  ...targetingEntries,
};
const adSetFields = [
  'status',
  'name',
  'daily_budget',
  'lifetime_budget',
  'end_date',
  'bid_strategy',
  'bid_amount',
  ...Object.keys(targetingEntries),
];

type AdSetArgs = v.InferOutput<v.ObjectSchema<typeof adSetEntries, undefined>>;

async function adSetPatch(
  a: AdSetArgs,
  adSet: SocialAdsAdSet,
  p: SocialAdsPort,
  now: Date,
): Promise<{ patch: Record<string, unknown>; notes: string[] }> {
  const campaign = await p.getCampaign(adSet.campaign_id);
  const today = now.toISOString().slice(0, 10);
  if (a.end_date && a.end_date < today) throw new ToolError(`\`end_date\` ${a.end_date} is in the past; use today (${today}) or later.`);
  const strategy = a.bid_strategy ?? adSet.bid_strategy ?? 'LOWEST_COST_WITHOUT_CAP';
  if (a.bid_amount !== undefined && strategy === 'LOWEST_COST_WITHOUT_CAP')
    throw new ToolError(
      '`bid_amount` needs a capped bid strategy: set `bid_strategy` to COST_CAP, LOWEST_COST_WITH_BID_CAP or LOWEST_COST_WITH_MIN_ROAS.',
    );
  if (a.bid_strategy && a.bid_strategy !== 'LOWEST_COST_WITHOUT_CAP' && a.bid_amount === undefined && adSet.bid_amount === undefined)
    throw new ToolError(`\`bid_strategy\` ${a.bid_strategy} needs \`bid_amount\` (the cap or the minimum ROAS).`);
  const notes = statusNotes(a.status, [{ label: 'campaign', name: campaign.name, status: campaign.status }]);
  const patch: Record<string, unknown> = {
    ...(a.status ? { status: a.status } : {}),
    ...(a.name ? { name: a.name } : {}),
    ...(a.end_date ? { end_date: a.end_date } : {}),
    ...(a.bid_strategy ? { bid_strategy: a.bid_strategy } : {}),
    ...(a.bid_amount !== undefined ? { bid_amount: a.bid_amount } : {}),
    ...(a.bid_strategy === 'LOWEST_COST_WITHOUT_CAP' ? { bid_amount: null } : {}),
    ...budgetPatch(adSet, a, { level: 'ad set', otherTool: 'update_socialads_campaign', holdsBudget: !holdsCampaignBudget(campaign) }),
  };
  if (hasTargeting(a)) {
    const built = await buildTargeting(p, a, adSet.targeting);
    patch.targeting = built.targeting;
    notes.push(...built.notes, 'A targeting change sends the ad set back into the learning phase for a few days.');
  }
  return { patch, notes };
}

const adSetUndo = (tool: string) => (data: UpdateData) => {
  const args: Record<string, unknown> = { ad_set_id: data.id };
  for (const [field, value] of Object.entries(data.before)) {
    if (field === 'targeting') Object.assign(args, targetingArgs(value as SocialAdsAdSet['targeting']));
    else if (field === 'promoted_object') args.product_set_id = (value as SocialAdsAdSet['promoted_object'])?.product_set_id;
    else if (value !== null) args[field] = value;
    else if (field === 'retargeting_days') args.retargeting_days = 0;
    else if (field === 'bid_amount') args.bid_strategy = 'LOWEST_COST_WITHOUT_CAP';
  }
  return { tool, arguments: args };
};

export const updateSocialAdsAdSet = defineSocialAdsUpdate({
  name: 'update_socialads_ad_set',
  examples: [{ ad_set_id: '<ad_set_id from list_socialads_ad_sets>', age_min: 21 }],
  description:
    'Edits a socialads ad set: status (ACTIVE/PAUSED), name, budget (when the ad set holds it; under a campaign budget use update_socialads_campaign), bid strategy and bid amount, end date, and targeting (countries, ages, gender, placements, interests from search_socialads_targeting, custom audiences). Only the fields given change.',
  kind: 'ad_set',
  args: adSetEntries,
  rules: [oneBudgetRule, ageRule, audienceOverlapRule, somethingToChange(adSetFields)],
  patch: (args, adSet, ctx) => adSetPatch(args, adSet, ctx.platform, ctx.now),
  undo: adSetUndo('update_socialads_ad_set'),
});

export const updateSocialAdsCatalogAdSet = defineSocialAdsUpdate({
  name: 'update_socialads_catalog_ad_set',
  examples: [{ ad_set_id: '<ad_set_id from list_socialads_ad_sets>', retargeting_days: 21 }],
  description:
    'Edits an ad set of a catalog campaign: status, name, budget, targeting, the product set it promotes and its retargeting window (people who viewed or carted products in the last 1-180 days; 0 = prospecting to a broad audience).',
  kind: 'ad_set',
  args: {
    ...adSetEntries,
    product_set_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{6,25}$/, 'must be a product set id from list_socialads_product_sets'),
        v.description('Product set the ad set promotes (list_socialads_product_sets)'),
      ),
    ),
    retargeting_days: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(0),
        v.maxValue(180),
        v.description('Retarget people who viewed or carted products in the last N days, 1-180; 0 = prospecting (broad audience)'),
      ),
    ),
  },
  rules: [oneBudgetRule, ageRule, audienceOverlapRule, somethingToChange([...adSetFields, 'product_set_id', 'retargeting_days'])],
  async patch(args, adSet, ctx) {
    const campaign = await ctx.platform.getCampaign(adSet.campaign_id);
    if (!isCatalogCampaign(campaign))
      throw new ToolError(`Ad set "${adSet.name}" is not in a catalog campaign. Use update_socialads_ad_set.`, { code: 'not_catalog' });
    const { patch, notes } = await adSetPatch(args, adSet, ctx.platform, ctx.now);
    if (args.product_set_id) {
      const sets = await ctx.platform.listProductSets(campaign.promoted_object!.product_catalog_id);
      const set = sets.find((x) => x.id === args.product_set_id);
      if (!set)
        throw new ToolError(
          `\`product_set_id\` "${args.product_set_id}" is not a product set of the campaign's catalog. Find ids with list_socialads_product_sets.`,
        );
      if (set.product_count === 0)
        throw new ToolError(`Product set "${set.name}" selects no product; an ad set cannot promote an empty set.`);
      patch.promoted_object = { ...adSet.promoted_object, product_set_id: set.id };
    }
    if (args.retargeting_days !== undefined) {
      patch.retargeting_days = args.retargeting_days === 0 ? null : args.retargeting_days;
      if (args.retargeting_days > 0) {
        const [catalog] = (await ctx.platform.listCatalogs()).filter((c) => c.id === campaign.promoted_object!.product_catalog_id);
        if (catalog && !catalog.pixel_ids.length)
          throw new ToolError(
            `Catalog "${catalog.name}" has no pixel connected, so there is nobody to retarget. Check it with validate_catalog_readiness.`,
          );
      }
    }
    return { patch, notes };
  },
  undo: adSetUndo('update_socialads_catalog_ad_set'),
});

const creativeEntries = {
  primary_text: v.optional(v.pipe(primaryTextSchema, v.description('New primary text, max 2200 characters (125 recommended)'))),
  headline: v.optional(v.pipe(headlineSchema, v.description('New headline, max 255 characters (40 recommended)'))),
  call_to_action: v.optional(v.pipe(v.picklist(CALL_TO_ACTIONS), v.description('New call to action'))),
  landing_page_url: v.optional(httpsUrl('New destination (HTTPS)')),
};

function creativePatch(
  a: { primary_text?: string; headline?: string; call_to_action?: string; landing_page_url?: string },
  creative: SocialAdsCreative,
): SocialAdsCreative | undefined {
  if (!a.primary_text && !a.headline && !a.call_to_action && !a.landing_page_url) return undefined;
  return JSON.parse(
    JSON.stringify({
      ...creative,
      ...(a.primary_text ? { primary_texts: [a.primary_text] } : {}),
      ...(a.headline ? { headlines: [a.headline] } : {}),
      ...(a.call_to_action ? { call_to_action: a.call_to_action } : {}),
      ...(a.landing_page_url ? { link: a.landing_page_url } : {}),
    }),
  ) as SocialAdsCreative;
}

const adUndo = (tool: string) => (data: UpdateData) => {
  const args: Record<string, unknown> = { ad_id: data.id };
  for (const [field, value] of Object.entries(data.before)) {
    if (field === 'creative') {
      const c = value as SocialAdsCreative;
      Object.assign(args, {
        primary_text: c.primary_texts[0],
        ...(c.headlines[0] ? { headline: c.headlines[0] } : {}),
        call_to_action: c.call_to_action,
        landing_page_url: c.link,
        ...(c.product_set_id ? { product_set_id: c.product_set_id, catalog_format: c.catalog_format } : {}),
      });
    } else if (value !== null) args[field] = value;
  }
  return { tool, arguments: args };
};

export const updateSocialAdsAd = defineSocialAdsUpdate({
  name: 'update_socialads_ad',
  examples: [{ ad_id: '<ad_id from list_socialads_ads>', name: 'Example ad' }],
  description:
    "Changes a socialads ad's status (ACTIVE/PAUSED), name or creative (primary text, headline, call to action, landing page). A creative change sends the ad back to review. Pausing an ad that spends without results is the usual fix for waste found by analyze_socialads_wasted_spend.",
  kind: 'ad',
  args: { ad_id: idArg('ad'), status: statusArg, name: nameArg, ...creativeEntries },
  rules: [somethingToChange(['status', 'name', 'primary_text', 'headline', 'call_to_action', 'landing_page_url'])],
  async patch(args, ad, ctx) {
    if (ad.ad_type === 'catalog' && (args.primary_text || args.headline))
      throw new ToolError(`Ad "${ad.name}" is a catalog ad; edit its copy with update_socialads_catalog_ad.`);
    const [adSet, campaign] = await Promise.all([ctx.platform.getAdSet(ad.ad_set_id), ctx.platform.getCampaign(ad.campaign_id)]);
    const creative = creativePatch(args, ad.creative);
    const notes = statusNotes(args.status, [
      { label: 'ad set', name: adSet.name, status: adSet.status },
      { label: 'campaign', name: campaign.name, status: campaign.status },
    ]);
    if (creative) notes.push('A changed creative goes back to review (usually within 24 hours) and does not deliver until approved.');
    return {
      patch: {
        ...(args.status ? { status: args.status } : {}),
        ...(args.name ? { name: args.name } : {}),
        ...(creative ? { creative } : {}),
      },
      notes,
    };
  },
  undo: adUndo('update_socialads_ad'),
});

export const updateSocialAdsCatalogAd = defineSocialAdsUpdate({
  name: 'update_socialads_catalog_ad',
  examples: [{ ad_id: '<ad_id from list_socialads_ads>', catalog_format: 'single_product' }],
  description:
    'Edits a catalog ad: the product set it shows, its format (carousel, single_product, collection), primary text and headline templates (e.g. {{product.name}}), call to action, status or name. A creative change sends the ad back to review.',
  kind: 'ad',
  args: {
    ad_id: idArg('ad'),
    status: statusArg,
    name: nameArg,
    ...creativeEntries,
    product_set_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{6,25}$/, 'must be a product set id from list_socialads_product_sets'),
        v.description('Product set the ad shows'),
      ),
    ),
    catalog_format: v.optional(
      v.pipe(v.picklist(['carousel', 'single_product', 'collection']), v.description('carousel, single_product or collection')),
    ),
  },
  rules: [
    somethingToChange([
      'status',
      'name',
      'primary_text',
      'headline',
      'call_to_action',
      'landing_page_url',
      'product_set_id',
      'catalog_format',
    ]),
  ],
  async patch(args, ad, ctx) {
    if (ad.ad_type !== 'catalog')
      throw new ToolError(`Ad "${ad.name}" is a ${ad.ad_type} ad, not a catalog ad. Use update_socialads_ad.`, { code: 'not_catalog' });
    const campaign = await ctx.platform.getCampaign(ad.campaign_id);
    let creative = creativePatch(args, ad.creative);
    if (args.product_set_id || args.catalog_format) {
      if (args.product_set_id) {
        const set = (await ctx.platform.listProductSets(campaign.promoted_object?.product_catalog_id)).find(
          (x) => x.id === args.product_set_id,
        );
        if (!set)
          throw new ToolError(
            `\`product_set_id\` "${args.product_set_id}" is not a product set of the campaign's catalog. Find ids with list_socialads_product_sets.`,
          );
        if (set.product_count === 0) throw new ToolError(`Product set "${set.name}" selects no product; an ad cannot show an empty set.`);
      }
      creative = {
        ...(creative ?? ad.creative),
        ...(args.product_set_id ? { product_set_id: args.product_set_id } : {}),
        ...(args.catalog_format ? { catalog_format: args.catalog_format } : {}),
      };
    }
    const notes = creative ? ['A changed creative goes back to review (usually within 24 hours) and does not deliver until approved.'] : [];
    return {
      patch: {
        ...(args.status ? { status: args.status } : {}),
        ...(args.name ? { name: args.name } : {}),
        ...(creative ? { creative } : {}),
      },
      notes,
    };
  },
  undo: adUndo('update_socialads_catalog_ad'),
});
