/** The deskads sandbox's shopping family: products, merchant stores, product partitions and product ads. */
import { digits } from '../../sandbox/ids';
import type { SandboxStore } from '../../sandbox/store';
import { unitOf } from './rest';
import { KIND, type StoredCampaign, type StoredProduct } from './stored';
import type { DeskAdsAdGroup, DeskAdsProduct } from '../port';
import type { DeskAdsNewProductPartition, DeskAdsProductAd, DeskAdsProductPartition, DeskAdsStore } from '../port-rest';

export class ShoppingSandbox {
  constructor(private readonly store: SandboxStore) {}

  async listProducts(): Promise<DeskAdsProduct[]> {
    return (await this.store.list<StoredProduct>(KIND.product)).map(({ performance: _tier, ...product }) => product);
  }

  listStores(): Promise<DeskAdsStore[]> {
    return this.store.list<DeskAdsStore>(KIND.store);
  }

  /**
   * The ad group's product group tree. The sandbox then puts the store's offers the tree bids on under
   * the campaign (each a product of the product dimension, from the campaign's start), so a resumed
   * shopping campaign delivers from its products like the seeded one.
   */
  async setProductPartitions(adGroupId: string, partitions: DeskAdsNewProductPartition[]): Promise<DeskAdsProductPartition[]> {
    const group = await this.store.require<DeskAdsAdGroup>(KIND.adGroup, adGroupId);
    const campaign = await this.store.require<StoredCampaign>(KIND.campaign, group.campaign_id);
    const created: DeskAdsProductPartition[] = [];
    for (const p of partitions)
      created.push(await this.store.create<DeskAdsProductPartition>(KIND.partition, { id: digits(12), ad_group_id: adGroupId, ...p }));
    const storeId = campaign.shopping_setting?.store_id;
    if (storeId) {
      const products = await this.store.list<StoredProduct>(KIND.product);
      const offers = new Map<string, StoredProduct>();
      for (const p of products)
        if (p.store_id === storeId && p.campaign_type === 'Shopping' && !offers.has(p.merchant_product_id))
          offers.set(p.merchant_product_id, p);
      for (const offer of offers.values()) {
        const unit = unitOf(partitions, offer);
        if (!unit || unit.excluded) continue;
        const { history: _h, rev: _r, ...fields } = offer as StoredProduct & { history?: unknown; rev?: unknown };
        await this.store.create<StoredProduct>(KIND.product, {
          ...fields,
          id: digits(12),
          campaign_id: campaign.id,
          campaign_name: campaign.name,
          campaign_type: 'Shopping',
          start_date: campaign.start_date,
          offer_status: offer.offer_status === 'Disapproved' ? 'Disapproved' : 'Approved',
        });
      }
    }
    return created;
  }

  async addProductAd(adGroupId: string, promotionalText?: string): Promise<DeskAdsProductAd> {
    const group = await this.store.require<DeskAdsAdGroup>(KIND.adGroup, adGroupId);
    return this.store.create<DeskAdsProductAd>(KIND.productAd, {
      id: digits(12),
      ad_group_id: group.id,
      campaign_id: group.campaign_id,
      promotional_text: promotionalText ?? null,
      status: 'Active',
    });
  }

  async listProductPartitions(adGroupId?: string): Promise<DeskAdsProductPartition[]> {
    const all = await this.store.list<DeskAdsProductPartition>(KIND.partition);
    return adGroupId ? all.filter((p) => p.ad_group_id === adGroupId) : all;
  }
}
