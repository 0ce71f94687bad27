import { ToolError } from '../../../core/errors';
import { fetchImage } from '../../image-check';
import type { SearchAdsAudienceSegment, SearchAdsAudienceType } from '../port';
import type {
  AudienceSignalSegment,
  ListingDimension,
  NewSearchAdsAssetGroup,
  NewSearchAdsAssetGroupAsset,
  NewSearchAdsAssetGroupSignal,
  NewSearchAdsListingGroupFilter,
  NewSearchAdsMediaAsset,
  PmaxAssetFieldType,
  SearchAdsAssetGroup,
  SearchAdsAssetGroupAsset,
  SearchAdsAssetGroupPatch,
  SearchAdsAssetGroupSignal,
  SearchAdsListingGroupFilter,
  SearchAdsMediaAsset,
  SearchAdsMediaAssetType,
  SearchAdsPmaxPort,
} from '../port-pmax';
import type { NewSearchAdsCampaign, SearchAdsCampaign, SearchAdsCampaignCriterion } from '../port-types';
import { idOf } from './api';
import { budgetCreate, campaignCreate } from './campaigns';
import type { Asset, AudienceSegment, GoogleAdsRow, ListingCaseValue, MutateOperation, Operation } from './wire';

/**
 * Performance Max over the platform's REST interface: `asset_group`, `asset_group_asset`,
 * `asset_group_signal` (with `audience`), `asset_group_listing_group_filter` and image / video /
 * text `asset`s, read with query-language searches and written with mutates. An asset group and
 * its assets are created in one `googleAds:mutate` (the platform refuses an asset group without
 * its minimum assets), and a listing group tree is changed in one request with temporary ids.
 */
export interface LiveCalls {
  cid: string;
  search(query: string): Promise<GoogleAdsRow[]>;
  mutate(resource: string, operations: Operation[]): Promise<string[]>;
  mutateAll(operations: MutateOperation[]): Promise<string[]>;
  rn(collection: string, id: string): string;
  notFound(kind: string, id: string): ToolError;
  segments(): Promise<SearchAdsAudienceSegment[]>;
}

const digitsOnly = /^\d{1,19}$/;
/** Field types a brand-guidelines campaign links at campaign level (CampaignAsset), not per asset group. */
const BRAND_FIELDS: PmaxAssetFieldType[] = ['BUSINESS_NAME', 'LOGO'];
const MEDIA_TYPES: SearchAdsMediaAssetType[] = ['IMAGE', 'YOUTUBE_VIDEO', 'TEXT'];
const GROUP_FIELDS =
  'asset_group.id, asset_group.name, asset_group.status, asset_group.final_urls, asset_group.path1, asset_group.path2, asset_group.ad_strength, asset_group.campaign';
const SEGMENT_WIRE: Record<SearchAdsAudienceType, { field: string; key: string }> = {
  IN_MARKET: { field: 'userInterest', key: 'userInterestCategory' },
  AFFINITY: { field: 'userInterest', key: 'userInterestCategory' },
  CUSTOM: { field: 'customAudience', key: 'customAudience' },
  USER_LIST: { field: 'userList', key: 'userList' },
};
const CASE_WIRE: Record<ListingDimension, string> = {
  BRAND: 'productBrand',
  CATEGORY: 'productCategory',
  ITEM_ID: 'productItemId',
  CUSTOM_ATTRIBUTE: 'productCustomAttribute',
  CONDITION: 'productCondition',
};

const groupFrom = (row: GoogleAdsRow): SearchAdsAssetGroup => {
  const g = row.assetGroup;
  return {
    id: String(g.id),
    campaign_id: idOf(g.campaign),
    name: g.name ?? '',
    status: g.status as SearchAdsAssetGroup['status'],
    final_urls: g.finalUrls ?? [],
    ...(g.path1 ? { path1: g.path1 } : {}),
    ...(g.path2 ? { path2: g.path2 } : {}),
    ...(g.adStrength ? { ad_strength: g.adStrength } : {}),
  };
};

