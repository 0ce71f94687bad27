import * as v from 'valibot';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { PmaxPerformanceLabel } from '../port-pmax';
import { campaignIdArg } from './common';
import { assetLabel } from './pmax-asset-links';
import { assetGroupIdArg, requirePmaxCampaign } from './pmax-common';

const LABELS: PmaxPerformanceLabel[] = ['BEST', 'GOOD', 'LOW', 'LEARNING', 'PENDING', 'UNKNOWN'];

export const getPmaxAssetPerformance = defineSearchAdsTool({
  name: 'get_pmax_asset_performance',
  description:
    "Shows the platform's performance ratings of the assets in a Performance Max campaign's asset groups (BEST, GOOD, LOW; LEARNING while new, PENDING before serving), counts per rating and field, and which LOW assets to replace (remove_pmax_asset_group_asset, then add_pmax_asset_group_asset).",
  access: 'read',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
  args: {
    campaign_id: campaignIdArg('Performance Max campaign id from list_campaigns'),
    asset_group_id: v.optional(assetGroupIdArg('Only this asset group (default every asset group of the campaign)')),
    labels: v.optional(
      v.pipe(
        v.array(v.picklist(LABELS as [PmaxPerformanceLabel, ...PmaxPerformanceLabel[]])),
        v.minLength(1),
        v.description(`Only assets with these ratings: ${LABELS.join(', ')}`),
      ),
    ),
  },
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    counts: v.record(v.string(), v.number()),
    assets: v.array(
      v.object({
        asset_group_id: v.string(),
        asset_group_name: v.string(),
        asset_id: v.string(),
        field_type: v.string(),
        label: v.string(),
        performance_label: v.string(),
      }),
    ),
    to_replace: v.array(v.object({ asset_group_id: v.string(), asset_id: v.string(), field_type: v.string(), label: v.string() })),
  }),
  async run(args, ctx) {
    const campaign = await requirePmaxCampaign(ctx.platform, args.campaign_id).catch(async (err) => {
      // A removed campaign's ratings can still be read.
      const c = await ctx.platform.getCampaign(args.campaign_id);
      if (c.type === 'PERFORMANCE_MAX') return c;
      throw err;
    });
    const groups = await ctx.platform.listAssetGroups(campaign.id);
    const groupId = args.asset_group_id?.replace(/^.*\//, '');
    const [links, library] = await Promise.all([
      ctx.platform.listAssetGroupAssets(groupId ? { assetGroupId: groupId } : { campaignId: campaign.id }),
      ctx.platform.listMediaAssets(),
    ]);
    const live = links.filter(
      (l) =>
        l.status !== 'REMOVED' &&
        groups.find((g) => g.id === l.asset_group_id)?.status !== 'REMOVED' &&
        (!groupId || l.asset_group_id === groupId),
    );
    const groupName = (id: string) => groups.find((g) => g.id === id)?.name ?? id;
    const all = live.map((l) => ({
      asset_group_id: l.asset_group_id,
      asset_group_name: groupName(l.asset_group_id),
      asset_id: l.asset_id,
      field_type: l.field_type,
      label: assetLabel(library.find((a) => a.id === l.asset_id)),
      performance_label: l.performance_label,
    }));
    const assets = all.filter((a) => !args.labels || args.labels.includes(a.performance_label as PmaxPerformanceLabel));
    const counts = Object.fromEntries(LABELS.map((label) => [label, all.filter((a) => a.performance_label === label).length]));
    const to_replace = all
      .filter((a) => a.performance_label === 'LOW')
      .map(({ asset_group_id, asset_id, field_type, label }) => ({ asset_group_id, asset_id, field_type, label }));
    const order = (label: string) => LABELS.indexOf(label as PmaxPerformanceLabel);
    const text = [
      `## Asset ratings of "${campaign.name}"${groupId ? ` (asset group ${groupName(groupId)})` : ''}`,
      '',
      LABELS.filter((l) => counts[l])
        .map((l) => `${l}: ${counts[l]}`)
        .join(' · ') || 'No rated assets.',
      '',
      assets.length
        ? markdownTable(
            ['Rating', 'Field', 'Asset', 'Asset group', 'Asset id'],
            [...assets]
              .sort((a, b) => order(a.performance_label) - order(b.performance_label))
              .map((a) => [a.performance_label, a.field_type, a.label, a.asset_group_name, a.asset_id]),
          )
        : 'No assets match.',
      '',
      to_replace.length
        ? `Replace the ${to_replace.length} LOW asset(s): add a new one in the same field (add_pmax_asset_group_asset) and then remove the LOW one (remove_pmax_asset_group_asset).`
        : 'No asset is rated LOW.',
    ].join('\n');
    return { text, structured: { customer_id: ctx.account.account_id, campaign_id: campaign.id, counts, assets, to_replace } };
  },
});
