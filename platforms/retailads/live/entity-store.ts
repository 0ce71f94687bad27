/**
 * The port's entity operations over the families of every ad product (sp.ts, sb.ts, sd.ts,
 * assets.ts): a kind is read once per port (one tool call) from all its families and kept current
 * by the port's own writes; a create goes to the family of the item's ad product (or its
 * campaign's); an update to the family of the entity's ad product, after the checks every platform
 * write gets (an archived entity is final; `expect` guards a planned change against a newer one).
 */
import type { ConnectedAccount } from '../../../core/accounts';
import { NotFoundError, ToolError } from '../../../core/errors';
import type { RetailAdsEntityKind, RetailAdsEntityTypes, RetailAdsProductAd } from '../port';
import { refusedItem, type Entity, type EntityFamily, type ItemResult, type NewEntity } from './entities';

export type Families = { [K in RetailAdsEntityKind]: EntityFamily<K>[] };

export class RetailAdsEntities {
  private readonly lists = new Map<RetailAdsEntityKind, Promise<unknown[]>>();
  /** Set once the families exist (they read other kinds through this store). */
  families!: Families;

  constructor(private readonly account: ConnectedAccount) {}

  /** Every entity of a kind over every ad product, read once per port. */
  listEntities<K extends RetailAdsEntityKind>(kind: K): Promise<Entity<K>[]> {
    let read = this.lists.get(kind);
    if (!read) {
      read = Promise.all((this.families[kind] as EntityFamily<K>[]).map((f) => f.list())).then((parts) => parts.flat());
      read.catch(() => this.lists.delete(kind));
      this.lists.set(kind, read);
    }
    return read as Promise<Entity<K>[]>;
  }

  async getEntity<K extends RetailAdsEntityKind>(kind: K, id: string): Promise<Entity<K>> {
    const found = (await this.listEntities(kind)).find((e) => (e as { id: string }).id === id);
    if (!found)
      throw new NotFoundError(`No ${kind.replace(/_/g, ' ')} ${id} exists in profile ${this.account.account_id}.`, { entity: kind, id });
    return found;
  }

  // The port's typed reads and the campaign creators' product-ad step are the generic operations of one kind.
  listCampaigns() {
    return this.listEntities('campaign');
  }
  getCampaign(id: string) {
    return this.getEntity('campaign', id);
  }
  listAdGroups() {
    return this.listEntities('ad_group');
  }
  getAdGroup(id: string) {
    return this.getEntity('ad_group', id);
  }
  listProductAds() {
    return this.listEntities('product_ad');
  }
  listKeywords() {
    return this.listEntities('keyword');
  }
  listTargets() {
    return this.listEntities('target');
  }
  createProductAds(items: Omit<RetailAdsProductAd, 'id'>[], now: Date) {
    return this.createEntities('product_ad', items, now);
  }

  async createEachEntity<K extends RetailAdsEntityKind>(kind: K, items: NewEntity<K>[], _now: Date): Promise<ItemResult<Entity<K>>[]> {
    const families = this.families[kind] as EntityFamily<K>[];
    const campaigns = kind === 'campaign' ? [] : await this.listEntities('campaign');
    const familyOf = (item: NewEntity<K>) => {
      const fields = item as { ad_product?: string; campaign_id?: string };
      const adProduct = fields.ad_product ?? campaigns.find((c) => c.id === fields.campaign_id)?.ad_product;
      return families.find((f) => f.adProduct === adProduct) ?? families[0]!;
    };
    const results: ItemResult<Entity<K>>[] = new Array<ItemResult<Entity<K>>>(items.length);
    for (const family of families) {
      const mine = items.map((item, index) => ({ item, index })).filter(({ item }) => familyOf(item) === family);
      if (!mine.length) continue;
      const created = await family.create(mine.map(({ item }) => item));
      mine.forEach(({ index }, i) => (results[index] = created[i]!));
    }
    const made = results.flatMap((r) => ('entity' in r ? [r.entity] : []));
    if (made.length) {
      const list = this.lists.get(kind);
      if (list)
        this.lists.set(
          kind,
          list.then((entities) => [...entities, ...made]),
        );
      // Lists derived from this kind (Sponsored Brands products come from its ads) are read again.
      if (kind === 'sb_ad') this.lists.delete('product_ad');
    }
    return results;
  }

  async createEntities<K extends RetailAdsEntityKind>(kind: K, items: NewEntity<K>[], now: Date): Promise<Entity<K>[]> {
    const results = await this.createEachEntity(kind, items, now);
    const failed = results.flatMap((r, i) => ('failed' in r ? [`#${i + 1}: ${r.failed}`] : []));
    if (failed.length) {
      const created = results.flatMap((r) => ('entity' in r ? [(r.entity as { id: string }).id] : []));
      throw refusedItem(
        `${failed.length} of ${items.length} new ${kind.replace(/_/g, ' ')}(s)${created.length ? ` (the others were created: ${created.join(', ')})` : ''}`,
        failed.join('; '),
      );
    }
    return results.map((r) => (r as { entity: Entity<K> }).entity);
  }

  async updateEntity<K extends RetailAdsEntityKind>(
    kind: K,
    id: string,
    patch: Partial<RetailAdsEntityTypes[K]>,
    _now: Date,
    expect?: Partial<RetailAdsEntityTypes[K]>,
  ): Promise<Entity<K>> {
    const current = await this.getEntity(kind, id);
    const fields = current as unknown as Record<string, unknown>;
    if (fields.state === 'ARCHIVED' || fields.state === 'archived')
      throw new ToolError(`The ${kind.replace(/_/g, ' ')} ${id} is archived; archiving is final, so it cannot be changed.`);
    for (const [field, value] of Object.entries(expect ?? {}))
      if (JSON.stringify(fields[field]) !== JSON.stringify(value))
        throw new ToolError(
          `The ${kind.replace(/_/g, ' ')} ${id} changed since this change was planned (${field} is now ${String(fields[field])}). Nothing was changed; plan it again.`,
        );
    const adProduct =
      (fields.ad_product as string | undefined) ?? (await this.getEntity('campaign', String(fields.campaign_id))).ad_product;
    const families = this.families[kind] as EntityFamily<K>[];
    const family = families.find((f) => f.adProduct === adProduct) ?? families[0]!;
    const updated = await family.update(current, patch);
    const list = this.lists.get(kind);
    if (list)
      this.lists.set(
        kind,
        list.then((entities) => entities.map((e) => ((e as { id: string }).id === id ? updated : e))),
      );
    return updated;
  }
}
