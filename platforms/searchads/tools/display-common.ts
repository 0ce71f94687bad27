import { ToolError } from '../../../core/errors';
import type { SearchAdsAdGroup, SearchAdsAudienceSegment, SearchAdsCampaign, SearchAdsPort } from '../port';
import type {
  SearchAdsAdGroupCriterion,
  SearchAdsCriterionType,
  SearchAdsImageAsset,
  SearchAdsTopic,
  SearchAdsVideoAsset,
} from '../port-display';

/** What display tools share: reading a Display campaign or ad group, and naming criteria for people. */

/** A campaign that must be a Display campaign; with `forChange`, not removed. */
export async function requireDisplayCampaign(
  port: SearchAdsPort,
  campaignId: string,
  tool: string,
  forChange = false,
): Promise<SearchAdsCampaign> {
  const campaign = await port.getCampaign(campaignId);
  if (campaign.type !== 'DISPLAY') {
    throw new ToolError(
      `Campaign "${campaign.name}" (${campaign.id}) is a ${campaign.type} campaign; ${tool} works on DISPLAY campaigns (list_campaigns shows each campaign's type).`,
    );
  }
  if (forChange && campaign.status === 'REMOVED')
    throw new ToolError(`Campaign "${campaign.name}" (${campaign.id}) is REMOVED; removed campaigns cannot be changed.`);
  return campaign;
}

/** An ad group of a Display campaign, with its campaign; with `forChange`, neither removed. */
export async function requireDisplayAdGroup(
  port: SearchAdsPort,
  adGroupId: string,
  tool: string,
  forChange = false,
): Promise<{ group: SearchAdsAdGroup; campaign: SearchAdsCampaign }> {
  const group = await port.getAdGroup(adGroupId);
  const campaign = await port.getCampaign(group.campaign_id);
  if (campaign.type !== 'DISPLAY') {
    throw new ToolError(
      `Ad group "${group.name}" (${group.id}) is in ${campaign.type} campaign "${campaign.name}"; ${tool} works on ad groups of DISPLAY campaigns.`,
    );
  }
  if (forChange && group.status === 'REMOVED')
    throw new ToolError(`Ad group "${group.name}" (${group.id}) is REMOVED; its targeting and ads cannot change.`);
  if (forChange && campaign.status === 'REMOVED')
    throw new ToolError(`Campaign "${campaign.name}" (${campaign.id}) is REMOVED; its ad groups cannot change.`);
  return { group, campaign };
}

export const TYPE_LABEL: Record<SearchAdsCriterionType, string> = {
  PLACEMENT: 'Website',
  MOBILE_APPLICATION: 'Mobile app',
  YOUTUBE_CHANNEL: 'Video channel',
  YOUTUBE_VIDEO: 'Video',
  TOPIC: 'Topic',
  KEYWORD: 'Contextual keyword',
  USER_INTEREST: 'Interest segment',
  CUSTOM_AUDIENCE: 'Custom audience',
  USER_LIST: 'User list',
  AGE_RANGE: 'Age',
  GENDER: 'Gender',
  PARENTAL_STATUS: 'Parental status',
  INCOME_RANGE: 'Household income',
};

/** A demographic enum value for people: AGE_RANGE_25_34 → "25-34", INCOME_RANGE_90_UP → "top 10%". */
export function demographicLabel(value: string): string {
  const age = /^AGE_RANGE_(\d+)_(\d+|UP)$/.exec(value);
  if (age) return age[2] === 'UP' ? `${age[1]}+` : `${age[1]}-${age[2]}`;
  const income: Record<string, string> = {
    INCOME_RANGE_0_50: 'lower 50%',
    INCOME_RANGE_50_60: '41-50%',
    INCOME_RANGE_60_70: '31-40%',
    INCOME_RANGE_70_80: '21-30%',
    INCOME_RANGE_80_90: '11-20%',
    INCOME_RANGE_90_UP: 'top 10%',
  };
  if (income[value]) return income[value]!;
  if (/UNDETERMINED$/.test(value)) return 'unknown';
  return value.toLowerCase().replace(/_/g, ' ');
}

export interface NamedCriterion extends SearchAdsAdGroupCriterion {
  /** The criterion for people: the site, the topic path, the segment name, the age range. */
  name: string;
}

/** Names criteria: topics by their path, audiences by their segment name, demographics by their label. */
export async function nameCriteria(port: SearchAdsPort, criteria: SearchAdsAdGroupCriterion[]): Promise<NamedCriterion[]> {
  const needsTopics = criteria.some((c) => c.type === 'TOPIC');
  const needsSegments = criteria.some((c) => c.type === 'USER_INTEREST' || c.type === 'CUSTOM_AUDIENCE' || c.type === 'USER_LIST');
  const [topics, segments] = await Promise.all([
    needsTopics ? port.listTopics() : Promise.resolve([]),
    needsSegments ? port.listAudienceSegments() : Promise.resolve([]),
  ]);
  return criteria.map((c) => ({ ...c, name: criterionName(c, topics, segments) }));
}

export function criterionName(
  c: Pick<SearchAdsAdGroupCriterion, 'type' | 'value'>,
  topics: SearchAdsTopic[],
  segments: SearchAdsAudienceSegment[],
): string {
  switch (c.type) {
    case 'TOPIC':
      return topics.find((t) => t.id === c.value)?.path.join(' > ') ?? `topic ${c.value}`;
    case 'USER_INTEREST':
    case 'CUSTOM_AUDIENCE':
    case 'USER_LIST':
      return segments.find((s) => s.id === c.value)?.name ?? `segment ${c.value}`;
    case 'AGE_RANGE':
    case 'GENDER':
    case 'PARENTAL_STATUS':
    case 'INCOME_RANGE':
      return demographicLabel(c.value);
    default:
      return c.value;
  }
}

/** `<ad group id>~<criterion id>` or a bare criterion id, checked against the ad group. */
export function criterionKey(adGroupId: string, raw: string): string | undefined {
  const [first, second] = raw.split('~');
  if (second === undefined) return `${adGroupId}~${first}`;
  return first === adGroupId ? raw : undefined;
}

/** The images of the account's media library (the one Performance Max and Search images use), as Display tools show them. */
export async function imageLibrary(port: SearchAdsPort): Promise<SearchAdsImageAsset[]> {
  return (await port.listMediaAssets('IMAGE')).map((m) => ({
    id: m.id,
    name: m.name ?? `image ${m.id}`,
    width: m.width ?? 0,
    height: m.height ?? 0,
    mime_type: m.mime_type ?? 'UNKNOWN',
    ...(m.file_size !== undefined ? { file_size: m.file_size } : {}),
    ...(m.image_url ? { url: m.image_url } : {}),
  }));
}

/** The videos of the account's media library, as Display tools show them. */
export async function videoLibrary(port: SearchAdsPort): Promise<SearchAdsVideoAsset[]> {
  return (await port.listMediaAssets('YOUTUBE_VIDEO')).map((m) => ({
    id: m.id,
    name: m.name ?? m.video_title ?? `video ${m.id}`,
    video_id: m.video_id ?? '',
    ...(m.video_title ? { title: m.video_title } : {}),
  }));
}
