import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { SearchAdsAudienceType, SearchAdsCampaign, SearchAdsPort } from '../port';
import type { AudienceSignalSegment, SearchAdsAssetGroup } from '../port-pmax';
import { idFromResourceName, requireLiveCampaign } from './common';

/** Shared argument shapes and reads of the Performance Max tools. */

export const assetGroupIdArg = (description = 'Asset group id from get_pmax_asset_groups') =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(
      /^(\d{1,19}|customers\/\d+\/assetGroups\/\d{1,19})$/,
      'must be a numeric asset group id or its resource name (from get_pmax_asset_groups)',
    ),
    v.description(description),
  );

/** The asset group id of an argument (a bare id or `customers/<cid>/assetGroups/<id>`). */
export const assetGroupIdOf = (value: string, customerId: string) => idFromResourceName(value, 'assetGroups', customerId);

/** Reads a campaign that must be a Performance Max campaign that is not removed. */
export async function requirePmaxCampaign(platform: SearchAdsPort, campaignId: string): Promise<SearchAdsCampaign> {
  const campaign = await requireLiveCampaign(platform, campaignId);
  if (campaign.type !== 'PERFORMANCE_MAX') {
    throw new ToolError(
      `Campaign "${campaign.name}" (${campaign.id}) is a ${campaign.type} campaign; this tool works on Performance Max campaigns (list_campaigns shows each campaign's type).`,
    );
  }
  return campaign;
}

/** Reads an asset group (refusing a removed one for changes) with its campaign. */
export async function requireAssetGroup(
  platform: SearchAdsPort,
  value: string,
  customerId: string,
  options: { allowRemoved?: boolean } = {},
): Promise<{ group: SearchAdsAssetGroup; campaign: SearchAdsCampaign }> {
  const id = assetGroupIdOf(value, customerId);
  let group: SearchAdsAssetGroup;
  try {
    group = await platform.getAssetGroup(id);
  } catch (err) {
    if (err instanceof ToolError && /^No .* with id/.test(err.message))
      throw new ToolError(`${err.message} get_pmax_asset_groups lists the asset groups of a campaign.`, { code: 'not_found' });
    throw err;
  }
  if (!options.allowRemoved && group.status === 'REMOVED')
    throw new ToolError(
      `Asset group "${group.name}" (${group.id}) is REMOVED; a removed asset group cannot change. Add a new one with add_pmax_asset_group.`,
    );
  const campaign = await platform.getCampaign(group.campaign_id);
  if (!options.allowRemoved && campaign.status === 'REMOVED')
    throw new ToolError(`Campaign "${campaign.name}" (${campaign.id}) is REMOVED; its asset groups cannot change.`);
  return { group, campaign };
}

/**
 * The asset groups a campaign-level call acts on: the one named, or every asset group of the
 * campaign that is not removed. Refuses an asset group of another campaign.
 */
export async function targetAssetGroups(
  platform: SearchAdsPort,
  customerId: string,
  campaignId: string,
  assetGroup?: string,
): Promise<{ campaign: SearchAdsCampaign; groups: SearchAdsAssetGroup[] }> {
  const campaign = await requirePmaxCampaign(platform, campaignId);
  const all = (await platform.listAssetGroups(campaign.id)).filter((g) => g.status !== 'REMOVED');
  if (assetGroup) {
    const id = assetGroupIdOf(assetGroup, customerId);
    const group = all.find((g) => g.id === id);
    if (!group)
      throw new ToolError(
        `Campaign "${campaign.name}" has no asset group ${id} that is not removed; get_pmax_asset_groups lists its asset groups.`,
        { code: 'not_found' },
      );
    return { campaign, groups: [group] };
  }
  if (!all.length) throw new ToolError(`Campaign "${campaign.name}" has no asset group; add one with add_pmax_asset_group first.`);
  return { campaign, groups: all };
}

/** Audience segments by type as the signal arguments name them. */
export const SEGMENT_ARGS = {
  in_market_audiences: 'IN_MARKET',
  affinity_audiences: 'AFFINITY',
  custom_audiences: 'CUSTOM',
  user_lists: 'USER_LIST',
} as const satisfies Record<string, SearchAdsAudienceType>;

export type SegmentArgs = Partial<Record<keyof typeof SEGMENT_ARGS, string[]>>;

const segmentIds = (what: string) =>
  v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.regex(/^\d{1,19}$/, 'must be a numeric segment id (search_audiences)'))),
      v.minLength(1),
      v.maxLength(20),
      v.description(`${what} ids from search_audiences`),
    ),
  );

export const segmentArgs = () => ({
  in_market_audiences: segmentIds('In-market segment'),
  affinity_audiences: segmentIds('Affinity segment'),
  custom_audiences: segmentIds('Custom audience'),
  user_lists: segmentIds('User (remarketing) list'),
});

export const anySegmentRule = (a: SegmentArgs) =>
  Object.keys(SEGMENT_ARGS).some((k) => (a[k as keyof SegmentArgs] ?? []).length)
    ? undefined
    : 'give at least one of `in_market_audiences`, `affinity_audiences`, `custom_audiences`, `user_lists`';

/** The segments the arguments name, read from the account; unknown ids are refused together. */
export async function resolveSegments(platform: SearchAdsPort, args: SegmentArgs): Promise<AudienceSignalSegment[]> {
  const all = await platform.listAudienceSegments();
  const found: AudienceSignalSegment[] = [];
  const missing: string[] = [];
  for (const [arg, type] of Object.entries(SEGMENT_ARGS) as [keyof SegmentArgs, SearchAdsAudienceType][]) {
    for (const id of new Set(args[arg] ?? [])) {
      const segment = all.find((s) => s.id === id && s.type === type);
      if (segment) found.push({ type, id, name: segment.name });
      else missing.push(`${arg}: ${id}`);
    }
  }
  if (missing.length)
    throw new ToolError(`Unknown audience segment(s): ${missing.join(', ')}. search_audiences lists the segments of the account by type.`, {
      code: 'not_found',
    });
  return found;
}

export const signalResourceName = (customerId: string, signalId: string) => `customers/${customerId}/assetGroupSignals/${signalId}`;
export const assetGroupResourceName = (customerId: string, id: string) => `customers/${customerId}/assetGroups/${id}`;