function mediaFrom(a: Asset): SearchAdsMediaAsset {
  const base = { id: String(a.id), type: a.type as SearchAdsMediaAssetType, ...(a.name ? { name: a.name } : {}) };
  if (a.type === 'TEXT') return { ...base, text: a.textAsset?.text ?? '' };
  if (a.type === 'YOUTUBE_VIDEO')
    return {
      ...base,
      video_id: a.youtubeVideoAsset?.youtubeVideoId,
      ...(a.youtubeVideoAsset?.youtubeVideoTitle ? { video_title: a.youtubeVideoAsset.youtubeVideoTitle } : {}),
    };
  const full = a.imageAsset?.fullSize ?? {};
  return {
    ...base,
    ...(full.url ? { image_url: full.url } : {}),
    width: Number(full.widthPixels ?? 0),
    height: Number(full.heightPixels ?? 0),
    ...(a.imageAsset?.fileSize !== undefined ? { file_size: Number(a.imageAsset.fileSize) } : {}),
    ...(a.imageAsset?.mimeType ? { mime_type: a.imageAsset.mimeType } : {}),
  };
}

function caseFrom(c: ListingCaseValue | undefined): SearchAdsListingGroupFilter['case_value'] {
  if (!c) return undefined;
  for (const [dimension, wire] of Object.entries(CASE_WIRE) as [ListingDimension, string][]) {
    const node = c[wire];
    if (!node) continue;
    const value = node.value ?? node.categoryId ?? node.condition;
    const index =
      dimension === 'CUSTOM_ATTRIBUTE' && node.index
        ? Number(String(node.index).replace('INDEX', ''))
        : dimension === 'CATEGORY' && node.level
          ? Number(String(node.level).replace('LEVEL', ''))
          : undefined;
    return { dimension, ...(value !== undefined ? { value: String(value) } : {}), ...(index !== undefined ? { index } : {}) };
  }
  return undefined;
}

function caseWire(c: NonNullable<SearchAdsListingGroupFilter['case_value']>): Record<string, unknown> {
  const wire = CASE_WIRE[c.dimension];
  switch (c.dimension) {
    case 'CATEGORY':
      return { [wire]: { ...(c.value !== undefined ? { categoryId: c.value } : {}), level: `LEVEL${c.index ?? 1}` } };
    case 'CUSTOM_ATTRIBUTE':
      return { [wire]: { ...(c.value !== undefined ? { value: c.value } : {}), index: `INDEX${c.index ?? 0}` } };
    case 'CONDITION':
      return { [wire]: c.value !== undefined ? { condition: c.value } : {} };
    default:
      return { [wire]: c.value !== undefined ? { value: c.value } : {} };
  }
}

export class PmaxLive implements SearchAdsPmaxPort {
  constructor(private readonly live: LiveCalls) {}

  private get cid() {
    return this.live.cid;
  }

  async listAssetGroups(campaignId?: string): Promise<SearchAdsAssetGroup[]> {
    if (campaignId && !digitsOnly.test(campaignId)) throw this.live.notFound('campaign', campaignId);
    const rows = await this.live.search(`SELECT ${GROUP_FIELDS} FROM asset_group${campaignId ? ` WHERE campaign.id = ${campaignId}` : ''}`);
    return rows.map(groupFrom);
  }

  async getAssetGroup(assetGroupId: string): Promise<SearchAdsAssetGroup> {
    if (!digitsOnly.test(assetGroupId)) throw this.live.notFound('asset group', assetGroupId);
    const [row] = await this.live.search(`SELECT ${GROUP_FIELDS} FROM asset_group WHERE asset_group.id = ${assetGroupId}`);
    if (!row) throw this.live.notFound('asset group', assetGroupId);
    return groupFrom(row);
  }

