/**
 * The retailads sandbox's entities family: profiles, campaigns, ad groups, product ads, keywords,
 * targets and negative keywords, read, created (each checked against its parent) and updated.
 */
import { ToolError } from '../../../core/errors';
import type { ConnectedAccount } from '../../../core/accounts';
import { digits } from '../../sandbox/ids';
import type { SandboxStore } from '../../sandbox/store';
import type { Stored } from './reports';
import { human, KIND, withoutTier } from './stored';
import {
  type RetailAdsEntityKind,
  type RetailAdsEntityTypes,
  type RetailAdsItemResult,
  type RetailAdsAdGroup,
  type RetailAdsCampaign,
  type RetailAdsKeyword,
  type RetailAdsProductAd,
  type RetailAdsProfile,
  type RetailAdsSbNegativeKeyword,
  type RetailAdsTarget,
  isArchived,
  statesOf,
} from '../port';

export class EntitiesSandbox {
  constructor(
    private readonly store: SandboxStore,
    private readonly account: ConnectedAccount,
  ) {}

  listProfiles(): Promise<RetailAdsProfile[]> {
    return this.store.list<RetailAdsProfile>(KIND.profile);
  }

  async listCampaigns(): Promise<RetailAdsCampaign[]> {
    return (await this.store.list<Stored<RetailAdsCampaign>>(KIND.campaign)).map(withoutTier);
  }

  async getCampaign(campaignId: string): Promise<RetailAdsCampaign> {
    return withoutTier(await this.store.require<Stored<RetailAdsCampaign>>(KIND.campaign, campaignId));
  }

  async listAdGroups(): Promise<RetailAdsAdGroup[]> {
    return (await this.store.list<Stored<RetailAdsAdGroup>>(KIND.adGroup)).map(withoutTier);
  }

  async getAdGroup(adGroupId: string): Promise<RetailAdsAdGroup> {
    return withoutTier(await this.store.require<Stored<RetailAdsAdGroup>>(KIND.adGroup, adGroupId));
  }

  async listProductAds(): Promise<RetailAdsProductAd[]> {
    return (await this.store.list<Stored<RetailAdsProductAd>>(KIND.productAd)).map(withoutTier);
  }

  async listKeywords(): Promise<RetailAdsKeyword[]> {
    return (await this.store.list<Stored<RetailAdsKeyword>>(KIND.keyword)).map(withoutTier);
  }

  async listTargets(): Promise<RetailAdsTarget[]> {
    return (await this.store.list<Stored<RetailAdsTarget>>(KIND.target)).map(withoutTier);
  }

  listSbNegativeKeywords(): Promise<RetailAdsSbNegativeKeyword[]> {
    return this.store.list<RetailAdsSbNegativeKeyword>(KIND.sbNegativeKeyword);
  }

  async listEntities<K extends RetailAdsEntityKind>(kind: K): Promise<RetailAdsEntityTypes[K][]> {
    return (await this.store.list<Stored<RetailAdsEntityTypes[K]>>(kind)).map((e) => withoutTier(e as Stored<RetailAdsEntityTypes[K]>));
  }

  async getEntity<K extends RetailAdsEntityKind>(kind: K, id: string): Promise<RetailAdsEntityTypes[K]> {
    return withoutTier(await this.store.require<Stored<RetailAdsEntityTypes[K]>>(kind, id));
  }

