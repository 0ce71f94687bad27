/**
 * The searchads live adapter's keywords and assets family: keywords, negative keywords (campaign
 * and ad group level), shared negative keyword lists (shared sets of type NEGATIVE_KEYWORDS),
 * location criteria, the asset library and its campaign links.
 */
import type {
  NewSearchAdsAsset,
  NewSearchAdsCampaignAsset,
  NewSearchAdsCampaignCriterion,
  NewSearchAdsKeyword,
  NewSearchAdsNegativeKeyword,
  SearchAdsAsset,
  SearchAdsAssetType,
  SearchAdsCampaignAsset,
  SearchAdsCampaignCriterion,
  SearchAdsKeyword,
  SearchAdsKeywordPatch,
  SearchAdsListNegativeKeyword,
  SearchAdsNegativeKeyword,
  SearchAdsNegativeKeywordList,
} from '../port-types';
import { fromMicros, idOf, toMicros } from './api';
import type { Asset, GoogleAdsRow } from './wire';
import { checkExpected, digitsOnly, type LiveSession } from './session';

export class KeywordsAssetsLive {
  constructor(private readonly live: LiveSession) {}

  private _keywordCriteria(campaignId?: string): Promise<GoogleAdsRow[]> {
    return this.live.search(
      'SELECT ad_group_criterion.criterion_id, ad_group_criterion.keyword.text, ad_group_criterion.keyword.match_type, ad_group_criterion.status, ' +
        'ad_group_criterion.negative, ad_group_criterion.cpc_bid_micros, ad_group_criterion.quality_info.quality_score, ad_group.id, campaign.id ' +
        `FROM ad_group_criterion WHERE ad_group_criterion.type = 'KEYWORD'${campaignId ? ` AND campaign.id = ${campaignId}` : ''}`,
    );
  }

  async listKeywords(campaignId?: string): Promise<SearchAdsKeyword[]> {
    return (await this._keywordCriteria(campaignId)).filter((row) => !row.adGroupCriterion.negative).map((row) => keywordFrom(row));
  }

  async getKeyword(keywordId: string): Promise<SearchAdsKeyword> {
    const [adGroupId, criterionId] = keywordId.split('~');
    if (!adGroupId || !criterionId || !digitsOnly.test(adGroupId) || !digitsOnly.test(criterionId))
      throw this.live.notFound('keyword', keywordId);
    const keyword = (await this._listKeywordsWhere(`ad_group.id = ${adGroupId} AND ad_group_criterion.criterion_id = ${criterionId}`))[0];
    if (!keyword) throw this.live.notFound('keyword', keywordId);
    return keyword;
  }

  private async _listKeywordsWhere(condition: string): Promise<SearchAdsKeyword[]> {
    const rows = await this.live.search(
      'SELECT ad_group_criterion.criterion_id, ad_group_criterion.keyword.text, ad_group_criterion.keyword.match_type, ad_group_criterion.status, ' +
        'ad_group_criterion.negative, ad_group_criterion.cpc_bid_micros, ad_group_criterion.quality_info.quality_score, ad_group.id, campaign.id ' +
        `FROM ad_group_criterion WHERE ad_group_criterion.type = 'KEYWORD' AND ad_group_criterion.negative = FALSE AND ${condition}`,
    );
    return rows.map((row) => keywordFrom(row));
  }

  async addKeywords(keywords: NewSearchAdsKeyword[]): Promise<SearchAdsKeyword[]> {
    const names = await this.live.mutate(
      'adGroupCriteria',
      keywords.map((k) => ({
        create: {
          adGroup: this.live.rn('adGroups', k.ad_group_id),
          status: k.status,
          keyword: { text: k.text, matchType: k.match_type },
          ...(k.cpc_bid !== undefined ? { cpcBidMicros: toMicros(k.cpc_bid) } : {}),
        },
      })),
    );
    return Promise.all(names.map((name) => this.getKeyword(idOf(name))));
  }

