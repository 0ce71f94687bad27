import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { ToolContext } from '../../../core/tool';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { defineSocialAdsTool } from '../define';
import type { SocialAdsCatalog, SocialAdsPort, SocialAdsProduct, SocialAdsProductSet } from '../port';
import { breakdownRows, breakdownRowSchema, readStructure, type BreakdownRow } from './report-family';
import { dateRangeRule, windowEntries } from './shared';
import { reportWindow } from '../../../core/report-window';

/**
 * socialads catalogs: catalogs, product sets and products, product-level figures (the product_id
 * breakdown of catalog ads, which adds up to the catalog ads' figures), and the analyses on them.
 */

const catalogIdArg = (required: boolean) => {
  const s = v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{6,25}$/, 'must be a numeric catalog id from list_socialads_catalogs'),
    v.description(
      required ? 'The catalog (from list_socialads_catalogs)' : 'The catalog (from list_socialads_catalogs); default the only catalog',
    ),
  );
  return required ? s : v.optional(s);
};
const productSetIdArg = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{6,25}$/, 'must be a numeric product set id from list_socialads_product_sets'),
    v.description('Only this product set (from list_socialads_product_sets)'),
  ),
);

/** The catalog named, or the account's only catalog; a 400 naming list_socialads_catalogs otherwise. */
async function resolveCatalog(p: SocialAdsPort, id: string | undefined): Promise<SocialAdsCatalog> {
  const catalogs = await p.listCatalogs();
  if (id) {
    const found = catalogs.find((c) => c.id === id);
    if (!found)
      throw new ToolError(`\`catalog_id\` "${id}" is not a catalog of this ad account. Find ids with list_socialads_catalogs.`, {
        code: 'not_found',
        catalog_id: id,
      });
    return found;
  }
  if (catalogs.length === 1) return catalogs[0]!;
  if (!catalogs.length) throw new ToolError('This ad account has no product catalog. Connect a catalog to the business first.');
  throw new ToolError(
    `This ad account has ${catalogs.length} catalogs; specify catalog_id: ${catalogs.map((c) => `${c.name} (${c.id})`).join(', ')}.`,
    { parameter: 'catalog_id' },
  );
}

async function resolveProductSet(p: SocialAdsPort, catalog: SocialAdsCatalog, id: string): Promise<SocialAdsProductSet> {
  const found = (await p.listProductSets(catalog.id)).find((s) => s.id === id);
  if (!found)
    throw new ToolError(
      `\`product_set_id\` "${id}" is not a product set of catalog "${catalog.name}". Find ids with list_socialads_product_sets.`,
      { code: 'not_found', product_set_id: id },
    );
  return found;
}

/** Per-product figures of the catalog ads (optionally of one product set) over a window. */
async function productFigures(
  ctx: ToolContext<SocialAdsPort>,
  catalog: SocialAdsCatalog,
  productSetId: string | undefined,
  start: string,
  end: string,
) {
  const st = await readStructure(ctx.platform);
  const campaignIds = new Set(st.campaigns.filter((c) => c.promoted_object?.product_catalog_id === catalog.id).map((c) => c.id));
  const ads = st.ads.filter(
    (a) => campaignIds.has(a.campaign_id) && a.ad_type === 'catalog' && (!productSetId || a.creative.product_set_id === productSetId),
  );
  const rows = await breakdownRows(
    ctx.platform,
    'ad',
    ads.map((a) => a.id),
    'product_id',
    start,
    end,
  );
  const products = await ctx.platform.listProducts(catalog.id);
  return { rows, products, ads };
}

