/**
 * Argument schemas shared by shortvideo tools: the enums of the platform and field builders, so
 * update_shortvideo_ad_group and create_shortvideo_video_campaign accept exactly the same values.
 */
import * as v from 'valibot';

export const AGE_GROUPS = ['AGE_13_17', 'AGE_18_24', 'AGE_25_34', 'AGE_35_44', 'AGE_45_54', 'AGE_55_100'] as const;
export const GENDERS = ['GENDER_UNLIMITED', 'GENDER_MALE', 'GENDER_FEMALE'] as const;
export const OPERATING_SYSTEMS = ['ANDROID', 'IOS'] as const;
export const NETWORK_TYPES = ['WIFI', '2G', '3G', '4G', '5G'] as const;
export const SPENDING_POWER = ['ALL', 'HIGH'] as const;
export const HOUSEHOLD_INCOME = ['TOP_5_PERCENT', 'TOP_10_PERCENT', 'TOP_25_PERCENT', 'TOP_50_PERCENT'] as const;
export const PLACEMENT_TYPES = ['PLACEMENT_TYPE_AUTOMATIC', 'PLACEMENT_TYPE_NORMAL'] as const;
export const PLACEMENTS = ['PLACEMENT_SHORTVIDEO', 'PLACEMENT_PARTNERNET', 'PLACEMENT_GLOBAL_APP_BUNDLE'] as const;
export const BRAND_SAFETY_TYPES = ['NO_BRAND_SAFETY', 'STANDARD_INVENTORY', 'LIMITED_INVENTORY', 'FULL_INVENTORY', 'THIRD_PARTY'] as const;
export const BRAND_SAFETY_PARTNERS = ['IAS', 'OPEN_SLATE'] as const;
export const BID_TYPES = ['BID_TYPE_NO_BID', 'BID_TYPE_CUSTOM', 'BID_TYPE_MAX_CONVERSION'] as const;
export const BILLING_EVENTS = ['CPC', 'CPM', 'OCPM', 'CPV'] as const;
export const DEEP_BID_TYPES = ['VO_MIN_ROAS', 'VO_MIN_DAY1_RETENTION', 'VO_MIN_DAY7_RETENTION'] as const;
export const CALLS_TO_ACTION = [
  'WATCH_NOW',
  'LEARN_MORE',
  'SHOP_NOW',
  'SIGN_UP',
  'DOWNLOAD',
  'APPLY_NOW',
  'BOOK_NOW',
  'CONTACT_US',
  'GET_QUOTE',
  'SUBSCRIBE',
  'ORDER_NOW',
] as const;
export const OPTIMIZATION_EVENTS_COMMON = [
  'ON_WEB_ORDER',
  'ON_WEB_CART',
  'ON_WEB_DETAIL',
  'ON_WEB_REGISTER',
  'LANDING_PAGE_VIEW',
  'CLICK_LANDING_PAGE',
  'FORM',
  'START_TRIAL',
  'SUBSCRIBE',
  'DOWNLOAD_FINISH',
  'SEARCH',
  'COMPLETE_PAYMENT',
];

/** Accepted optimization goals per campaign objective, and the default of each (first). */
export const OPTIMIZATION_GOALS: Record<string, string[]> = {
  TRAFFIC: ['TRAFFIC_LANDING_PAGE_VIEW', 'CLICK'],
  WEB_CONVERSIONS: ['CONVERT', 'VALUE', 'CLICK'],
  PRODUCT_SALES: ['CONVERT', 'VALUE'],
  APP_PROMOTION: ['INSTALL', 'IN_APP_EVENT', 'VALUE'],
  REACH: ['REACH'],
  VIDEO_VIEWS: ['ENGAGED_VIEW', 'ENGAGED_VIEW_FIFTEEN', 'VIDEO_VIEW'],
  LEAD_GENERATION: ['LEAD_GENERATION', 'CLICK'],
};

/** Default billing event per objective. */
export const DEFAULT_BILLING_EVENT: Record<string, string> = {
  TRAFFIC: 'CPC',
  WEB_CONVERSIONS: 'OCPM',
  PRODUCT_SALES: 'OCPM',
  APP_PROMOTION: 'OCPM',
  REACH: 'CPM',
  VIDEO_VIEWS: 'CPV',
  LEAD_GENERATION: 'OCPM',
};

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** True for a real calendar time written YYYY-MM-DD HH:MM:SS. */
export function isDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m) return false;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
}

/** Milliseconds of a YYYY-MM-DD HH:MM:SS time (read as UTC, which is enough to compare). */
export function dateTimeMs(value: string): number {
  return Date.parse(`${value.replace(' ', 'T')}Z`);
}

/** "2026-07-01 09:30:00" from a Date (UTC). */
export function formatDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

export const dateTime = (description: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.check(
      isDateTime,
      (issue) => `must be in the format YYYY-MM-DD HH:MM:SS, e.g. 2026-09-01 00:00:00 (received "${String(issue.input)}")`,
    ),
    v.description(description),
  );

export const money = (description: string) => v.pipe(v.number(), v.minValue(0.01, 'must be greater than 0'), v.description(description));

/** A list of numeric ids; numbers are accepted and turned into strings. */
export const idList = (description: string) =>
  v.pipe(
    v.array(
      v.pipe(
        v.union([v.string(), v.number()], 'must be an id (a string of digits)'),
        v.transform((x) => String(x).trim()),
        v.regex(/^\d+$/, 'must be a numeric id (digits only)'),
      ),
    ),
    v.description(description),
  );

/** A list of ids of any shape (app ids, audience package ids). */
export const stringList = (description: string) =>
  v.pipe(v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))), v.description(description));

export const enumList = <const T extends readonly string[]>(values: T, description: string) =>
  v.pipe(
    v.array(v.picklist(values)),
    v.minLength(1, 'must list at least one value'),
    v.transform((list) => [...new Set(list)]),
    v.description(description),
  );

export const languageList = (description: string) =>
  v.pipe(
    v.array(
      v.pipe(v.string(), v.trim(), v.toLowerCase(), v.regex(/^[a-z]{2,3}$/, 'must be an ISO-639 language code such as en, es or fr')),
    ),
    v.description(description),
  );

export const pixelId = (description: string) =>
  v.pipe(
    v.union([v.string(), v.number()], 'must be the numeric pixel id'),
    v.transform((x) => String(x).trim()),
    v.check(
      (x) => /^\d+$/.test(x),
      (issue) =>
        `must be the NUMERIC pixel id (e.g. 7123456789012345678 from list_shortvideo_pixels), not the alphanumeric pixel code (received "${String(issue.input)}")`,
    ),
    v.description(description),
  );
