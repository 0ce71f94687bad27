import { createHash } from 'node:crypto';
import { ToolError } from '../../../core/errors';
import { isoDate } from '../../../core/dates';
import { digits, idSource } from '../../sandbox/ids';
import type { SandboxStore } from '../../sandbox/store';
import { FIELD_TYPE_RULES, MAX_SEARCH_THEMES, SEARCH_THEME_MAX_LENGTH, assetGroupProblems, imageFits } from '../pmax-rules';
import type {
  NewSearchAdsAssetGroup,
  NewSearchAdsAssetGroupAsset,
  NewSearchAdsAssetGroupSignal,
  NewSearchAdsListingGroupFilter,
  NewSearchAdsMediaAsset,
  PmaxAssetFieldType,
  PmaxPerformanceLabel,
  SearchAdsAssetGroup,
  SearchAdsAssetGroupAsset,
  SearchAdsAssetGroupPatch,
  SearchAdsAssetGroupSignal,
  SearchAdsListingGroupFilter,
  SearchAdsMediaAsset,
  SearchAdsMediaAssetType,
  SearchAdsPmaxPort,
} from '../port-pmax';
import type { SearchAdsCampaign } from '../port';

/**
 * The Performance Max part of the searchads sandbox: asset groups, their asset links, signals and
 * listing group trees, and the media library, kept in the account's sandbox partition. It refuses
 * what the platform refuses (asset groups only on Performance Max campaigns, asset minimums and
 * maximums, image shapes, 50 search themes, changes to removed entities, listing trees without an
 * "everything else" node). Performance labels are deterministic per link: LEARNING in the first
 * 14 days, then BEST / GOOD / LOW from the link's id; a new search theme is UNDER_REVIEW on the day
 * it is added and APPROVED from the next day.
 */
export const PMAX_KIND = {
  assetGroup: 'asset_group',
  assetGroupAsset: 'asset_group_asset',
  mediaAsset: 'media_asset',
  signal: 'asset_group_signal',
  listingFilter: 'listing_group_filter',
} as const;

type StoredLink = Omit<SearchAdsAssetGroupAsset, 'performance_label'> & { created_at: string };
type StoredSignal = Omit<SearchAdsAssetGroupSignal, 'approval_status'> & { created_at: string };

const refuse = (message: string, code: string) => new ToolError(message, { code: 'invalid_arguments', platform_error: code });
const hash = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0);

function labelOf(link: StoredLink, now: Date): PmaxPerformanceLabel {
  if (link.status !== 'ENABLED') return 'UNKNOWN';
  const days = (now.getTime() - Date.parse(link.created_at)) / 86_400_000;
  if (days < 14) return 'LEARNING';
  return (['BEST', 'GOOD', 'GOOD', 'LOW'] as const)[hash(link.id) % 4]!;
}

function strengthOf(links: StoredLink[]): string {
  const count = (f: PmaxAssetFieldType) => links.filter((l) => l.field_type === f && l.status !== 'REMOVED').length;
  const score =
    Math.min(count('HEADLINE'), 10) / 10 +
    Math.min(count('DESCRIPTION'), 4) / 4 +
    Math.min(count('MARKETING_IMAGE') + count('SQUARE_MARKETING_IMAGE') + count('PORTRAIT_MARKETING_IMAGE'), 10) / 10 +
    (count('YOUTUBE_VIDEO') ? 1 : 0);
  return score >= 3.5 ? 'EXCELLENT' : score >= 2.5 ? 'GOOD' : score >= 1.5 ? 'AVERAGE' : 'POOR';
}

export class PmaxSandbox implements SearchAdsPmaxPort {
  constructor(
    private readonly store: SandboxStore,
    private readonly _campaign: (id: string) => Promise<SearchAdsCampaign>,
  ) {}

  private async _links(): Promise<StoredLink[]> {
    return this.store.list<StoredLink>(PMAX_KIND.assetGroupAsset);
  }