  async updateKeyword(keywordId: string, patch: SearchAdsKeywordPatch, expect?: Partial<SearchAdsKeyword>): Promise<SearchAdsKeyword> {
    const current = await this.getKeyword(keywordId);
    checkExpected('keyword', keywordId, current, expect);
    const resourceName = this.live.rn('adGroupCriteria', keywordId);
    if (patch.status === 'REMOVED') {
      await this.live.mutate('adGroupCriteria', [{ remove: resourceName }]);
      return { ...current, status: 'REMOVED' };
    }
    const update: Record<string, unknown> = { resourceName };
    const mask: string[] = [];
    if (patch.status !== undefined) {
      update.status = patch.status;
      mask.push('status');
    }
    if ('cpc_bid' in patch) {
      mask.push('cpcBidMicros');
      if (patch.cpc_bid !== undefined) update.cpcBidMicros = toMicros(patch.cpc_bid);
    }
    if (mask.length) await this.live.mutate('adGroupCriteria', [{ update, updateMask: mask.join(',') }]);
    return this.getKeyword(keywordId);
  }

  async addNegativeKeywords(negatives: NewSearchAdsNegativeKeyword[]): Promise<SearchAdsNegativeKeyword[]> {
    const groupLevel = negatives.filter((n) => n.ad_group_id);
    const campaignLevel = negatives.filter((n) => !n.ad_group_id);
    const [groupNames, campaignNames] = await Promise.all([
      this.live.mutate(
        'adGroupCriteria',
        groupLevel.map((n) => ({
          create: { adGroup: this.live.rn('adGroups', n.ad_group_id!), negative: true, keyword: { text: n.text, matchType: n.match_type } },
        })),
      ),
      this.live.mutate(
        'campaignCriteria',
        campaignLevel.map((n) => ({
          create: {
            campaign: this.live.rn('campaigns', n.campaign_id),
            negative: true,
            keyword: { text: n.text, matchType: n.match_type },
          },
        })),
      ),
    ]);
    const idFor = (n: NewSearchAdsNegativeKeyword) =>
      n.ad_group_id
        ? idOf(groupNames[groupLevel.indexOf(n)]!).split('~')[1]!
        : idOf(campaignNames[campaignLevel.indexOf(n)]!).split('~')[1]!;
    return negatives.map((n) => ({ ...n, id: idFor(n) }));
  }

  async removeNegativeKeywords(negatives: SearchAdsNegativeKeyword[]): Promise<void> {
    await Promise.all([
      this.live.mutate(
        'adGroupCriteria',
        negatives.filter((n) => n.ad_group_id).map((n) => ({ remove: this.live.rn('adGroupCriteria', `${n.ad_group_id}~${n.id}`) })),
      ),
      this.live.mutate(
        'campaignCriteria',
        negatives.filter((n) => !n.ad_group_id).map((n) => ({ remove: this.live.rn('campaignCriteria', `${n.campaign_id}~${n.id}`) })),
      ),
    ]);
  }

  async listNegativeKeywords(campaignId?: string): Promise<SearchAdsNegativeKeyword[]> {
    const [groupLevel, campaignLevel] = await Promise.all([
      this._keywordCriteria(campaignId),
      this.live.search(
        'SELECT campaign_criterion.criterion_id, campaign_criterion.keyword.text, campaign_criterion.keyword.match_type, campaign.id FROM campaign_criterion ' +
          `WHERE campaign_criterion.type = 'KEYWORD' AND campaign_criterion.negative = TRUE${campaignId ? ` AND campaign.id = ${campaignId}` : ''}`,
      ),
    ]);
    return [
      ...campaignLevel.map((row) => ({
        id: String(row.campaignCriterion.criterionId),
        campaign_id: String(row.campaign.id),
        text: row.campaignCriterion.keyword!.text ?? '',
        match_type: row.campaignCriterion.keyword!.matchType as SearchAdsNegativeKeyword['match_type'],
      })),
      ...groupLevel
        .filter((row) => row.adGroupCriterion.negative)
        .map((row) => ({
          id: String(row.adGroupCriterion.criterionId),
          campaign_id: String(row.campaign.id),
          ad_group_id: String(row.adGroup.id),
          text: row.adGroupCriterion.keyword!.text ?? '',
          match_type: row.adGroupCriterion.keyword!.matchType as SearchAdsNegativeKeyword['match_type'],
        })),
    ];
  }

