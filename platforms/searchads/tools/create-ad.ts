import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { defineSearchAdsTool } from '../define';
import { adGroupIdArg } from './common';
import { checkCopy, finalUrlArg, pathArg, textList } from './ad-copy';

export const createAd = defineSearchAdsTool({
  name: 'create_ad',
  description:
    'Creates a responsive search ad in an existing ad group of a Search campaign: 3-15 headlines (<= 30 characters), 2-4 descriptions (<= 90), a final URL and optional display paths (<= 15). It starts PAUSED unless status ENABLED is asked for (and the owner allows creates that spend); resume_ad enables it.',
  access: 'write',
  examples: [
    {
      ad_group_id: '<ad_group_id from list_ad_groups>',
      headlines: ['Trail Boots', 'Free Returns', 'Waterproof'],
      descriptions: ['Boots tested on real trails.', 'Free shipping over $50.'],
      final_url: 'https://www.example.com/trail',
    },
  ],
  args: {
    ad_group_id: adGroupIdArg(),
    headlines: v.pipe(
      textList(15, 30, 'headlines'),
      v.minLength(3, 'must list at least 3 headlines'),
      v.description('3-15 headlines of at most 30 characters'),
    ),
    descriptions: v.pipe(
      textList(4, 90, 'descriptions'),
      v.minLength(2, 'must list at least 2 descriptions'),
      v.description('2-4 descriptions of at most 90 characters'),
    ),
    final_url: finalUrlArg(),
    path1: pathArg(1),
    path2: pathArg(2),
    status: v.optional(v.pipe(v.picklist(['PAUSED', 'ENABLED']), v.description('PAUSED (default) or ENABLED')), 'PAUSED'),
  },
  rules: [(a) => (a.path2 && !a.path1 ? '`path2` needs `path1`' : undefined)],
  output: v.object({
    customer_id: v.string(),
    ad_id: v.string(),
    ad_group_id: v.string(),
    status: v.string(),
    headlines: v.array(v.string()),
    descriptions: v.array(v.string()),
    final_url: v.string(),
  }),
  async plan(args, ctx) {
    const group = await ctx.platform.getAdGroup(args.ad_group_id);
    const campaign = await ctx.platform.getCampaign(group.campaign_id);
    if (group.status === 'REMOVED') throw new ToolError(`Ad group "${group.name}" (${group.id}) is REMOVED.`);
    if (campaign.type !== 'SEARCH')
      throw new ToolError(
        `Ad group "${group.name}" is in a ${campaign.type} campaign; create_ad makes responsive search ads for Search campaigns.`,
      );
    checkCopy('RESPONSIVE_SEARCH_AD', args);
    const status = ctx.createPaused ? 'PAUSED' : args.status;
    return {
      summary: `Create a responsive search ad (${status}) in ad group "${group.name}"`,
      changes: [
        {
          action: 'create' as const,
          entity: 'ad',
          name: args.headlines[0],
          fields: {
            headlines: { after: args.headlines },
            descriptions: { after: args.descriptions },
            final_url: { after: args.final_url },
            status: { after: status },
          },
          startsPaused: status === 'PAUSED',
        },
      ],
      data: { group: { id: group.id, name: group.name }, status },
    };
  },
  async apply(plan, args, ctx) {
    const { group, status } = plan.data;
    const [ad] = await ctx.step('create_ad', () =>
      ctx.platform.createAds([
        {
          ad_group_id: group.id,
          type: 'RESPONSIVE_SEARCH_AD',
          status,
          headlines: args.headlines,
          descriptions: args.descriptions,
          final_url: args.final_url,
          ...(args.path1 ? { path1: args.path1 } : {}),
          ...(args.path2 ? { path2: args.path2 } : {}),
        },
      ]),
    );
    return {
      text: [
        `## Responsive search ad created in "${group.name}"`,
        '',
        `Ad ${ad!.id}, ${ad!.status}: ${args.headlines.length} headlines, ${args.descriptions.length} descriptions, ${args.final_url}.`,
        '',
        ad!.status === 'PAUSED' ? 'It does not serve yet: resume_ad enables it after review.' : "It serves after the platform's review.",
      ].join('\n'),
      structured: {
        customer_id: ctx.account.account_id,
        ad_id: ad!.id,
        ad_group_id: group.id,
        status: ad!.status,
        headlines: ad!.headlines,
        descriptions: ad!.descriptions,
        final_url: ad!.final_url,
      },
    };
  },
});
