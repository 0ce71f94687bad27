/**
 * The fake search platform's shared core: the fake customer's collections, the failure body, path helpers, and the checks every resource family uses (enums, required fields, references, known keys, texts, asset links, keywords, bids).
 */
import type { AudienceCollections } from './searchads-api-audience';
import { randomInt } from 'node:crypto';

export const FAKE_DEVELOPER_TOKEN = 'fake-developer-token';
export const DEMAND_GEN_CHANNELS = ['youtube_in_stream', 'youtube_in_feed', 'youtube_shorts', 'discover', 'gmail', 'display'];
export const FAKE_API_VERSION = 'v26';

export type Obj = Record<string, any>;

export interface FakeCustomer extends AudienceCollections {
  id: string;
  descriptiveName: string;
  currencyCode: string;
  timeZone: string;
  manager: boolean;
  status: 'ENABLED' | 'CANCELED';
  /** Users with direct access. */
  users: string[];
  /** Client customer ids (managers). */
  clients: string[];
  campaigns: Obj[];
  budgets: Obj[];
  adGroups: Obj[];
  /** Ad group ads (each holds its ad under `ad`). */
  ads: Obj[];
  /** The same ad objects as under `ads[].ad`, addressable as `customers/<id>/ads/<ad id>` (AdService). */
  adObjects: Obj[];
  adGroupCriteria: Obj[];
  campaignCriteria: Obj[];
  assets: Obj[];
  campaignAssets: Obj[];
  labels: Obj[];
  /** Label links: campaign_label, ad_group_label, ad_group_ad_label, ad_group_criterion_label. */
  campaignLabels: Obj[];
  adGroupLabels: Obj[];
  adGroupAdLabels: Obj[];
  adGroupCriterionLabels: Obj[];
  /** Portfolio bidding strategies. */
  biddingStrategies: Obj[];
  customAudiences: Obj[];
  userLists: Obj[];
  sharedSets: Obj[];
  sharedCriteria: Obj[];
  campaignSharedSets: Obj[];
  conversionActions: Obj[];
  assetGroups: Obj[];
  assetGroupAssets: Obj[];
  assetGroupSignals: Obj[];
  audiences: Obj[];
  listingGroupFilters: Obj[];
  /** Merchant Center links (`product_link`) and the link requests merchants sent (`product_link_invitation`). */
  productLinks: Obj[];
  productLinkInvitations: Obj[];
}

export const DEMAND_GEN_CHANNEL_KEYS = ['youtubeInStream', 'youtubeInFeed', 'youtubeShorts', 'discover', 'gmail', 'display'];

export function camel(snake: string): string {
  return snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
export const get = (obj: Obj | undefined, path: string) =>
  path.split('.').reduce<any>((node, key) => (node == null ? undefined : node[key]), obj);
export const setPath = (obj: Obj, path: string, value: unknown) => {
  const keys = path.split('.');
  let node = obj;
  for (const key of keys.slice(0, -1)) node = node[key] ??= {};
  node[keys.at(-1)!] = value;
};
export const newId = (digits: number) => String(randomInt(10 ** (digits - 1), 10 ** digits));
export const today = () => new Date().toISOString().slice(0, 10);
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly grpcStatus: string,
    readonly errors: { errorCode: Record<string, string>; message: string; location?: Obj; details?: Obj }[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors[0]?.message ?? grpcStatus);
  }
}
export const invalid = (category: string, value: string, message: string, location?: Obj) =>
  new ApiFailure(400, 'INVALID_ARGUMENT', [{ errorCode: { [category]: value }, message, ...(location ? { location } : {}) }]);

