import { ToolError } from '../../../core/errors';
import type {
  NewSocialAdsAd,
  NewSocialAdsAdSet,
  NewSocialAdsCampaign,
  SocialAdsAd,
  SocialAdsAdPatch,
  SocialAdsAdSet,
  SocialAdsAdSetPatch,
  SocialAdsCampaign,
  SocialAdsCampaignPatch,
  SocialAdsPort,
} from '../port';
import { PLACEHOLDER_ID, type LiveContext } from './context';
import type { GraphParams } from './graph';
import {
  AD_FIELDS,
  AD_SET_FIELDS,
  CAMPAIGN_FIELDS,
  LISTED_STATUSES,
  adOf,
  adSetOf,
  bidToWire,
  campaignOf,
  creativeToWire,
  targetingToWire,
  toMinor,
  zonedTime,
  type WireAd,
  type WireAdSet,
  type WireCampaign,
} from './wire';

type StructureMethods = Pick<
  SocialAdsPort,
  | 'listCampaigns'
  | 'getCampaign'
  | 'createCampaign'
  | 'updateCampaign'
  | 'listAdSets'
  | 'getAdSet'
  | 'createAdSet'
  | 'updateAdSet'
  | 'listAds'
  | 'getAd'
  | 'createAd'
  | 'updateAd'
>;

/**
 * Campaigns, ad sets, ads and their creatives on a live account. Lists ask for archived objects too
 * (LISTED_STATUSES), never deleted ones (those only when asked by id); every create and update reads the
 * object back, so what a write answers is what the next read shows. Creates carry the status the
 * tool chose (the create tools choose PAUSED unless told otherwise).
 */