  private _withStrength(group: SearchAdsAssetGroup, links: StoredLink[]): SearchAdsAssetGroup {
    return {
      ...group,
      ad_strength: group.status === 'REMOVED' ? 'PENDING' : strengthOf(links.filter((l) => l.asset_group_id === group.id)),
    };
  }

  async listAssetGroups(campaignId?: string): Promise<SearchAdsAssetGroup[]> {
    const [groups, links] = await Promise.all([this.store.list<SearchAdsAssetGroup>(PMAX_KIND.assetGroup), this._links()]);
    return groups.filter((g) => !campaignId || g.campaign_id === campaignId).map((g) => this._withStrength(g, links));
  }

  async getAssetGroup(assetGroupId: string): Promise<SearchAdsAssetGroup> {
    const [group, links] = await Promise.all([this.store.require<SearchAdsAssetGroup>(PMAX_KIND.assetGroup, assetGroupId), this._links()]);
    return this._withStrength(group, links);
  }

  async createAssetGroup(
    group: NewSearchAdsAssetGroup,
    links: { asset_id: string; field_type: PmaxAssetFieldType }[],
  ): Promise<SearchAdsAssetGroup> {
    const campaign = await this._campaign(group.campaign_id);
    if (campaign.type !== 'PERFORMANCE_MAX')
      throw refuse(
        `Campaign ${campaign.id} is a ${campaign.type} campaign; asset groups belong to Performance Max campaigns.`,
        'ASSET_GROUP_ERROR.CANNOT_ADD_ASSET_GROUP_FOR_CAMPAIGN_TYPE',
      );
    if (campaign.status === 'REMOVED') throw refuse(`Campaign ${campaign.id} is REMOVED.`, 'CAMPAIGN_ERROR.CANNOT_MODIFY_REMOVED_CAMPAIGN');
    if (!group.final_urls.length) throw refuse('An asset group needs a final URL.', 'ASSET_GROUP_ERROR.FINAL_URL_REQUIRED');
    const existing = await this.store.list<SearchAdsAssetGroup>(PMAX_KIND.assetGroup);
    if (existing.some((g) => g.campaign_id === group.campaign_id && g.status !== 'REMOVED' && g.name === group.name))
      throw refuse(`The campaign already has an asset group named "${group.name}".`, 'ASSET_GROUP_ERROR.DUPLICATE_NAME');
    const media = await this.store.list<SearchAdsMediaAsset>(PMAX_KIND.mediaAsset);
    const described = links.map((l) =>
      this._checkLink(
        l.field_type,
        media.find((m) => m.id === l.asset_id),
        l.asset_id,
      ),
    );
    const problems = assetGroupProblems(described);
    if (problems.length)
      throw refuse(`The asset group lacks what the platform requires: ${problems.join('; ')}.`, 'ASSET_GROUP_ERROR.NOT_ENOUGH_ASSETS');
    const stored: SearchAdsAssetGroup = { id: digits(11), ...group };
    const createdAt = new Date().toISOString();
    await this.store.create(PMAX_KIND.assetGroup, stored);
    const made = links.map((l): StoredLink => ({
      id: `${stored.id}~${l.asset_id}~${l.field_type}`,
      asset_group_id: stored.id,
      campaign_id: group.campaign_id,
      asset_id: l.asset_id,
      field_type: l.field_type,
      status: 'ENABLED',
      created_at: createdAt,
    }));
    await this.store.putMany(PMAX_KIND.assetGroupAsset, made);
    return this._withStrength(stored, made);
  }

