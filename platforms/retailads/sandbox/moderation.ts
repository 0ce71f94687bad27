/**
 * Moderation of Sponsored Brands creatives in the sandbox, as a pure function of a creative version,
 * the assets it names and the time: a version is IN_PROGRESS until MODERATION_MINUTES after it was
 * submitted, then decided component by component. A claim the platform does not allow in a headline
 * (superlatives, guarantees, prices) is REJECTED; an asset that cannot be read (missing, of the wrong
 * type) makes its component FAILED. The version is APPROVED only when every component is.
 * Nothing is stored: the decision is the same whenever it is read, so delivery can ask "was a version
 * approved on that day" for any past day.
 */
import type { RetailAdsAsset, RetailAdsModeration, RetailAdsModerationStatus, RetailAdsSbAd, RetailAdsSbCreativeVersion } from '../port';

/** How long moderation takes in the sandbox (the platform states up to 72 hours; usually less than one). */
export const MODERATION_MINUTES = 15;

/** Headline claims the platform's ad policy refuses without substantiation. */
const REFUSED_CLAIMS: [RegExp, string][] = [
  [/#\s?1\b|\bnumber one\b/i, 'ranking claims ("#1", "number one") need substantiation'],
  [/\bbest[- ]?sell(?:er|ing)\b/i, '"best seller" claims are not allowed in headlines'],
  [/\bguarantee[ds]?\b/i, 'guarantees are not allowed in headlines'],
  [/\bcheapest\b|\blowest price\b/i, 'price superlatives are not allowed'],
  [/[$€£]\s?\d/, 'prices are not allowed in headlines'],
  [/!{2,}/, 'repeated punctuation is not allowed'],
];

export function decideVersion(
  ad: Pick<RetailAdsSbAd, 'id' | 'ad_type'>,
  version: RetailAdsSbCreativeVersion,
  assets: Map<string, RetailAdsAsset>,
  now: Date,
): RetailAdsModeration {
  const decidedAt = new Date(Date.parse(version.submitted_at) + MODERATION_MINUTES * 60_000);
  const components: RetailAdsModeration['components'] = [];
  const component = (name: string, reasons: string[], failed = false) =>
    components.push({ component: name, status: reasons.length ? (failed ? 'FAILED' : 'REJECTED') : 'APPROVED', reasons });
  if (version.headline !== undefined) {
    const reasons = REFUSED_CLAIMS.filter(([pattern]) => pattern.test(version.headline!)).map(([, reason]) => reason);
    if (/\b[A-Z]{4,}\b.*\b[A-Z]{4,}\b/.test(version.headline)) reasons.push('headlines may not be written in capitals');
    component('headline', reasons);
  }
  const assetCheck = (name: string, id: string | undefined, type: RetailAdsAsset['asset_type']) => {
    if (!id) return;
    const asset = assets.get(id);
    component(
      name,
      !asset ? [`asset ${id} could not be read`] : asset.asset_type !== type ? [`asset ${id} is a ${asset.asset_type}, not a ${type}`] : [],
      true,
    );
  };
  assetCheck('brand_logo', version.brand_logo_asset_id, 'LOGO');
  assetCheck('custom_image', version.custom_image_asset_id, 'IMAGE');
  assetCheck('video', version.video_asset_id, 'VIDEO');
  component('products', version.asins.length ? [] : ['no product to show']);
  const worst: RetailAdsModerationStatus = components.some((c) => c.status === 'FAILED')
    ? 'FAILED'
    : components.some((c) => c.status === 'REJECTED')
      ? 'REJECTED'
      : 'APPROVED';
  if (now < decidedAt) {
    return {
      ad_id: ad.id,
      version: version.version,
      status: 'IN_PROGRESS',
      submitted_at: version.submitted_at,
      components: components.map((c) => ({ component: c.component, status: 'IN_PROGRESS', reasons: [] })),
    };
  }
  return {
    ad_id: ad.id,
    version: version.version,
    status: worst,
    submitted_at: version.submitted_at,
    decided_at: decidedAt.toISOString(),
    components,
  };
}

/** Moderation of every version of an ad, oldest first. */
export function moderationOf(ad: RetailAdsSbAd, assets: Map<string, RetailAdsAsset>, now: Date): RetailAdsModeration[] {
  return ad.creatives.map((version) => decideVersion(ad, version, assets, now));
}

/**
 * The version an ad serves at `now`: the newest APPROVED one (a newer version still in moderation
 * or rejected leaves the previous approved one serving); undefined when none was ever approved.
 */
export function servingVersion(ad: RetailAdsSbAd, assets: Map<string, RetailAdsAsset>, now: Date): RetailAdsModeration | undefined {
  return moderationOf(ad, assets, now)
    .filter((m) => m.status === 'APPROVED')
    .at(-1);
}
