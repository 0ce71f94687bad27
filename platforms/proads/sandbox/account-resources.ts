/** The proads sandbox's account resources: conversions, assets and the organizations the account acts for. */
import { alphanumeric, digits } from '../../sandbox/ids';
import type { SandboxStore } from '../../sandbox/store';
import { KIND } from './stored';
import type { NewProAdsAsset, NewProAdsConversion, ProAdsAsset, ProAdsConversion, ProAdsOrganization } from '../port';

export class AccountResourcesSandbox {
  constructor(private readonly store: SandboxStore) {}

  listConversions(): Promise<ProAdsConversion[]> {
    return this.store.list<ProAdsConversion>(KIND.conversion);
  }

  createConversion(input: NewProAdsConversion): Promise<ProAdsConversion> {
    return this.store.create<ProAdsConversion>(KIND.conversion, { id: `9${digits(7)}`, ...input, created_at: new Date().toISOString() });
  }

  updateConversion(conversionId: string, patch: Partial<NewProAdsConversion>): Promise<ProAdsConversion> {
    return this.store.update<ProAdsConversion>(KIND.conversion, conversionId, patch);
  }

  listAssets(): Promise<ProAdsAsset[]> {
    return this.store.list<ProAdsAsset>(KIND.asset);
  }

  createAsset(input: NewProAdsAsset): Promise<ProAdsAsset> {
    return this.store.create<ProAdsAsset>(KIND.asset, { id: `asset_${alphanumeric(12)}`, ...input, created_at: new Date().toISOString() });
  }

  listOrganizations(): Promise<ProAdsOrganization[]> {
    return this.store.list<ProAdsOrganization>(KIND.organization);
  }
}