  /** The asset behind a link as the asset group rules read it; refuses a missing asset or one of the wrong kind or shape. */
  private _checkLink(
    field: PmaxAssetFieldType,
    asset: SearchAdsMediaAsset | undefined,
    assetId: string,
  ): { field_type: PmaxAssetFieldType; text?: string } {
    if (!asset)
      throw refuse(`No image, video or text asset with id "${assetId}" exists in the library.`, 'MUTATE_ERROR.RESOURCE_NOT_FOUND');
    const rule = FIELD_TYPE_RULES[field];
    if (asset.type !== rule.asset)
      throw refuse(
        `Asset ${asset.id} is a ${asset.type} asset; ${field} takes a ${rule.asset} asset.`,
        'ASSET_LINK_ERROR.INVALID_ASSET_TYPE',
      );
    if (rule.ratio) {
      const fits = imageFits(field, asset.width ?? 0, asset.height ?? 0);
      if (!fits.ok)
        throw refuse(`Image asset ${asset.id} cannot be a ${field}: ${fits.reason}.`, 'ASSET_LINK_ERROR.INVALID_IMAGE_ASPECT_RATIO');
    }
    return { field_type: field, text: asset.text };
  }

  async updateAssetGroup(
    assetGroupId: string,
    patch: SearchAdsAssetGroupPatch,
    expect?: Partial<SearchAdsAssetGroup>,
  ): Promise<SearchAdsAssetGroup> {
    const current = await this.store.require<SearchAdsAssetGroup>(PMAX_KIND.assetGroup, assetGroupId);
    if (current.status === 'REMOVED')
      throw refuse(
        `Asset group ${assetGroupId} is REMOVED; a removed asset group cannot change.`,
        'ASSET_GROUP_ERROR.CANNOT_MODIFY_REMOVED_ASSET_GROUP',
      );
    if (patch.final_urls && !patch.final_urls.length)
      throw refuse('An asset group needs a final URL.', 'ASSET_GROUP_ERROR.FINAL_URL_REQUIRED');
    if (patch.name && patch.name !== current.name) {
      const others = await this.store.list<SearchAdsAssetGroup>(PMAX_KIND.assetGroup);
      if (
        others.some(
          (g) => g.id !== assetGroupId && g.campaign_id === current.campaign_id && g.status !== 'REMOVED' && g.name === patch.name,
        )
      )
        throw refuse(`The campaign already has an asset group named "${patch.name}".`, 'ASSET_GROUP_ERROR.DUPLICATE_NAME');
    }
    const updated = await this.store.update<SearchAdsAssetGroup>(PMAX_KIND.assetGroup, assetGroupId, patch, { expect });
    return this._withStrength(updated, await this._links());
  }

  async listAssetGroupAssets(filter: { assetGroupId?: string; campaignId?: string }): Promise<SearchAdsAssetGroupAsset[]> {
    const now = new Date();
    return (await this._links())
      .filter(
        (l) =>
          (!filter.assetGroupId || l.asset_group_id === filter.assetGroupId) && (!filter.campaignId || l.campaign_id === filter.campaignId),
      )
      .map(({ created_at: _at, ...l }) => ({ ...l, performance_label: labelOf({ ...l, created_at: _at }, now) }));
  }

  async linkAssetGroupAssets(links: NewSearchAdsAssetGroupAsset[]): Promise<SearchAdsAssetGroupAsset[]> {
    const [media, existing] = await Promise.all([this.store.list<SearchAdsMediaAsset>(PMAX_KIND.mediaAsset), this._links()]);
    const createdAt = new Date().toISOString();
    const made: StoredLink[] = [];
    for (const l of links) {
      const group = await this.store.require<SearchAdsAssetGroup>(PMAX_KIND.assetGroup, l.asset_group_id);
      if (group.status === 'REMOVED')
        throw refuse(`Asset group ${group.id} is REMOVED.`, 'ASSET_GROUP_ERROR.CANNOT_MODIFY_REMOVED_ASSET_GROUP');
      this._checkLink(
        l.field_type,
        media.find((m) => m.id === l.asset_id),
        l.asset_id,
      );
      const id = `${l.asset_group_id}~${l.asset_id}~${l.field_type}`;
      if (existing.some((x) => x.id === id) || made.some((x) => x.id === id))
        throw refuse(
          `Asset ${l.asset_id} is already linked to asset group ${l.asset_group_id} as ${l.field_type}.`,
          'ASSET_GROUP_ASSET_ERROR.DUPLICATE_RESOURCE',
        );
      const count = [...existing, ...made].filter((x) => x.asset_group_id === l.asset_group_id && x.field_type === l.field_type).length;
      if (count + 1 > FIELD_TYPE_RULES[l.field_type].max)
        throw refuse(
          `Asset group ${l.asset_group_id} holds at most ${FIELD_TYPE_RULES[l.field_type].max} ${l.field_type} assets.`,
          'RESOURCE_COUNT_LIMIT_EXCEEDED_ERROR.RESOURCE_LIMIT',
        );
      made.push({
        id,
        asset_group_id: l.asset_group_id,
        campaign_id: group.campaign_id,
        asset_id: l.asset_id,
        field_type: l.field_type,
        status: 'ENABLED',
        created_at: createdAt,
      });
    }
    await this.store.putMany(PMAX_KIND.assetGroupAsset, made);
    const now = new Date();
    return made.map(({ created_at, ...l }) => ({ ...l, performance_label: labelOf({ ...l, created_at }, now) }));
  }

