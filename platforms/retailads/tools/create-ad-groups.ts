/** create_retailads_ad_groups: ad groups in existing campaigns of any ad product (a list create). */
import * as v from 'valibot';
import { bidSchema, defineRetailAdsAddTool, idSchema, parentProblem, pausedState } from '../families';
import { nameSchema } from './create-helpers';

export const createRetailAdsAdGroups = defineRetailAdsAddTool({
  name: 'create_retailads_ad_groups',
  examples: [{ ad_groups: [{ campaignId: '<campaignId from list_retailads_campaigns>', name: 'Example group', defaultBid: 0.7 }] }],
  description:
    'Creates ad groups in existing campaigns of any ad product: items {campaignId, name, defaultBid, state?} (default PAUSED). A name already used in the campaign is skipped as a duplicate; each item gets its result. Fill them with add_retailads_product_ads and add_retailads_keywords / add_retailads_targets.',
  kind: 'ad_group',
  entity: 'ad_group',
  itemsArg: 'ad_groups',
  maxItems: 100,
  item: v.strictObject({
    campaignId: idSchema('campaign'),
    name: nameSchema('Ad group name'),
    defaultBid: bidSchema,
    state: v.optional(v.picklist(['ENABLED', 'PAUSED'], 'must be ENABLED or PAUSED')),
  }),
  build(item, lookups, ctx) {
    const problem = parentProblem(item, lookups, ['SPONSORED_PRODUCTS', 'SPONSORED_BRANDS', 'SPONSORED_DISPLAY'], false);
    if (problem) return { failed: problem };
    const campaign = lookups.campaigns.get(String(item.campaignId))!;
    if ((item.defaultBid as number) > campaign.daily_budget)
      return {
        failed: `defaultBid ${String(item.defaultBid)} is above the daily budget (${campaign.daily_budget}) of campaign "${campaign.name}"`,
      };
    return {
      campaign_id: campaign.id,
      ad_product: campaign.ad_product,
      name: String(item.name),
      default_bid: item.defaultBid as number,
      state: pausedState(item.state as string | undefined, ctx, 'PAUSED') as 'PAUSED',
    };
  },
  keyOf: (g) => `${g.campaign_id}|${g.name.toLowerCase()}`,
  nameOf: (g) => g.name,
  startsPaused: (g) => g.state !== 'ENABLED',
  next: 'See them with list_retailads_ad_groups (Sponsored Products) or list_retailads_sb_ad_groups; enable with update_retailads_ad_groups.',
});
