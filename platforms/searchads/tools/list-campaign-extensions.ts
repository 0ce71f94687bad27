import * as v from 'valibot';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsAsset } from '../port';
import { campaignIdArg } from './common';

const describe = (a: SearchAdsAsset): string => {
  switch (a.type) {
    case 'SITELINK':
      return `${a.link_text} → ${a.final_url}${a.description1 ? ` (${a.description1} / ${a.description2})` : ''}`;
    case 'STRUCTURED_SNIPPET':
      return `${a.header}: ${(a.values ?? []).join(', ')}`;
    case 'CALL':
      return `${a.phone_number} (${a.country_code})`;
    case 'CALLOUT':
      return a.callout_text ?? '';
    default:
      return a.text ?? '';
  }
};

export const listCampaignExtensions = defineSearchAdsTool({
  name: 'list_campaign_extensions',
  description:
    'Lists the assets attached to a campaign: sitelinks, callouts, structured snippets, call assets and the business name, with their asset ids (for remove_sitelinks, remove_callouts, remove_structured_snippets, remove_call_assets).',
  access: 'read',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
  args: { campaign_id: campaignIdArg() },
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    extensions: v.array(v.object({ asset_id: v.string(), type: v.string(), text: v.string() })),
    counts: v.record(v.string(), v.number()),
  }),
  async run(args, ctx) {
    const campaign = await ctx.platform.getCampaign(args.campaign_id);
    const [links, assets] = await Promise.all([ctx.platform.listCampaignAssets(campaign.id), ctx.platform.listAssets()]);
    const byId = new Map(assets.map((a) => [`${a.type}|${a.id}`, a]));
    const order = ['SITELINK', 'CALLOUT', 'STRUCTURED_SNIPPET', 'CALL', 'BUSINESS_NAME'];
    const extensions = links
      .map((l) => ({ link: l, asset: byId.get(`${l.field_type}|${l.asset_id}`) }))
      .filter((x): x is { link: typeof x.link; asset: SearchAdsAsset } => Boolean(x.asset))
      .map(({ link, asset }) => ({ asset_id: asset.id, type: link.field_type, text: describe(asset) }))
      .sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type) || a.text.localeCompare(b.text));
    const counts = Object.fromEntries(order.map((t) => [t, extensions.filter((e) => e.type === t).length]));
    const missing = [
      counts.SITELINK! < 4 ? 'at least 4 sitelinks (add_sitelinks)' : '',
      counts.CALLOUT! < 4 ? 'at least 4 callouts (add_callout_extensions)' : '',
    ].filter(Boolean);
    const text = [
      `## Assets of "${campaign.name}" (${campaign.id})`,
      '',
      extensions.length
        ? markdownTable(
            ['Type', 'Asset', 'Asset id'],
            extensions.map((e) => [e.type, e.text, e.asset_id]),
          )
        : 'No assets attached.',
      '',
      missing.length && campaign.type === 'SEARCH'
        ? `Recommended: ${missing.join(' and ')}.`
        : 'add_sitelinks, add_structured_snippets and add_call_asset attach more.',
    ].join('\n');
    return { text, structured: { customer_id: ctx.account.account_id, campaign_id: campaign.id, extensions, counts } };
  },
});
