/**
 * The shapes the retailads entity families share, written once: a resource of the platform's API
 * (list every item, create a batch with a result per item, change one, archive one where archiving
 * is its own call) in its two dialects, and the family built over one resource (list = read and map;
 * update = archive, or send the changed fields; the entity afterwards is the current one with the
 * patch). sp.ts, sb.ts and sd.ts declare their families with it and keep only what differs.
 *
 * - Multi-status resources (Sponsored Products v3, Sponsored Brands v4): `POST .../list` with
 *   `nextToken`, `POST` / `PUT` batches under the resource's key answering 207 with `success` and
 *   `error` arrays by index, archive with `POST .../delete` and an id filter; the vendor media type
 *   on Content-Type and Accept.
 * - Result-per-item resources (Sponsored Display, the Sponsored Brands v3 interface): `GET` with
 *   startIndex/count, `POST` / `PUT` of a bare array answering one `{ code, description, <id> }` per
 *   item in order; archiving is the `archived` state.
 */
import type { RetailAdsAdProduct, RetailAdsEntityKind } from '../port';
import {
  codeResults,
  multiStatus,
  single,
  type Entity,
  type EntityFamily,
  type ItemResult,
  type LiveContext,
  type NewEntity,
} from './entities';
import { listByIndex, listByToken } from './wire';

export type Wire = Record<string, unknown>;

/** One resource of the platform's API, as the families use it. */
export interface ResourceApi {
  list(): Promise<Wire[]>;
  /** One result per item, in order: the item as sent merged with what the platform answered (its new id included). */
  create(items: Wire[]): Promise<ItemResult<Wire>[]>;
  /** Changes one entity; the platform's refusal as a 400 naming `what`. */
  put(item: Wire, what: string): Promise<void>;
  /** Archives one entity with the platform's own call, where archiving is not a state change. */
  archive?(id: string, what: string): Promise<void>;
}

/** A Sponsored Products v3 or Sponsored Brands v4 resource. */
export interface MultiStatusResource {
  path: string;
  media: string;
  /** The array key of list answers, batch bodies and multi-status answers. */
  key: string;
  /** The entity key inside a success item of a multi-status answer. */
  entityKey: string;
  /** The id filter of the delete (archive) body. */
  deleteFilter: string;
  /** Page size of the list searches. */
  pageSize: number;
}

const ALL_STATES = ['ENABLED', 'PAUSED', 'ARCHIVED'];

/** The id fields of a success item (`campaignId`, `adGroupId`, `adId`...). */
const idsOf = (item: Wire) => Object.fromEntries(Object.entries(item).filter(([k]) => /Id$/.test(k)));

export function multiStatusApi(ctx: LiveContext, resource: MultiStatusResource, createPath = resource.path): ResourceApi {
  const batch = async (method: 'POST' | 'PUT', path: string, body: Wire) =>
    (await ctx.api.send({ method, path, contentType: resource.media, body, safe: false })).body;
  return {
    list: () =>
      listByToken<Wire>(
        ctx.api,
        {
          path: `${resource.path}/list`,
          contentType: resource.media,
          body: { maxResults: resource.pageSize, stateFilter: { include: ALL_STATES } },
        },
        resource.key,
      ),
    async create(items) {
      if (!items.length) return [];
      const body = await batch('POST', createPath, { [resource.key]: items });
      return multiStatus(body, resource.key, items.length, (item, index) => ({
        ...items[index],
        ...(item[resource.entityKey] as Wire | undefined),
        ...idsOf(item),
      }));
    },
    async put(item, what) {
      const body = await batch('PUT', resource.path, { [resource.key]: [item] });
      single(multiStatus(body, resource.key, 1, () => true)[0], what);
    },
    async archive(id, what) {
      const body = await batch('POST', `${resource.path}/delete`, { [resource.deleteFilter]: { include: [id] } });
      single(multiStatus(body, resource.key, 1, () => true)[0], what);
    },
  };
}

