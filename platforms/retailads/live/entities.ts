/**
 * What the retailads live adapter's entity families share: the family interface (one per entity kind
 * and ad product: list, create with a result per item, update one), the reads they may make of each
 * other (cached for the port's life), and the conversions between the platform's wire values and the
 * port's (states, targeting expressions, dates, per-item results of multi-status answers).
 */
import type { ConnectedAccount } from '../../../core/accounts';
import { ToolError } from '../../../core/errors';
import type {
  RetailAdsAdProduct,
  RetailAdsEntityKind,
  RetailAdsEntityTypes,
  RetailAdsItemResult,
  RetailAdsProductAd,
  RetailAdsState,
} from '../port';
import type { PortCall } from '../../../core/tool';
import { idOf, type RetailAdsWire } from './wire';

export type Entity<K extends RetailAdsEntityKind> = RetailAdsEntityTypes[K];
export type NewEntity<K extends RetailAdsEntityKind> = Omit<RetailAdsEntityTypes[K], 'id'>;

/** The result of one item of a batch: the entity created, or the platform's reason it was not. */
export type ItemResult<T> = RetailAdsItemResult<T>;

export interface LiveContext {
  api: RetailAdsWire;
  account: ConnectedAccount;
  /** The tool call's deadline and log (report downloads use it directly). */
  call: PortCall;
  /** The profile's currency (budgets and bids are plain numbers in it). */
  currency: string;
  /** Every entity of a kind (all ad products), read once per port and kept current by the adapter's writes. */
  list<K extends RetailAdsEntityKind>(kind: K): Promise<Entity<K>[]>;
  /** One entity of a kind (a 404 naming it when there is none). */
  get<K extends RetailAdsEntityKind>(kind: K, id: string): Promise<Entity<K>>;
}

/** One entity kind of one ad product on the platform's API. */
export interface EntityFamily<K extends RetailAdsEntityKind> {
  kind: K;
  adProduct: RetailAdsAdProduct;
  list(): Promise<Entity<K>[]>;
  /** Creates the items in as few calls as the platform allows; one result per item, in order. */
  create(items: NewEntity<K>[]): Promise<ItemResult<Entity<K>>[]>;
  /** Changes one entity (an ARCHIVED state archives it) and returns it as it is afterwards. */
  update(current: Entity<K>, patch: Partial<Entity<K>>): Promise<Entity<K>>;
}

/** The platform's uppercase entity states (Sponsored Products v3, Sponsored Brands v4) as the port's. */
export function portState(state: unknown): RetailAdsState {
  switch (state) {
    case 'ENABLED':
    case 'ENABLING':
    case 'enabled':
      return 'ENABLED';
    case 'ARCHIVED':
    case 'USER_DELETED':
    case 'archived':
      return 'ARCHIVED';
    // PROPOSED, OTHER, paused, pending, draft: not serving.
    default:
      return 'PAUSED';
  }
}

/** A product ad as Sponsored Products and Sponsored Display lists answer it (same fields in both). */
export function productAdOf(w: Record<string, unknown>, adProduct: RetailAdsAdProduct): RetailAdsProductAd {
  return {
    id: idOf(w.adId),
    campaign_id: idOf(w.campaignId),
    ad_group_id: idOf(w.adGroupId),
    ad_product: adProduct,
    asin: String(w.asin ?? ''),
    ...(typeof w.sku === 'string' && w.sku ? { sku: w.sku } : {}),
    // The platform's ad lists carry no product title or category: the product's identifiers stand in.
    title: String(w.sku ?? w.asin ?? ''),
    category: '',
    state: portState(w.state),
  };
}

/** The lowercase states of the Sponsored Brands v3 interface (keywords, targets, themes). */
export function lowerState(state: unknown): 'enabled' | 'paused' | 'archived' {
  const upper = portState(typeof state === 'string' ? state.toUpperCase() : state);
  return upper.toLowerCase() as 'enabled' | 'paused' | 'archived';
}

/** `asinSameAs` from ASIN_SAME_AS (Sponsored Products predicate types) and back. */
export const camelType = (type: string) => type.toLowerCase().replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
export const snakeType = (type: string) => type.replace(/([A-Z])/g, '_$1').toUpperCase();