const productRowSchema = v.object({
  ...breakdownRowSchema.entries,
  product_id: v.string(),
  retailer_id: v.nullable(v.string()),
  name: v.nullable(v.string()),
  category: v.nullable(v.string()),
  price: v.nullable(v.number()),
});
const withProduct = (rows: BreakdownRow[], products: SocialAdsProduct[]) =>
  rows.map((r) => {
    const p = products.find((x) => x.id === r.value);
    return {
      ...r,
      product_id: r.value,
      retailer_id: p?.retailer_id ?? null,
      name: p?.name ?? null,
      category: p?.category ?? null,
      price: p?.price ?? null,
    };
  });

export const listSocialAdsCatalogs = defineSocialAdsTool({
  name: 'list_socialads_catalogs',
  description:
    'Lists the product catalogs available to the socialads ad account with product count, connected pixels, last feed upload and feed errors, and the catalog campaigns that use each.',
  access: 'read',
  args: {},
  output: v.object({
    ad_account_id: v.string(),
    catalogs: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        product_count: v.number(),
        pixel_ids: v.array(v.string()),
        feed_last_upload_time: v.nullable(v.string()),
        feed_errors: v.number(),
        product_sets: v.number(),
        campaigns: v.array(v.object({ id: v.string(), name: v.string(), status: v.string() })),
      }),
    ),
  }),
  async run(_args, ctx) {
    const [catalogs, sets, campaigns] = await Promise.all([
      ctx.platform.listCatalogs(),
      ctx.platform.listProductSets(),
      ctx.platform.listCampaigns(),
    ]);
    const rows = catalogs.map((c) => ({
      id: c.id,
      name: c.name,
      product_count: c.product_count,
      pixel_ids: c.pixel_ids,
      feed_last_upload_time: c.feed_last_upload_time ?? null,
      feed_errors: c.feed_errors,
      product_sets: sets.filter((s) => s.catalog_id === c.id).length,
      campaigns: campaigns
        .filter((x) => x.promoted_object?.product_catalog_id === c.id)
        .map((x) => ({ id: x.id, name: x.name, status: x.status })),
    }));
    const text = [
      `## Product catalogs of ${ctx.account.name}`,
      '',
      rows.length
        ? markdownTable(
            ['Catalog', 'Id', 'Products', 'Product sets', 'Pixels', 'Last feed', 'Feed errors', 'Campaigns'],
            rows.map((r) => [
              r.name,
              r.id,
              r.product_count,
              r.product_sets,
              r.pixel_ids.length,
              r.feed_last_upload_time,
              r.feed_errors,
              r.campaigns.map((c) => c.name).join(', '),
            ]),
          )
        : 'No catalog connected.',
      '',
      'Next: list_socialads_product_sets, list_socialads_products, validate_catalog_readiness, create_socialads_catalog_campaign.',
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, catalogs: rows } };
  },
});

export const listSocialAdsProductSets = defineSocialAdsTool({
  name: 'list_socialads_product_sets',
  description:
    'Lists the product sets (targetable subsets of a catalog, defined by filter rules) with their rules and product count. Create one with create_socialads_product_set.',
  access: 'read',
  args: { catalog_id: catalogIdArg(false) },
  output: v.object({
    catalog_id: v.string(),
    product_sets: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        product_count: v.number(),
        filter: v.array(v.object({ field: v.string(), operator: v.string(), value: v.union([v.string(), v.number()]) })),
      }),
    ),
  }),
  async run(args, ctx) {
    const catalog = await resolveCatalog(ctx.platform, args.catalog_id);
    const sets = await ctx.platform.listProductSets(catalog.id);
    const rows = sets.map((s) => ({ id: s.id, name: s.name, product_count: s.product_count, filter: s.filter }));
    const rule = (f: SocialAdsProductSet['filter']) =>
      f.length ? f.map((r) => `${r.field} ${r.operator} ${r.value}`).join(' and ') : 'all products';
    const text = [
      `## Product sets of "${catalog.name}"`,
      '',
      markdownTable(
        ['Product set', 'Id', 'Products', 'Rule'],
        rows.map((r) => [r.name, r.id, r.product_count, rule(r.filter)]),
      ),
      '',
      'Compare them with compare_socialads_catalog_product_sets; browse one with list_socialads_products.',
    ].join('\n');
    return { text, structured: { catalog_id: catalog.id, product_sets: rows } };
  },
});