  // Shared negative keyword lists (shared sets of type NEGATIVE_KEYWORDS).

  async listNegativeKeywordLists(): Promise<SearchAdsNegativeKeywordList[]> {
    const [sets, criteria, links] = await Promise.all([
      this.live.search(
        "SELECT shared_set.id, shared_set.name FROM shared_set WHERE shared_set.type = 'NEGATIVE_KEYWORDS' AND shared_set.status = 'ENABLED'",
      ),
      this.live.search(
        "SELECT shared_set.id, shared_criterion.criterion_id, shared_criterion.keyword.text, shared_criterion.keyword.match_type FROM shared_criterion WHERE shared_criterion.type = 'KEYWORD'",
      ),
      this.live.search("SELECT campaign.id, shared_set.id FROM campaign_shared_set WHERE campaign_shared_set.status = 'ENABLED'"),
    ]);
    return sets.map((row) => {
      const id = String(row.sharedSet.id);
      return {
        id,
        name: row.sharedSet.name ?? '',
        keywords: criteria
          .filter((c) => String(c.sharedSet.id) === id)
          .map((c) => ({
            id: String(c.sharedCriterion.criterionId),
            text: c.sharedCriterion.keyword!.text ?? '',
            match_type: c.sharedCriterion.keyword!.matchType as SearchAdsNegativeKeyword['match_type'],
          })),
        campaign_ids: links.filter((l) => String(l.sharedSet.id) === id).map((l) => String(l.campaign.id)),
      };
    });
  }

  async createNegativeKeywordList(name: string): Promise<SearchAdsNegativeKeywordList> {
    const [created] = await this.live.mutate('sharedSets', [{ create: { name, type: 'NEGATIVE_KEYWORDS' } }]);
    return { id: idOf(created!), name, keywords: [], campaign_ids: [] };
  }

  async addListNegativeKeywords(
    listId: string,
    keywords: Omit<SearchAdsListNegativeKeyword, 'id'>[],
  ): Promise<SearchAdsListNegativeKeyword[]> {
    const names = await this.live.mutate(
      'sharedCriteria',
      keywords.map((k) => ({
        create: { sharedSet: this.live.rn('sharedSets', listId), keyword: { text: k.text, matchType: k.match_type } },
      })),
    );
    return keywords.map((k, i) => ({ ...k, id: idOf(names[i]!).split('~')[1]! }));
  }

  async removeListNegativeKeywords(listId: string, keywordIds: string[]): Promise<void> {
    await this.live.mutate(
      'sharedCriteria',
      keywordIds.map((id) => ({ remove: this.live.rn('sharedCriteria', `${listId}~${id}`) })),
    );
  }

  async attachNegativeKeywordList(listId: string, campaignIds: string[]): Promise<void> {
    await this.live.mutate(
      'campaignSharedSets',
      campaignIds.map((id) => ({ create: { campaign: this.live.rn('campaigns', id), sharedSet: this.live.rn('sharedSets', listId) } })),
    );
  }

  async detachNegativeKeywordList(listId: string, campaignIds: string[]): Promise<void> {
    await this.live.mutate(
      'campaignSharedSets',
      campaignIds.map((id) => ({ remove: this.live.rn('campaignSharedSets', `${id}~${listId}`) })),
    );
  }

  // Locations.

