import { ToolError } from '../../../core/errors';
import type { NewProAdsConversion, ProAdsConversion, ProAdsPort } from '../port';
import { notFound, notSupported, type LiveContext } from './context';
import type { BatchAnswer, WireError } from './api';
import { idOf, pathKey, restli, urn } from './restli';
import { fromMoney, toMoney, type WireMoney } from './wire';

/**
 * Conversion rules of the account (the platform's conversions API) and the campaigns each one
 * counts for (campaign-conversion associations, written with one batch request: every pair that
 * failed comes back by name with the platform's reason, next to those that worked).
 */
export type ConversionFamily = Pick<ProAdsPort, 'listConversions' | 'createConversion' | 'updateConversion'>;

interface WireConversion {
  id: number;
  account: string;
  name: string;
  type: string;
  attributionType?: string;
  postClickAttributionWindowSize?: number;
  viewThroughAttributionWindowSize?: number;
  value?: WireMoney;
  enabled?: boolean;
  campaigns?: string[];
  created?: number;
  conversionMethod?: string;
}

/** Rule types both sides name alike; the platform's others read as OTHER. */
const TYPES: readonly ProAdsConversion['type'][] = ['LEAD', 'PURCHASE', 'SIGN_UP', 'DOWNLOAD', 'KEY_PAGE_VIEW', 'OTHER'];
const WINDOWS = new Set([1, 7, 30, 90]);

function conversionFromWire(c: WireConversion): ProAdsConversion {
  const window = (days: number | undefined, fallback: ProAdsConversion['post_click_window_days']) =>
    (WINDOWS.has(days ?? 0) ? days : fallback) as ProAdsConversion['post_click_window_days'];
  return {
    id: String(c.id),
    name: c.name,
    type: TYPES.includes(c.type as ProAdsConversion['type']) ? (c.type as ProAdsConversion['type']) : 'OTHER',
    attribution_type: c.attributionType === 'LAST_TOUCH_BY_CONVERSION' ? 'LAST_TOUCH_BY_CONVERSION' : 'LAST_TOUCH_BY_CAMPAIGN',
    post_click_window_days: window(c.postClickAttributionWindowSize, 30),
    view_through_window_days: window(c.viewThroughAttributionWindowSize, 7),
    ...(c.value ? { value: fromMoney(c.value) } : {}),
    enabled: c.enabled ?? true,
    campaign_ids: (c.campaigns ?? []).map(idOf),
    created_at: new Date(c.created ?? Date.now()).toISOString(),
  };
}

/** The key of one campaign-conversion pair, in the Rest.li form the batch answers are keyed by. */
const pairKey = (campaignId: string, conversionId: string) =>
  restli({ campaign: urn.campaign(campaignId), conversion: urn.conversion(conversionId) });