  async createAssetGroup(
    group: NewSearchAdsAssetGroup,
    links: { asset_id: string; field_type: PmaxAssetFieldType }[],
  ): Promise<SearchAdsAssetGroup> {
    const temp = this.live.rn('assetGroups', '-1');
    const brand = await this.brandLinks([group.campaign_id]);
    const campaign = this.live.rn('campaigns', group.campaign_id);
    const atCampaign = links.filter((l) => brand.has(group.campaign_id) && BRAND_FIELDS.includes(l.field_type));
    const names = await this.live.mutateAll([
      { assetGroupOperation: { create: assetGroupCreate(temp, campaign, group) } },
      ...links
        .filter((l) => !atCampaign.includes(l))
        .map((l) => ({
          assetGroupAssetOperation: { create: { assetGroup: temp, asset: this.live.rn('assets', l.asset_id), fieldType: l.field_type } },
        })),
      // Brand guidelines: the business name and logo are the campaign's (linked once for all its asset groups).
      ...atCampaign
        .filter((l) => !brand.get(group.campaign_id)!.some((b) => b.asset_id === l.asset_id && b.field_type === l.field_type))
        .map((l) => ({
          campaignAssetOperation: { create: { campaign, asset: this.live.rn('assets', l.asset_id), fieldType: l.field_type } },
        })),
    ]);
    const id = idOf(names[0]!);
    if (id.startsWith('-')) return { id, ...group };
    return this.getAssetGroup(id);
  }

  /**
   * One googleAds:mutate with temporary resource names: the budget (-1), the campaign on it (-2), its
   * brand links (a brand-guidelines campaign is refused without its business name and logo in the
   * same request), its locations, the asset group (-3) and its asset links. All or nothing.
   */
  async createPmaxCampaign(
    campaign: NewSearchAdsCampaign,
    locations: string[],
    group: Omit<NewSearchAdsAssetGroup, 'campaign_id'>,
    links: { asset_id: string; field_type: PmaxAssetFieldType }[],
  ): Promise<{ campaign: SearchAdsCampaign; group: SearchAdsAssetGroup; locations: SearchAdsCampaignCriterion[] }> {
    const budget = this.live.rn('campaignBudgets', '-1');
    const campaignName = this.live.rn('campaigns', '-2');
    const groupName = this.live.rn('assetGroups', '-3');
    const body = campaignCreate(campaign, budget);
    const brand = body.brandGuidelinesEnabled === true;
    const atCampaign = brand ? links.filter((l) => BRAND_FIELDS.includes(l.field_type)) : [];
    const operations: MutateOperation[] = [
      { campaignBudgetOperation: { create: { resourceName: budget, ...budgetCreate(campaign) } } },
      { campaignOperation: { create: { resourceName: campaignName, ...body } } },
      ...atCampaign.map((l) => ({
        campaignAssetOperation: { create: { campaign: campaignName, asset: this.live.rn('assets', l.asset_id), fieldType: l.field_type } },
      })),
      ...locations.map((geo) => ({
        campaignCriterionOperation: { create: { campaign: campaignName, negative: false, location: { geoTargetConstant: geo } } },
      })),
      { assetGroupOperation: { create: assetGroupCreate(groupName, campaignName, group) } },
      ...links
        .filter((l) => !atCampaign.includes(l))
        .map((l) => ({
          assetGroupAssetOperation: {
            create: { assetGroup: groupName, asset: this.live.rn('assets', l.asset_id), fieldType: l.field_type },
          },
        })),
    ];
    const names = await this.live.mutateAll(operations);
    const campaignId = idOf(names[1]!);
    const criteria = names.slice(2 + atCampaign.length, 2 + atCampaign.length + locations.length);
    const groupId = idOf(names[2 + atCampaign.length + locations.length]!);
    return {
      campaign: { ...campaign, id: campaignId },
      group: { ...group, id: groupId, campaign_id: campaignId },
      locations: locations.map((geo, i) => {
        const key = idOf(criteria[i]!);
        return {
          id: key,
          campaign_id: campaignId,
          criterion_id: key.split('~')[1] ?? key,
          type: 'LOCATION',
          geo_target_constant: geo,
          negative: false,
        };
      }),
    };
  }

