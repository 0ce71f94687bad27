/**
 * Sponsored Display on the wire (`/sd/...`, v3): campaigns, ad groups, product ads and targeting
 * clauses read with GET and startIndex/count paging, written with POST (create) and PUT (update,
 * archive) batches that answer one `{ code, description, <id> }` per item. Ids are integers, states
 * lowercase, dates YYYYMMDD. Audience targeting nests its refinements: the port writes
 * `views=exactProduct lookback=30`, the wire `{ type: views, value: [{ type: exactProduct }, { type: lookback, value: "30" }] }`.
 */
import type { RetailAdsAdGroup, RetailAdsCampaign, RetailAdsProductAd, RetailAdsTarget } from '../port';
import {
  codeResults,
  compactFromIso,
  expressionText,
  isoFromCompact,
  portState,
  predicatesOf,
  single,
  type EntityFamily,
  type ItemResult,
  type LiveContext,
} from './entities';
import { checkMoney } from './money';
import { idOf, listByIndex, notSupported, wireInt } from './wire';

type Wire = Record<string, unknown>;
const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));
const lower = (state: string) => state.toLowerCase();
const ALL_STATES = 'enabled,paused,archived';
/** The audience types whose value is a list of refinements. */
const AUDIENCE_TYPES = new Set(['views', 'purchases', 'audience']);

function list(ctx: LiveContext, path: string): Promise<Wire[]> {
  return listByIndex<Wire>(ctx.api, { path, query: { stateFilter: ALL_STATES } });
}

async function write<T>(
  ctx: LiveContext,
  method: 'POST' | 'PUT',
  path: string,
  items: Wire[],
  idKey: string,
  map: (id: string, index: number) => T,
) {
  if (!items.length) return [];
  const { body } = await ctx.api.send({ method, path, body: items, safe: false });
  return codeResults(body, items.length, idKey, map);
}

/** The wire's nested audience expression from the port's text. */
export function sdExpression(expression: string): Wire[] {
  const out: Wire[] = [];
  for (const p of predicatesOf(expression)) {
    if (AUDIENCE_TYPES.has(p.type)) out.push({ type: p.type, value: p.value ? [{ type: p.value }] : [] });
    else if (out.length && AUDIENCE_TYPES.has(String(out.at(-1)!.type)))
      (out.at(-1)!.value as Wire[]).push({ type: p.type, ...(p.value ? { value: p.value } : {}) });
    else out.push({ type: p.type, ...(p.value !== undefined ? { value: p.value } : {}) });
  }
  return out;
}