  async createEntities<K extends RetailAdsEntityKind>(
    kind: K,
    items: Omit<RetailAdsEntityTypes[K], 'id'>[],
    _now: Date,
  ): Promise<RetailAdsEntityTypes[K][]> {
    const created: RetailAdsEntityTypes[K][] = [];
    for (const item of items) {
      const fields = item as Record<string, unknown>;
      if (fields.state !== undefined && !statesOf(kind, fields).includes(fields.state as string)) {
        throw new ToolError(
          `A ${human(kind)} cannot be created in state ${String(fields.state)}: its states are ${statesOf(kind, fields).join(', ')}.`,
        );
      }
      for (const [parentKind, field] of [
        ['campaign', 'campaign_id'],
        ['ad_group', 'ad_group_id'],
      ] as const) {
        const parentId = fields[field] as string | undefined;
        if (!parentId || kind === parentKind) continue;
        const parent = await this.store.get<{ id: string; state: string; campaign_id?: string }>(parentKind, parentId);
        if (!parent) throw new ToolError(`No ${human(parentKind)} ${parentId} exists in profile ${this.account.account_id}.`);
        if (isArchived(parent.state)) throw new ToolError(`${human(parentKind)} ${parentId} is archived: nothing can be added to it.`);
        if (parentKind === 'ad_group' && parent.campaign_id !== fields.campaign_id)
          throw new ToolError(`Ad group ${parentId} is not an ad group of campaign ${String(fields.campaign_id)}.`);
      }
      const id = kind === 'asset' ? `amzn1.assetlibrary.asset1.${digits(12)}` : digits(15);
      const entity = { ...fields, id, ...(kind === 'asset' ? {} : { performance: 'new' }) } as unknown as Stored<RetailAdsEntityTypes[K]>;
      created.push(withoutTier(await this.store.create(kind, entity)));
    }
    return created;
  }

  async createEachEntity<K extends RetailAdsEntityKind>(
    kind: K,
    items: Omit<RetailAdsEntityTypes[K], 'id'>[],
    now: Date,
  ): Promise<RetailAdsItemResult<RetailAdsEntityTypes[K]>[]> {
    const results: RetailAdsItemResult<RetailAdsEntityTypes[K]>[] = [];
    for (const item of items) {
      try {
        const [entity] = await this.createEntities(kind, [item], now);
        results.push({ entity: entity! });
      } catch (err) {
        if (!(err instanceof ToolError)) throw err;
        results.push({ failed: err.message });
      }
    }
    return results;
  }

  async updateEntity<K extends RetailAdsEntityKind>(
    kind: K,
    id: string,
    patch: Partial<RetailAdsEntityTypes[K]>,
    now: Date,
    expect?: Partial<RetailAdsEntityTypes[K]>,
  ): Promise<RetailAdsEntityTypes[K]> {
    const current = await this.store.require<Stored<RetailAdsEntityTypes[K]>>(kind, id);
    const fields = current as unknown as Record<string, unknown>;
    if (isArchived(fields.state)) throw new ToolError(`The ${human(kind)} ${id} is archived; archiving is final, so it cannot be changed.`);
    const state = (patch as Record<string, unknown>).state;
    if (state !== undefined && !statesOf(kind, fields).includes(state as string)) {
      throw new ToolError(
        `The ${human(kind)} ${id} cannot take state ${String(state)}: its states are ${statesOf(kind, fields).join(', ')}.`,
      );
    }
    return withoutTier(
      await this.store.update<Stored<RetailAdsEntityTypes[K]>>(kind, id, patch as Record<string, unknown>, {
        now,
        expect: expect as Record<string, unknown> | undefined,
      }),
    );
  }

  createProductAds(items: Omit<RetailAdsProductAd, 'id'>[], now: Date): Promise<RetailAdsProductAd[]> {
    return this.createEntities('product_ad', items, now);
  }

  async createSbNegativeKeywords(
    items: Omit<RetailAdsSbNegativeKeyword, 'id' | 'state' | 'created_at'>[],
    now: Date,
  ): Promise<RetailAdsSbNegativeKeyword[]> {
    const created: RetailAdsSbNegativeKeyword[] = [];
    for (const item of items) {
      const entity: RetailAdsSbNegativeKeyword = { ...item, id: digits(15), state: 'enabled', created_at: now.toISOString() };
      created.push(await this.store.create(KIND.sbNegativeKeyword, entity));
    }
    return created;
  }
}