export const listSocialAdsProducts = defineSocialAdsTool({
  name: 'list_socialads_products',
  description:
    'Browses the products of a socialads catalog (optionally of one product set): SKU, name, category, brand, price, availability and feed review status.',
  access: 'read',
  args: {
    catalog_id: catalogIdArg(false),
    product_set_id: productSetIdArg,
    availability: v.optional(
      v.pipe(v.picklist(['in stock', 'out of stock', 'preorder']), v.description('Only products with this availability')),
    ),
    limit: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500), v.description('Products per page, default 100')),
      100,
    ),
    offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Products to skip')), 0),
  },
  output: v.object({
    catalog_id: v.string(),
    total: v.number(),
    products: v.array(
      v.object({
        id: v.string(),
        retailer_id: v.string(),
        name: v.string(),
        category: v.string(),
        brand: v.string(),
        price: v.number(),
        currency: v.string(),
        availability: v.string(),
        review_status: v.string(),
        url: v.string(),
        image_url: v.string(),
      }),
    ),
  }),
  async run(args, ctx) {
    const catalog = await resolveCatalog(ctx.platform, args.catalog_id);
    if (args.product_set_id) await resolveProductSet(ctx.platform, catalog, args.product_set_id);
    const all = (await ctx.platform.listProducts(catalog.id, { product_set_id: args.product_set_id })).filter(
      (p) => !args.availability || p.availability === args.availability,
    );
    const products = all.slice(args.offset, args.offset + args.limit).map((p) => ({
      id: p.id,
      retailer_id: p.retailer_id,
      name: p.name,
      category: p.category,
      brand: p.brand,
      price: p.price,
      currency: p.currency,
      availability: p.availability,
      review_status: p.review_status,
      url: p.url,
      image_url: p.image_url,
    }));
    const text = [
      `## Products of "${catalog.name}"${args.product_set_id ? ` in product set ${args.product_set_id}` : ''}`,
      '',
      `${all.length} product(s).`,
      '',
      markdownTable(
        ['SKU', 'Name', 'Category', 'Price', 'Availability', 'Review'],
        products.map((p) => [p.retailer_id, p.name, p.category, money(p.price, p.currency), p.availability, p.review_status]),
      ),
    ].join('\n');
    return { text, structured: { catalog_id: catalog.id, total: all.length, products } };
  },
});

const productWindowArgs = { catalog_id: catalogIdArg(false), product_set_id: productSetIdArg, ...windowEntries };

export const getSocialAdsProductPerformance = defineSocialAdsTool({
  name: 'get_socialads_product_performance',
  description:
    "Per-product spend, clicks, purchases, revenue and ROAS of the catalog ads of a socialads catalog (optionally of one product set) over a window. The products add up to the catalog ads' figures.",
  access: 'read',
  args: productWindowArgs,
  rules: [dateRangeRule],
  output: v.object({ catalog_id: v.string(), start_date: v.string(), end_date: v.string(), products: v.array(productRowSchema) }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const catalog = await resolveCatalog(ctx.platform, args.catalog_id);
    if (args.product_set_id) await resolveProductSet(ctx.platform, catalog, args.product_set_id);
    const { rows, products } = await productFigures(ctx, catalog, args.product_set_id, start, end);
    const out = withProduct(rows, products);
    const currency = ctx.account.currency;
    const text = [
      `## Product performance, "${catalog.name}", ${start} to ${end}`,
      '',
      out.length
        ? markdownTable(
            ['SKU', 'Product', 'Spend', 'Clicks', 'Purchases', 'Revenue', 'ROAS'],
            out.map((r) => [
              r.retailer_id,
              r.name,
              money(r.spend, currency),
              count(r.clicks),
              r.conversions,
              money(r.revenue, currency),
              r.roas,
            ]),
          )
        : 'No catalog ad delivered in this window.',
      '',
      'Next: detect_socialads_catalog_waste for products that spend without selling.',
    ].join('\n');
    return { text, structured: { catalog_id: catalog.id, start_date: start, end_date: end, products: out } };
  },
});

