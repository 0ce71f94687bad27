import { ToolError } from '../../../core/errors';
import type { AdGroupStatus, AdStatus, CampaignStatus, ShortVideoAd, ShortVideoAdGroup, ShortVideoPort } from '../port';
import { adGroupBody, adGroupOf, adOf, campaignOf, checkBudget, creativeOf, notSupported, OPERATION, toAmount, type Wire } from './mapping';
import { one, type ShortVideoSession } from './session';
import type { WireAd, WireAdGroup, WireCampaign } from './wire-types';

/** The answer of a status update: the ids changed, and per-item errors where the platform gives them. */
interface StatusAnswer extends Record<string, unknown> {
  errors?: { id?: string | number; message?: string }[];
}

/**
 * Campaigns, ad groups and ads on the platform (campaign/*, adgroup/*, ad/*). Lists read every page,
 * deleted entities included (`primary_status` STATUS_ALL) so a deleted one still reads as DELETED.
 * Status changes go through the status update endpoints (operation_status ENABLE / DISABLE /
 * DELETE); other fields through the update endpoints. Creates of campaigns and ad groups carry the
 * platform's `request_id`, so a lost answer is retried without a duplicate; an ad create is sent once.
 */
export type EntityFamily = Pick<
  ShortVideoPort,
  | 'listCampaigns'
  | 'getCampaign'
  | 'createCampaign'
  | 'updateCampaign'
  | 'listAdGroups'
  | 'getAdGroup'
  | 'createAdGroup'
  | 'updateAdGroup'
  | 'listAds'
  | 'getAd'
  | 'createAd'
  | 'updateAd'
>;

const PAGE = 1000;
const ALL = { primary_status: 'STATUS_ALL' };

/** Fields a campaign update may carry besides the status (campaign/update). */
const CAMPAIGN_UPDATABLE = new Set(['campaign_name', 'budget']);

