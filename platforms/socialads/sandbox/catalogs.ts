/** The socialads sandbox's product catalogs: catalogs, product sets and their products. */
import { digits } from '../../sandbox/ids';
import type { SandboxStore } from '../../sandbox/store';
import { matchesFilter } from '../product-filter';
import { KIND } from './stored';
import type { NewSocialAdsProductSet, SocialAdsCatalog, SocialAdsProduct, SocialAdsProductSet } from '../port';

export class CatalogsSandbox {
  constructor(private readonly store: SandboxStore) {}

  listCatalogs(): Promise<SocialAdsCatalog[]> {
    return this.store.list<SocialAdsCatalog>(KIND.catalog);
  }

  async listProductSets(catalogId?: string): Promise<SocialAdsProductSet[]> {
    if (catalogId) await this.store.require(KIND.catalog, catalogId);
    const [sets, products] = await Promise.all([
      this.store.list<SocialAdsProductSet>(KIND.productSet),
      this.store.list<SocialAdsProduct>(KIND.product),
    ]);
    return sets
      .filter((x) => !catalogId || x.catalog_id === catalogId)
      .map((x) => ({ ...x, product_count: products.filter((p) => p.catalog_id === x.catalog_id && matchesFilter(p, x.filter)).length }));
  }

  async createProductSet(productSet: NewSocialAdsProductSet): Promise<SocialAdsProductSet> {
    await this.store.require(KIND.catalog, productSet.catalog_id);
    const products = (await this.store.list<SocialAdsProduct>(KIND.product)).filter((p) => p.catalog_id === productSet.catalog_id);
    const stored = { ...productSet, id: digits(16), created_at: new Date().toISOString(), product_count: 0 };
    await this.store.create(KIND.productSet, stored);
    return { ...stored, product_count: products.filter((p) => matchesFilter(p, productSet.filter)).length };
  }

  async listProducts(catalogId: string, options: { product_set_id?: string } = {}): Promise<SocialAdsProduct[]> {
    await this.store.require(KIND.catalog, catalogId);
    const products = (await this.store.list<SocialAdsProduct>(KIND.product)).filter((p) => p.catalog_id === catalogId);
    if (!options.product_set_id) return products;
    const set = await this.store.require<SocialAdsProductSet>(KIND.productSet, options.product_set_id);
    return products.filter((p) => matchesFilter(p, set.filter));
  }
}
