/**
 * Rest.li 2.0 query encoding as the platform's versioned interface takes it (the facts of its
 * official clients): a list is `List(a,b)`, a record `(key:value,key:value)`, the structural
 * parentheses, commas and colons stay unencoded, and every value inside is percent-encoded with
 * `,()':` escaped as well (so `urn:li:sponsoredCampaign:1` travels as `urn%3Ali%3AsponsoredCampaign%3A1`).
 * `fields` (the projection of ad analytics) stays a plain comma-separated list.
 */

export type RestliValue = string | number | boolean | readonly RestliValue[] | { readonly [key: string]: RestliValue };

/** A primitive, percent-encoded with the Rest.li structural characters escaped too. */
function primitive(value: string | number | boolean): string {
  const text = String(value);
  if (text === '') return "''";
  return encodeURIComponent(text).replace(/[,()':]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** One value in Rest.li 2.0 query form. */
export function restli(value: RestliValue): string {
  if (Array.isArray(value)) return `List(${value.map(restli).join(',')})`;
  if (typeof value === 'object' && value !== null) {
    return `(${Object.entries(value as Record<string, RestliValue>)
      .map(([key, inner]) => `${primitive(key)}:${restli(inner)}`)
      .join(',')})`;
  }
  return primitive(value as string | number | boolean);
}

/** A query string (without `?`) of Rest.li parameters; `fields` is sent as the plain list the platform expects. */
export function restliQuery(params: Record<string, RestliValue | undefined>): string {
  return Object.entries(params)
    .filter((entry): entry is [string, RestliValue] => entry[1] !== undefined)
    .map(([name, value]) =>
      name === 'fields' && Array.isArray(value) ? `fields=${(value as string[]).join(',')}` : `${primitive(name)}=${restli(value)}`,
    )
    .join('&');
}

/** A key as it appears in a path (`/creatives/urn%3Ali%3AsponsoredCreative%3A1`). */
export const pathKey = (key: string | number): string => encodeURIComponent(String(key));

// ---- URNs and the neutral ids tools see.

export const urn = {
  account: (id: string) => `urn:li:sponsoredAccount:${id}`,
  group: (id: string) => `urn:li:sponsoredCampaignGroup:${id}`,
  campaign: (id: string) => `urn:li:sponsoredCampaign:${id}`,
  creative: (id: string) => `urn:li:sponsoredCreative:${id}`,
  conversion: (id: string) => `urn:lla:llaPartnerConversion:${id}`,
  organization: (id: string) => `urn:li:organization:${id}`,
  facet: (name: string) => `urn:li:adTargetingFacet:${name}`,
};

/** The id at the end of an entity URN (`urn:li:sponsoredCampaign:123` → `123`). */
export function idOf(entityUrn: string | number | undefined): string {
  const text = String(entityUrn ?? '');
  return text.slice(text.lastIndexOf(':') + 1);
}

/** A targeting value as tools see it (`urn:li:seniority:3` → `seniority:3`), and back. */
export const neutralValue = (value: string): string => value.replace(/^urn:li:/, '');
export const wireValue = (value: string): string => (value.startsWith('urn:') ? value : `urn:li:${value}`);

/** Media in the asset library as tools see it (`urn:li:image:C4E1` → `asset_image_C4E1`), and back. */
export function assetIdOf(mediaUrn: string): string {
  const match = /^urn:li:(image|video):(.+)$/.exec(mediaUrn);
  return match ? `asset_${match[1]}_${match[2]}` : mediaUrn;
}
export function mediaUrnOf(assetId: string): string | undefined {
  const match = /^asset_(image|video)_([A-Za-z0-9_-]+)$/.exec(assetId);
  return match ? `urn:li:${match[1]}:${match[2]}` : undefined;
}
