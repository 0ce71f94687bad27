/**
 * What the retailads creators share: name, budget, state and product arguments, the profile's
 * catalog (sellers advertise SKUs, vendors ASINs), the created-entity output and the planned create.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { ToolContext } from '../../../core/tool';
import type { PlannedChange } from '../../../core/plan';
import { isoDate } from '../../../core/dates';
import type { RetailAdsCampaign, RetailAdsPort, RetailAdsProductAd } from '../port';

type Ctx = ToolContext<RetailAdsPort>;
export const nameSchema = (what: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(128, 'must be at most 128 characters'),
    v.description(`${what}, 1-128 characters`),
  );
export const budgetSchema = v.pipe(
  v.number(),
  v.minValue(1, 'must be at least 1'),
  v.maxValue(1_000_000, 'must be at most 1,000,000'),
  v.description('Daily budget in the account currency, 1-1,000,000'),
);
export const stateArg = v.optional(
  v.pipe(
    v.picklist(['ENABLED', 'PAUSED']),
    v.description('PAUSED (default: nothing spends until you enable it with resume_retailads_campaigns) or ENABLED'),
  ),
);
export const ASIN = /^B0[A-Z0-9]{8}$/;
export const asinSchema = v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(ASIN, 'must be an ASIN such as B0ABC12345'));
export const productRef = v.strictObject({
  sku: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.description('SKU (seller profiles)'))),
  asin: v.optional(v.pipe(asinSchema, v.description('ASIN (vendor profiles)'))),
});
export const dateRules = (a: { start_date?: string; end_date?: string }) => {
  const today = isoDate(new Date());
  const problems: string[] = [];
  if (a.start_date && a.start_date < today) problems.push(`\`start_date\` ${a.start_date} is in the past; give today (${today}) or later`);
  if (a.end_date && a.end_date < (a.start_date ?? today)) problems.push(`\`end_date\` ${a.end_date} must be on or after the start date`);
  return problems;
};

/** The profile type and catalog: sellers advertise SKUs, vendors ASINs. */
export async function catalogOf(ctx: Ctx) {
  const [profiles, productAds, assets] = await Promise.all([
    ctx.platform.listProfiles(),
    ctx.platform.listProductAds(),
    ctx.platform.listEntities('asset'),
  ]);
  const catalog = new Map<string, RetailAdsProductAd>();
  for (const p of productAds) {
    catalog.set(p.asin, p);
    if (p.sku) catalog.set(p.sku, p);
  }
  return { type: profiles[0]?.account_info.type ?? 'seller', catalog, assets: new Map(assets.map((a) => [a.id, a])) };
}
export type Catalog = Awaited<ReturnType<typeof catalogOf>>;

/** Resolves product references; a 400 naming every bad one (seller/vendor rule, not in the catalog). */
export function resolveProducts(refs: { sku?: string; asin?: string }[], catalog: Catalog, field: string): RetailAdsProductAd[] {
  const problems: string[] = [];
  const found = refs.map((ref, i) => {
    const at = `\`${field}[${i}]\``;
    if (catalog.type === 'seller' && (!ref.sku || ref.asin))
      problems.push(`${at}: this is a seller profile, so name each product by its \`sku\` only`);
    else if (catalog.type === 'vendor' && (!ref.asin || ref.sku))
      problems.push(`${at}: this is a vendor profile, so name each product by its \`asin\` only`);
    const product = catalog.catalog.get((ref.sku ?? ref.asin)!);
    if (!product && (ref.sku || ref.asin))
      problems.push(
        `${at}: ${ref.sku ? 'SKU' : 'ASIN'} ${ref.sku ?? ref.asin} is not in this profile's catalog (list_retailads_product_ads shows it)`,
      );
    return product!;
  });
  if (problems.length) throw new ToolError(`Nothing was created:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  const seen = new Set<string>();
  return found.filter((p) => (seen.has(p.asin) ? false : (seen.add(p.asin), true)));
}

export const productAdOf = (
  p: RetailAdsProductAd,
  campaign: { id: string; ad_product: RetailAdsCampaign['ad_product'] },
  adGroupId: string,
): Omit<RetailAdsProductAd, 'id'> => ({
  campaign_id: campaign.id,
  ad_group_id: adGroupId,
  ad_product: campaign.ad_product,
  asin: p.asin,
  sku: p.sku,
  title: p.title,
  category: p.category,
  state: 'ENABLED',
});

export const createdOutput = v.object({
  profile_id: v.string(),
  campaign_id: v.string(),
  ad_group_id: v.string(),
  state: v.string(),
  created: v.record(v.string(), v.number()),
  ad_id: v.optional(v.string()),
  moderation: v.optional(v.string()),
});

export function createChange(entity: string, name: string, fields: Record<string, unknown>, startsPaused: boolean): PlannedChange {
  return {
    action: 'create',
    entity,
    name,
    fields: Object.fromEntries(
      Object.entries(fields)
        .filter(([, x]) => x !== undefined)
        .map(([k, after]) => [k, { after }]),
    ),
    startsPaused,
  };
}