export const analyzeSocialAdsCatalogPerformance = defineSocialAdsTool({
  name: 'analyze_socialads_catalog_performance',
  description:
    "Product-level analysis across a socialads catalog: the categories and products that carry revenue, those below the catalog's ROAS, and how concentrated spend is; recommends product sets to build (create_socialads_product_set) and where to point catalog ad sets (update_socialads_catalog_ad_set).",
  access: 'read',
  args: productWindowArgs,
  rules: [dateRangeRule],
  output: v.object({
    catalog_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    roas: v.nullable(v.number()),
    categories: v.array(
      v.object({ category: v.string(), spend: v.number(), revenue: v.number(), roas: v.nullable(v.number()), products: v.number() }),
    ),
    top_products: v.array(productRowSchema),
    weak_products: v.array(productRowSchema),
    recommendations: v.array(v.string()),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const catalog = await resolveCatalog(ctx.platform, args.catalog_id);
    const { rows, products } = await productFigures(ctx, catalog, args.product_set_id, start, end);
    const out = withProduct(rows, products);
    const spend = out.reduce((s, r) => s + r.spend, 0);
    const revenue = out.reduce((s, r) => s + r.revenue, 0);
    const roas = spend > 0 ? Math.round((revenue / spend) * 100) / 100 : null;
    const categories = [...new Set(out.map((r) => r.category ?? 'unknown'))]
      .map((category) => {
        const rs = out.filter((r) => (r.category ?? 'unknown') === category);
        const s = Math.round(rs.reduce((x, r) => x + r.spend, 0) * 100) / 100;
        const rev = Math.round(rs.reduce((x, r) => x + r.revenue, 0) * 100) / 100;
        return { category, spend: s, revenue: rev, roas: s > 0 ? Math.round((rev / s) * 100) / 100 : null, products: rs.length };
      })
      .sort((a, b) => b.revenue - a.revenue);
    const top = [...out].sort((a, b) => b.revenue - a.revenue).slice(0, 5);
    const weak = out.filter((r) => roas !== null && (r.roas ?? 0) < roas * 0.5 && r.spend > 0).sort((a, b) => b.spend - a.spend);
    const recommendations: string[] = [];
    const best = categories.find((c) => c.roas !== null && roas !== null && c.roas > roas * 1.2);
    if (best)
      recommendations.push(
        `Category "${best.category}" returns ROAS ${best.roas} vs ${roas} for the catalog: give it its own product set with create_socialads_product_set (category eq ${best.category}) and an ad set with add_socialads_catalog_ad_set.`,
      );
    if (weak.length)
      recommendations.push(
        `${weak.length} product(s) return under half the catalog ROAS (${weak
          .slice(0, 3)
          .map((w) => w.name)
          .join(', ')}): exclude them with a product set rule and point the ad set at it with update_socialads_catalog_ad_set.`,
      );
    if (!recommendations.length) recommendations.push('Products perform evenly: keep the product sets.');
    const currency = ctx.account.currency;
    const text = [
      `## Catalog analysis, "${catalog.name}", ${start} to ${end}`,
      '',
      `Spend ${money(spend, currency)}, revenue ${money(revenue, currency)}, ROAS ${roas ?? '-'}.`,
      '',
      '### Categories',
      markdownTable(
        ['Category', 'Products', 'Spend', 'Revenue', 'ROAS'],
        categories.map((c) => [c.category, c.products, money(c.spend, currency), money(c.revenue, currency), c.roas]),
      ),
      '',
      '### Top products',
      markdownTable(
        ['Product', 'Spend', 'Revenue', 'ROAS'],
        top.map((r) => [r.name, money(r.spend, currency), money(r.revenue, currency), r.roas]),
      ),
      '',
      '### Recommendations',
      ...recommendations.map((r) => `- ${r}`),
    ].join('\n');
    return {
      text,
      structured: {
        catalog_id: catalog.id,
        start_date: start,
        end_date: end,
        roas,
        categories,
        top_products: top,
        weak_products: weak,
        recommendations,
      },
    };
  },
});

export const compareSocialAdsCatalogProductSets = defineSocialAdsTool({
  name: 'compare_socialads_catalog_product_sets',
  description:
    'Compares the performance of the product sets of a socialads catalog (spend, purchases, revenue, ROAS, CTR of the catalog ads showing each set) and names the set to fund (update_socialads_catalog_ad_set product_set_id or budget).',
  access: 'read',
  args: { catalog_id: catalogIdArg(false), ...windowEntries },
  rules: [dateRangeRule],
  output: v.object({
    catalog_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    product_sets: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        product_count: v.number(),
        ads: v.number(),
        spend: v.number(),
        conversions: v.number(),
        revenue: v.number(),
        roas: v.nullable(v.number()),
        ctr: v.nullable(v.number()),
      }),
    ),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const catalog = await resolveCatalog(ctx.platform, args.catalog_id);
    const sets = await ctx.platform.listProductSets(catalog.id);
    const rows = [];
    for (const s of sets) {
      const { rows: r, ads } = await productFigures(ctx, catalog, s.id, start, end);
      const spend = Math.round(r.reduce((x, y) => x + y.spend, 0) * 100) / 100;
      const revenue = Math.round(r.reduce((x, y) => x + y.revenue, 0) * 100) / 100;
      const impressions = r.reduce((x, y) => x + y.impressions, 0);
      rows.push({
        id: s.id,
        name: s.name,
        product_count: s.product_count,
        ads: ads.length,
        spend,
        conversions: r.reduce((x, y) => x + y.conversions, 0),
        revenue,
        roas: spend > 0 ? Math.round((revenue / spend) * 100) / 100 : null,
        ctr: impressions > 0 ? Math.round((r.reduce((x, y) => x + y.clicks, 0) / impressions) * 10000) / 10000 : null,
      });
    }
    rows.sort((a, b) => (b.roas ?? -1) - (a.roas ?? -1));
    const running = rows.filter((r) => r.spend > 0);
    const currency = ctx.account.currency;
    const advice =
      running.length > 1
        ? `"${running[0]!.name}" returns the most (ROAS ${running[0]!.roas}); "${running[running.length - 1]!.name}" the least (ROAS ${running[running.length - 1]!.roas}). Move budget toward the first with update_socialads_catalog_ad_set, or point the weaker ad set at a better set (product_set_id).`
        : 'Only one product set runs in ads: create a narrower one with create_socialads_product_set to compare.';
    const text = [
      `## Product sets compared, "${catalog.name}", ${start} to ${end}`,
      '',
      markdownTable(
        ['Product set', 'Products', 'Ads', 'Spend', 'Purchases', 'Revenue', 'ROAS', 'CTR'],
        rows.map((r) => [
          r.name,
          r.product_count,
          r.ads,
          money(r.spend, currency),
          r.conversions,
          money(r.revenue, currency),
          r.roas,
          percent(r.ctr),
        ]),
      ),
      '',
      advice,
    ].join('\n');
    return { text, structured: { catalog_id: catalog.id, start_date: start, end_date: end, product_sets: rows } };
  },
});