  async unlinkAssetGroupAssets(linkIds: string[]): Promise<void> {
    const links = await this._links();
    const left = links.filter((l) => !linkIds.includes(l.id));
    for (const groupId of new Set(links.filter((l) => linkIds.includes(l.id)).map((l) => l.asset_group_id))) {
      const mine = left.filter((l) => l.asset_group_id === groupId);
      const media = await this.store.list<SearchAdsMediaAsset>(PMAX_KIND.mediaAsset);
      const problems = assetGroupProblems(
        mine.map((l) => ({ field_type: l.field_type, text: media.find((m) => m.id === l.asset_id)?.text })),
      );
      if (problems.length)
        throw refuse(
          `Asset group ${groupId} would fall below what the platform requires: ${problems.join('; ')}.`,
          'ASSET_GROUP_ERROR.NOT_ENOUGH_ASSETS',
        );
    }
    for (const id of linkIds) {
      if (!links.some((l) => l.id === id)) throw refuse(`No asset group asset "${id}".`, 'MUTATE_ERROR.RESOURCE_NOT_FOUND');
      await this.store.remove(PMAX_KIND.assetGroupAsset, id);
    }
  }

  async listMediaAssets(type?: SearchAdsMediaAssetType): Promise<SearchAdsMediaAsset[]> {
    return (await this.store.list<SearchAdsMediaAsset>(PMAX_KIND.mediaAsset)).filter((a) => !type || a.type === type);
  }

  async createMediaAssets(assets: NewSearchAdsMediaAsset[]): Promise<SearchAdsMediaAsset[]> {
    const createdAt = new Date().toISOString();
    const made = assets.map((a): SearchAdsMediaAsset => {
      const id = digits(11);
      if (a.type === 'TEXT') {
        if (!a.text.trim()) throw refuse('A text asset needs text.', 'FIELD_ERROR.REQUIRED');
        return { id, type: 'TEXT', text: a.text, ...(a.name ? { name: a.name } : {}), created_at: createdAt };
      }
      if (a.type === 'YOUTUBE_VIDEO') {
        if (!/^[A-Za-z0-9_-]{11}$/.test(a.video_id))
          throw refuse(`"${a.video_id}" is not a video id (11 letters, digits, - or _).`, 'ASSET_ERROR.YOUTUBE_VIDEO_NOT_FOUND');
        return {
          id,
          type: 'YOUTUBE_VIDEO',
          video_id: a.video_id,
          video_title: a.name ?? `Video ${a.video_id}`,
          ...(a.name ? { name: a.name } : {}),
          created_at: createdAt,
        };
      }
      if (!a.width || !a.height) throw refuse(`The image at ${a.image_url} has no readable size.`, 'IMAGE_ERROR.INVALID_IMAGE');
      return {
        id,
        type: 'IMAGE',
        name: a.name,
        image_url: a.image_url,
        width: a.width,
        height: a.height,
        mime_type: /\.png(\?|$)/i.test(a.image_url) ? 'IMAGE_PNG' : 'IMAGE_JPEG',
        created_at: createdAt,
      };
    });
    await this.store.putMany(PMAX_KIND.mediaAsset, made);
    return made;
  }