export function structureFamily(ctx: LiveContext): StructureMethods {
  const { graph, act, currency } = ctx;
  const campaign = (id: string) => ({ what: 'campaign', id });
  const adSet = (id: string) => ({ what: 'ad set', id });
  const ad = (id: string) => ({ what: 'ad', id });

  /** Promoted apps' names by application id (one read for all). */
  const appNames = async (campaigns: WireCampaign[]): Promise<Record<string, string>> => {
    const ids = [...new Set(campaigns.flatMap((c) => (c.promoted_object?.application_id ? [c.promoted_object.application_id] : [])))];
    const apps = await graph.byIds<{ name?: string }>(ids, 'name', 'app');
    return Object.fromEntries(Object.entries(apps).map(([id, app]) => [id, app.name ?? id]));
  };
  const getCampaign = async (id: string): Promise<SocialAdsCampaign> => {
    const wire = await graph.get<WireCampaign>(id, { fields: CAMPAIGN_FIELDS }, campaign(id));
    return campaignOf(wire, currency, await appNames([wire]));
  };
  const getAdSet = async (id: string): Promise<SocialAdsAdSet> =>
    adSetOf(await graph.get<WireAdSet>(id, { fields: AD_SET_FIELDS }, adSet(id)), currency);
  const getAd = async (id: string): Promise<SocialAdsAd> => adOf(await graph.get<WireAd>(id, { fields: AD_FIELDS }, ad(id)));

  const start = (date: string) => zonedTime(date, ctx.timeZone);
  const end = (date: string | undefined) => (date === undefined ? 0 : zonedTime(date, ctx.timeZone, true));

  /** The application id of an app the ad account may advertise, by its store URL. */
  const applicationOf = async (storeUrl: string): Promise<string> => {
    const apps = await graph.list<{ id: string; name?: string; object_store_urls?: Record<string, string> }>(
      `${act}/advertisable_applications`,
      {
        fields: 'id,name,object_store_urls',
      },
    );
    const app = apps.find((a) => Object.values(a.object_store_urls ?? {}).includes(storeUrl));
    if (!app) {
      throw new ToolError(
        `The app at ${storeUrl} is not an app this ad account may advertise. Register it on the platform (its developer settings) and give the ad account access to it, then try again.`,
        { code: 'tool_rejected', platform: 'socialads' },
      );
    }
    return app.id;
  };

  /** The ad set's product set (catalog retargeting targets people who saw or carted its products). */
  const retargeting = (days: number | undefined, productSetId: string | undefined) =>
    days && productSetId ? { days, product_set_id: productSetId } : undefined;

  const created = (body: { id?: string } | undefined): string => body?.id ?? PLACEHOLDER_ID;

  return {
    async listCampaigns() {
      const wire = await graph.list<WireCampaign>(`${act}/campaigns`, {
        fields: CAMPAIGN_FIELDS,
        effective_status: LISTED_STATUSES.campaigns,
      });
      const names = await appNames(wire);
      return wire.map((c) => campaignOf(c, currency, names));
    },
    getCampaign,

    async createCampaign(c: NewSocialAdsCampaign) {
      const promoted: Record<string, string> = {
        ...(c.promoted_object?.product_catalog_id ? { product_catalog_id: c.promoted_object.product_catalog_id } : {}),
      };
      if (c.app)
        Object.assign(promoted, { application_id: await applicationOf(c.app.object_store_url), object_store_url: c.app.object_store_url });
      const params: GraphParams = {
        name: c.name,
        objective: c.objective,
        status: c.status,
        buying_type: c.buying_type,
        // Always sent: an empty list declares that no special category applies.
        special_ad_categories: c.special_ad_categories,
        ...(c.daily_budget !== undefined ? { daily_budget: toMinor(c.daily_budget, currency) } : {}),
        ...(c.lifetime_budget !== undefined ? { lifetime_budget: toMinor(c.lifetime_budget, currency) } : {}),
        ...(c.bid_strategy ? { bid_strategy: c.bid_strategy } : {}),
        start_time: start(c.start_date),
        ...(c.end_date ? { stop_time: end(c.end_date) } : {}),
        ...(Object.keys(promoted).length ? { promoted_object: promoted } : {}),
      };
      const id = created(await ctx.write<{ id: string }>(`${act}/campaigns`, params));
      if (id === PLACEHOLDER_ID) return { ...c, id, created_at: new Date().toISOString(), app: undefined } as SocialAdsCampaign;
      return getCampaign(id);
    },

    async updateCampaign(id: string, patch: SocialAdsCampaignPatch) {
      const params: GraphParams = {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        ...(patch.daily_budget !== undefined ? { daily_budget: toMinor(patch.daily_budget, currency) } : {}),
        ...(patch.lifetime_budget !== undefined ? { lifetime_budget: toMinor(patch.lifetime_budget, currency) } : {}),
        ...('end_date' in patch ? { stop_time: end(patch.end_date) } : {}),
        ...(patch.bid_strategy !== undefined ? { bid_strategy: patch.bid_strategy } : {}),
      };
      if (Object.keys(params).length) await ctx.write(id, params, { subject: campaign(id) });
      return getCampaign(id);
    },

    async listAdSets() {
      return (await graph.list<WireAdSet>(`${act}/adsets`, { fields: AD_SET_FIELDS, effective_status: LISTED_STATUSES.adsets })).map((s) =>
        adSetOf(s, currency),
      );
    },
    getAdSet,

    async createAdSet(s: NewSocialAdsAdSet) {
      const params: GraphParams = {
        campaign_id: s.campaign_id,
        name: s.name,
        status: s.status,
        optimization_goal: s.optimization_goal,
        billing_event: s.billing_event,
        ...(s.daily_budget !== undefined ? { daily_budget: toMinor(s.daily_budget, currency) } : {}),
        ...(s.lifetime_budget !== undefined ? { lifetime_budget: toMinor(s.lifetime_budget, currency) } : {}),
        targeting: targetingToWire(s.targeting, retargeting(s.retargeting_days, s.promoted_object?.product_set_id)),
        ...(s.promoted_object && Object.keys(s.promoted_object).length ? { promoted_object: s.promoted_object } : {}),
        start_time: start(s.start_date),
        ...(s.end_date ? { end_time: end(s.end_date) } : {}),
        ...(s.bid_strategy ? { bid_strategy: s.bid_strategy } : {}),
        ...bidToWire(s.bid_strategy, s.bid_amount, currency),
      };
      const id = created(await ctx.write<{ id: string }>(`${act}/adsets`, params));
      if (id === PLACEHOLDER_ID) return { ...s, id, created_at: new Date().toISOString() };
      return getAdSet(id);
    },

    async updateAdSet(id: string, patch: SocialAdsAdSetPatch) {
      const current =
        patch.targeting || patch.retargeting_days !== undefined || patch.bid_amount !== undefined ? await getAdSet(id) : undefined;
      const strategy = patch.bid_strategy ?? current?.bid_strategy;
      const params: GraphParams = {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        ...(patch.daily_budget !== undefined ? { daily_budget: toMinor(patch.daily_budget, currency) } : {}),
        ...(patch.lifetime_budget !== undefined ? { lifetime_budget: toMinor(patch.lifetime_budget, currency) } : {}),
        ...('end_date' in patch ? { end_time: end(patch.end_date) } : {}),
        ...(patch.optimization_goal !== undefined ? { optimization_goal: patch.optimization_goal } : {}),
        ...(patch.bid_strategy !== undefined ? { bid_strategy: patch.bid_strategy } : {}),
        ...bidToWire(strategy, patch.bid_amount, currency),
        // The platform replaces targeting as a whole: the full targeting goes out with the change.
        ...(current && (patch.targeting || patch.retargeting_days !== undefined)
          ? {
              targeting: targetingToWire(
                patch.targeting ?? current.targeting,
                retargeting(patch.retargeting_days ?? current.retargeting_days, current.promoted_object?.product_set_id),
              ),
            }
          : {}),
      };
      if (Object.keys(params).length) await ctx.write(id, params, { subject: adSet(id) });
      return getAdSet(id);
    },

    async listAds() {
      return (await graph.list<WireAd>(`${act}/ads`, { fields: AD_FIELDS, effective_status: LISTED_STATUSES.ads })).map(adOf);
    },
    getAd,

    async createAd(a: NewSocialAdsAd) {
      // The creative is its own object: made first, then the ad that shows it.
      const creative = await ctx.write<{ id: string }>(`${act}/adcreatives`, {
        ...creativeToWire(`${a.name} creative`, a.ad_type, a.creative),
      });
      const creativeId = created(creative);
      const id = created(
        await ctx.write<{ id: string }>(`${act}/ads`, {
          name: a.name,
          adset_id: a.ad_set_id,
          status: a.status,
          creative: { creative_id: creativeId },
        }),
      );
      if (id === PLACEHOLDER_ID) return { ...a, id, effective_status: 'PENDING_REVIEW', created_at: new Date().toISOString() };
      return getAd(id);
    },

    async updateAd(id: string, patch: SocialAdsAdPatch) {
      let creativeId: string | undefined;
      if (patch.creative) {
        const current = await getAd(id);
        creativeId = created(
          await ctx.write<{ id: string }>(`${act}/adcreatives`, {
            ...creativeToWire(`${patch.name ?? current.name} creative`, current.ad_type, patch.creative),
          }),
        );
      }
      const params: GraphParams = {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        ...(creativeId ? { creative: { creative_id: creativeId } } : {}),
      };
      if (Object.keys(params).length) await ctx.write(id, params, { subject: ad(id) });
      return getAd(id);
    },
  };
}