  async listCampaignCriteria(campaignId: string): Promise<SearchAdsCampaignCriterion[]> {
    if (!digitsOnly.test(campaignId)) throw this.live.notFound('campaign', campaignId);
    const rows = await this.live.search(
      'SELECT campaign_criterion.criterion_id, campaign_criterion.location.geo_target_constant, campaign_criterion.negative, campaign_criterion.bid_modifier, campaign.id FROM campaign_criterion ' +
        `WHERE campaign_criterion.type = 'LOCATION' AND campaign.id = ${campaignId}`,
    );
    return rows.map((row) => {
      const criterionId = String(row.campaignCriterion.criterionId);
      return {
        id: `${campaignId}~${criterionId}`,
        campaign_id: campaignId,
        criterion_id: criterionId,
        type: 'LOCATION',
        geo_target_constant: row.campaignCriterion.location!.geoTargetConstant ?? '',
        negative: Boolean(row.campaignCriterion.negative),
        ...(row.campaignCriterion.bidModifier !== undefined ? { bid_modifier: Number(row.campaignCriterion.bidModifier) } : {}),
      };
    });
  }

  async addCampaignCriteria(criteria: NewSearchAdsCampaignCriterion[]): Promise<SearchAdsCampaignCriterion[]> {
    const names = await this.live.mutate(
      'campaignCriteria',
      criteria.map((c) => ({
        create: {
          campaign: this.live.rn('campaigns', c.campaign_id),
          negative: c.negative,
          location: { geoTargetConstant: c.geo_target_constant },
        },
      })),
    );
    return criteria.map((c, i) => {
      const key = idOf(names[i]!);
      return { ...c, id: key, criterion_id: key.split('~')[1]! };
    });
  }

  async removeCampaignCriteria(criterionKeys: string[]): Promise<void> {
    await this.live.mutate(
      'campaignCriteria',
      criterionKeys.map((key) => ({ remove: this.live.rn('campaignCriteria', key) })),
    );
  }

  // Assets.

  async listAssets(type?: SearchAdsAssetType): Promise<SearchAdsAsset[]> {
    const types = (type ? [type] : ASSET_TYPES).map((t) => `'${WIRE_ASSET_TYPE[t]}'`).join(', ');
    const rows = await this.live.search(
      'SELECT asset.id, asset.type, asset.final_urls, asset.callout_asset.callout_text, asset.call_asset.phone_number, asset.call_asset.country_code, ' +
        'asset.sitelink_asset.link_text, asset.sitelink_asset.description1, asset.sitelink_asset.description2, asset.structured_snippet_asset.header, ' +
        `asset.structured_snippet_asset.values, asset.text_asset.text FROM asset WHERE asset.type IN (${types})`,
    );
    return rows.map((row) => assetFrom(row.asset)).filter((a) => !type || a.type === type);
  }

  async createAssets(assets: NewSearchAdsAsset[]): Promise<SearchAdsAsset[]> {
    const names = await this.live.mutate(
      'assets',
      assets.map((a) => ({ create: assetWire(a) })),
    );
    return assets.map((a, i) => ({ ...a, id: idOf(names[i]!) }));
  }

  async listCampaignAssets(campaignId?: string): Promise<SearchAdsCampaignAsset[]> {
    const rows = await this.live.search(
      'SELECT campaign_asset.campaign, campaign_asset.asset, campaign_asset.field_type, campaign_asset.status FROM campaign_asset ' +
        `WHERE campaign_asset.field_type IN (${[...ASSET_TYPES, 'AD_IMAGE', 'BUSINESS_LOGO'].map((t) => `'${t}'`).join(', ')}) AND campaign_asset.status = 'ENABLED'${campaignId ? ` AND campaign.id = ${campaignId}` : ''}`,
    );
    return rows.map((row) => {
      const link = row.campaignAsset;
      const [campaign_id, asset_id] = [idOf(link.campaign ?? ''), idOf(link.asset ?? '')];
      const field_type = link.fieldType as SearchAdsCampaignAsset['field_type'];
      return { id: `${campaign_id}~${asset_id}~${field_type}`, campaign_id, asset_id, field_type, status: 'ENABLED' };
    });
  }

