import type {
  SocialAdsCatalog,
  SocialAdsPort,
  SocialAdsProduct,
  SocialAdsProductFilterRule,
  SocialAdsProductSet,
  NewSocialAdsProductSet,
} from '../port';
import { PLACEHOLDER_ID, type LiveContext } from './context';
import { isoOf } from './wire';

type CatalogMethods = Pick<SocialAdsPort, 'listCatalogs' | 'listProductSets' | 'createProductSet' | 'listProducts'>;

interface WireCatalog {
  id: string;
  name: string;
  vertical?: string;
  product_count?: number;
}
interface WireProductSet {
  id: string;
  name: string;
  filter?: string;
  product_count?: number;
}
interface WireProduct {
  id: string;
  retailer_id: string;
  name: string;
  category?: string;
  brand?: string;
  price?: string;
  currency?: string;
  availability?: string;
  image_url?: string;
  url?: string;
  custom_label_0?: string;
  review_status?: string;
}

const PRODUCT_FIELDS = 'id,retailer_id,name,category,brand,price,currency,availability,image_url,url,custom_label_0,review_status';

/**
 * A product set rule as the platform's filter language writes it (`{"brand":{"eq":"Acme"}}`);
 * prices compare in the catalog currency's cents, under `price_amount`.
 */
function ruleToWire(rule: SocialAdsProductFilterRule): Record<string, Record<string, string | number>> {
  const field = rule.field === 'price' ? 'price_amount' : rule.field;
  const operator = rule.operator === 'contains' ? 'i_contains' : rule.operator;
  const value = rule.field === 'price' ? Math.round(Number(rule.value) * 100) : rule.value;
  return { [field]: { [operator]: value } };
}

function ruleOf(wire: Record<string, Record<string, string | number>>): SocialAdsProductFilterRule | undefined {
  const [field, condition] = Object.entries(wire)[0] ?? [];
  const [operator, value] = Object.entries(condition ?? {})[0] ?? [];
  if (!field || !operator) return undefined;
  const portField = (field === 'price_amount' ? 'price' : field) as SocialAdsProductFilterRule['field'];
  return {
    field: portField,
    operator: (operator === 'i_contains' ? 'contains' : operator) as SocialAdsProductFilterRule['operator'],
    value: portField === 'price' ? Number(value) / 100 : value,
  };
}

function filterOf(text: string | undefined): SocialAdsProductFilterRule[] {
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as { and?: Record<string, Record<string, string | number>>[] } & Record<
      string,
      Record<string, string | number>
    >;
    const rules = parsed.and ?? [parsed];
    return rules.flatMap((r) => ruleOf(r) ?? []);
  } catch {
    return [];
  }
}

/** "$1,234.50" or "1234.50 USD" as a number. */
const priceOf = (text: string | undefined): number => Number((text ?? '0').replace(/[^0-9.]/g, '')) || 0;

const AVAILABILITY = new Set<SocialAdsProduct['availability']>(['in stock', 'out of stock', 'preorder']);

/** The business's product catalogs and their product sets and products. */
export function catalogFamily(ctx: LiveContext): CatalogMethods {
  const { graph, act } = ctx;
  const catalogs = async (): Promise<WireCatalog[]> => {
    const account = await graph.get<{ business?: { id: string } }>(act, { fields: 'business' });
    if (!account.business) return [];
    return graph.list<WireCatalog>(`${account.business.id}/owned_product_catalogs`, { fields: 'id,name,vertical,product_count' });
  };
  const setsOf = async (catalogId: string): Promise<SocialAdsProductSet[]> =>
    (
      await graph.list<WireProductSet>(
        `${catalogId}/product_sets`,
        { fields: 'id,name,filter,product_count' },
        { what: 'catalog', id: catalogId },
      )
    ).map((s) => ({
      id: s.id,
      catalog_id: catalogId,
      name: s.name,
      filter: filterOf(s.filter),
      product_count: s.product_count ?? 0,
      // The platform does not say when a product set was made.
      created_at: new Date(0).toISOString(),
    }));

  return {
    async listCatalogs(): Promise<SocialAdsCatalog[]> {
      return Promise.all(
        (await catalogs()).map(async (c) => {
          // The pixels sending events to the catalog (what retargeting needs), and the feeds' last uploads.
          const [sources, feeds] = await Promise.all([
            graph.list<{ id: string; source_type?: string }>(`${c.id}/external_event_sources`, { fields: 'id,source_type' }),
            graph.list<{ id: string; latest_upload?: { end_time?: string; num_invalid_items?: number } }>(`${c.id}/product_feeds`, {
              fields: 'id,latest_upload{end_time,num_invalid_items}',
            }),
          ]);
          const uploads = feeds.flatMap((f) => (f.latest_upload?.end_time ? [f.latest_upload] : []));
          const last = uploads
            .map((u) => u.end_time!)
            .sort()
            .at(-1);
          return {
            id: c.id,
            name: c.name,
            vertical: 'commerce' as const,
            product_count: c.product_count ?? 0,
            pixel_ids: sources.filter((s) => !s.source_type || s.source_type === 'PIXEL').map((s) => s.id),
            ...(last ? { feed_last_upload_time: isoOf(last) } : {}),
            feed_errors: uploads.reduce((sum, u) => sum + (u.num_invalid_items ?? 0), 0),
          };
        }),
      );
    },

    async listProductSets(catalogId?: string) {
      const ids = catalogId ? [catalogId] : (await catalogs()).map((c) => c.id);
      return (await Promise.all(ids.map(setsOf))).flat();
    },

    async createProductSet(set: NewSocialAdsProductSet) {
      const params = { name: set.name, ...(set.filter.length ? { filter: { and: set.filter.map(ruleToWire) } } : {}) };
      const body = await ctx.write<{ id: string }>(`${set.catalog_id}/product_sets`, params, {
        subject: { what: 'catalog', id: set.catalog_id },
        checkable: false,
      });
      if (!body?.id) return { ...set, id: PLACEHOLDER_ID, product_count: 0, created_at: new Date().toISOString() };
      const created = (await setsOf(set.catalog_id)).find((s) => s.id === body.id);
      return created ?? { ...set, id: body.id, product_count: 0, created_at: new Date().toISOString() };
    },

    async listProducts(catalogId: string, options: { product_set_id?: string } = {}) {
      const path = options.product_set_id ? `${options.product_set_id}/products` : `${catalogId}/products`;
      const subject = options.product_set_id ? { what: 'product set', id: options.product_set_id } : { what: 'catalog', id: catalogId };
      const products = await graph.list<WireProduct>(path, { fields: PRODUCT_FIELDS }, subject);
      return products.map((p) => ({
        id: p.id,
        retailer_id: p.retailer_id,
        catalog_id: catalogId,
        name: p.name,
        category: p.category ?? '',
        brand: p.brand ?? '',
        price: priceOf(p.price),
        currency: p.currency ?? ctx.currency,
        availability: AVAILABILITY.has(p.availability as SocialAdsProduct['availability'])
          ? (p.availability as SocialAdsProduct['availability'])
          : 'out of stock',
        image_url: p.image_url ?? '',
        url: p.url ?? '',
        ...(p.custom_label_0 ? { custom_label_0: p.custom_label_0 } : {}),
        review_status: p.review_status === 'rejected' ? 'rejected' : 'approved',
      }));
    },
  };
}
