import * as v from 'valibot';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { adIdArg } from './common';
import { COPY_LIMITS } from './ad-copy';

export const getAdCreative = defineSearchAdsTool({
  name: 'get_ad_creative',
  description:
    "Exports an ad's creative parts: type, status, every headline and description with its length and the type's limit, final URL and display paths. Ad ids come from get_ad_performance.",
  access: 'read',
  examples: [{ ad_id: '<ad_id from get_ad_performance>' }],
  args: { ad_id: adIdArg() },
  output: v.object({
    customer_id: v.string(),
    ad_id: v.string(),
    ad_group_id: v.string(),
    campaign_id: v.string(),
    type: v.string(),
    status: v.string(),
    headlines: v.array(v.string()),
    descriptions: v.array(v.string()),
    final_url: v.string(),
    path1: v.optional(v.string()),
    path2: v.optional(v.string()),
  }),
  async run(args, ctx) {
    const ad = await ctx.platform.getAd(args.ad_id);
    const limits = COPY_LIMITS[ad.type];
    const rows = [
      ...ad.headlines.map((t, i) => [`Headline ${i + 1}`, t, `${t.length}${limits ? `/${limits.headlines[2]}` : ''}`]),
      ...ad.descriptions.map((t, i) => [`Description ${i + 1}`, t, `${t.length}${limits ? `/${limits.descriptions[2]}` : ''}`]),
    ];
    const text = [
      `## Ad ${ad.id} (${ad.type}, ${ad.status})`,
      '',
      markdownTable(['Part', 'Text', 'Length'], rows),
      '',
      `Final URL: ${ad.final_url}${ad.path1 ? ` (display path /${ad.path1}${ad.path2 ? `/${ad.path2}` : ''})` : ''}`,
      '',
      limits ? `Edit with update_ad_headlines, update_ad_descriptions or update_ad_content.` : 'This ad type has no editable copy here.',
    ].join('\n');
    const { id: _id, ...rest } = ad;
    return { text, structured: { customer_id: ctx.account.account_id, ad_id: ad.id, ...rest } };
  },
});
