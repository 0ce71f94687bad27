/** The retailads sandbox's Sponsored Brands creatives: new creative versions, their moderation, and the account's brands. */
import { hash32 } from '../../sandbox/metrics';
import type { SandboxStore } from '../../sandbox/store';
import type { ConnectedAccount } from '../../../core/accounts';
import type { EntitiesSandbox } from './entities';
import { moderationOf } from './moderation';
import { KIND } from './stored';
import {
  type RetailAdsAsset,
  type RetailAdsBrand,
  type RetailAdsModeration,
  type RetailAdsSbAd,
  type RetailAdsSbCreativeContent,
} from '../port';

export class SbCreativesSandbox {
  constructor(
    private readonly store: SandboxStore,
    private readonly account: ConnectedAccount,
    private readonly entities: Pick<EntitiesSandbox, 'getEntity' | 'updateEntity' | 'listEntities' | 'listProfiles'>,
  ) {}

  async submitSbCreative(adId: string, creative: RetailAdsSbCreativeContent, now: Date): Promise<RetailAdsSbAd> {
    const ad = await this.entities.getEntity('sb_ad', adId);
    const version = { ...creative, version: (ad.creatives.at(-1)?.version ?? 0) + 1, submitted_at: now.toISOString() };
    return this.entities.updateEntity('sb_ad', adId, { creatives: [...ad.creatives, version] }, now);
  }

  async getModeration(adId: string, now: Date): Promise<RetailAdsModeration[]> {
    const [ad, assets] = await Promise.all([this.entities.getEntity('sb_ad', adId), this.store.list<RetailAdsAsset>(KIND.asset)]);
    return moderationOf(ad, new Map(assets.map((a) => [a.id, a])), now);
  }

  async listModeration(now: Date): Promise<RetailAdsModeration[]> {
    const [ads, assets] = await Promise.all([this.entities.listEntities('sb_ad'), this.store.list<RetailAdsAsset>(KIND.asset)]);
    const byId = new Map(assets.map((a) => [a.id, a]));
    return ads.flatMap((ad) => moderationOf(ad, byId, now));
  }

  async listBrands(): Promise<RetailAdsBrand[]> {
    const [profile] = await this.entities.listProfiles();
    const name = profile?.account_info.name ?? 'Brand';
    return [
      {
        brand_id: `${hash32(`brand|${this.account.account_id}`)}`,
        brand_entity_id: `ENTITY${String(hash32(`entity|${this.account.account_id}`)).padStart(10, '0')}`,
        brand_registry_name: name,
      },
    ];
  }
}