  async updateAssetGroup(
    assetGroupId: string,
    patch: SearchAdsAssetGroupPatch,
    expect?: Partial<SearchAdsAssetGroup>,
  ): Promise<SearchAdsAssetGroup> {
    const current = await this.getAssetGroup(assetGroupId);
    for (const [field, value] of Object.entries(expect ?? {})) {
      if ((current as unknown as Record<string, unknown>)[field] !== value)
        throw new ToolError(`The asset group "${assetGroupId}" changed state while this call ran. Read it again and retry.`);
    }
    const resourceName = this.live.rn('assetGroups', assetGroupId);
    if (patch.status === 'REMOVED') {
      await this.live.mutate('assetGroups', [{ remove: resourceName }]);
      return { ...current, status: 'REMOVED' };
    }
    const update: Record<string, unknown> = { resourceName };
    const mask: string[] = [];
    const set = (field: string, value: unknown) => {
      mask.push(field);
      if (value !== undefined) update[field] = value;
    };
    if (patch.name !== undefined) set('name', patch.name);
    if (patch.status !== undefined) set('status', patch.status);
    if (patch.final_urls !== undefined) set('finalUrls', patch.final_urls);
    if ('path1' in patch) set('path1', patch.path1);
    if ('path2' in patch) set('path2', patch.path2);
    if (mask.length) await this.live.mutate('assetGroups', [{ update, updateMask: mask.join(',') }]);
    return this.getAssetGroup(assetGroupId);
  }

  async listAssetGroupAssets(filter: { assetGroupId?: string; campaignId?: string }): Promise<SearchAdsAssetGroupAsset[]> {
    const where: string[] = [];
    if (filter.assetGroupId) {
      if (!digitsOnly.test(filter.assetGroupId)) throw this.live.notFound('asset group', filter.assetGroupId);
      where.push(`asset_group.id = ${filter.assetGroupId}`);
    }
    if (filter.campaignId) {
      if (!digitsOnly.test(filter.campaignId)) throw this.live.notFound('campaign', filter.campaignId);
      where.push(`asset_group.campaign = '${this.live.rn('campaigns', filter.campaignId)}'`);
    }
    const condition = where.length ? ` WHERE ${where.join(' AND ')}` : '';
    const [rows, groups] = await Promise.all([
      this.live.search(
        'SELECT asset_group_asset.resource_name, asset_group_asset.asset_group, asset_group_asset.asset, asset_group_asset.field_type, asset_group_asset.status, asset_group.campaign ' +
          `FROM asset_group_asset${condition}`,
      ),
      this.live.search(`SELECT asset_group.id, asset_group.campaign FROM asset_group${condition}`),
    ]);
    const brand = await this.brandLinks([...new Set(groups.map((g) => idOf(g.assetGroup.campaign)))]);
    // A brand-guidelines campaign's business name and logo count for each of its asset groups.
    const campaignLinks = groups.flatMap((g): SearchAdsAssetGroupAsset[] => {
      const asset_group_id = String(g.assetGroup.id);
      const campaign_id = idOf(g.assetGroup.campaign);
      return (brand.get(campaign_id) ?? []).map((b) => ({
        id: `${asset_group_id}~${b.asset_id}~${b.field_type}`,
        asset_group_id,
        campaign_id,
        asset_id: b.asset_id,
        field_type: b.field_type,
        status: b.status,
        performance_label: 'UNKNOWN',
      }));
    });
    return [
      ...rows.map((row) => {
        const l = row.assetGroupAsset;
        const asset_group_id = idOf(l.assetGroup);
        const asset_id = idOf(l.asset);
        return {
          id: `${asset_group_id}~${asset_id}~${l.fieldType}`,
          asset_group_id,
          campaign_id: idOf(row.assetGroup.campaign),
          asset_id,
          field_type: l.fieldType as SearchAdsAssetGroupAsset['field_type'],
          status: l.status as SearchAdsAssetGroupAsset['status'],
          // The platform's current definitions have no performance label for an asset group asset (v22 and later).
          performance_label: 'UNKNOWN' as const,
        };
      }),
      ...campaignLinks,
    ];
  }

