import * as v from 'valibot';
import { defineSearchAdsTool } from '../define';
import { campaignIdArg } from './common';

export const getCampaignStructure = defineSearchAdsTool({
  name: 'get_campaign_structure',
  description:
    'Shows one campaign as a tree: campaign → ad groups → ads (headlines, descriptions, final URL), keywords with match types and bids, and negative keywords at campaign and ad group level. Use it before editing a campaign or to find ad group ids.',
  access: 'read',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
  args: {
    campaign_id: campaignIdArg(),
    include_removed: v.optional(v.pipe(v.boolean(), v.description('Include REMOVED ad groups, ads and keywords (default false)')), false),
  },
  output: v.object({
    customer_id: v.string(),
    campaign: v.object({
      id: v.string(),
      name: v.string(),
      type: v.string(),
      status: v.string(),
      budget_amount: v.number(),
    }),
    campaign_negative_keywords: v.array(
      v.object({
        id: v.string(),
        text: v.string(),
        match_type: v.string(),
      }),
    ),
    callouts: v.array(
      v.object({
        asset_id: v.string(),
        text: v.string(),
      }),
    ),
    ad_groups: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        status: v.string(),
        type: v.string(),
        cpc_bid: v.number(),
        ads: v.array(
          v.object({
            final_url: v.string(),
            path1: v.optional(v.string()),
            headlines: v.array(v.string()),
            id: v.string(),
            ad_group_id: v.string(),
            type: v.string(),
            descriptions: v.array(v.string()),
            campaign_id: v.string(),
            status: v.string(),
            path2: v.optional(v.string()),
          }),
        ),
        keywords: v.array(
          v.object({
            id: v.string(),
            text: v.string(),
            match_type: v.string(),
            status: v.string(),
            cpc_bid: v.number(),
            quality_score: v.number(),
          }),
        ),
        negative_keywords: v.array(
          v.object({
            id: v.string(),
            text: v.string(),
            match_type: v.string(),
          }),
        ),
      }),
    ),
  }),
  async run(args, ctx) {
    const campaign = await ctx.platform.getCampaign(args.campaign_id);
    const [groups, ads, keywords, negatives, links, calloutAssets] = await Promise.all([
      ctx.platform.listAdGroups(campaign.id),
      ctx.platform.listAds(campaign.id),
      ctx.platform.listKeywords(campaign.id),
      ctx.platform.listNegativeKeywords(campaign.id),
      ctx.platform.listCampaignAssets(campaign.id),
      ctx.platform.listAssets('CALLOUT'),
    ]);
    // The callouts linked to the campaign (add_callout_extensions writes them), so they can be read back.
    const calloutText = new Map(calloutAssets.map((a) => [a.id, a.callout_text ?? '']));
    const callouts = links
      .filter((l) => l.field_type === 'CALLOUT' && calloutText.has(l.asset_id))
      .map((l) => ({ asset_id: l.asset_id, text: calloutText.get(l.asset_id)! }));
    const keep = (status: string) => args.include_removed || status !== 'REMOVED';
    const adGroups = groups
      .filter((g) => keep(g.status))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((g) => ({
        id: g.id,
        name: g.name,
        status: g.status,
        type: g.type,
        cpc_bid: g.cpc_bid,
        ads: ads.filter((a) => a.ad_group_id === g.id && keep(a.status)),
        keywords: keywords
          .filter((k) => k.ad_group_id === g.id && keep(k.status))
          .map((k) => ({
            id: k.id,
            text: k.text,
            match_type: k.match_type,
            status: k.status,
            cpc_bid: k.cpc_bid,
            quality_score: k.quality_score,
          })),
        negative_keywords: negatives
          .filter((n) => n.ad_group_id === g.id)
          .map((n) => ({ id: n.id, text: n.text, match_type: n.match_type })),
      }));
    const campaignNegatives = negatives.filter((n) => !n.ad_group_id).map((n) => ({ id: n.id, text: n.text, match_type: n.match_type }));
    const currency = ctx.account.currency;
    const kw = (k: { text: string; match_type: string }) =>
      k.match_type === 'EXACT' ? `[${k.text}]` : k.match_type === 'PHRASE' ? `"${k.text}"` : k.text;
    const lines = [
      `## ${campaign.name} (${campaign.id})`,
      `${campaign.type} · ${campaign.status} · daily budget ${campaign.budget_amount.toFixed(2)} ${currency} · ${adGroups.length} ad group(s)`,
      '',
    ];
    if (campaignNegatives.length) lines.push(`**Campaign negatives:** ${campaignNegatives.map(kw).join(', ')}`, '');
    if (callouts.length) lines.push(`**Callouts:** ${callouts.map((c) => c.text).join(' · ')}`, '');
    if (!adGroups.length) {
      lines.push(
        campaign.type === 'PERFORMANCE_MAX' ? 'Performance Max campaigns use asset groups instead of ad groups.' : 'No ad groups.',
      );
    }
    for (const g of adGroups) {
      lines.push(`### ${g.name} (${g.id}) · ${g.status} · CPC bid ${g.cpc_bid.toFixed(2)} ${currency}`);
      for (const ad of g.ads) {
        lines.push(
          `- **${ad.type}** ${ad.id} (${ad.status}) → ${ad.final_url}`,
          `  - Headlines: ${ad.headlines.join(' | ')}`,
          `  - Descriptions: ${ad.descriptions.join(' | ')}`,
        );
      }
      if (g.keywords.length)
        lines.push(`- Keywords: ${g.keywords.map((k) => `${kw(k)}${k.status !== 'ENABLED' ? ` (${k.status})` : ''}`).join(', ')}`);
      if (g.negative_keywords.length) lines.push(`- Negatives: ${g.negative_keywords.map(kw).join(', ')}`);
      lines.push('');
    }
    lines.push('Match types: [exact], "phrase", broad.');
    return {
      text: lines.join('\n').trim(),
      structured: {
        customer_id: ctx.account.account_id,
        campaign: {
          id: campaign.id,
          name: campaign.name,
          type: campaign.type,
          status: campaign.status,
          budget_amount: campaign.budget_amount,
        },
        campaign_negative_keywords: campaignNegatives,
        callouts,
        ad_groups: adGroups,
      },
    };
  },
});
