import * as v from 'valibot';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { campaignIdArg } from './common';

export const listCallAssets = defineSearchAdsTool({
  name: 'list_call_assets',
  description:
    'Lists the call (phone number) assets of the account library and the campaigns each is linked to. With campaign_id, only the call assets linked to that campaign. The ids and resource names work with remove_call_assets.',
  access: 'read',
  args: {
    campaign_id: v.optional(campaignIdArg('Only call assets linked to this campaign')),
  },
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.nullable(v.string()),
    call_assets: v.array(
      v.object({
        id: v.string(),
        resource_name: v.string(),
        phone_number: v.string(),
        country_code: v.string(),
        linked_campaigns: v.array(
          v.object({
            campaign_id: v.string(),
            campaign_name: v.string(),
          }),
        ),
      }),
    ),
  }),
  async run(args, ctx) {
    const cid = ctx.account.account_id;
    const [assets, links, campaigns] = await Promise.all([
      ctx.platform.listAssets('CALL'),
      ctx.platform.listCampaignAssets(),
      ctx.platform.listCampaigns(),
    ]);
    if (args.campaign_id) await ctx.platform.getCampaign(args.campaign_id);
    const campaignName = new Map(campaigns.map((c) => [c.id, c.name]));
    const callLinks = links.filter((l) => l.field_type === 'CALL');
    const rows = assets
      .map((a) => {
        const linked = callLinks
          .filter((l) => l.asset_id === a.id)
          .map((l) => ({ campaign_id: l.campaign_id, campaign_name: campaignName.get(l.campaign_id) ?? l.campaign_id }));
        return {
          id: a.id,
          resource_name: `customers/${cid}/assets/${a.id}`,
          phone_number: a.phone_number!,
          country_code: a.country_code!,
          linked_campaigns: linked,
        };
      })
      .filter((a) => !args.campaign_id || a.linked_campaigns.some((l) => l.campaign_id === args.campaign_id));
    const unlinked = rows.filter((r) => !r.linked_campaigns.length).length;
    const text = [
      `## Call assets${args.campaign_id ? ` linked to ${campaignName.get(args.campaign_id)}` : ' in the library'} (${rows.length})`,
      '',
      rows.length
        ? markdownTable(
            ['Phone number', 'Country', 'Asset id', 'Linked campaigns'],
            rows.map((r) => [
              r.phone_number,
              r.country_code,
              r.id,
              r.linked_campaigns.map((l) => l.campaign_name).join(', ') || 'none (library only)',
            ]),
          )
        : 'No call assets.',
      ...(unlinked && !args.campaign_id ? ['', `${unlinked} call asset(s) sit in the library without a campaign link.`] : []),
    ].join('\n');
    return { text, structured: { customer_id: cid, campaign_id: args.campaign_id ?? null, call_assets: rows } };
  },
});
