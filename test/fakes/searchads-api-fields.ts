/**
 * Selectable fields per resource of the fake search platform's query language, and what each FROM resource may select beside its own fields.
 * The fields are the published definitions' (searchads-fields.json, generated from the platform's protos by
 * scripts/searchads-fields.ts), not a hand-typed list: the fake accepts exactly the fields they list and refuses
 * the rest; a field it accepts but does not hold is left out of the row, as the platform leaves out unset fields.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIENCE_FROM } from './searchads-api-audience';

interface PublishedFields {
  version: string;
  /** Field paths (snake_case below the resource) with their type, as the script writes them. */
  resources: Record<string, Record<string, string>>;
  enums: Record<string, string[]>;
}

/** The published definitions the fake serves (resources, `segments`, `metrics`, enums). */
export const PUBLISHED: PublishedFields = JSON.parse(readFileSync(join(__dirname, 'searchads-fields.json'), 'utf8')) as PublishedFields;

/** Selectable fields per resource (snake_case paths below the resource). */
export const FIELDS: Record<string, string[]> = Object.fromEntries(
  Object.entries(PUBLISHED.resources).map(([resource, fields]) => [resource, Object.keys(fields)]),
);
/** Resources whose fields may be selected with FROM <key> (attributed resources), and whether metrics may be. */
export const FROM: Record<string, { with: string[]; metrics?: boolean }> = {
  customer: { with: ['customer'], metrics: true },
  customer_client: { with: ['customer_client', 'customer'] },
  campaign: { with: ['campaign', 'campaign_budget', 'customer'], metrics: true },
  campaign_budget: { with: ['campaign_budget', 'customer'] },
  ad_group: { with: ['ad_group', 'campaign', 'customer'], metrics: true },
  ad_group_ad: { with: ['ad_group_ad', 'ad_group', 'campaign', 'customer'], metrics: true },
  shared_set: { with: ['shared_set', 'customer'] },
  shared_criterion: { with: ['shared_criterion', 'shared_set', 'customer'] },
  campaign_shared_set: { with: ['campaign_shared_set', 'campaign', 'shared_set', 'customer'] },
  keyword_view: { with: ['keyword_view', 'ad_group_criterion', 'ad_group', 'campaign', 'customer'], metrics: true },
  search_term_view: { with: ['search_term_view', 'ad_group', 'campaign', 'customer'], metrics: true },
  ad_group_criterion: { with: ['ad_group_criterion', 'ad_group', 'campaign', 'customer'] },
  campaign_criterion: { with: ['campaign_criterion', 'campaign', 'customer'] },
  asset: { with: ['asset', 'customer'] },
  campaign_asset: { with: ['campaign_asset', 'campaign', 'asset', 'customer'] },
  asset_group: { with: ['asset_group', 'campaign', 'customer'] },
  asset_group_asset: { with: ['asset_group_asset', 'asset_group', 'asset', 'campaign', 'customer'] },
  asset_group_signal: { with: ['asset_group_signal', 'asset_group', 'campaign', 'customer'] },
  audience: { with: ['audience', 'customer'] },
  asset_group_listing_group_filter: { with: ['asset_group_listing_group_filter', 'asset_group', 'campaign', 'customer'] },
  label: { with: ['label', 'customer'] },
  bidding_strategy: { with: ['bidding_strategy', 'customer'] },
  campaign_label: { with: ['campaign_label', 'campaign', 'label', 'customer'] },
  ad_group_label: { with: ['ad_group_label', 'ad_group', 'campaign', 'label', 'customer'] },
  ad_group_ad_label: { with: ['ad_group_ad_label', 'ad_group_ad', 'ad_group', 'campaign', 'label', 'customer'] },
  ad_group_criterion_label: { with: ['ad_group_criterion_label', 'ad_group_criterion', 'ad_group', 'campaign', 'label', 'customer'] },
  user_interest: { with: ['user_interest'] },
  custom_audience: { with: ['custom_audience', 'customer'] },
  user_list: { with: ['user_list', 'customer'] },
  language_constant: { with: ['language_constant'] },
  topic_constant: { with: ['topic_constant'] },
  geo_target_constant: { with: ['geo_target_constant'] },
  conversion_action: { with: ['conversion_action', 'customer'] },
  ...AUDIENCE_FROM,
  product_link: { with: ['product_link', 'customer'] },
  product_link_invitation: { with: ['product_link_invitation', 'customer'] },
};

const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** The resource a mutate service changes (`campaignBudgets` → `campaign_budget`, `adGroupCriteria` → `ad_group_criterion`). */
export function resourceOfService(service: string): string {
  return snake(service)
    .replace(/criteria$/, 'criterion')
    .replace(/ies$/, 'y')
    .replace(/s$/, '');
}

/**
 * What the published definitions say of a field path an operation writes (camelCase as on the wire, below the
 * resource): unknown, output only, immutable, or writable. A path may name a field, a message holding fields
 * (`targetSpend`, cleared or set whole), or a part of a field the definitions list whole (a repeated message such as
 * `headlines`, an ad asset message such as `longHeadline.text`).
 */
export function publishedWrite(resource: string, wirePath: string): 'unknown' | 'output_only' | 'immutable' | 'writable' {
  const fields = PUBLISHED.resources[resource];
  if (!fields) return 'unknown';
  const path = wirePath.split('.').map(snake).join('.');
  const hits = Object.entries(fields).filter(
    ([field, type]) => field === path || field.startsWith(`${path}.`) || (type.startsWith('message:') && path.startsWith(`${field}.`)),
  );
  if (!hits.length) return 'unknown';
  const flags = (type: string) => type.split('|')[1] ?? '';
  if (hits.every(([, type]) => flags(type).includes('O'))) return 'output_only';
  if (hits.every(([, type]) => flags(type).includes('I'))) return 'immutable';
  return 'writable';
}
