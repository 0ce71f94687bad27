import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { campaignIdArg, idFromResourceName, requireLiveCampaign } from './common';

export const removeCallAssets = defineSearchAdsTool({
  name: 'remove_call_assets',
  description:
    'Unlinks call (phone number) assets from one campaign. The assets stay in the library and on other campaigns (list_call_assets shows them). Without asset_ids, ALL call assets of the campaign are unlinked. Takes 2-4 seconds.',
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
  destructive: true,
  args: {
    campaign_id: campaignIdArg(),
    asset_ids: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))),
        v.minLength(1, 'must list at least one asset; omit it to unlink every call asset of the campaign'),
        v.maxLength(50),
        v.description(
          'Asset ids or resource names (customers/<cid>/assets/<id>) from list_call_assets; omit to unlink ALL call assets of this campaign',
        ),
      ),
    ),
  },
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    removed: v.array(v.object({ asset_id: v.string(), resource_name: v.string(), phone_number: v.string() })),
    remaining: v.number(),
  }),
  async plan(args, ctx) {
    const cid = ctx.account.account_id;
    const campaign = await requireLiveCampaign(ctx.platform, args.campaign_id);
    const [links, callAssets] = await Promise.all([ctx.platform.listCampaignAssets(campaign.id), ctx.platform.listAssets('CALL')]);
    const callLinks = links.filter((l) => l.field_type === 'CALL');
    const assetOf = new Map(callAssets.map((a) => [a.id, a]));
    let targets = callLinks;
    if (args.asset_ids) {
      const wanted = [...new Set(args.asset_ids.map((id) => idFromResourceName(id, 'assets', cid)))];
      const problems = wanted.flatMap((id) => {
        if (!assetOf.has(id)) return [`"${id}" is not a call asset of this account`];
        if (!callLinks.some((l) => l.asset_id === id))
          return [`call asset ${id} (${assetOf.get(id)!.phone_number}) is not linked to this campaign`];
        return [];
      });
      if (problems.length) {
        const linked = callLinks.map((l) => `${l.asset_id} (${assetOf.get(l.asset_id)?.phone_number})`).join(', ') || 'none';
        throw new ToolError(`Cannot unlink from campaign "${campaign.name}": ${problems.join('; ')}. Call assets linked to it: ${linked}.`);
      }
      targets = callLinks.filter((l) => wanted.includes(l.asset_id));
    }
    const data = {
      campaign: { id: campaign.id, name: campaign.name },
      links: targets.map((l) => ({ id: l.id, asset_id: l.asset_id, phone_number: assetOf.get(l.asset_id)?.phone_number ?? '' })),
      remaining: callLinks.length - targets.length,
    };
    return {
      summary: targets.length
        ? `Unlink ${targets.length} call asset(s) from campaign "${campaign.name}" (${campaign.id})`
        : `Campaign "${campaign.name}" has no call assets linked; nothing changes`,
      changes: data.links.map((l) => ({
        action: 'remove' as const,
        entity: 'campaign_call_asset',
        id: l.asset_id,
        name: l.phone_number,
        fields: { campaign_id: { before: campaign.id, after: null } },
      })),
      data,
    };
  },
  async apply(plan, _args, ctx) {
    const cid = ctx.account.account_id;
    const { campaign, links: targets, remaining } = plan.data;
    if (!targets.length) {
      return {
        text: `## No call assets on ${campaign.name}\n\nThe campaign has no call assets linked; nothing changed.`,
        structured: { customer_id: cid, campaign_id: campaign.id, removed: [], remaining: 0 },
      };
    }
    await ctx.step('unlink_call_assets', async () => {
      await ctx.platform.unlinkCampaignAssets(targets.map((l) => l.id));
      return targets.length;
    });
    const removed = targets.map((l) => ({
      asset_id: l.asset_id,
      resource_name: `customers/${cid}/assets/${l.asset_id}`,
      phone_number: l.phone_number,
    }));
    const text = [
      `## Call assets unlinked from ${campaign.name} (${campaign.id})`,
      '',
      markdownTable(
        ['Phone number', 'Asset id'],
        removed.map((r) => [r.phone_number, r.asset_id]),
      ),
      '',
      `${remaining} call asset(s) remain on the campaign. The unlinked assets stay in the library and on any other campaign (list_call_assets).`,
    ].join('\n');
    return { text, structured: { customer_id: cid, campaign_id: campaign.id, removed, remaining } };
  },
});