  async linkCampaignAssets(links: NewSearchAdsCampaignAsset[]): Promise<SearchAdsCampaignAsset[]> {
    const names = await this.live.mutate(
      'campaignAssets',
      links.map((l) => ({
        create: { campaign: this.live.rn('campaigns', l.campaign_id), asset: this.live.rn('assets', l.asset_id), fieldType: l.field_type },
      })),
    );
    return links.map((l, i) => ({ ...l, id: idOf(names[i]!), status: 'ENABLED' }));
  }

  async unlinkCampaignAssets(linkIds: string[]): Promise<void> {
    await this.live.mutate(
      'campaignAssets',
      linkIds.map((id) => ({ remove: this.live.rn('campaignAssets', id) })),
    );
  }
}

/** The asset types campaigns use, and the type of the library asset behind each (a business name is a text asset). */
const ASSET_TYPES: SearchAdsAssetType[] = ['CALLOUT', 'CALL', 'SITELINK', 'STRUCTURED_SNIPPET', 'BUSINESS_NAME'];
const WIRE_ASSET_TYPE: Record<SearchAdsAssetType, string> = {
  CALLOUT: 'CALLOUT',
  CALL: 'CALL',
  SITELINK: 'SITELINK',
  STRUCTURED_SNIPPET: 'STRUCTURED_SNIPPET',
  BUSINESS_NAME: 'TEXT',
};

function assetFrom(a: Asset): SearchAdsAsset {
  const id = String(a.id);
  switch (a.type) {
    case 'CALL':
      return { id, type: 'CALL', phone_number: a.callAsset?.phoneNumber, country_code: a.callAsset?.countryCode };
    case 'SITELINK': {
      const s = a.sitelinkAsset ?? {};
      return {
        id,
        type: 'SITELINK',
        link_text: s.linkText,
        final_url: a.finalUrls?.[0] ?? '',
        ...(s.description1 ? { description1: s.description1, description2: s.description2 } : {}),
      };
    }
    case 'STRUCTURED_SNIPPET':
      return { id, type: 'STRUCTURED_SNIPPET', header: a.structuredSnippetAsset?.header, values: a.structuredSnippetAsset?.values ?? [] };
    case 'TEXT':
      return { id, type: 'BUSINESS_NAME', text: a.textAsset?.text };
    default:
      return { id, type: 'CALLOUT', callout_text: a.calloutAsset?.calloutText };
  }
}

function assetWire(a: NewSearchAdsAsset): Record<string, unknown> {
  switch (a.type) {
    case 'CALL':
      return { callAsset: { phoneNumber: a.phone_number, countryCode: a.country_code } };
    case 'SITELINK':
      return {
        finalUrls: [a.final_url],
        sitelinkAsset: { linkText: a.link_text, ...(a.description1 ? { description1: a.description1, description2: a.description2 } : {}) },
      };
    case 'STRUCTURED_SNIPPET':
      return { structuredSnippetAsset: { header: a.header, values: a.values } };
    case 'BUSINESS_NAME':
      return { textAsset: { text: a.text } };
    default:
      return { calloutAsset: { calloutText: a.callout_text } };
  }
}

/** A keyword's id is its ad group and criterion id (`<ad group>~<criterion>`): the platform reuses criterion ids across ad groups. */
function keywordFrom(row: GoogleAdsRow): SearchAdsKeyword {
  const c = row.adGroupCriterion;
  return {
    id: `${row.adGroup.id}~${c.criterionId}`,
    ad_group_id: String(row.adGroup.id),
    campaign_id: String(row.campaign.id),
    text: c.keyword!.text ?? '',
    match_type: c.keyword!.matchType as SearchAdsKeyword['match_type'],
    status: c.status as SearchAdsKeyword['status'],
    ...(c.cpcBidMicros !== undefined ? { cpc_bid: fromMicros(c.cpcBidMicros) } : {}),
    ...(c.qualityInfo?.qualityScore !== undefined ? { quality_score: Number(c.qualityInfo.qualityScore) } : {}),
  };
}
