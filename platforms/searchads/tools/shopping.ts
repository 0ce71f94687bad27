import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedChange } from '../../../core/plan';
import { markdownTable, money } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { adGroupIdArg, campaignIdArg, requireLiveCampaign } from './common';
import { bidArg, requireShoppingAdGroup } from './product-groups';

/** Shopping campaigns: their settings, ad groups and the product ad each ad group needs to serve. */

export const getShoppingSettings = defineSearchAdsTool({
  name: 'get_shopping_settings',
  description:
    "Shows a Shopping campaign's feed settings: the Merchant Center id and whether it is still linked, the feed label (country), campaign priority, local inventory, and its ad groups with their product group and product ad counts.",
  access: 'read',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
  args: { campaign_id: campaignIdArg('Shopping campaign id from list_campaigns') },
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    campaign_name: v.string(),
    status: v.string(),
    merchant_id: v.string(),
    merchant_link_status: v.picklist(['LINKED', 'NOT_LINKED']),
    feed_label: v.string(),
    campaign_priority: v.number(),
    enable_local: v.boolean(),
    ad_groups: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        status: v.string(),
        cpc_bid: v.number(),
        product_groups: v.number(),
        product_ads: v.number(),
      }),
    ),
  }),
  async run(args, ctx) {
    const campaign = await ctx.platform.getCampaign(args.campaign_id);
    if (campaign.type !== 'SHOPPING')
      throw new ToolError(
        `Campaign "${campaign.name}" (${campaign.id}) is a ${campaign.type} campaign; get_shopping_settings reads Shopping campaigns.`,
      );
    const [setting, links, groups, ads] = await Promise.all([
      ctx.platform.getShoppingSetting(campaign.id),
      ctx.platform.listMerchantCenterLinks(),
      ctx.platform.listAdGroups(campaign.id),
      ctx.platform.listAds(campaign.id),
    ]);
    if (!setting) throw new ToolError(`Campaign "${campaign.name}" has no shopping setting on the platform.`);
    const linked = links.some((l) => l.status === 'LINKED' && l.merchant_center_id === setting.merchant_id);
    const live = groups.filter((g) => g.status !== 'REMOVED');
    const trees = await Promise.all(live.map((g) => ctx.platform.listListingGroups(g.id)));
    const rows = live.map((g, i) => ({
      id: g.id,
      name: g.name,
      status: g.status,
      cpc_bid: g.cpc_bid,
      product_groups: trees[i]!.length,
      product_ads: ads.filter((a) => a.ad_group_id === g.id && a.type === 'SHOPPING_PRODUCT_AD' && a.status !== 'REMOVED').length,
    }));
    const priority = ['low', 'medium', 'high'][setting.campaign_priority] ?? String(setting.campaign_priority);
    const text = [
      `## Shopping settings of "${campaign.name}" (${campaign.id}, ${campaign.status})`,
      '',
      `- Merchant Center: ${setting.merchant_id} (${linked ? 'linked' : 'NOT linked: the campaign has no products to show; link_merchant_feed'})`,
      `- Feed label: ${setting.feed_label || '(any)'}`,
      `- Campaign priority: ${setting.campaign_priority} (${priority})`,
      `- Local inventory: ${setting.enable_local ? 'on' : 'off'}`,
      '',
      rows.length
        ? markdownTable(
            ['Ad group', 'Id', 'Status', 'Default bid', 'Product groups', 'Product ads'],
            rows.map((r) => [r.name, r.id, r.status, money(r.cpc_bid, ctx.account.currency), r.product_groups, r.product_ads]),
          )
        : 'No ad groups: add_shopping_ad_group adds one.',
      ...(rows.some((r) => !r.product_ads) ? ['', 'An ad group without a product ad shows nothing: add_shopping_product_ad adds it.'] : []),
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        campaign_id: campaign.id,
        campaign_name: campaign.name,
        status: campaign.status,
        merchant_id: setting.merchant_id,
        merchant_link_status: linked ? 'LINKED' : 'NOT_LINKED',
        feed_label: setting.feed_label,
        campaign_priority: setting.campaign_priority,
        enable_local: setting.enable_local,
        ad_groups: rows,
      },
    };
  },
});

const statusArg = v.optional(v.pipe(v.picklist(['PAUSED', 'ENABLED']), v.description('PAUSED (default) or ENABLED')), 'PAUSED');