  /**
   * The business name and logo links of those campaigns (by id) whose brand guidelines are enabled: such a
   * campaign links them at campaign level (CampaignAsset), not per asset group. Campaigns without brand
   * guidelines are absent from the answer.
   */
  private async brandLinks(
    campaignIds: string[],
  ): Promise<Map<string, { asset_id: string; field_type: PmaxAssetFieldType; status: SearchAdsAssetGroupAsset['status'] }[]>> {
    const ids = campaignIds.filter((id) => digitsOnly.test(id));
    if (!ids.length) return new Map();
    const [campaigns, links] = await Promise.all([
      this.live.search(
        `SELECT campaign.id, campaign.brand_guidelines_enabled FROM campaign WHERE campaign.id IN (${ids.join(', ')}) AND campaign.brand_guidelines_enabled = TRUE`,
      ),
      this.live.search(
        'SELECT campaign_asset.asset, campaign_asset.field_type, campaign_asset.status, campaign.id FROM campaign_asset ' +
          `WHERE campaign.id IN (${ids.join(', ')}) AND campaign_asset.field_type IN ('BUSINESS_NAME', 'LOGO') AND campaign_asset.status != 'REMOVED'`,
      ),
    ]);
    return new Map(
      campaigns.map((c) => {
        const id = String(c.campaign.id);
        return [
          id,
          links
            .filter((l) => String(l.campaign.id) === id)
            .map((l) => ({
              asset_id: idOf(l.campaignAsset.asset),
              field_type: l.campaignAsset.fieldType as PmaxAssetFieldType,
              status: l.campaignAsset.status as SearchAdsAssetGroupAsset['status'],
            })),
        ];
      }),
    );
  }

  /** The campaign id of each asset group (by id). */
  private async campaignsOf(assetGroupIds: string[]): Promise<Map<string, string>> {
    const ids = [...new Set(assetGroupIds)].filter((id) => digitsOnly.test(id));
    if (!ids.length) return new Map();
    const rows = await this.live.search(
      `SELECT asset_group.id, asset_group.campaign FROM asset_group WHERE asset_group.id IN (${ids.join(', ')})`,
    );
    return new Map(rows.map((r) => [String(r.assetGroup.id), idOf(r.assetGroup.campaign)]));
  }

  async linkAssetGroupAssets(links: NewSearchAdsAssetGroupAsset[]): Promise<SearchAdsAssetGroupAsset[]> {
    const groups = await this.campaignsOf(links.map((l) => l.asset_group_id));
    const brand = await this.brandLinks([...new Set(groups.values())]);
    const operations: MutateOperation[] = [];
    const linkedAtCampaign = new Set<string>();
    for (const l of links) {
      const campaignId = groups.get(l.asset_group_id) ?? '';
      const asset = this.live.rn('assets', l.asset_id);
      if (BRAND_FIELDS.includes(l.field_type) && brand.has(campaignId)) {
        // Brand guidelines: linked once to the campaign, for all its asset groups.
        const key = `${campaignId}~${l.asset_id}~${l.field_type}`;
        if (linkedAtCampaign.has(key) || brand.get(campaignId)!.some((b) => b.asset_id === l.asset_id && b.field_type === l.field_type))
          continue;
        linkedAtCampaign.add(key);
        operations.push({
          campaignAssetOperation: { create: { campaign: this.live.rn('campaigns', campaignId), asset, fieldType: l.field_type } },
        });
      } else
        operations.push({
          assetGroupAssetOperation: {
            create: { assetGroup: this.live.rn('assetGroups', l.asset_group_id), asset, fieldType: l.field_type },
          },
        });
    }
    if (operations.length) await this.live.mutateAll(operations);
    return links.map((l) => ({
      ...l,
      id: `${l.asset_group_id}~${l.asset_id}~${l.field_type}`,
      campaign_id: groups.get(l.asset_group_id)!,
      status: 'ENABLED',
      performance_label: 'UNKNOWN',
    }));
  }

  async unlinkAssetGroupAssets(linkIds: string[]): Promise<void> {
    const parts = linkIds.map((id) => {
      const [assetGroupId = '', assetId = '', fieldType = ''] = id.split('~');
      return { id, assetGroupId, assetId, fieldType };
    });
    const groups = await this.campaignsOf(parts.map((p) => p.assetGroupId));
    const brand = await this.brandLinks([...new Set(groups.values())]);
    const operations = new Map<string, object>();
    for (const p of parts) {
      const campaignId = groups.get(p.assetGroupId) ?? '';
      // A brand-guidelines campaign's business name or logo is unlinked from the campaign (so from all its asset groups).
      if ((BRAND_FIELDS as string[]).includes(p.fieldType) && brand.has(campaignId)) {
        const name = this.live.rn('campaignAssets', `${campaignId}~${p.assetId}~${p.fieldType}`);
        operations.set(name, { campaignAssetOperation: { remove: name } });
      } else operations.set(p.id, { assetGroupAssetOperation: { remove: this.live.rn('assetGroupAssets', p.id) } });
    }
    await this.live.mutateAll([...operations.values()]);
  }