/** A Sponsored Display (or Sponsored Brands v3) resource: bare arrays, one `{ code, <idKey> }` per item. */
export function resultPerItemApi(
  ctx: LiveContext,
  resource: { path: string; idKey: string; states: string; accept?: string; answerMedia?: string },
): ResourceApi & { putAll(items: Wire[]): Promise<ItemResult<true>[]> } {
  const batch = async (method: 'POST' | 'PUT', items: Wire[]) =>
    (await ctx.api.send({ method, path: resource.path, accept: resource.answerMedia, body: items, safe: false })).body;
  const putAll = async (items: Wire[]) => codeResults(await batch('PUT', items), items.length, resource.idKey, () => true as const);
  return {
    putAll,
    list: () => listByIndex<Wire>(ctx.api, { path: resource.path, accept: resource.accept, query: { stateFilter: resource.states } }),
    async create(items) {
      if (!items.length) return [];
      return codeResults(await batch('POST', items), items.length, resource.idKey, (id, index) => ({
        ...items[index],
        [resource.idKey]: id,
      }));
    },
    async put(item, what) {
      single((await putAll([item]))[0], what);
    },
  };
}

/** What a family over one resource declares; everything else is shared (entityFamily). */
export interface FamilySpec<K extends RetailAdsEntityKind> {
  kind: K;
  adProduct: RetailAdsAdProduct;
  api: ResourceApi;
  /** The port's entity from a wire item; `bids` holds the ad groups' default bids when `defaultBids` is set. */
  of(wire: Wire, bids: Map<string, number>): Entity<K>;
  /** The wire item that creates one. */
  toWire(item: NewEntity<K>): Wire;
  /** The entity created from the item and the platform's answer (default: `of` the merged wire item). */
  created?(item: NewEntity<K>, wire: Wire, bids: Map<string, number>): Entity<K>;
  /**
   * The wire item that changes one (its id included), or undefined when the patch changes nothing
   * on the platform. Throws `live_not_supported` for a change the platform cannot make.
   */
  changes(current: Entity<K>, patch: Partial<Entity<K>>): Wire | undefined;
  /** Bids the platform leaves out fall back on the ad group's default bid. */
  defaultBids?: boolean;
  /**
   * Replaces the batch create (ads with a path per ad type, a brand to look up first, states set
   * after creation); `batch` is the shared one (toWire, the resource's create, created or of).
   */
  create?(items: NewEntity<K>[], batch: (items: NewEntity<K>[]) => Promise<ItemResult<Entity<K>>[]>): Promise<ItemResult<Entity<K>>[]>;
}

const isArchive = (state: unknown) => state === 'ARCHIVED' || state === 'archived';

export function entityFamily<K extends RetailAdsEntityKind>(ctx: LiveContext, spec: FamilySpec<K>): EntityFamily<K> {
  const bids = async () =>
    spec.defaultBids ? new Map((await ctx.list('ad_group')).map((g) => [g.id, g.default_bid])) : new Map<string, number>();
  const batch = async (items: NewEntity<K>[]): Promise<ItemResult<Entity<K>>[]> => {
    const results = await spec.api.create(items.map((item) => spec.toWire(item)));
    const defaults = await bids();
    return results.map((r, i) =>
      'entity' in r ? { entity: spec.created ? spec.created(items[i]!, r.entity, defaults) : spec.of(r.entity, defaults) } : r,
    );
  };
  const name = (id: string) => `${spec.kind.replace(/_/g, ' ')} ${id}`;
  return {
    kind: spec.kind,
    adProduct: spec.adProduct,
    async list() {
      const [wire, defaults] = await Promise.all([spec.api.list(), bids()]);
      return wire.map((w) => spec.of(w, defaults));
    },
    create: (items) => (spec.create ? spec.create(items, batch) : batch(items)),
    async update(current, patch) {
      const id = (current as { id: string }).id;
      const state = (patch as { state?: unknown }).state;
      // A change the platform cannot make is refused before anything is sent, archiving included.
      if (isArchive(state) && spec.api.archive) {
        spec.changes(current, patch);
        await spec.api.archive(id, `archiving ${name(id)}`);
        return { ...current, state: 'ARCHIVED' };
      }
      const item = spec.changes(current, patch);
      if (item) await spec.api.put(item, `the change of ${name(id)}`);
      return { ...current, ...patch };
    },
  };
}