  async listAssetGroupSignals(filter: { assetGroupId?: string; campaignId?: string }): Promise<SearchAdsAssetGroupSignal[]> {
    const today = isoDate(new Date());
    return (await this.store.list<StoredSignal>(PMAX_KIND.signal))
      .filter(
        (s) =>
          (!filter.assetGroupId || s.asset_group_id === filter.assetGroupId) && (!filter.campaignId || s.campaign_id === filter.campaignId),
      )
      .map(({ created_at, ...s }) => ({
        ...s,
        approval_status: s.type === 'SEARCH_THEME' && created_at.slice(0, 10) >= today ? 'UNDER_REVIEW' : 'APPROVED',
      }));
  }

  async addAssetGroupSignals(signals: NewSearchAdsAssetGroupSignal[]): Promise<SearchAdsAssetGroupSignal[]> {
    const existing = await this.store.list<StoredSignal>(PMAX_KIND.signal);
    const createdAt = new Date().toISOString();
    const made: StoredSignal[] = [];
    for (const s of signals) {
      const group = await this.store.require<SearchAdsAssetGroup>(PMAX_KIND.assetGroup, s.asset_group_id);
      if (group.status === 'REMOVED')
        throw refuse(`Asset group ${group.id} is REMOVED.`, 'ASSET_GROUP_ERROR.CANNOT_MODIFY_REMOVED_ASSET_GROUP');
      const mine = [...existing, ...made].filter((x) => x.asset_group_id === group.id);
      const id = `${group.id}~${digits(12)}`;
      if (s.type === 'SEARCH_THEME') {
        const text = s.search_theme.trim();
        if (!text || text.length > SEARCH_THEME_MAX_LENGTH)
          throw refuse(`A search theme has 1-${SEARCH_THEME_MAX_LENGTH} characters.`, 'STRING_LENGTH_ERROR.TOO_LONG');
        if (mine.some((x) => x.search_theme?.toLowerCase() === text.toLowerCase()))
          throw refuse(
            `Asset group ${group.id} already has the search theme "${text}".`,
            'ASSET_GROUP_SIGNAL_ERROR.DUPLICATE_SEARCH_THEME',
          );
        if (mine.filter((x) => x.type === 'SEARCH_THEME').length + 1 > MAX_SEARCH_THEMES)
          throw refuse(
            `Asset group ${group.id} holds at most ${MAX_SEARCH_THEMES} search themes.`,
            'RESOURCE_COUNT_LIMIT_EXCEEDED_ERROR.RESOURCE_LIMIT',
          );
        made.push({
          id,
          asset_group_id: group.id,
          campaign_id: group.campaign_id,
          type: 'SEARCH_THEME',
          search_theme: text,
          created_at: createdAt,
        });
      } else {
        if (!s.audience.segments.length) throw refuse('An audience signal needs at least one segment.', 'AUDIENCE_ERROR.DIMENSION_INVALID');
        const audienceId = digits(10);
        made.push({
          id,
          asset_group_id: group.id,
          campaign_id: group.campaign_id,
          type: 'AUDIENCE',
          created_at: createdAt,
          audience: {
            resource_name: `customers/${this.store.accountId}/audiences/${audienceId}`,
            name: s.audience.name,
            segments: s.audience.segments,
          },
        });
      }
    }
    await this.store.putMany(PMAX_KIND.signal, made);
    return made.map(({ created_at: _at, ...s }) => ({ ...s, approval_status: s.type === 'SEARCH_THEME' ? 'UNDER_REVIEW' : 'APPROVED' }));
  }