  async listMediaAssets(type?: SearchAdsMediaAssetType): Promise<SearchAdsMediaAsset[]> {
    const types = (type ? [type] : MEDIA_TYPES).map((t) => `'${t}'`).join(', ');
    const rows = await this.live.search(
      'SELECT asset.id, asset.name, asset.type, asset.text_asset.text, asset.image_asset.full_size.url, asset.image_asset.full_size.width_pixels, asset.image_asset.full_size.height_pixels, ' +
        `asset.image_asset.file_size, asset.image_asset.mime_type, asset.youtube_video_asset.youtube_video_id, asset.youtube_video_asset.youtube_video_title FROM asset WHERE asset.type IN (${types})`,
    );
    return rows.map((row) => mediaFrom(row.asset));
  }

  async createMediaAssets(assets: NewSearchAdsMediaAsset[]): Promise<SearchAdsMediaAsset[]> {
    const operations = [];
    for (const a of assets) {
      if (a.type === 'TEXT') operations.push({ create: { textAsset: { text: a.text }, ...(a.name ? { name: a.name } : {}) } });
      else if (a.type === 'YOUTUBE_VIDEO')
        operations.push({ create: { youtubeVideoAsset: { youtubeVideoId: a.video_id }, ...(a.name ? { name: a.name } : {}) } });
      else {
        // The platform takes an image's bytes: download them again under the outbound rules.
        const image = await fetchImage(a.image_url);
        if (!image.ok || !image.bytes)
          throw new ToolError(`The image at ${a.image_url} could not be read for upload: ${image.problems.join(' ')}`);
        operations.push({ create: { name: a.name, type: 'IMAGE', imageAsset: { data: image.bytes.toString('base64') } } });
      }
    }
    const names = await this.live.mutate('assets', operations);
    return assets.map((a, i): SearchAdsMediaAsset => {
      const id = idOf(names[i]!);
      if (a.type === 'TEXT') return { id, type: 'TEXT', text: a.text, ...(a.name ? { name: a.name } : {}) };
      if (a.type === 'YOUTUBE_VIDEO') return { id, type: 'YOUTUBE_VIDEO', video_id: a.video_id, ...(a.name ? { name: a.name } : {}) };
      return { id, type: 'IMAGE', name: a.name, image_url: a.image_url, ...(a.width ? { width: a.width, height: a.height } : {}) };
    });
  }

