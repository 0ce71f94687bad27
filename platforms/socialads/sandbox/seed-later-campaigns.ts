/**
 * The socialads seed's campaigns added after the first ones, seeded after everything else so the other
 * entities keep their ids:
 * - a campaign on ad set budgets (ABO: no campaign budget, each ad set holds its own daily budget, as on
 *   the platform when campaign budget optimization is off): a lookalike ad set that sells and is held
 *   back by its budget every day, and a broad ad set that spends its budget without a purchase;
 * - an engagement campaign (OUTCOME_ENGAGEMENT, campaign budget): one ad set that optimises for post
 *   engagement, so its results are post engagements (reactions, comments, shares and clicks on the
 *   post), not purchases: the objective has no conversions.
 */
import type { SocialAdsSeedAds } from './seed-ads';
import type { SocialAdsSeedAssets } from './seed-assets';
import type { SocialAdsSeedBasics } from './seed';
import type { SocialAdsSeedCampaigns } from './seed-campaigns';

export function seedLaterCampaigns(
  basics: SocialAdsSeedBasics,
  assets: SocialAdsSeedAssets,
  structure: SocialAdsSeedCampaigns,
  built: SocialAdsSeedAds,
): void {
  const { ago, site } = basics;
  const { pixel, img } = assets;
  const { campaign, campaigns, adSet, adSets, targeting } = structure;
  const { creative, ad, ads } = built;

  // On ad set budgets.
  const prospecting = campaign(
    { name: 'Prospecting - Ad Set Budgets', objective: 'OUTCOME_SALES', status: 'ACTIVE', start_date: ago(45), performance: 'average' },
    45,
  );
  const purchase = { pixel_id: pixel.id, custom_event_type: 'PURCHASE' };
  const sets = {
    lookalike: adSet(prospecting, {
      name: 'Lookalike 3% - Add to cart',
      status: 'ACTIVE',
      optimization_goal: 'OFFSITE_CONVERSIONS',
      billing_event: 'IMPRESSIONS',
      daily_budget: 40,
      targeting: targeting(['US'], 25, 54),
      promoted_object: purchase,
      performance: 'strong',
    }),
    broad: adSet(prospecting, {
      name: 'Broad - Cold 18-65',
      status: 'ACTIVE',
      optimization_goal: 'OFFSITE_CONVERSIONS',
      billing_event: 'IMPRESSIONS',
      daily_budget: 30,
      targeting: targeting(['US', 'CA'], 18, 65),
      promoted_object: purchase,
      performance: 'wasteful',
    }),
  };
  campaigns.prospecting = prospecting;
  Object.assign(adSets, sets);
  ads.push(
    ad(
      sets.lookalike,
      'Jackets - lookalike image',
      'image',
      'strong',
      creative({
        link: `${site}/jackets`,
        primary_texts: ['The rain jacket our customers buy twice.'],
        headlines: ['Rain jackets from $79'],
        image_hashes: [img('product-jacket')],
        call_to_action: 'SHOP_NOW',
      }),
    ),
    ad(
      sets.broad,
      'Jackets - broad image',
      'image',
      'wasteful',
      creative({
        link: `${site}/jackets`,
        primary_texts: ['New season, new jacket.'],
        headlines: ['Rain jackets'],
        image_hashes: [img('product-jacket')],
        call_to_action: 'SHOP_NOW',
      }),
    ),
  );

  // Engagement.
  const community = campaign(
    {
      name: 'Community - Post Engagement',
      objective: 'OUTCOME_ENGAGEMENT',
      status: 'ACTIVE',
      daily_budget: 25,
      start_date: ago(40),
      performance: 'average',
    },
    40,
  );
  const engagement = adSet(community, {
    name: 'Followers lookalike - Engagement',
    status: 'ACTIVE',
    optimization_goal: 'POST_ENGAGEMENT',
    billing_event: 'IMPRESSIONS',
    targeting: targeting(['US'], 21, 55),
    performance: 'average',
  });
  campaigns.community = community;
  adSets.communityEngagement = engagement;
  ads.push(
    ad(
      engagement,
      'Trail photo of the week',
      'image',
      'average',
      creative({
        link: `${site}/community`,
        primary_texts: ['Where did you hike this weekend? Show us your trail.'],
        headlines: ['Trail photo of the week'],
        image_hashes: [img('story-trail')],
      }),
    ),
  );
}
