import * as v from 'valibot';
import { atLeastOne, atMostOne, requires, say } from '../../../core/argument-rules';
import { ToolError } from '../../../core/errors';
import { markdownTable, money } from '../../../core/markdown';
import { defineRetailAdsTool } from '../define';

export const getRetailAdsKeywordRecommendations = defineRetailAdsTool({
  name: 'get_retailads_keyword_recommendations',
  description:
    'Suggests Sponsored Products keywords with match type (EXACT, PHRASE, BROAD), suggested bid and bid range, best first, for the products of an ad group (ad_group_id, optionally with its campaign_id) or for a list of ASINs. ' +
    'Keywords the ad group already targets are left out.',
  access: 'read',
  examples: [{ campaign_id: '<campaign_id from list_retailads_campaigns>', ad_group_id: '<ad_group_id from list_retailads_ad_groups>' }],
  args: {
    campaign_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1, 'must not be empty'),
        v.description('Campaign of the ad group; only together with ad_group_id'),
      ),
    ),
    ad_group_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1, 'must not be empty'),
        v.description('Sponsored Products ad group whose products get suggestions (from list_retailads_ad_groups)'),
      ),
    ),
    asins: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{10}$/, 'must be a 10-character ASIN such as B0ABC12345'))),
        v.minLength(1),
        v.maxLength(50),
        v.description('1-50 ASINs; the alternative source instead of an ad group'),
      ),
    ),
    max_recommendations: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200), v.description('How many suggestions, 1-200, default 25')),
      25,
    ),
  },
  schemaRules: [
    say(requires('campaign_id', 'ad_group_id'), '`campaign_id` needs `ad_group_id`: suggestions are made for an ad group of the campaign'),
    say(atLeastOne('ad_group_id', 'asins'), 'give one source of suggestions: `ad_group_id` (with `campaign_id`) or `asins`'),
    say(atMostOne('ad_group_id', 'asins'), '`ad_group_id` and `asins` are alternative sources; give one of them'),
  ],
  output: v.object({
    profile_id: v.string(),
    source: v.object({
      ad_group_id: v.optional(v.string()),
      asins: v.optional(v.array(v.string())),
    }),
    recommendations: v.array(
      v.object({
        keyword: v.string(),
        match_type: v.string(),
        rank: v.number(),
        suggested_bid: v.number(),
        bid_range_low: v.number(),
        bid_range_high: v.number(),
        search_interest: v.number(),
        source: v.string(),
      }),
    ),
  }),
  async run(args, ctx) {
    let sourceText: string;
    if (args.ad_group_id) {
      const adGroup = await ctx.platform.getAdGroup(args.ad_group_id);
      if (args.campaign_id && adGroup.campaign_id !== args.campaign_id) {
        throw new ToolError(
          `Ad group ${args.ad_group_id} belongs to campaign ${adGroup.campaign_id}, not to \`campaign_id\` ${args.campaign_id}.`,
        );
      }
      if (adGroup.ad_product !== 'SPONSORED_PRODUCTS') {
        throw new ToolError(
          `Ad group ${args.ad_group_id} is a ${adGroup.ad_product} ad group; keyword recommendations here are for Sponsored Products ad groups (list_retailads_ad_groups).`,
        );
      }
      if (adGroup.state === 'ARCHIVED')
        throw new ToolError(`Ad group ${args.ad_group_id} ("${adGroup.name}") is archived; pick an enabled or paused ad group.`);
      sourceText = `ad group "${adGroup.name}" (${adGroup.id})`;
    } else {
      sourceText = `ASINs ${args.asins!.join(', ')}`;
    }
    const recommendations = await ctx.platform.getKeywordRecommendations(
      args.ad_group_id ? { adGroupId: args.ad_group_id } : { asins: args.asins! },
      args.max_recommendations,
    );
    if (!recommendations.length && args.ad_group_id) {
      throw new ToolError(`Ad group ${args.ad_group_id} has no product ads to base suggestions on; add product ads or pass \`asins\`.`);
    }
    const currency = ctx.account.currency;
    const text = [
      `## Keyword recommendations for ${sourceText}`,
      '',
      markdownTable(
        ['#', 'Keyword', 'Match type', 'Suggested bid', 'Bid range', 'Search interest'],
        recommendations.map((r) => [
          r.rank,
          r.keyword,
          r.match_type,
          money(r.suggested_bid, currency),
          `${money(r.bid_range_low, currency)} - ${money(r.bid_range_high, currency)}`,
          r.search_interest,
        ]),
      ),
      '',
      'Start EXACT on the top terms at the suggested bid, and PHRASE/BROAD near the low end of the range to discover new search terms.',
    ].join('\n');
    return {
      text,
      structured: {
        profile_id: ctx.account.account_id,
        source: args.ad_group_id ? { ad_group_id: args.ad_group_id } : { asins: args.asins },
        recommendations,
      },
    };
  },
});