export function conversionFamily(ctx: LiveContext): ConversionFamily {
  function all(): Promise<ProAdsConversion[]> {
    return ctx.once('conversions', async () =>
      (
        await (
          await ctx.api()
        ).findAll<WireConversion>('/conversions', { q: 'account', account: ctx.accountUrn }, { kind: 'offset', size: 100 })
      ).map(conversionFromWire),
    );
  }

  /**
   * Attaches (`attach`) or detaches campaigns in one batch request. Returns the campaigns that
   * changed; throws per item when the platform refused some of them.
   */
  async function associate(conversionId: string, campaignIds: string[], attach: boolean): Promise<void> {
    if (!campaignIds.length) return;
    const api = await ctx.api();
    const ids = campaignIds.map((c) => ({ campaign: urn.campaign(c), conversion: urn.conversion(conversionId) }));
    const answer = (
      await api.request<BatchAnswer<{ status?: number }>>({
        method: attach ? 'PUT' : 'DELETE',
        path: '/campaignConversions',
        query: { ids },
        restliMethod: attach ? 'BATCH_UPDATE' : 'BATCH_DELETE',
        ...(attach ? { json: { entities: Object.fromEntries(ids.map((pair, i) => [pairKey(campaignIds[i]!, conversionId), pair])) } } : {}),
      })
    ).body;
    ctx.changed();
    const errors = new Map(Object.entries(answer.errors ?? {}).map(([key, error]) => [decodeURIComponent(key), error as WireError]));
    const failed = campaignIds.filter((c) => errors.has(decodeURIComponent(pairKey(c, conversionId))));
    if (!failed.length) return;
    const items = campaignIds.map((campaign_id) => {
      const error = errors.get(decodeURIComponent(pairKey(campaign_id, conversionId)));
      return error
        ? { campaign_id, result: 'failed', error: error.message ?? `HTTP ${error.status}` }
        : { campaign_id, result: attach ? 'attached' : 'detached' };
    });
    const done = items.filter((i) => i.result !== 'failed').map((i) => i.campaign_id);
    throw new ToolError(
      `The platform ${attach ? 'attached' : 'detached'} conversion rule ${conversionId} ${done.length ? `${attach ? 'to' : 'from'} campaign(s) ${done.join(', ')}` : 'nowhere'}, but refused ${failed
        .map((c) => `campaign ${c} (${errors.get(decodeURIComponent(pairKey(c, conversionId)))?.message ?? 'refused'})`)
        .join(', ')}. ${done.length ? 'The others are done; ' : ''}fix the refused ones and retry them alone.`,
      { code: 'tool_rejected', platform: 'proads', items },
    );
  }

  return {
    listConversions: all,

    async createConversion(input: NewProAdsConversion): Promise<ProAdsConversion> {
      if (!TYPES.includes(input.type))
        throw notSupported(
          `The platform has no ${input.type} conversion type: choose LEAD, PURCHASE, SIGN_UP, DOWNLOAD, KEY_PAGE_VIEW or OTHER.`,
        );
      for (const c of input.campaign_ids) await ctx.campaign(c);
      const body = {
        account: ctx.accountUrn,
        name: input.name,
        type: input.type,
        attributionType: input.attribution_type,
        postClickAttributionWindowSize: input.post_click_window_days,
        viewThroughAttributionWindowSize: input.view_through_window_days,
        enabled: input.enabled,
        conversionMethod: 'INSIGHT_TAG',
        ...(input.value !== undefined ? { value: toMoney(input.value, ctx.currency) } : {}),
      };
      const id = idOf(await (await ctx.api()).create('/conversions', body));
      ctx.changed();
      await associate(id, input.campaign_ids, true);
      return { id, ...input, created_at: new Date().toISOString() };
    },

    async updateConversion(conversionId, patch) {
      const current = (await all()).find((c) => c.id === conversionId);
      if (!current) throw notFound('conversion', conversionId, 'list_proads_conversions');
      const set: Record<string, unknown> = {};
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.enabled !== undefined) set.enabled = patch.enabled;
      if (patch.attribution_type !== undefined) set.attributionType = patch.attribution_type;
      if (patch.post_click_window_days !== undefined) set.postClickAttributionWindowSize = patch.post_click_window_days;
      if (patch.view_through_window_days !== undefined) set.viewThroughAttributionWindowSize = patch.view_through_window_days;
      if (patch.value !== undefined) set.value = toMoney(patch.value, ctx.currency);
      if (patch.type !== undefined && patch.type !== current.type)
        throw notSupported("The platform does not let a conversion rule's type change; create a new rule instead.");
      if (Object.keys(set).length) {
        await (await ctx.api()).partialUpdate(`/conversions/${pathKey(conversionId)}`, set, [], { account: ctx.accountUrn });
        ctx.changed();
      }
      if (patch.campaign_ids) {
        for (const c of patch.campaign_ids.filter((id) => !current.campaign_ids.includes(id))) await ctx.campaign(c);
        await associate(
          conversionId,
          patch.campaign_ids.filter((id) => !current.campaign_ids.includes(id)),
          true,
        );
        await associate(
          conversionId,
          current.campaign_ids.filter((id) => !patch.campaign_ids!.includes(id)),
          false,
        );
      }
      const updated = (await all()).find((c) => c.id === conversionId);
      return updated ?? { ...current, ...patch };
    },
  };
}
