/** The deskads sandbox's keywords family: keywords, negative keywords and bid estimates. */
import { digits } from '../../sandbox/ids';
import { profileFor } from '../../sandbox/metrics';
import type { SandboxStore } from '../../sandbox/store';
import { KIND, type StoredKeyword, type StoredNegative } from './stored';
import type {
  DeskAdsBidEstimate,
  DeskAdsAdGroup,
  DeskAdsCampaign,
  DeskAdsKeyword,
  DeskAdsKeywordPatch,
  DeskAdsNegativeKeyword,
  DeskAdsNegativeMatchType,
  DeskAdsNegativeOwner,
  DeskAdsNewKeyword,
} from '../port';

export class KeywordsSandbox {
  constructor(private readonly store: SandboxStore) {}

  async listKeywords(filter: { campaignId?: string; adGroupId?: string } = {}): Promise<DeskAdsKeyword[]> {
    const keywords = await this.store.list<StoredKeyword>(KIND.keyword);
    return keywords
      .filter(
        (k) => (!filter.campaignId || k.campaign_id === filter.campaignId) && (!filter.adGroupId || k.ad_group_id === filter.adGroupId),
      )
      .map(({ performance: _tier, ...keyword }) => keyword);
  }

  async addKeywords(adGroupId: string, keywords: DeskAdsNewKeyword[]): Promise<DeskAdsKeyword[]> {
    const group = await this.store.require<DeskAdsAdGroup>(KIND.adGroup, adGroupId);
    const added: DeskAdsKeyword[] = [];
    for (const keyword of keywords) {
      // A new keyword has no quality score until it has served; its simulated demand is that of a new entity.
      const stored: StoredKeyword = {
        id: digits(11),
        ad_group_id: group.id,
        campaign_id: group.campaign_id,
        status: 'Active',
        quality_score: null,
        quality_components: null,
        ...keyword,
        performance: 'new',
      };
      const { performance: _tier, ...created } = await this.store.create<StoredKeyword>(KIND.keyword, stored);
      added.push(created);
    }
    return added;
  }

  async updateKeyword(id: string, patch: DeskAdsKeywordPatch, expect?: Partial<DeskAdsKeyword>): Promise<DeskAdsKeyword> {
    const { performance: _tier, ...keyword } = await this.store.update<StoredKeyword>(KIND.keyword, id, patch, { expect });
    return keyword;
  }

  async listNegativeKeywords(filter: { campaignId?: string } = {}): Promise<DeskAdsNegativeKeyword[]> {
    const negatives = (await this.store.list<StoredNegative>(KIND.negative))
      .filter((n) => !n.deleted_at)
      .map(({ created_at: _c, deleted_at: _d, ...n }) => n);
    return filter.campaignId ? negatives.filter((n) => n.campaign_id === filter.campaignId) : negatives;
  }

  async addNegativeKeywords(
    owner: DeskAdsNegativeOwner,
    negatives: { text: string; match_type: DeskAdsNegativeMatchType }[],
  ): Promise<DeskAdsNegativeKeyword[]> {
    const campaignId =
      owner.level === 'Campaign'
        ? (await this.store.require<DeskAdsCampaign>(KIND.campaign, owner.id)).id
        : (await this.store.require<DeskAdsAdGroup>(KIND.adGroup, owner.id)).campaign_id;
    const added: DeskAdsNegativeKeyword[] = [];
    for (const negative of negatives) {
      const { created_at: _c, ...created } = await this.store.create<StoredNegative>(KIND.negative, {
        id: digits(11),
        level: owner.level,
        owner_id: owner.id,
        campaign_id: campaignId,
        ...negative,
        created_at: new Date().toISOString(),
      });
      added.push(created);
    }
    return added;
  }

  /** Estimates from the keyword's own cost per click profile: a better quality score needs a lower bid for the same position. */
  async getEstimatedBids(keywordIds: string[]): Promise<DeskAdsBidEstimate[]> {
    const keywords = new Map((await this.store.list<StoredKeyword>(KIND.keyword)).map((k) => [k.id, k]));
    return keywordIds.flatMap((id) => {
      const k = keywords.get(id);
      if (!k) return [];
      const cpc = profileFor(k.performance).cpc;
      const quality = (k.quality_score ?? 5) / 10;
      const at = (factor: number) => Math.round(cpc * factor * (1.4 - quality * 0.6) * 100) / 100;
      return [{ keyword_id: id, first_page: at(0.55), top_of_page: at(1.15), mainline_first: at(1.9) }];
    });
  }

  async deleteNegativeKeywords(ids: string[]): Promise<void> {
    // Kept with the moment of removal: the days it blocked searches keep their figures.
    for (const id of ids)
      await this.store.update<StoredNegative>(
        KIND.negative,
        id,
        { deleted_at: new Date().toISOString() },
        { expect: { deleted_at: undefined } },
      );
  }
}