  async listAssetGroupSignals(filter: { assetGroupId?: string; campaignId?: string }): Promise<SearchAdsAssetGroupSignal[]> {
    const where: string[] = [];
    if (filter.assetGroupId) where.push(`asset_group.id = ${filter.assetGroupId}`);
    if (filter.campaignId) where.push(`asset_group.campaign = '${this.live.rn('campaigns', filter.campaignId)}'`);
    for (const id of [filter.assetGroupId, filter.campaignId])
      if (id !== undefined && !digitsOnly.test(id)) throw this.live.notFound('asset group', id);
    const [rows, audiences] = await Promise.all([
      this.live.search(
        'SELECT asset_group_signal.resource_name, asset_group_signal.asset_group, asset_group_signal.approval_status, asset_group_signal.audience.audience, asset_group_signal.search_theme.text, asset_group.campaign ' +
          `FROM asset_group_signal${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
      ),
      this.live.search('SELECT audience.id, audience.resource_name, audience.name, audience.dimensions FROM audience'),
    ]);
    const segments = rows.some((r) => r.assetGroupSignal.audience) ? await this.live.segments() : [];
    return rows.map((row) => {
      const s = row.assetGroupSignal;
      const base = {
        id: idOf(s.resourceName),
        asset_group_id: idOf(s.assetGroup),
        campaign_id: idOf(row.assetGroup.campaign),
        approval_status: (s.approvalStatus ?? 'UNSPECIFIED') as SearchAdsAssetGroupSignal['approval_status'],
      };
      if (s.searchTheme) return { ...base, type: 'SEARCH_THEME' as const, search_theme: s.searchTheme.text ?? '' };
      const audience = audiences.find((a) => a.audience.resourceName === s.audience?.audience)?.audience;
      const found: AudienceSignalSegment[] = (audience?.dimensions ?? []).flatMap((d) =>
        (d.audienceSegments?.segments ?? []).map((seg: AudienceSegment): AudienceSignalSegment => {
          const [field, body] = Object.entries(seg)[0]!;
          const target = Object.values(body)[0] ?? '';
          const segId = idOf(target);
          const types: SearchAdsAudienceType[] =
            field === 'userInterest' ? ['IN_MARKET', 'AFFINITY'] : field === 'customAudience' ? ['CUSTOM'] : ['USER_LIST'];
          const known = segments.find((x) => x.id === segId && types.includes(x.type));
          return { type: known?.type ?? types[0]!, id: segId, name: known?.name ?? target };
        }),
      );
      return {
        ...base,
        type: 'AUDIENCE' as const,
        audience: { resource_name: s.audience?.audience ?? '', name: audience?.name ?? '', segments: found },
      };
    });
  }

  async addAssetGroupSignals(signals: NewSearchAdsAssetGroupSignal[]): Promise<SearchAdsAssetGroupSignal[]> {
    const audienceSignals = signals.filter((s): s is Extract<NewSearchAdsAssetGroupSignal, { type: 'AUDIENCE' }> => s.type === 'AUDIENCE');
    // One audience per distinct audience signal (same name and segments share one).
    const distinct = [...new Map(audienceSignals.map((s) => [JSON.stringify(s.audience), s.audience])).values()];
    // Audience names are unique in an account: an audience of the same name and segments is reused, another is refused.
    const existing = distinct.length
      ? await this.live.search('SELECT audience.resource_name, audience.name, audience.dimensions FROM audience')
      : [];
    const reuse = distinct.map((a) => {
      const same = existing.find((row) => row.audience.name === a.name)?.audience;
      if (!same) return undefined;
      const targets = (same.dimensions ?? [])
        .flatMap((d) =>
          (d.audienceSegments?.segments ?? []).map((seg: AudienceSegment) =>
            idOf(String(Object.values(Object.values(seg)[0] ?? {})[0] ?? '')),
          ),
        )
        .sort();
      if (JSON.stringify(targets) !== JSON.stringify(a.segments.map((x) => x.id).sort())) {
        throw new ToolError(`The account already has an audience named "${a.name}" with other segments; choose another name.`, {
          code: 'invalid_arguments',
          platform_error: 'AUDIENCE_ERROR.NAME_ALREADY_IN_USE',
        });
      }
      return same.resourceName as string;
    });
    const fresh = distinct.filter((_a, i) => !reuse[i]);
    const created = fresh.length
      ? await this.live.mutate(
          'audiences',
          fresh.map((a) => ({
            create: {
              name: a.name,
              dimensions: [
                {
                  audienceSegments: {
                    segments: a.segments.map((seg) => ({
                      [SEGMENT_WIRE[seg.type].field]: {
                        [SEGMENT_WIRE[seg.type].key]:
                          seg.type === 'IN_MARKET' || seg.type === 'AFFINITY'
                            ? this.live.rn('userInterests', seg.id)
                            : seg.type === 'CUSTOM'
                              ? this.live.rn('customAudiences', seg.id)
                              : this.live.rn('userLists', seg.id),
                      },
                    })),
                  },
                },
              ],
            },
          })),
        )
      : [];
    const audienceNames = distinct.map((a, i) => reuse[i] ?? created[fresh.indexOf(a)]!);
    const audienceOf = (a: { name: string; segments: AudienceSignalSegment[] }) =>
      audienceNames[distinct.findIndex((d) => JSON.stringify(d) === JSON.stringify(a))]!;
    const names = await this.live.mutate(
      'assetGroupSignals',
      signals.map((s) => ({
        create: {
          assetGroup: this.live.rn('assetGroups', s.asset_group_id),
          ...(s.type === 'AUDIENCE' ? { audience: { audience: audienceOf(s.audience) } } : { searchTheme: { text: s.search_theme } }),
        },
      })),
    );
    return signals.map((s, i) => {
      const base = {
        id: idOf(names[i]!),
        asset_group_id: s.asset_group_id,
        campaign_id: '',
        approval_status: (s.type === 'SEARCH_THEME' ? 'UNDER_REVIEW' : 'APPROVED') as SearchAdsAssetGroupSignal['approval_status'],
      };
      return s.type === 'SEARCH_THEME'
        ? { ...base, type: 'SEARCH_THEME' as const, search_theme: s.search_theme }
        : { ...base, type: 'AUDIENCE' as const, audience: { resource_name: audienceOf(s.audience), ...s.audience } };
    });
  }

  async removeAssetGroupSignals(signalIds: string[]): Promise<void> {
    await this.live.mutate(
      'assetGroupSignals',
      signalIds.map((id) => ({ remove: this.live.rn('assetGroupSignals', id) })),
    );
  }

  async listListingGroupFilters(assetGroupId: string): Promise<SearchAdsListingGroupFilter[]> {
    if (!digitsOnly.test(assetGroupId)) throw this.live.notFound('asset group', assetGroupId);
    const rows = await this.live.search(
      'SELECT asset_group_listing_group_filter.resource_name, asset_group_listing_group_filter.id, asset_group_listing_group_filter.type, asset_group_listing_group_filter.case_value.product_brand.value, ' +
        'asset_group_listing_group_filter.case_value.product_category.category_id, asset_group_listing_group_filter.case_value.product_category.level, asset_group_listing_group_filter.case_value.product_item_id.value, ' +
        'asset_group_listing_group_filter.case_value.product_custom_attribute.value, asset_group_listing_group_filter.case_value.product_custom_attribute.index, asset_group_listing_group_filter.case_value.product_condition.condition, ' +
        `asset_group_listing_group_filter.parent_listing_group_filter FROM asset_group_listing_group_filter WHERE asset_group.id = ${assetGroupId}`,
    );
    return rows.map((row) => {
      const f = row.assetGroupListingGroupFilter;
      const caseValue = caseFrom(f.caseValue);
      return {
        id: idOf(f.resourceName),
        asset_group_id: assetGroupId,
        type: f.type as SearchAdsListingGroupFilter['type'],
        ...(f.parentListingGroupFilter ? { parent_id: idOf(f.parentListingGroupFilter) } : {}),
        ...(caseValue ? { case_value: caseValue } : {}),
      };
    });
  }

  async mutateListingGroupFilters(
    assetGroupId: string,
    change: { remove: string[]; create: NewSearchAdsListingGroupFilter[] },
  ): Promise<SearchAdsListingGroupFilter[]> {
    const name = (id: string) => this.live.rn('assetGroupListingGroupFilters', id.startsWith('-') ? `${assetGroupId}~${id}` : id);
    // Removing a root removes its subtree; children go first so no node is left without a parent.
    const names = await this.live.mutateAll([
      ...[...change.remove].reverse().map((id) => ({ assetGroupListingGroupFilterOperation: { remove: name(id) } })),
      ...change.create.map((f, i) => ({
        assetGroupListingGroupFilterOperation: {
          create: {
            resourceName: name(`-${i + 1}`),
            assetGroup: this.live.rn('assetGroups', assetGroupId),
            type: f.type,
            listingSource: 'SHOPPING',
            ...(f.case_value ? { caseValue: caseWire(f.case_value) } : {}),
            ...(f.parent_id ? { parentListingGroupFilter: name(f.parent_id) } : {}),
          },
        },
      })),
    ]);
    return change.create.map((f, i) => ({
      ...f,
      id: idOf(names[change.remove.length + i] ?? name(`-${i + 1}`)),
      asset_group_id: assetGroupId,
    }));
  }
}

/** An AssetGroup to create, under its (possibly temporary) resource name and campaign. */
function assetGroupCreate(resourceName: string, campaign: string, group: Omit<NewSearchAdsAssetGroup, 'campaign_id'>) {
  return {
    resourceName,
    campaign,
    name: group.name,
    status: group.status,
    finalUrls: group.final_urls,
    ...(group.path1 ? { path1: group.path1 } : {}),
    ...(group.path2 ? { path2: group.path2 } : {}),
  };
}
