import { ToolError } from '../../../core/errors';
import type {
  AdFormat,
  AdGroupStatus,
  AdStatus,
  CampaignStatus,
  IdentityType,
  Objective,
  ShortVideoAd,
  ShortVideoAdGroup,
  ShortVideoCampaign,
  ShortVideoCustomAudience,
  ShortVideoIdentity,
  ShortVideoImage,
  ShortVideoPixel,
  ShortVideoVideo,
} from '../port';
import type { WireAd, WireAdGroup, WireAudience, WireCampaign, WireIdentity, WireImage, WirePixel, WireVideo } from './wire-types';

/**
 * The platform's entities as the API sends them, and their conversion to the port's shapes and
 * back. Ids travel as strings; money is a decimal in the advertiser's currency, rounded to the
 * currency's minor unit; statuses are `operation_status` (what the owner set) read together with
 * `secondary_status` (deleted, in review, rejected).
 */

/** A JSON object sent to the platform. */
export type Wire = Record<string, unknown>;

export const PLATFORM = 'shortvideo';

/** A 400 `live_not_supported` naming what the platform's public API lacks. */
export function notSupported(message: string): ToolError {
  return new ToolError(message, { code: 'live_not_supported', platform: PLATFORM });
}

// --- time ---

/** The platform's `YYYY-MM-DD HH:MM:SS` (UTC) as an ISO time. */
export function isoTime(value: string | undefined): string {
  if (!value) return new Date(0).toISOString();
  const at = Date.parse(/T/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
  return Number.isNaN(at) ? new Date(0).toISOString() : new Date(at).toISOString();
}

// --- money ---

/** Digits after the decimal point of a currency (0 for JPY, KRW...; 2 for most). */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount as the platform takes it: a decimal number rounded to the currency's minor unit. */
export function toAmount(amount: number, currency: string): number {
  const factor = 10 ** currencyDigits(currency);
  return Math.round(amount * factor) / factor;
}

/**
 * The platform's published minimum daily budgets (campaign, ad group) by currency; a currency not
 * listed is checked by the platform itself.
 */
export const MIN_DAILY_BUDGET: Record<string, { campaign: number; adgroup: number }> = {
  USD: { campaign: 50, adgroup: 20 },
  EUR: { campaign: 50, adgroup: 20 },
  GBP: { campaign: 50, adgroup: 20 },
  JPY: { campaign: 5000, adgroup: 2000 },
};

/** Refuses a budget under the platform's minimum before anything is sent. */
export function checkBudget(level: 'campaign' | 'adgroup', mode: string | undefined, budget: number | undefined, currency: string): void {
  if (budget === undefined || mode === 'BUDGET_MODE_INFINITE') return;
  const min = MIN_DAILY_BUDGET[currency]?.[level];
  if (min === undefined || mode !== 'BUDGET_MODE_DAY') return;
  if (toAmount(budget, currency) < min)
    throw new ToolError(
      `The platform's minimum daily ${level === 'campaign' ? 'campaign' : 'ad group'} budget is ${min} ${currency}; ${budget} ${currency} is below it. Nothing was changed.`,
      { code: 'invalid_arguments', field: 'budget', minimum: min, currency },
    );
}

// --- enums ---

/** Placements: the port's neutral words and the platform's. */
const PLACEMENT_TO_WIRE: Record<string, string> = {
  PLACEMENT_SHORTVIDEO: 'PLACEMENT_TIKTOK',
  PLACEMENT_PARTNERNET: 'PLACEMENT_PANGLE',
  PLACEMENT_GLOBAL_APP_BUNDLE: 'PLACEMENT_GLOBAL_APP_BUNDLE',
};
const PLACEMENT_FROM_WIRE = Object.fromEntries(Object.entries(PLACEMENT_TO_WIRE).map(([k, v]) => [v, k]));
export const placementsToWire = (p: string[] | undefined) => p?.map((x) => PLACEMENT_TO_WIRE[x] ?? x);
export const placementsFromWire = (p: string[] | undefined) => p?.map((x) => PLACEMENT_FROM_WIRE[x] ?? x);

const IDENTITY_TO_WIRE: Record<IdentityType, string> = {
  CUSTOMIZED_USER: 'CUSTOMIZED_USER',
  AUTH_CODE: 'AUTH_CODE',
  ACCOUNT_USER: 'TT_USER',
  BUSINESS_CENTER_USER: 'BC_AUTH_TT',
};
const IDENTITY_FROM_WIRE = Object.fromEntries(Object.entries(IDENTITY_TO_WIRE).map(([k, v]) => [v, k])) as Record<string, IdentityType>;
export const identityTypeToWire = (t: IdentityType | undefined) => (t ? IDENTITY_TO_WIRE[t] : undefined);
export const identityTypeFromWire = (t: string | undefined) => (t ? IDENTITY_FROM_WIRE[t] : undefined);

/** The operation_status that makes an entity run or stop. */
export const OPERATION: Record<CampaignStatus | AdGroupStatus, 'ENABLE' | 'DISABLE' | 'DELETE'> = {
  ACTIVE: 'ENABLE',
  ENABLED: 'ENABLE',
  PAUSED: 'DISABLE',
  DISABLED: 'DISABLE',
  DELETED: 'DELETE',
};

const deleted = (secondary: unknown) => typeof secondary === 'string' && /_STATUS_DELETE$/.test(secondary);

export function campaignStatusOf(c: { operation_status?: string; secondary_status?: string }): CampaignStatus {
  if (deleted(c.secondary_status) || c.operation_status === 'DELETE') return 'DELETED';
  return c.operation_status === 'ENABLE' ? 'ACTIVE' : 'PAUSED';
}

/** An ad group or ad: its own switch (a paused one reads paused whatever its parents; a running one reads enabled). */
export function switchStatusOf(e: { operation_status?: unknown; secondary_status?: unknown }): AdGroupStatus & AdStatus {
  if (deleted(e.secondary_status) || e.operation_status === 'DELETE') return 'DELETED';
  return e.operation_status === 'ENABLE' ? 'ENABLED' : 'DISABLED';
}

/** Creative review from the ad's secondary status. */
export function reviewStatusOf(ad: { secondary_status?: string }): ShortVideoAd['review_status'] {
  const s = String(ad.secondary_status ?? '');
  if (/AUDIT_DENY|REJECT|NOT_APPROVED/.test(s)) return 'REJECTED';
  if (/AUDIT|REVIEW/.test(s)) return 'IN_REVIEW';
  return 'APPROVED';
}

// --- entities ---

const OBJECTIVES = new Set<Objective>([
  'TRAFFIC',
  'WEB_CONVERSIONS',
  'LEAD_GENERATION',
  'REACH',
  'VIDEO_VIEWS',
  'APP_PROMOTION',
  'PRODUCT_SALES',
]);

export function campaignOf(c: WireCampaign): ShortVideoCampaign {
  const objective = OBJECTIVES.has(c.objective_type as Objective) ? (c.objective_type as Objective) : 'TRAFFIC';
  return {
    id: String(c.campaign_id),
    campaign_name: c.campaign_name,
    objective_type: objective,
    status: campaignStatusOf(c),
    budget_mode: c.budget_mode,
    budget: c.budget_mode === 'BUDGET_MODE_INFINITE' ? 0 : Number(c.budget ?? 0),
    budget_optimize_on: Boolean(c.budget_optimize_on),
    ...(c.app_promotion_type === 'APP_INSTALL' || c.app_promotion_type === 'APP_RETARGETING'
      ? { app_promotion_type: c.app_promotion_type }
      : {}),
    create_time: isoTime(c.create_time),
    // Campaigns have no start date of their own: they can deliver from their creation.
    start_date: isoTime(c.create_time).slice(0, 10),
  };
}

/** Ad group fields that keep their name and value on the wire. */
export const ADGROUP_SAME = [
  'adgroup_name',
  'budget_mode',
  'budget',
  'schedule_type',
  'schedule_start_time',
  'schedule_end_time',
  'dayparting',
  'pacing',
  'bid_type',
  'bid_price',
  'conversion_bid_price',
  'bid_display_mode',
  'deep_bid_type',
  'deep_cpa_bid',
  'roas_bid',
  'skip_learning_phase',
  'billing_event',
  'optimization_goal',
  'pixel_id',
  'optimization_event',
  'secondary_optimization_event',
  'next_day_retention',
  'promotion_type',
  'app_id',
  'statistic_type',
  'frequency',
  'frequency_schedule',
  'location_ids',
  'age_groups',
  'gender',
  'languages',
  'operating_systems',
  'device_model_ids',
  'device_price_ranges',
  'network_types',
  'carrier_ids',
  'spending_power',
  'household_income',
  'contextual_tag_ids',
  'audience_ids',
  'excluded_audience_ids',
  'audience_type',
  'included_custom_actions',
  'excluded_custom_actions',
  'interest_category_ids',
  'interest_keyword_ids',
  'purchase_intention_keyword_ids',
  'placement_type',
  'brand_safety_type',
  'brand_safety_partner',
  'creative_material_mode',
  'video_download_disabled',
  'comment_disabled',
  'is_hfss',
] as const;

/** Port names of fields the platform names after its partner network. */
const ADGROUP_RENAMED = {
  blocked_partnernet_app_ids: 'blocked_pangle_app_ids',
  included_partnernet_audience_package_ids: 'included_pangle_audience_package_ids',
  excluded_partnernet_audience_package_ids: 'excluded_pangle_audience_package_ids',
} as const;

export function adGroupOf(g: WireAdGroup): ShortVideoAdGroup {
  const out: Record<string, unknown> = {
    id: String(g.adgroup_id),
    campaign_id: String(g.campaign_id),
    status: switchStatusOf(g),
    create_time: isoTime(g.create_time),
    ...(g.modify_time ? { modify_time: isoTime(g.modify_time) } : {}),
  };
  for (const field of ADGROUP_SAME) if (g[field] !== undefined && g[field] !== null) out[field] = g[field];
  for (const [port, wire] of Object.entries(ADGROUP_RENAMED))
    if (Array.isArray(g[wire]) && (g[wire] as unknown[]).length) out[port] = g[wire];
  if (g.placements?.length) out.placements = placementsFromWire(g.placements);
  if (g.pixel_id !== undefined && g.pixel_id !== null) out.pixel_id = String(g.pixel_id);
  if (g.budget_mode === 'BUDGET_MODE_INFINITE') delete out.budget;
  if (typeof g.auto_targeting_enabled === 'boolean') out.auto_targeting_enabled = g.auto_targeting_enabled ? 'ON' : 'OFF';
  if (g.targeting_expansion) out.targeting_expansion = g.targeting_expansion;
  if (g.audience_rule && typeof g.audience_rule === 'object' && Object.keys(g.audience_rule).length) out.audience_rule = g.audience_rule;
  out.location_ids = (g.location_ids ?? []).map(String);
  out.gender ??= 'GENDER_UNLIMITED';
  return out as unknown as ShortVideoAdGroup;
}

/**
 * An ad group patch as the platform's body: same-named fields as they are, renamed ones renamed,
 * placements in the platform's words; `undefined` values (removals) sent as empty lists where the
 * field is a list. `create` drops what only updates take.
 */
export function adGroupBody(patch: Partial<ShortVideoAdGroup>, currency: string): Wire {
  const body: Wire = {};
  const p = patch as Record<string, unknown>;
  for (const field of ADGROUP_SAME) {
    if (!(field in p)) continue;
    const value = p[field];
    body[field] = value === undefined && LIST_FIELDS.has(field) ? [] : value;
  }
  for (const [port, wire] of Object.entries(ADGROUP_RENAMED)) if (port in p) body[wire] = p[port] ?? [];
  if ('placements' in p) body.placements = placementsToWire(patch.placements) ?? [];
  if ('auto_targeting_enabled' in p && patch.auto_targeting_enabled !== undefined)
    body.auto_targeting_enabled = patch.auto_targeting_enabled === 'ON';
  if ('targeting_expansion' in p) body.targeting_expansion = patch.targeting_expansion ?? {};
  if ('audience_rule' in p) body.audience_rule = patch.audience_rule ?? {};
  for (const money of ['budget', 'bid_price', 'conversion_bid_price', 'deep_cpa_bid'] as const)
    if (typeof body[money] === 'number') body[money] = toAmount(body[money] as number, currency);
  for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
  return body;
}

const LIST_FIELDS = new Set<string>(
  ADGROUP_SAME.filter((f) => /_ids$|_groups$|languages|operating_systems|network_types|household_income|_actions$|_ranges$/.test(f)),
);

export function adOf(ad: WireAd): ShortVideoAd {
  const format = (ad.ad_format as AdFormat | undefined) ?? 'SINGLE_VIDEO';
  return {
    id: String(ad.ad_id),
    adgroup_id: String(ad.adgroup_id),
    campaign_id: String(ad.campaign_id),
    ad_name: ad.ad_name,
    ad_format: ad.tiktok_item_id ? 'SPARK_AD' : ad.creative_material_mode === 'DYNAMIC' || ad.ad_texts?.length ? 'DYNAMIC' : format,
    status: switchStatusOf(ad),
    review_status: reviewStatusOf(ad),
    ...(ad.ad_text ? { ad_text: ad.ad_text } : {}),
    ...(ad.ad_texts?.length ? { ad_texts: ad.ad_texts } : {}),
    ...(ad.video_id ? { video_id: ad.video_id } : {}),
    ...(ad.image_ids?.length ? { image_ids: ad.image_ids } : {}),
    ...(ad.tiktok_item_id ? { shortvideo_item_id: ad.tiktok_item_id } : {}),
    ...(ad.card_id ? { carousel_id: String(ad.card_id) } : {}),
    ...(ad.identity_id ? { identity_id: String(ad.identity_id) } : {}),
    ...(ad.identity_type ? { identity_type: identityTypeFromWire(ad.identity_type) } : {}),
    display_name: ad.display_name ?? '',
    ...(ad.call_to_action ? { call_to_action: ad.call_to_action } : {}),
    ...(ad.landing_page_url ? { landing_page_url: ad.landing_page_url } : {}),
    ...(ad.page_id ? { page_id: String(ad.page_id) } : {}),
    create_time: isoTime(ad.create_time),
  };
}

/** The creative of an ad (create or update) as the platform's `creatives[]` item. */
export function creativeOf(ad: Partial<ShortVideoAd>): Wire {
  const creative: Wire = {
    ad_name: ad.ad_name,
    ad_text: ad.ad_text,
    video_id: ad.video_id,
    image_ids: ad.image_ids,
    tiktok_item_id: ad.shortvideo_item_id,
    identity_id: ad.identity_id,
    identity_type: identityTypeToWire(ad.identity_type),
    display_name: ad.display_name,
    call_to_action: ad.call_to_action,
    landing_page_url: ad.landing_page_url,
    page_id: ad.page_id !== undefined ? Number(ad.page_id) : undefined,
    card_id: ad.carousel_id,
  };
  if (ad.ad_format) creative.ad_format = ad.ad_format === 'SPARK_AD' || ad.ad_format === 'DYNAMIC' ? 'SINGLE_VIDEO' : ad.ad_format;
  for (const [k, v] of Object.entries(creative)) if (v === undefined) delete creative[k];
  return creative;
}

export function videoOf(v: WireVideo): ShortVideoVideo {
  return {
    id: String(v.video_id),
    file_name: v.file_name ?? '',
    duration: Number(v.duration ?? 0),
    size: Number(v.size ?? 0),
    width: Number(v.width ?? 0),
    height: Number(v.height ?? 0),
    format: String(v.format ?? 'mp4').toLowerCase(),
    // A video is usable in ads once the platform has transcoded it.
    status: v.displayable === false ? 'PROCESSING' : 'READY',
    ...(v.video_cover_url ? { source_url: v.video_cover_url } : {}),
    create_time: isoTime(v.create_time),
  };
}

export function imageOf(i: WireImage, source: ShortVideoImage['source'] = 'URL', videoId?: string): ShortVideoImage {
  return {
    id: String(i.image_id),
    source,
    ...(i.image_url ? { image_url: i.image_url } : {}),
    ...(videoId ? { video_id: videoId } : {}),
    ...(i.file_name ? { file_name: i.file_name } : {}),
    width: Number(i.width ?? 0),
    height: Number(i.height ?? 0),
    ...(i.format ? { format: String(i.format).toLowerCase() === 'jpg' ? 'jpeg' : String(i.format).toLowerCase() } : {}),
    ...(i.size !== undefined ? { size: Number(i.size) } : {}),
    ...(i.create_time ? { create_time: isoTime(i.create_time) } : {}),
  };
}

export function identityOf(i: WireIdentity): ShortVideoIdentity {
  const type = identityTypeFromWire(i.identity_type) ?? 'CUSTOMIZED_USER';
  return {
    identity_id: String(i.identity_id),
    identity_type: type,
    display_name: i.display_name ?? '',
    // Authorized accounts can promote their posts when the platform lets the app pull their videos.
    can_spark: type !== 'CUSTOMIZED_USER' && i.can_pull_video !== false,
    ...(i.auth_expire_time ? { auth_expire_time: isoTime(i.auth_expire_time) } : {}),
  };
}

export function pixelOf(p: WirePixel): ShortVideoPixel {
  return {
    id: String(p.pixel_id),
    pixel_code: p.pixel_code,
    pixel_name: p.pixel_name,
    activity_status: p.activity_status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE',
    events: (p.events ?? []).map((e) => ({
      optimization_event: e.optimization_event ?? e.event_type ?? '',
      event_name: e.name ?? e.event_type ?? '',
      last_fired: e.last_fired_time ? isoTime(e.last_fired_time) : '',
    })),
  };
}

const AUDIENCE_TYPES = new Set(['CUSTOMER_FILE', 'ENGAGEMENT', 'WEBSITE_TRAFFIC', 'APP_ACTIVITY', 'LOOKALIKE', 'LEAD_GENERATION']);
const AUDIENCE_TYPE_FROM_WIRE: Record<string, string> = { 'Customer File': 'CUSTOMER_FILE', 'Lookalike Audience': 'LOOKALIKE' };

export function audienceOf(a: WireAudience): ShortVideoCustomAudience {
  const type = AUDIENCE_TYPE_FROM_WIRE[a.audience_type] ?? a.audience_type;
  return {
    id: String(a.audience_id),
    name: a.name,
    audience_type: (AUDIENCE_TYPES.has(type) ? type : 'CUSTOMER_FILE') as ShortVideoCustomAudience['audience_type'],
    cover_num: Number(a.cover_num ?? 0),
    is_valid: Boolean(a.is_valid),
    is_expired: Boolean(a.is_expired),
    create_time: isoTime(a.create_time),
  };
}