export function entityFamily(session: ShortVideoSession): EntityFamily {
  const campaigns = (filtering: Wire) =>
    session.listAll<WireCampaign>('/campaign/get/', { filtering: { ...ALL, ...filtering } }, PAGE).then((list) => list.map(campaignOf));
  const adGroups = (filtering: Wire) =>
    session.listAll<WireAdGroup>('/adgroup/get/', { filtering: { ...ALL, ...filtering } }, PAGE).then((list) => list.map(adGroupOf));
  const ads = (filtering: Wire) =>
    session.listAll<WireAd>('/ad/get/', { filtering: { ...ALL, ...filtering } }, PAGE).then((list) => list.map(adOf));

  const getCampaign = async (id: string) => one(await campaigns({ campaign_ids: [id] }), 'campaign', id, 'list_shortvideo_campaigns');
  const getAdGroup = async (id: string) => one(await adGroups({ adgroup_ids: [id] }), 'ad group', id, 'list_shortvideo_ad_groups');
  const getAd = async (id: string) => one(await ads({ ad_ids: [id] }), 'ad', id, 'list_shortvideo_ads');

  /** Refuses a change when the entity is no longer in the status the caller planned from. */
  const expect = (what: string, id: string, status: string, expected: string | undefined) => {
    if (expected && status !== expected)
      throw new ToolError(`The ${what} ${id} is ${status} now, not ${expected} as planned; nothing was changed. Read it again and retry.`, {
        code: 'tool_rejected',
        current_status: status,
      });
  };

  /** One status update: the ids the platform confirms; an id it does not is refused per item. */
  const setStatus = async (path: string, idsField: string, id: string, status: CampaignStatus | AdGroupStatus, what: string) => {
    const data = await session.post<StatusAnswer>(
      path,
      { [idsField]: [id], operation_status: OPERATION[status] },
      { subject: { what, id } },
    );
    const ids = data[idsField];
    const confirmed = Array.isArray(ids) ? ids.map(String) : [];
    if (!confirmed.includes(id)) {
      const reason = (data.errors ?? []).find((e) => String(e.id) === id);
      throw new ToolError(
        `The shortvideo platform did not change the status of ${what} ${id}${reason?.message ? `: ${reason.message}` : ''}. Nothing was changed.`,
        { code: 'tool_rejected', platform: 'shortvideo', id },
      );
    }
  };

  return {
    listCampaigns: () => campaigns({}),
    getCampaign,

    async createCampaign(input) {
      checkBudget('campaign', input.budget_mode, input.budget, session.currency);
      const body: Wire = {
        campaign_name: input.campaign_name,
        objective_type: input.objective_type,
        budget_mode: input.budget_mode,
        ...(input.budget_mode !== 'BUDGET_MODE_INFINITE' ? { budget: toAmount(input.budget, session.currency) } : {}),
        budget_optimize_on: input.budget_optimize_on,
        ...(input.app_promotion_type ? { app_promotion_type: input.app_promotion_type } : {}),
        operation_status: OPERATION[input.status],
        request_id: session.requestId(),
      };
      const data = await session.post<{ campaign_id: string | number }>('/campaign/create/', body, { idempotent: true });
      return getCampaign(String(data.campaign_id));
    },

    async updateCampaign(id, patch, expectStatus) {
      const current = await getCampaign(id);
      expect('campaign', id, current.status, expectStatus);
      const { status, id: _id, ...fields } = patch;
      const changed = Object.entries(fields).filter(([k, v]) => (current as unknown as Record<string, unknown>)[k] !== v);
      const refused = changed.map(([k]) => k).filter((k) => !CAMPAIGN_UPDATABLE.has(k) && k !== 'create_time' && k !== 'start_date');
      if (refused.length)
        throw notSupported(
          `The platform's API cannot change ${refused.join(', ')} of an existing campaign (campaign/update takes the name and budget only). Create a new campaign instead.`,
        );
      if (fields.budget !== undefined) checkBudget('campaign', current.budget_mode, fields.budget, session.currency);
      const update: Wire = {};
      if (fields.campaign_name !== undefined && fields.campaign_name !== current.campaign_name) update.campaign_name = fields.campaign_name;
      if (fields.budget !== undefined && fields.budget !== current.budget) update.budget = toAmount(fields.budget, session.currency);
      if (Object.keys(update).length)
        await session.post('/campaign/update/', { campaign_id: id, ...update }, { subject: { what: 'campaign', id } });
      if (status && status !== current.status) await setStatus('/campaign/status/update/', 'campaign_ids', id, status, 'campaign');
      return getCampaign(id);
    },

    listAdGroups: () => adGroups({}),
    getAdGroup,

    async createAdGroup(input) {
      checkBudget('adgroup', input.budget_mode, input.budget, session.currency);
      const { id: _id, campaign_id, status, create_time: _c, modify_time: _m, ...fields } = input as ShortVideoAdGroup;
      const body: Wire = {
        campaign_id,
        ...adGroupBody(fields, session.currency),
        operation_status: OPERATION[status],
        request_id: session.requestId(),
      };
      for (const updateOnly of ['auto_targeting_enabled', 'targeting_expansion'])
        if (updateOnly in body) {
          if (updateOnly === 'auto_targeting_enabled' && body[updateOnly] === false) delete body[updateOnly];
          else
            throw notSupported(
              `The platform's API sets \`${updateOnly}\` on an existing ad group only; create the ad group, then update it.`,
            );
        }
      const data = await session.post<{ adgroup_id: string | number }>('/adgroup/create/', body, {
        idempotent: true,
        subject: { what: 'campaign', id: campaign_id },
      });
      return getAdGroup(String(data.adgroup_id));
    },

    async updateAdGroup(id, patch, expectStatus) {
      const current = await getAdGroup(id);
      expect('ad group', id, current.status, expectStatus);
      const { status, id: _id, campaign_id: _c, create_time: _t, modify_time: _m, ...fields } = patch;
      if (fields.budget !== undefined) checkBudget('adgroup', fields.budget_mode ?? current.budget_mode, fields.budget, session.currency);
      const body = adGroupBody(fields, session.currency);
      if ('budget_mode' in body && body.budget_mode === current.budget_mode) delete body.budget_mode;
      if ('budget_mode' in body)
        throw notSupported("The platform's API cannot change the budget mode of an existing ad group; create a new ad group instead.");
      if (Object.keys(body).length)
        await session.post('/adgroup/update/', { adgroup_id: id, ...body }, { subject: { what: 'ad group', id } });
      if (status && status !== current.status) await setStatus('/adgroup/status/update/', 'adgroup_ids', id, status, 'ad group');
      return getAdGroup(id);
    },

    listAds: () => ads({}),
    getAd,

    async createAd(input) {
      unsupportedCreative(input);
      const creative = { ...creativeOf(input), operation_status: OPERATION[input.status] };
      const data = await session.post<{ ad_ids?: (string | number)[] }>(
        '/ad/create/',
        { adgroup_id: input.adgroup_id, creatives: [creative] },
        { subject: { what: 'ad group', id: input.adgroup_id } },
      );
      const [adId] = (data.ad_ids ?? []).map(String);
      if (!adId) throw new ToolError('The shortvideo platform created no ad (it answered no ad id). Nothing was created.');
      return getAd(adId);
    },

    async updateAd(id, patch, expectStatus) {
      const current = await getAd(id);
      expect('ad', id, current.status, expectStatus);
      const { status, id: _id, review_status: _r, create_time: _t, adgroup_id: _g, campaign_id: _c, ...fields } = patch;
      unsupportedCreative(fields);
      const creative = creativeOf(fields as Partial<ShortVideoAd>);
      delete creative.ad_format;
      if (Object.keys(creative).length)
        await session.post(
          '/ad/update/',
          { adgroup_id: current.adgroup_id, patch_update: true, creatives: [{ ad_id: id, ...creative }] },
          { subject: { what: 'ad', id } },
        );
      if (status && status !== current.status) await setStatus('/ad/status/update/', 'ad_ids', id, status as AdStatus, 'ad');
      // A changed creative goes back to the platform's review: the read shows it in review.
      return getAd(id);
    },
  };
}

/** Creative kinds the platform's ad endpoints do not take in this shape. */
function unsupportedCreative(ad: Partial<ShortVideoAd>): void {
  if (ad.ad_format === 'DYNAMIC' || ad.ad_texts?.length || ad.video_ids?.length)
    throw notSupported(
      "Dynamic (automated) creative ads are made through the platform's separate automated-creative endpoints, which this gateway does not drive on live accounts yet; create them in the platform's ads manager, or use a single-video ad.",
    );
  if (ad.carousel_id)
    throw notSupported(
      "The platform's API keeps no carousel cards to attach: a carousel ad carries its images itself. Carousel cards work on sandbox accounts only; create carousel ads in the platform's ads manager.",
    );
}