/** A targeting expression as the port writes it: `type=value` predicates joined by spaces (auto types alone). */
export function expressionText(predicates: { type?: unknown; value?: unknown }[]): string {
  return predicates
    .map((p) => {
      const type = typeof p.type === 'string' ? p.type : '';
      const name = /^[A-Z_]+$/.test(type) ? camelType(type) : type;
      if (Array.isArray(p.value)) return `${name}=${expressionText(p.value as { type?: unknown; value?: unknown }[]).replace(/ /g, ' ')}`;
      return p.value === undefined || p.value === null || p.value === '' ? name : `${name}=${String(p.value)}`;
    })
    .join(' ');
}

/** The predicates of a port expression (`asinSameAs=B0X asinPriceBetween=10-20`). */
export function predicatesOf(expression: string): { type: string; value?: string }[] {
  const predicates: { type: string; value?: string }[] = [];
  for (const token of expression.split(/\s+/).filter(Boolean)) {
    const at = token.indexOf('=');
    const last = predicates.at(-1);
    // A word without `=` after a predicate with a value is more of that value (`asinBrandSameAs=Trail Co`).
    if (at < 0 && last?.value !== undefined) last.value = `${last.value} ${token}`;
    else predicates.push(at < 0 ? { type: token } : { type: token.slice(0, at), value: token.slice(at + 1) });
  }
  return predicates;
}

/** YYYYMMDD (Sponsored Display) as YYYY-MM-DD, and back. */
export const isoFromCompact = (date: unknown) =>
  typeof date === 'string' && /^\d{8}$/.test(date) ? `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}` : undefined;
export const compactFromIso = (date: string) => date.replace(/-/g, '');

/** The first message of the platform's per-item errors (Sponsored Products v3 / Sponsored Brands v4 multi-status). */
export function itemErrorMessage(errors: unknown): string {
  const list = Array.isArray(errors)
    ? (errors as { errorType?: unknown; errorValue?: Record<string, { message?: unknown; reason?: unknown }> }[])
    : [];
  const messages = list.map((error) => {
    const detail = Object.values(error.errorValue ?? {})[0];
    const message = typeof detail?.message === 'string' ? detail.message : String(error.errorType ?? 'refused');
    return typeof detail?.reason === 'string' ? `${message} (${detail.reason})` : message;
  });
  return messages.join('; ') || 'the platform refused it';
}

/**
 * Per-item results of a Sponsored Products v3 / Sponsored Brands v4 multi-status answer
 * (`{ <key>: { success: [{ index, ... }], error: [{ index, errors }] } }`), in request order.
 */
export function multiStatus<T>(
  body: unknown,
  key: string,
  count: number,
  success: (item: Record<string, unknown>, index: number) => T,
): ItemResult<T>[] {
  const part = ((body as Record<string, unknown> | undefined)?.[key] ?? {}) as {
    success?: Record<string, unknown>[];
    error?: Record<string, unknown>[];
  };
  const results: (ItemResult<T> | undefined)[] = new Array<ItemResult<T> | undefined>(count).fill(undefined);
  for (const item of part.success ?? []) {
    const index = Number(item.index);
    results[index] = { entity: success(item, index) };
  }
  for (const item of part.error ?? []) results[Number(item.index)] = { failed: itemErrorMessage(item.errors) };
  return results.map((r) => r ?? { failed: 'the platform did not report on this item' });
}

/** Per-item results of an answer that lists one `{ code, description, <id> }` per item in order (Sponsored Brands v3, Sponsored Display). */
export function codeResults<T>(body: unknown, count: number, idKey: string, success: (id: string, index: number) => T): ItemResult<T>[] {
  const list = Array.isArray(body) ? (body as Record<string, unknown>[]) : [];
  return Array.from({ length: count }, (_unused, index) => {
    const item = list[index];
    if (!item) return { failed: 'the platform did not report on this item' };
    if (item.code === 'SUCCESS' && item[idKey] !== undefined) return { entity: success(String(item[idKey]), index) };
    const details = [item.description, item.details].find((d) => typeof d === 'string' && d) as string | undefined;
    return { failed: `${details ?? 'the platform refused it'}${typeof item.code === 'string' ? ` (${item.code})` : ''}` };
  });
}

/** The entity of a single-item result, or the platform's refusal as a 400 naming it. */
export function single<T>(result: ItemResult<T> | undefined, what: string): T {
  if (!result || 'failed' in result) throw refusedItem(what, result ? result.failed : 'the platform did not report on it');
  return result.entity;
}

/** 400 `tool_rejected`: the platform refused one item (and, the item being alone, changed nothing). */
export function refusedItem(what: string, reason: string): ToolError {
  return new ToolError(`The retailads platform refused ${what}: ${reason}. Nothing was changed.`, { platform: 'retailads' });
}