  async removeAssetGroupSignals(signalIds: string[]): Promise<void> {
    const existing = await this.store.list<StoredSignal>(PMAX_KIND.signal);
    for (const id of signalIds)
      if (!existing.some((s) => s.id === id)) throw refuse(`No asset group signal "${id}".`, 'MUTATE_ERROR.RESOURCE_NOT_FOUND');
    for (const id of signalIds) await this.store.remove(PMAX_KIND.signal, id);
  }

  async listListingGroupFilters(assetGroupId: string): Promise<SearchAdsListingGroupFilter[]> {
    await this.store.require<SearchAdsAssetGroup>(PMAX_KIND.assetGroup, assetGroupId);
    return (await this.store.list<SearchAdsListingGroupFilter>(PMAX_KIND.listingFilter)).filter((f) => f.asset_group_id === assetGroupId);
  }

  async mutateListingGroupFilters(
    assetGroupId: string,
    change: { remove: string[]; create: NewSearchAdsListingGroupFilter[] },
  ): Promise<SearchAdsListingGroupFilter[]> {
    const group = await this.store.require<SearchAdsAssetGroup>(PMAX_KIND.assetGroup, assetGroupId);
    if (group.status === 'REMOVED')
      throw refuse(`Asset group ${group.id} is REMOVED.`, 'ASSET_GROUP_ERROR.CANNOT_MODIFY_REMOVED_ASSET_GROUP');
    const current = await this.listListingGroupFilters(assetGroupId);
    for (const id of change.remove)
      if (!current.some((f) => f.id === id)) throw refuse(`No listing group filter "${id}".`, 'MUTATE_ERROR.RESOURCE_NOT_FOUND');
    // Removing a subdivision removes everything under it, as on the platform.
    const removed = new Set(change.remove);
    for (let grew = true; grew;) {
      grew = false;
      for (const f of current) {
        if (f.parent_id && removed.has(f.parent_id) && !removed.has(f.id)) {
          removed.add(f.id);
          grew = true;
        }
      }
    }
    const temp = new Map<string, string>();
    const made = change.create.map((f, i): SearchAdsListingGroupFilter => {
      const id = `${assetGroupId}~${digits(11)}`;
      temp.set(`-${i + 1}`, id);
      return {
        id,
        asset_group_id: assetGroupId,
        type: f.type,
        ...(f.case_value ? { case_value: f.case_value } : {}),
        ...(f.parent_id ? { parent_id: f.parent_id } : {}),
      };
    });
    for (const f of made) if (f.parent_id && temp.has(f.parent_id)) f.parent_id = temp.get(f.parent_id);
    const tree = [...current.filter((f) => !removed.has(f.id)), ...made];
    const problem = listingTreeProblem(tree);
    if (problem) throw refuse(`The listing group tree would be invalid: ${problem.message}.`, problem.code);
    for (const id of removed) await this.store.remove(PMAX_KIND.listingFilter, id);
    await this.store.putMany(PMAX_KIND.listingFilter, made);
    return made;
  }
}

