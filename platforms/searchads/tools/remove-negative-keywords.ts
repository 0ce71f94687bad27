import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsNegativeKeyword } from '../port';
import { campaignIdArg, requireLiveCampaign } from './common';

export const removeNegativeKeywords = defineSearchAdsTool({
  name: 'remove_negative_keywords',
  description:
    'Permanently removes negative keywords from a campaign (campaign or ad group level), by negative keyword id or by text: matching searches may show the ads again from now on. list_campaign_extensions does not show negatives; get_campaign_structure does.',
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>', texts: ['example'] }],
  destructive: true,
  args: {
    campaign_id: campaignIdArg(),
    negative_keyword_ids: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.regex(/^\d{1,19}$/, 'must be a numeric negative keyword id'))),
        v.minLength(1),
        v.maxLength(200),
        v.description('Ids of the negatives to remove (get_campaign_structure)'),
      ),
    ),
    texts: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.minLength(1))),
        v.minLength(1),
        v.maxLength(200),
        v.description('Or the negative keyword texts to remove (every match type and level of the campaign)'),
      ),
    ),
  },
  rules: [(a) => (!a.negative_keyword_ids === !a.texts ? 'give exactly one of `negative_keyword_ids` or `texts`' : undefined)],
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    removed: v.array(v.object({ id: v.string(), text: v.string(), match_type: v.string(), level: v.string() })),
  }),
  async plan(args, ctx) {
    const campaign = await requireLiveCampaign(ctx.platform, args.campaign_id);
    const negatives = await ctx.platform.listNegativeKeywords(campaign.id);
    let targets: SearchAdsNegativeKeyword[];
    if (args.negative_keyword_ids) {
      const unknown = args.negative_keyword_ids.filter((id) => !negatives.some((n) => n.id === id));
      if (unknown.length)
        throw new ToolError(
          `Campaign "${campaign.name}" has no negative keyword with id ${unknown.map((id) => `"${id}"`).join(', ')}. get_campaign_structure lists its negatives.`,
        );
      targets = negatives.filter((n) => args.negative_keyword_ids!.includes(n.id));
    } else {
      const wanted = args.texts!.map((t) => t.toLowerCase());
      const missing = wanted.filter((t) => !negatives.some((n) => n.text.toLowerCase() === t));
      if (missing.length)
        throw new ToolError(
          `Campaign "${campaign.name}" has no negative keyword ${missing.map((t) => `"${t}"`).join(', ')}. get_campaign_structure lists its negatives.`,
        );
      targets = negatives.filter((n) => wanted.includes(n.text.toLowerCase()));
    }
    return {
      summary: `Remove ${targets.length} negative keyword(s) from campaign "${campaign.name}"`,
      changes: targets.map((n) => ({
        action: 'remove' as const,
        entity: n.ad_group_id ? 'ad_group_negative_keyword' : 'campaign_negative_keyword',
        id: n.id,
        name: `${n.text} (${n.match_type})`,
        fields: {},
      })),
      data: { campaign_id: campaign.id, campaign_name: campaign.name, targets },
    };
  },
  async apply(plan, _args, ctx) {
    const { campaign_id, campaign_name, targets } = plan.data;
    await ctx.step('remove', () => ctx.platform.removeNegativeKeywords(targets).then(() => true));
    const removed = targets.map((n) => ({
      id: n.id,
      text: n.text,
      match_type: n.match_type,
      level: n.ad_group_id ? `ad group ${n.ad_group_id}` : 'campaign',
    }));
    return {
      text: [
        `## ${removed.length} negative keyword(s) removed from "${campaign_name}"`,
        '',
        markdownTable(
          ['Negative keyword', 'Match type', 'Level', 'Id'],
          removed.map((r) => [r.text, r.match_type, r.level, r.id]),
        ),
        '',
        'Searches they blocked can show the ads again from now on. add_negative_keywords adds one back.',
      ].join('\n'),
      structured: { customer_id: ctx.account.account_id, campaign_id, removed },
    };
  },
  undo(plan) {
    const { campaign_id, targets } = plan.data;
    if (!targets.length || targets.some((t) => t.ad_group_id)) return undefined;
    return {
      tool: 'add_negative_keywords',
      arguments: { campaign_id, keywords: targets.map((t) => ({ text: t.text, match_type: t.match_type })) },
    };
  },
});