export const addShoppingAdGroup = defineSearchAdsTool({
  name: 'add_shopping_ad_group',
  description:
    'Adds a product ad group to a Shopping campaign with its default max CPC and a product partition tree of one group, "All products", bidding that amount (add_product_group splits it). It starts PAUSED unless status ENABLED is asked for; add_shopping_product_ad adds the product ad it needs to serve.',
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>', name: 'Example shopping group' }],
  args: {
    campaign_id: campaignIdArg('Shopping campaign id from list_campaigns'),
    name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(255),
      v.description('Ad group name, unique in the campaign'),
    ),
    cpc_bid: v.optional(bidArg('Default max CPC in account currency; default 1.00'), 1),
    status: statusArg,
  },
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    ad_group_id: v.string(),
    name: v.string(),
    status: v.string(),
    cpc_bid: v.number(),
    product_group_id: v.string(),
  }),
  async plan(args, ctx) {
    const campaign = await requireLiveCampaign(ctx.platform, args.campaign_id);
    if (campaign.type !== 'SHOPPING')
      throw new ToolError(
        `Campaign "${campaign.name}" is a ${campaign.type} campaign; add_shopping_ad_group adds ad groups to Shopping campaigns.`,
      );
    const groups = await ctx.platform.listAdGroups(campaign.id);
    if (groups.some((g) => g.status !== 'REMOVED' && g.name.toLowerCase() === args.name.toLowerCase()))
      throw new ToolError(`Campaign "${campaign.name}" already has an ad group named "${args.name}"; names are unique in a campaign.`);
    const status = ctx.createPaused ? 'PAUSED' : args.status;
    const paused = status === 'PAUSED' || campaign.status !== 'ENABLED';
    return {
      summary: `Add Shopping ad group "${args.name}" (${status}, ${money(args.cpc_bid, ctx.account.currency)}) to "${campaign.name}"`,
      changes: <PlannedChange[]>[
        {
          action: 'create' as const,
          entity: 'ad_group',
          name: args.name,
          fields: { type: { after: 'SHOPPING_PRODUCT_ADS' }, status: { after: status }, cpc_bid: { after: args.cpc_bid } },
          startsPaused: paused,
        },
        {
          action: 'create' as const,
          entity: 'product_group',
          name: 'All products',
          fields: { cpc_bid: { after: args.cpc_bid } },
          startsPaused: paused,
        },
      ],
      data: { campaign: { id: campaign.id, name: campaign.name }, status },
    };
  },
  async apply(plan, args, ctx) {
    const { campaign, status } = plan.data;
    const group = await ctx.step('ad_group', () =>
      ctx.platform.createChannelAdGroup({
        campaign_id: campaign.id,
        name: args.name,
        status,
        type: 'SHOPPING_PRODUCT_ADS',
        cpc_bid: args.cpc_bid,
      }),
    );
    const created = await ctx.step('product_groups', () =>
      ctx.platform.mutateListingGroups(group.id, { create: [{ ref: 'root', type: 'UNIT', cpc_bid: args.cpc_bid }] }),
    );
    return {
      text: [
        `## Shopping ad group "${group.name}" added to "${campaign.name}" (${group.status})`,
        '',
        `Ad group ${group.id}, default bid ${money(args.cpc_bid, ctx.account.currency)}; product group "All products" (${created.root}).`,
        '',
        'Next: add_shopping_product_ad (it shows nothing without one), add_product_group to bid by brand, category or item.',
      ].join('\n'),
      structured: {
        customer_id: ctx.account.account_id,
        campaign_id: campaign.id,
        ad_group_id: group.id,
        name: group.name,
        status: group.status,
        cpc_bid: args.cpc_bid,
        product_group_id: created.root!,
      },
    };
  },
});

export const addShoppingProductAd = defineSearchAdsTool({
  name: 'add_shopping_product_ad',
  description:
    "Adds the product ad of a Shopping ad group: the one ad that shows the feed's products matching its product groups (titles, images and prices come from the feed). An ad group has one. It starts PAUSED unless status ENABLED is asked for.",
  access: 'write',
  examples: [{ ad_group_id: '<ad_group_id from list_ad_groups>' }],
  args: { ad_group_id: adGroupIdArg('Shopping ad group id (from get_shopping_settings or list_ad_groups)'), status: statusArg },
  output: v.object({ customer_id: v.string(), ad_group_id: v.string(), ad_id: v.string(), status: v.string() }),
  async plan(args, ctx) {
    const group = await requireShoppingAdGroup(ctx.platform, args.ad_group_id);
    const existing = (await ctx.platform.listAds(group.campaign_id)).find(
      (a) => a.ad_group_id === group.id && a.type === 'SHOPPING_PRODUCT_AD' && a.status !== 'REMOVED',
    );
    if (existing)
      throw new ToolError(
        `Ad group "${group.name}" already has its product ad (${existing.id}, ${existing.status}); ${existing.status === 'PAUSED' ? 'resume_ad enables it' : 'one is all it needs'}.`,
      );
    const status = ctx.createPaused ? 'PAUSED' : args.status;
    const tree = await ctx.platform.listListingGroups(group.id);
    return {
      summary: `Create the product ad (${status}) of Shopping ad group "${group.name}"`,
      changes: [
        {
          action: 'create' as const,
          entity: 'ad',
          name: 'Shopping product ad',
          fields: { type: { after: 'SHOPPING_PRODUCT_AD' }, status: { after: status } },
          startsPaused: status === 'PAUSED',
        },
      ],
      notes: tree.length
        ? []
        : ['The ad group has no product groups yet: add_product_group starts its tree; until then it shows no products.'],
      data: { group: { id: group.id, name: group.name }, status },
    };
  },
  async apply(plan, _args, ctx) {
    const { group, status } = plan.data;
    const [ad] = await ctx.step('ad', () =>
      ctx.platform.createChannelAds([{ type: 'SHOPPING_PRODUCT_AD', ad_group_id: group.id, status }]),
    );
    return {
      text: [
        `## Product ad created in "${group.name}"`,
        '',
        `Ad ${ad!.id}, ${ad!.status}.`,
        '',
        ad!.status === 'PAUSED'
          ? 'It does not serve yet: resume_ad enables it.'
          : "It shows the feed's products matching the ad group's product groups.",
      ].join('\n'),
      structured: { customer_id: ctx.account.account_id, ad_group_id: group.id, ad_id: ad!.id, status: ad!.status },
    };
  },
});