/** What the platform says of a listing group tree: one root, subdivisions with an "everything else" child of one dimension, leaves below. */
export function listingTreeProblem(tree: SearchAdsListingGroupFilter[]): { message: string; code: string } | undefined {
  if (!tree.length) return undefined;
  const roots = tree.filter((f) => !f.parent_id);
  if (roots.length !== 1) return { message: 'a tree has exactly one root', code: 'LISTING_GROUP_ERROR.MULTIPLE_ROOTS' };
  for (const f of tree) {
    if (f.parent_id && !tree.some((p) => p.id === f.parent_id))
      return { message: `node ${f.id} has no parent in the tree`, code: 'LISTING_GROUP_ERROR.PARENT_NOT_FOUND' };
    const parent = tree.find((p) => p.id === f.parent_id);
    if (parent && parent.type !== 'SUBDIVISION')
      return { message: 'only a subdivision has children', code: 'ASSET_GROUP_LISTING_GROUP_FILTER_ERROR.PARENT_IS_NOT_SUBDIVISION' };
    if (f.type !== 'SUBDIVISION') continue;
    const children = tree.filter((c) => c.parent_id === f.id);
    const dimensions = new Set(children.map((c) => c.case_value?.dimension));
    if (dimensions.size > 1)
      return {
        message: 'the children of a subdivision split on one product dimension',
        code: 'ASSET_GROUP_LISTING_GROUP_FILTER_ERROR.MULTIPLE_LISTING_DIMENSION_TYPES_PER_SUBDIVISION',
      };
    if (!children.some((c) => c.case_value && c.case_value.value === undefined))
      return {
        message: 'a subdivision needs an "everything else" child',
        code: 'ASSET_GROUP_LISTING_GROUP_FILTER_ERROR.SUBDIVISION_MUST_HAVE_OTHERS_CASE',
      };
    const values = children.filter((c) => c.case_value?.value !== undefined).map((c) => c.case_value!.value!.toLowerCase());
    if (new Set(values).size !== values.length)
      return {
        message: 'two children of a subdivision match the same value',
        code: 'ASSET_GROUP_LISTING_GROUP_FILTER_ERROR.DUPLICATE_LISTING_DIMENSION_VALUE',
      };
  }
  return undefined;
}

