/**
 * Sponsored Display on the wire (`/sd/...`, v3): campaigns, ad groups, product ads and targeting
 * clauses read with GET and startIndex/count paging, written with POST (create) and PUT (update,
 * archive) batches that answer one `{ code, description, <id> }` per item. Ids are integers, states
 * lowercase, dates YYYYMMDD. Audience targeting nests its refinements: the port writes
 * `views=exactProduct lookback=30`, the wire `{ type: views, value: [{ type: exactProduct }, { type: lookback, value: "30" }] }`.
 */
import type { RetailAdsAdGroup, RetailAdsCampaign, RetailAdsTarget } from '../port';
import { compactFromIso, expressionText, isoFromCompact, portState, predicatesOf, productAdOf, type LiveContext } from './entities';
import { checkMoney } from './money';
import { entityFamily, resultPerItemApi, type Wire } from './resources';
import { idOf, notSupported, wireInt } from './wire';

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));
const lower = (state: string) => state.toLowerCase();
/** Sponsored Display takes lowercase states; `archived` archives. */
const optionalLower = (state: string | undefined) => (state === undefined ? undefined : lower(state));
const ALL_STATES = 'enabled,paused,archived';
/** The audience types whose value is a list of refinements. */
const AUDIENCE_TYPES = new Set(['views', 'purchases', 'audience']);
/** The fields of a patch that are set, under their wire names. */
const defined = (fields: Wire) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

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
  const optionalMoney = (kind: 'bid' | 'budget', amount: number | undefined) => (amount === undefined ? undefined : money(kind, amount));
  const api = (path: string, idKey: string) => resultPerItemApi(ctx, { path, idKey, states: ALL_STATES });
  const adProduct = 'SPONSORED_DISPLAY';
  /** The wire echoes no entity on create: the new one is the item with the platform's id. */
  const created = <T>(item: T, wire: Wire, idKey: string) => ({ ...item, id: idOf(wire[idKey]) });

  const campaigns = entityFamily(ctx, {
    kind: 'campaign',
    adProduct,
    api: api('/sd/campaigns', 'campaignId'),
    of: (w): RetailAdsCampaign => ({
      id: idOf(w.campaignId),
      name: String(w.name ?? ''),
      ad_product: adProduct,
      state: portState(w.state),
      daily_budget: num(w.budget),
      start_date: isoFromCompact(w.startDate) ?? '',
      ...(isoFromCompact(w.endDate) ? { end_date: isoFromCompact(w.endDate) } : {}),
      ...(w.tactic === 'T00020' || w.tactic === 'T00030' ? { tactic: w.tactic } : {}),
    }),
    toWire: (c) => ({
      name: c.name,
      // Contextual targeting (T00020) unless the campaign is made for audiences (T00030).
      tactic: c.tactic ?? 'T00020',
      state: lower(c.state),
      budget: money('budget', c.daily_budget),
      budgetType: 'daily',
      startDate: compactFromIso(c.start_date),
      ...(c.end_date ? { endDate: compactFromIso(c.end_date) } : {}),
      costType: 'cpc',
    }),
    created: (item, wire) => created(item, wire, 'campaignId'),
    changes(current, patch) {
      if (patch.bidding_strategy !== undefined || patch.placement_adjustments !== undefined)
        throw notSupported('Bidding strategies and placement adjustments apply to Sponsored Products campaigns only.');
      return {
        campaignId: wireInt(current.id),
        ...defined({ name: patch.name, state: optionalLower(patch.state), budget: optionalMoney('budget', patch.daily_budget) }),
        ...('end_date' in patch ? { endDate: patch.end_date ? compactFromIso(patch.end_date) : null } : {}),
      };
    },
  });

  const adGroups = entityFamily(ctx, {
    kind: 'ad_group',
    adProduct,
    api: api('/sd/adGroups', 'adGroupId'),
    of: (w): RetailAdsAdGroup => ({
      id: idOf(w.adGroupId),
      campaign_id: idOf(w.campaignId),
      ad_product: adProduct,
      name: String(w.name ?? ''),
      state: portState(w.state),
      default_bid: num(w.defaultBid),
    }),
    toWire: (g) => ({ campaignId: wireInt(g.campaign_id), name: g.name, state: lower(g.state), defaultBid: money('bid', g.default_bid) }),
    created: (item, wire) => created(item, wire, 'adGroupId'),
    changes: (current, patch) => ({
      adGroupId: wireInt(current.id),
      ...defined({ name: patch.name, state: optionalLower(patch.state), defaultBid: optionalMoney('bid', patch.default_bid) }),
    }),
  });

  const productAds = entityFamily(ctx, {
    kind: 'product_ad',
    adProduct,
    api: api('/sd/productAds', 'adId'),
    of: (w) => productAdOf(w, adProduct),
    toWire: (p) => ({
      campaignId: wireInt(p.campaign_id),
      adGroupId: wireInt(p.ad_group_id),
      ...(p.sku ? { sku: p.sku } : { asin: p.asin }),
      state: lower(p.state),
    }),
    created: (item, wire) => created(item, wire, 'adId'),
    changes: (current, patch) => (patch.state === undefined ? undefined : { adId: wireInt(current.id), state: lower(patch.state) }),
  });

  const targets = entityFamily(ctx, {
    kind: 'target',
    adProduct,
    api: api('/sd/targets', 'targetId'),
    of: (w): RetailAdsTarget => ({
      id: idOf(w.targetId),
      campaign_id: idOf(w.campaignId),
      ad_group_id: idOf(w.adGroupId),
      ad_product: adProduct,
      expression: expressionText((w.expression ?? []) as Wire[]),
      expression_type: w.expressionType === 'auto' ? 'AUTO' : 'MANUAL',
      bid: num(w.bid),
      state: portState(w.state),
    }),
    toWire: (t) => ({
      adGroupId: wireInt(t.ad_group_id),
      expressionType: 'manual',
      expression: sdExpression(t.expression),
      bid: money('bid', t.bid),
      state: lower(t.state),
    }),
    created: (item, wire) => created(item, wire, 'targetId'),
    changes: (current, patch) => ({
      targetId: wireInt(current.id),
      ...defined({
        state: optionalLower(patch.state === undefined ? undefined : String(patch.state)),
        bid: optionalMoney('bid', patch.bid),
      }),
    }),
  });

  return { campaigns, adGroups, productAds, targets };
}