export function sdFamilies(ctx: LiveContext) {
  const money = (kind: 'bid' | 'budget', amount: number) => checkMoney(kind, amount, ctx.currency);

  const campaignOf = (w: Wire): RetailAdsCampaign => ({
    id: idOf(w.campaignId),
    name: String(w.name ?? ''),
    ad_product: 'SPONSORED_DISPLAY',
    state: portState(w.state),
    daily_budget: num(w.budget),
    start_date: isoFromCompact(w.startDate) ?? '',
    ...(isoFromCompact(w.endDate) ? { end_date: isoFromCompact(w.endDate) } : {}),
    ...(w.tactic === 'T00020' || w.tactic === 'T00030' ? { tactic: w.tactic } : {}),
  });
  async function putOne(path: string, item: Wire, idKey: string, what: string): Promise<void> {
    single((await write(ctx, 'PUT', path, [item], idKey, () => true))[0], what);
  }
  const campaigns: EntityFamily<'campaign'> = {
    kind: 'campaign',
    adProduct: 'SPONSORED_DISPLAY',
    list: async () => (await list(ctx, '/sd/campaigns')).map(campaignOf),
    create: (items) =>
      write(
        ctx,
        'POST',
        '/sd/campaigns',
        items.map((c) => ({
          name: c.name,
          // Contextual targeting (T00020) unless the campaign is made for audiences (T00030).
          tactic: c.tactic ?? 'T00020',
          state: lower(c.state),
          budget: money('budget', c.daily_budget),
          budgetType: 'daily',
          startDate: compactFromIso(c.start_date),
          ...(c.end_date ? { endDate: compactFromIso(c.end_date) } : {}),
          costType: 'cpc',
        })),
        'campaignId',
        (id, i) => ({ ...items[i]!, id }),
      ),
    async update(current, patch) {
      if (patch.bidding_strategy !== undefined || patch.placement_adjustments !== undefined)
        throw notSupported('Bidding strategies and placement adjustments apply to Sponsored Products campaigns only.');
      await putOne(
        '/sd/campaigns',
        {
          campaignId: wireInt(current.id),
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.state !== undefined ? { state: lower(patch.state) } : {}),
          ...(patch.daily_budget !== undefined ? { budget: money('budget', patch.daily_budget) } : {}),
          ...('end_date' in patch ? { endDate: patch.end_date ? compactFromIso(patch.end_date) : null } : {}),
        },
        'campaignId',
        `the change of campaign ${current.id}`,
      );
      return { ...current, ...patch };
    },
  };

  const adGroupOf = (w: Wire): RetailAdsAdGroup => ({
    id: idOf(w.adGroupId),
    campaign_id: idOf(w.campaignId),
    ad_product: 'SPONSORED_DISPLAY',
    name: String(w.name ?? ''),
    state: portState(w.state),
    default_bid: num(w.defaultBid),
  });
  const adGroups: EntityFamily<'ad_group'> = {
    kind: 'ad_group',
    adProduct: 'SPONSORED_DISPLAY',
    list: async () => (await list(ctx, '/sd/adGroups')).map(adGroupOf),
    create: (items) =>
      write(
        ctx,
        'POST',
        '/sd/adGroups',
        items.map((g) => ({
          campaignId: wireInt(g.campaign_id),
          name: g.name,
          state: lower(g.state),
          defaultBid: money('bid', g.default_bid),
        })),
        'adGroupId',
        (id, i) => ({ ...items[i]!, id }),
      ),
    async update(current, patch) {
      await putOne(
        '/sd/adGroups',
        {
          adGroupId: wireInt(current.id),
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.state !== undefined ? { state: lower(patch.state) } : {}),
          ...(patch.default_bid !== undefined ? { defaultBid: money('bid', patch.default_bid) } : {}),
        },
        'adGroupId',
        `the change of ad group ${current.id}`,
      );
      return { ...current, ...patch };
    },
  };

  const productAdOf = (w: Wire): RetailAdsProductAd => ({
    id: idOf(w.adId),
    campaign_id: idOf(w.campaignId),
    ad_group_id: idOf(w.adGroupId),
    ad_product: 'SPONSORED_DISPLAY',
    asin: String(w.asin ?? ''),
    ...(typeof w.sku === 'string' && w.sku ? { sku: w.sku } : {}),
    title: String(w.sku ?? w.asin ?? ''),
    category: '',
    state: portState(w.state),
  });
  const productAds: EntityFamily<'product_ad'> = {
    kind: 'product_ad',
    adProduct: 'SPONSORED_DISPLAY',
    list: async () => (await list(ctx, '/sd/productAds')).map(productAdOf),
    create: (items) =>
      write(
        ctx,
        'POST',
        '/sd/productAds',
        items.map((p) => ({
          campaignId: wireInt(p.campaign_id),
          adGroupId: wireInt(p.ad_group_id),
          ...(p.sku ? { sku: p.sku } : { asin: p.asin }),
          state: lower(p.state),
        })),
        'adId',
        (id, i) => ({ ...items[i]!, id }),
      ),
    async update(current, patch) {
      if (patch.state !== undefined)
        await putOne(
          '/sd/productAds',
          { adId: wireInt(current.id), state: lower(patch.state) },
          'adId',
          `the change of product ad ${current.id}`,
        );
      return { ...current, ...patch };
    },
  };

  const targetOf = (w: Wire): RetailAdsTarget => ({
    id: idOf(w.targetId),
    campaign_id: idOf(w.campaignId),
    ad_group_id: idOf(w.adGroupId),
    ad_product: 'SPONSORED_DISPLAY',
    expression: expressionText((w.expression ?? []) as Wire[]),
    expression_type: w.expressionType === 'auto' ? 'AUTO' : 'MANUAL',
    bid: num(w.bid),
    state: portState(w.state),
  });
  const targets: EntityFamily<'target'> = {
    kind: 'target',
    adProduct: 'SPONSORED_DISPLAY',
    list: async () => (await list(ctx, '/sd/targets')).map(targetOf),
    create: async (items): Promise<ItemResult<RetailAdsTarget>[]> =>
      write(
        ctx,
        'POST',
        '/sd/targets',
        items.map((t) => ({
          adGroupId: wireInt(t.ad_group_id),
          expressionType: 'manual',
          expression: sdExpression(t.expression),
          bid: money('bid', t.bid),
          state: lower(t.state),
        })),
        'targetId',
        (id, i) => ({ ...items[i]!, id }),
      ),
    async update(current, patch) {
      await putOne(
        '/sd/targets',
        {
          targetId: wireInt(current.id),
          ...(patch.state !== undefined ? { state: lower(String(patch.state)) } : {}),
          ...(patch.bid !== undefined ? { bid: money('bid', patch.bid) } : {}),
        },
        'targetId',
        `the change of target ${current.id}`,
      );
      return { ...current, ...patch };
    },
  };

  return { campaigns, adGroups, productAds, targets };
}