export function leafPaths(obj: Obj, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([key, value]) =>
    value && typeof value === 'object' && !Array.isArray(value) ? leafPaths(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

export function checkKnownKeys(obj: Obj, allowed: string[], where: (f: string) => Obj): void {
  for (const path of leafPaths(obj)) {
    if (path !== 'resourceName' && !allowed.some((a) => a === path || path.startsWith(`${a}.`))) {
      throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${path}": Cannot find field.`, where(path));
    }
  }
}

export function deletePath(obj: Obj, path: string): void {
  const keys = path.split('.');
  const parent = get(obj, keys.slice(0, -1).join('.')) ?? (keys.length === 1 ? obj : undefined);
  if (parent) delete parent[keys.at(-1)!];
}

export interface MutableSpec {
  list: keyof FakeCustomer;
  update?: string[];
  create?: string[];
  build?: (c: FakeCustomer, create: Obj, where: (f: string) => Obj) => Obj;
  validate: (c: FakeCustomer, entity: Obj, where: (f: string) => Obj, before?: Obj) => void;
  remove: (c: FakeCustomer, target: Obj, list: Obj[]) => void;
  /** After a create is applied (side effects on other resources). */
  created?: (c: FakeCustomer, entity: Obj) => void;
  /** Rules over the whole list as the request would leave it (checked before anything is applied). */
  checkAll?: (c: FakeCustomer, after: Obj[]) => void;
}

export const ENUM = (field: string, value: unknown, allowed: string[], where: (f: string) => Obj) => {
  if (!allowed.includes(String(value))) throw invalid('fieldError', 'INVALID_VALUE', `Invalid value for ${field}: ${value}.`, where(field));
};
export const required = (field: string, value: unknown, where: (f: string) => Obj) => {
  if (value === undefined || value === '' || value === null)
    throw invalid('fieldError', 'REQUIRED', `The required field was not present: ${field}.`, where(field));
};
export const removeFrom = (_c: FakeCustomer, target: Obj, list: Obj[]) => list.splice(list.indexOf(target), 1);
export const refOf = (c: FakeCustomer, collection: keyof FakeCustomer, rn: unknown, field: string, where: (f: string) => Obj) => {
  const found = (c[collection] as Obj[]).find((x) => x.resourceName === rn);
  if (!found) throw invalid('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${rn}.`, where(field));
  return found;
};
export const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** The image slots of Demand Gen multi-asset ads and the shape each takes (1 % tolerance on the ratio). */
export const IMAGE_SLOTS: Record<string, { ratio: number; minWidth: number; minHeight: number }> = {
  marketingImages: { ratio: 1.91, minWidth: 600, minHeight: 314 },
  squareMarketingImages: { ratio: 1, minWidth: 300, minHeight: 300 },
  logoImages: { ratio: 1, minWidth: 128, minHeight: 128 },
};
export const texts = (list: unknown, field: string, min: number, max: number, length: number, where: (f: string) => Obj) => {
  const items = Array.isArray(list) ? list : [];
  if (items.length < min || items.length > max)
    throw invalid('adError', 'TOO_MANY_OR_TOO_FEW_ASSETS', `${field} takes ${min}-${max} items.`, where(field));
  for (const item of items)
    if (!item?.text || String(item.text).length > length)
      throw invalid('stringLengthError', 'TOO_LONG', `An item of ${field} is empty or longer than ${length}.`, where(field));
};
/** Asset links of an ad (`[{ asset }]`): each an asset of the customer of that type (images in their slot's shape). */
export const assetLinks = (
  c: FakeCustomer,
  list: unknown,
  field: string,
  type: string,
  min: number,
  max: number,
  where: (f: string) => Obj,
) => {
  const items = Array.isArray(list) ? list : [];
  if (items.length < min || items.length > max)
    throw invalid('adError', 'TOO_MANY_OR_TOO_FEW_ASSETS', `${field} takes ${min}-${max} assets.`, where(field));
  for (const item of items) {
    const asset = c.assets.find((a) => a.resourceName === item?.asset);
    if (!asset) throw invalid('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${item?.asset}.`, where(field));
    if (asset.type !== type)
      throw invalid('assetLinkError', 'INVALID_ASSET_TYPE', `An asset of type ${asset.type} cannot be used in ${field}.`, where(field));
    const slot = IMAGE_SLOTS[field];
    const size = asset.imageAsset?.fullSize;
    if (
      slot &&
      size &&
      (Math.abs(size.widthPixels / size.heightPixels - slot.ratio) > slot.ratio * 0.01 ||
        size.widthPixels < slot.minWidth ||
        size.heightPixels < slot.minHeight)
    ) {
      throw invalid('mediaUploadError', 'ASPECT_RATIO_NOT_ALLOWED', `The image ${asset.resourceName} does not fit ${field}.`, where(field));
    }
  }
};
export const KEYWORD_FORBIDDEN = /[!@%^*()={};~`<>?\\|]/;
/** The platform's keyword policy: at most 80 characters and 10 words, no forbidden symbols. */
export const checkKeyword = (keyword: Obj | undefined, where: (f: string) => Obj) => {
  const text = String(keyword?.text ?? '');
  required('keyword.text', keyword?.text, where);
  ENUM('keyword.match_type', keyword?.matchType, ['EXACT', 'PHRASE', 'BROAD'], where);
  if (text.length > 80) throw invalid('criterionError', 'KEYWORD_TEXT_TOO_LONG', 'Keyword text is too long.', where('keyword.text'));
  if (text.trim().split(/\s+/).length > 10)
    throw invalid('criterionError', 'KEYWORD_HAS_TOO_MANY_WORDS', 'Keyword has too many words.', where('keyword.text'));
  if (KEYWORD_FORBIDDEN.test(text))
    throw invalid('criterionError', 'KEYWORD_HAS_INVALID_CHARS', 'Keyword text has invalid characters or symbols.', where('keyword.text'));
};
export const checkBid = (micros: unknown, where: (f: string) => Obj) => {
  if (micros === undefined) return;
  if (!Number.isInteger(Number(micros)) || Number(micros) <= 0)
    throw invalid('biddingError', 'BID_TOO_SMALL', 'Bid is below the minimum.', where('cpc_bid_micros'));
  if (Number(micros) % 10_000 !== 0)
    throw invalid(
      'biddingError',
      'BID_TOO_MANY_FRACTIONAL_DIGITS',
      'Bid has too many fractional digit precision.',
      where('cpc_bid_micros'),
    );
};

/** Removed criteria and ads stay readable with status REMOVED, as on the platform. */
export const markRemoved = (_c: FakeCustomer, target: Obj) => {
  target.status = 'REMOVED';
};