/** Seeds the demo account's Performance Max campaign: one asset group with a full set of assets, signals, search themes and a brand filter. */
export async function seedPmax(store: SandboxStore, customerId: string, pmaxCampaignId: string, createdAt: string): Promise<void> {
  // Its own id source, so the ids (and figures) of the other seeded entities stay as they were.
  const ids = idSource(`searchads-pmax:${customerId}`);
  const text = (t: string): SearchAdsMediaAsset => ({ id: ids.digits(11), type: 'TEXT', text: t, created_at: createdAt });
  const image = (name: string, width: number, height: number): SearchAdsMediaAsset => ({
    id: ids.digits(11),
    type: 'IMAGE',
    name,
    image_url: `https://images.northwind-outdoor.example/${name}`,
    width,
    height,
    file_size: Math.round(width * height * 0.3),
    mime_type: 'IMAGE_JPEG',
    created_at: createdAt,
  });
  const headlines = [
    'Northwind Outdoor',
    'Hiking Boots for Every Trail',
    'Free 30-Day Returns',
    'Waterproof Trail Gear',
    'Shop the New Season',
  ].map(text);
  const longHeadline = text('Boots, packs and layers tested on thousands of miles of real trails');
  const descriptions = ['Trail-tested boots and packs.', 'Expert fit advice online and free returns on every order over $50.'].map(text);
  // The platform keeps one text asset per text: the business name is the first headline's asset.
  const business = headlines[0]!;
  const landscape = image('boots-landscape.jpg', 1200, 628);
  const square = image('boots-square.jpg', 1200, 1200);
  const logo = image('logo-square.png', 1200, 1200);
  const portrait = image('trail-portrait.jpg', 960, 1200);
  const spare = image('tent-landscape.jpg', 1910, 1000);
  const video: SearchAdsMediaAsset = {
    id: ids.digits(11),
    type: 'YOUTUBE_VIDEO',
    video_id: 'nWo7dPk2xQa',
    video_title: 'Northwind Outdoor - Built for the Trail',
    created_at: createdAt,
  };
  const unusedText = text('Lightweight Packs');
  const media = [...headlines, longHeadline, ...descriptions, landscape, square, logo, portrait, spare, video, unusedText];
  const group: SearchAdsAssetGroup = {
    id: ids.digits(11),
    campaign_id: pmaxCampaignId,
    name: 'All Products - Core',
    status: 'ENABLED',
    final_urls: ['https://www.northwind-outdoor.example/'],
    path1: 'boots',
    path2: 'trail',
  };
  const paused: SearchAdsAssetGroup = {
    id: ids.digits(11),
    campaign_id: pmaxCampaignId,
    name: 'Winter Gear',
    status: 'PAUSED',
    final_urls: ['https://www.northwind-outdoor.example/winter'],
  };
  const link = (g: SearchAdsAssetGroup, a: SearchAdsMediaAsset, field_type: PmaxAssetFieldType): StoredLink => ({
    id: `${g.id}~${a.id}~${field_type}`,
    asset_group_id: g.id,
    campaign_id: pmaxCampaignId,
    asset_id: a.id,
    field_type,
    status: 'ENABLED',
    created_at: createdAt,
  });
  const links = [
    ...headlines.map((a) => link(group, a, 'HEADLINE')),
    link(group, longHeadline, 'LONG_HEADLINE'),
    ...descriptions.map((a) => link(group, a, 'DESCRIPTION')),
    link(group, business, 'BUSINESS_NAME'),
    link(group, landscape, 'MARKETING_IMAGE'),
    link(group, square, 'SQUARE_MARKETING_IMAGE'),
    link(group, logo, 'LOGO'),
    link(group, portrait, 'PORTRAIT_MARKETING_IMAGE'),
    link(group, video, 'YOUTUBE_VIDEO'),
    ...headlines.slice(0, 3).map((a) => link(paused, a, 'HEADLINE')),
    link(paused, longHeadline, 'LONG_HEADLINE'),
    ...descriptions.map((a) => link(paused, a, 'DESCRIPTION')),
    link(paused, business, 'BUSINESS_NAME'),
    link(paused, spare, 'MARKETING_IMAGE'),
    link(paused, square, 'SQUARE_MARKETING_IMAGE'),
    link(paused, logo, 'LOGO'),
  ];
  const signal = (fields: Omit<StoredSignal, 'id' | 'asset_group_id' | 'campaign_id' | 'created_at'>): StoredSignal => ({
    id: `${group.id}~${ids.digits(12)}`,
    asset_group_id: group.id,
    campaign_id: pmaxCampaignId,
    created_at: createdAt,
    ...fields,
  });
  const signals = [
    ...['hiking boots', 'waterproof hiking boots', 'trail running shoes', 'backpacking gear'].map((t) =>
      signal({ type: 'SEARCH_THEME', search_theme: t }),
    ),
    signal({
      type: 'AUDIENCE',
      audience: {
        resource_name: `customers/${customerId}/audiences/${ids.digits(10)}`,
        name: 'Hikers and outdoor fans',
        segments: [
          { type: 'IN_MARKET', id: '80443', name: 'Hiking Boots' },
          { type: 'AFFINITY', id: '92001', name: 'Outdoor Enthusiasts' },
        ],
      },
    }),
  ];
  const root = `${group.id}~${ids.digits(11)}`;
  const filters: SearchAdsListingGroupFilter[] = [
    { id: root, asset_group_id: group.id, type: 'SUBDIVISION' },
    {
      id: `${group.id}~${ids.digits(11)}`,
      asset_group_id: group.id,
      type: 'UNIT_INCLUDED',
      parent_id: root,
      case_value: { dimension: 'BRAND', value: 'Northwind' },
    },
    {
      id: `${group.id}~${ids.digits(11)}`,
      asset_group_id: group.id,
      type: 'UNIT_INCLUDED',
      parent_id: root,
      case_value: { dimension: 'BRAND', value: 'Trailhead' },
    },
    {
      id: `${group.id}~${ids.digits(11)}`,
      asset_group_id: group.id,
      type: 'UNIT_EXCLUDED',
      parent_id: root,
      case_value: { dimension: 'BRAND' },
    },
    { id: `${paused.id}~${ids.digits(11)}`, asset_group_id: paused.id, type: 'UNIT_INCLUDED' },
  ];
  await Promise.all([
    store.putMany(PMAX_KIND.mediaAsset, media),
    store.putMany(PMAX_KIND.assetGroup, [group, paused]),
    store.putMany(PMAX_KIND.assetGroupAsset, links),
    store.putMany(PMAX_KIND.signal, signals),
    store.putMany(PMAX_KIND.listingFilter, filters),
  ]);
}
