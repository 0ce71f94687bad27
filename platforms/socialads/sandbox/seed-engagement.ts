/**
 * The socialads seed's engagement campaign (OUTCOME_ENGAGEMENT, campaign budget): one ad set that
 * optimises for post engagement, so its results are post engagements (reactions, comments, shares and
 * clicks on the post), not purchases: the objective has no conversions. Seeded after everything else,
 * so the other entities keep their ids.
 */
import type { SocialAdsSeedAds } from './seed-ads';
import type { SocialAdsSeedAssets } from './seed-assets';
import type { SocialAdsSeedBasics } from './seed';
import type { SocialAdsSeedCampaigns } from './seed-campaigns';

export function seedEngagement(
  basics: SocialAdsSeedBasics,
  assets: SocialAdsSeedAssets,
  structure: SocialAdsSeedCampaigns,
  built: SocialAdsSeedAds,
): void {
  const { ago, site } = basics;
  const { img } = assets;
  const { campaign, campaigns, adSet, adSets, targeting } = structure;
  const { creative, ad, ads } = built;
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