export const detectSocialAdsCatalogWaste = defineSocialAdsTool({
  name: 'detect_socialads_catalog_waste',
  description:
    'Flags catalog products that spend without return in socialads catalog ads: spend at or above min_spend with no purchase, or ROAS under target_roas. Names the fix: a product set that excludes them (create_socialads_product_set) used by the ad set (update_socialads_catalog_ad_set).',
  access: 'read',
  args: {
    ...productWindowArgs,
    min_spend: v.optional(
      v.pipe(v.number(), v.minValue(1), v.description('Spend without a purchase that counts as waste, default 20')),
      20,
    ),
    target_roas: v.optional(v.pipe(v.number(), v.minValue(0.1), v.description('ROAS under which a product loses money, default 1.0')), 1),
  },
  rules: [dateRangeRule],
  output: v.object({
    catalog_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    wasted_spend: v.number(),
    products: v.array(v.object({ ...productRowSchema.entries, reason: v.string() })),
    suggested_rule: v.nullable(v.object({ field: v.string(), operator: v.string(), value: v.string() })),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const catalog = await resolveCatalog(ctx.platform, args.catalog_id);
    if (args.product_set_id) await resolveProductSet(ctx.platform, catalog, args.product_set_id);
    const { rows, products } = await productFigures(ctx, catalog, args.product_set_id, start, end);
    const currency = ctx.account.currency;
    const flagged = withProduct(rows, products)
      .filter((r) => r.spend >= args.min_spend && (r.conversions === 0 || (r.roas ?? 0) < args.target_roas))
      .map((r) => ({
        ...r,
        reason:
          r.conversions === 0
            ? `${money(r.spend, currency)} and ${count(r.clicks)} clicks without a purchase`
            : `ROAS ${r.roas} under ${args.target_roas}`,
      }))
      .sort((a, b) => b.spend - a.spend);
    const wasted = Math.round(flagged.reduce((s, r) => s + (r.spend - r.revenue > 0 ? r.spend - r.revenue : 0), 0) * 100) / 100;
    // One rule that removes the worst category when all its flagged products share it.
    const worstCategory = flagged[0]?.category;
    const suggested =
      worstCategory &&
      flagged.filter((f) => f.category === worstCategory).length ===
        products.filter((p) => p.category === worstCategory && rows.some((r) => r.value === p.id)).length
        ? { field: 'category', operator: 'neq', value: worstCategory }
        : null;
    const text = [
      `## Catalog waste, "${catalog.name}", ${start} to ${end}`,
      '',
      flagged.length
        ? `${flagged.length} product(s) spend without return: ${money(wasted, currency)} more spent than earned.`
        : 'No product spends without return.',
      '',
      ...(flagged.length
        ? [
            markdownTable(
              ['SKU', 'Product', 'Spend', 'Clicks', 'Purchases', 'ROAS', 'Why'],
              flagged.map((r) => [r.retailer_id, r.name, money(r.spend, currency), count(r.clicks), r.conversions, r.roas, r.reason]),
            ),
            '',
            `Fix: create a product set without them with create_socialads_product_set${suggested ? ` (e.g. rule category neq ${suggested.value})` : ' (rules on category, price or custom_label_0)'}, then point the catalog ad set at it with update_socialads_catalog_ad_set (product_set_id).`,
          ]
        : []),
    ].join('\n');
    return {
      text,
      structured: {
        catalog_id: catalog.id,
        start_date: start,
        end_date: end,
        wasted_spend: wasted,
        products: flagged,
        suggested_rule: suggested,
      },
    };
  },
});

export const diagnoseSocialAdsCatalogFunnel = defineSocialAdsTool({
  name: 'diagnose_socialads_catalog_funnel',
  description:
    'Walks the socialads catalog funnel (impressions → clicks → product views → add-to-carts → purchases) of the catalog ads, per product set or product, and names the step with the biggest drop-off compared with typical rates, with what to fix.',
  access: 'read',
  args: {
    ...productWindowArgs,
    by: v.optional(
      v.pipe(v.picklist(['catalog', 'product']), v.description('catalog (default): one funnel; product: one funnel per product')),
      'catalog',
    ),
  },
  rules: [dateRangeRule],
  output: v.object({
    catalog_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    steps: v.array(
      v.object({ step: v.string(), count: v.number(), rate_from_previous: v.nullable(v.number()), typical_rate: v.nullable(v.number()) }),
    ),
    weakest_step: v.nullable(v.string()),
    advice: v.string(),
    products: v.array(
      v.object({
        product_id: v.string(),
        name: v.nullable(v.string()),
        clicks: v.number(),
        view_content: v.number(),
        add_to_cart: v.number(),
        purchases: v.number(),
      }),
    ),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const catalog = await resolveCatalog(ctx.platform, args.catalog_id);
    if (args.product_set_id) await resolveProductSet(ctx.platform, catalog, args.product_set_id);
    const { rows, products } = await productFigures(ctx, catalog, args.product_set_id, start, end);
    const sum = (k: 'impressions' | 'clicks' | 'view_content' | 'add_to_cart' | 'conversions') => rows.reduce((s, r) => s + (r[k] ?? 0), 0);
    const counts: [string, number, number | null][] = [
      ['impressions', sum('impressions'), null],
      ['clicks', sum('clicks'), 0.01],
      ['product_views', sum('view_content'), 0.8],
      ['add_to_cart', sum('add_to_cart'), 0.1],
      ['purchases', sum('conversions'), 0.3],
    ];
    const steps = counts.map(([step, n, typical], i) => ({
      step,
      count: n,
      rate_from_previous: i === 0 || !counts[i - 1]![1] ? null : Math.round((n / counts[i - 1]![1]) * 10000) / 10000,
      typical_rate: typical,
    }));
    const judged = steps
      .filter((s) => s.rate_from_previous !== null && s.typical_rate !== null)
      .map((s) => ({ ...s, ratio: s.rate_from_previous! / s.typical_rate! }));
    const weakest = judged.sort((a, b) => a.ratio - b.ratio)[0];
    const ADVICE: Record<string, string> = {
      clicks:
        'Few clicks: the products shown do not interest the audience. Refresh the template and product set (update_socialads_catalog_ad) or the audience (update_socialads_catalog_ad_set).',
      product_views:
        'Clicks that never load the product page: check landing URLs and page speed, and the pixel ViewContent event (list_socialads_pixels).',
      add_to_cart: 'Views that do not add to cart: price, stock or page content; exclude weak products (detect_socialads_catalog_waste).',
      purchases:
        'Carts that do not check out: shipping costs or checkout friction; retarget carters with a short window (update_socialads_catalog_ad_set retargeting_days).',
    };
    const advice = !rows.length
      ? 'No catalog ad delivered in this window.'
      : weakest && weakest.ratio < 1
        ? ADVICE[weakest.step]!
        : 'Every step is at or above typical rates.';
    const productRows =
      args.by === 'product'
        ? rows.map((r) => ({
            product_id: r.value,
            name: products.find((p) => p.id === r.value)?.name ?? null,
            clicks: r.clicks,
            view_content: r.view_content ?? 0,
            add_to_cart: r.add_to_cart ?? 0,
            purchases: r.conversions,
          }))
        : [];
    const text = [
      `## Catalog funnel, "${catalog.name}", ${start} to ${end}`,
      '',
      markdownTable(
        ['Step', 'Count', 'Rate from previous', 'Typical'],
        steps.map((s) => [s.step, count(s.count), percent(s.rate_from_previous), percent(s.typical_rate)]),
      ),
      '',
      weakest && weakest.ratio < 1 ? `Biggest drop-off: ${weakest.step}.` : '',
      advice,
      ...(productRows.length
        ? [
            '',
            markdownTable(
              ['Product', 'Clicks', 'Views', 'Carts', 'Purchases'],
              productRows.map((p) => [p.name, p.clicks, p.view_content, p.add_to_cart, p.purchases]),
            ),
          ]
        : []),
    ].join('\n');
    return {
      text,
      structured: {
        catalog_id: catalog.id,
        start_date: start,
        end_date: end,
        steps,
        weakest_step: weakest && weakest.ratio < 1 ? weakest.step : null,
        advice,
        products: productRows,
      },
    };
  },
});

export const validateCatalogReadiness = defineSocialAdsTool({
  name: 'validate_catalog_readiness',
  description:
    'Checks whether a socialads catalog and its pixel support retargeting (a pixel connected and firing ViewContent, AddToCart and Purchase with content ids that match the catalog) or only prospecting, and whether the feed is healthy (approved, in-stock products).',
  access: 'read',
  args: { catalog_id: catalogIdArg(false) },
  output: v.object({
    catalog_id: v.string(),
    ready_for: v.picklist(['retargeting', 'prospecting_only', 'not_ready']),
    checks: v.array(v.object({ check: v.string(), passed: v.boolean(), detail: v.string() })),
  }),
  async run(args, ctx) {
    const catalog = await resolveCatalog(ctx.platform, args.catalog_id);
    const [pixels, products] = await Promise.all([ctx.platform.listPixels(), ctx.platform.listProducts(catalog.id)]);
    const connected = pixels.filter((p) => catalog.pixel_ids.includes(p.id));
    const deliverable = products.filter((p) => p.review_status === 'approved' && p.availability !== 'out of stock');
    const events = connected.reduce<Record<string, number>>((acc, p) => ({ ...acc, ...(p.event_counts_7d ?? {}) }), {});
    const match = Math.max(0, ...connected.map((p) => p.catalog_match_rate ?? 0));
    const checks = [
      {
        check: 'deliverable products',
        passed: deliverable.length >= 4,
        detail: `${deliverable.length} of ${products.length} products approved and in stock${products.length - deliverable.length ? ` (${products.filter((p) => p.review_status === 'rejected').length} rejected, ${products.filter((p) => p.availability === 'out of stock').length} out of stock)` : ''}`,
      },
      {
        check: 'feed errors',
        passed: catalog.feed_errors === 0,
        detail: catalog.feed_errors ? `${catalog.feed_errors} item(s) rejected in the last feed upload` : 'no errors',
      },
      {
        check: 'pixel connected',
        passed: connected.length > 0,
        detail: connected.length ? connected.map((p) => p.name).join(', ') : 'no pixel sends events to this catalog',
      },
      ...(['ViewContent', 'AddToCart', 'Purchase'] as const).map((e) => ({
        check: `${e} events (7 days)`,
        passed: (events[e] ?? 0) > 0,
        detail: `${count(events[e] ?? 0)}`,
      })),
      {
        check: 'content ids match the catalog',
        passed: match >= 0.8,
        detail: connected.length ? `${Math.round(match * 100)}% of events match a product (80% needed)` : 'no pixel',
      },
    ];
    const feedOk = checks[0]!.passed;
    const retargetOk = checks.slice(2).every((c) => c.passed);
    const ready_for = !feedOk ? ('not_ready' as const) : retargetOk ? ('retargeting' as const) : ('prospecting_only' as const);
    const verdict =
      ready_for === 'retargeting'
        ? 'Ready for retargeting and prospecting: create_socialads_catalog_campaign with retargeting_days.'
        : ready_for === 'prospecting_only'
          ? 'Only prospecting (broad audience) works until the pixel checks pass: create_socialads_catalog_campaign without retargeting_days.'
          : 'Not ready: fix the feed first.';
    const text = [
      `## Catalog readiness, "${catalog.name}"`,
      '',
      markdownTable(
        ['Check', 'Passed', 'Detail'],
        checks.map((c) => [c.check, c.passed ? 'yes' : 'no', c.detail]),
      ),
      '',
      verdict,
    ].join('\n');
    return { text, structured: { catalog_id: catalog.id, ready_for, checks } };
  },
});

export { resolveCatalog, resolveProductSet };
