/**
 * Account structure routes of the fake Marketing API: the member's ad accounts, campaign groups,
 * campaigns, creatives (with the page posts behind sponsored content, created inline), the media
 * library with uploads, and the member's page roles. Creates answer 201 with `x-restli-id`, partial
 * updates 204; only drafts can be deleted; fields that cannot change are refused.
 */
import { randomBytes } from 'node:crypto';
import FIELDS from './proads-fields.json';
import { ApiError, type FakeProAdsApi, type RouteAnswer, type RouteRequest } from './proads-api';
import {
  accountFor,
  cursorPage,
  enumProblem,
  fieldProblems,
  listParam,
  moneyProblems,
  offsetPage,
  param,
  record,
  refuse,
  WRITABLE,
  type InputError,
} from './proads-api-checks';
import { CATALOG, LIMITS, newId, type FakeAccount, type Json } from './proads-model';

const GROUP_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'CANCELED', 'DRAFT', 'PENDING_DELETION', 'REMOVED'];
const CAMPAIGN_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'COMPLETED', 'CANCELED', 'DRAFT', 'PENDING_DELETION', 'REMOVED'];
const CREATIVE_STATUSES = ['ACTIVE', 'PAUSED', 'DRAFT', 'ARCHIVED', 'CANCELED', 'PENDING_DELETION'];
const TERMINAL = ['CANCELED', 'PENDING_DELETION', 'REMOVED', 'COMPLETED'];
const TYPES = ['TEXT_AD', 'SPONSORED_UPDATES', 'SPONSORED_INMAILS', 'DYNAMIC'];
const FORMATS = [
  'CAROUSEL',
  'FOLLOW_COMPANY',
  'JOBS',
  'SINGLE_VIDEO',
  'SPONSORED_INMAIL',
  'SPONSORED_MESSAGE',
  'SPONSORED_UPDATE_EVENT',
  'SPOTLIGHT',
  'STANDARD_UPDATE',
  'TEXT_AD',
];
const OBJECTIVES = [
  'BRAND_AWARENESS',
  'ENGAGEMENT',
  'JOB_APPLICANT',
  'LEAD_GENERATION',
  'WEBSITE_CONVERSION',
  'WEBSITE_VISIT',
  'VIDEO_VIEW',
  'TALENT_LEAD',
];
const COST_TYPES = ['CPM', 'CPC', 'CPV'];
const TARGETS: Record<string, string[]> = {
  NONE: OBJECTIVES,
  ENHANCED_CONVERSION: ['WEBSITE_CONVERSION', 'LEAD_GENERATION'],
  MAX_IMPRESSION: ['BRAND_AWARENESS'],
  MAX_CLICK: ['WEBSITE_VISIT', 'ENGAGEMENT'],
  MAX_VIDEO_VIEW: ['VIDEO_VIEW'],
  MAX_LEAD: ['LEAD_GENERATION'],
  MAX_CONVERSION: ['WEBSITE_CONVERSION'],
  TARGET_COST_PER_CLICK: ['WEBSITE_VISIT', 'ENGAGEMENT'],
  TARGET_COST_PER_IMPRESSION: ['BRAND_AWARENESS'],
  TARGET_COST_PER_VIDEO_VIEW: ['VIDEO_VIEW'],
  CAP_COST_AND_MAXIMIZE_CLICKS: ['WEBSITE_VISIT', 'ENGAGEMENT'],
  CAP_COST_AND_MAXIMIZE_IMPRESSIONS: ['BRAND_AWARENESS'],
  CAP_COST_AND_MAXIMIZE_VIDEO_VIEWS: ['VIDEO_VIEW'],
  CAP_COST_AND_MAXIMIZE_LEADS: ['LEAD_GENERATION'],
};
const CTA_LABELS = [
  'APPLY',
  'DOWNLOAD',
  'VIEW_QUOTE',
  'LEARN_MORE',
  'SIGN_UP',
  'SUBSCRIBE',
  'REGISTER',
  'JOIN',
  'ATTEND',
  'REQUEST_DEMO',
  'SEE_MORE',
  'BUY_NOW',
  'SHOP_NOW',
];
const POST_FIELDS = [
  'author',
  'commentary',
  'visibility',
  'distribution',
  'content',
  'contentLandingPage',
  'contentCallToActionLabel',
  'lifecycleState',
  'isReshareDisabledByAuthor',
  'adContext',
];
const MAX_ACTIVE_CREATIVES = 15;
const FACET_PREFIX = 'urn:li:adTargetingFacet:';

const created = (id: string | number): RouteAnswer => ({ status: 201, headers: { 'x-restli-id': encodeURIComponent(String(id)) } });
const NO_CONTENT: RouteAnswer = { status: 204 };
const isUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value);

export class EntityRoutes {
  constructor(private readonly api: FakeProAdsApi) {}

  route(req: RouteRequest): RouteAnswer | undefined {
    const parts = req.path.split('/').filter(Boolean).map(decodeURIComponent);
    const [root, accountId, collection, key] = parts;
    if (root === 'adAccountUsers' && req.method === 'GET') return this.accountUsers(req);
    if (root === 'posts' && req.method === 'GET' && parts.length === 1) return this.batchPosts(req);
    if ((root === 'images' || root === 'videos') && parts.length === 1) return this.media(req, root);
    if (root === 'organizationAcls' && req.method === 'GET') return this.acls(req);
    if (root === 'organizations' && req.method === 'GET') return this.organizations(req);
    if (root !== 'adAccounts' || !accountId) return undefined;
    if (!collection && req.method === 'GET') {
      const account = accountFor(this.api, req, accountId, false);
      return { status: 200, body: this.accountJson(account) };
    }
    const write = req.method !== 'GET';
    const account = accountFor(this.api, req, accountId, write);
    if (collection === 'adCampaignGroups') return this.groups(req, account, key);
    if (collection === 'adCampaigns') return this.campaigns(req, account, key);
    if (collection === 'creatives') return this.creatives(req, account, key);
    return undefined;
  }

  private accountJson(a: FakeAccount): Json {
    return {
      id: Number(a.id),
      name: a.name,
      currency: a.currency,
      status: a.status,
      type: 'BUSINESS',
      reference: a.reference,
      test: false,
      servingStatuses: ['RUNNABLE'],
    };
  }

  private accountUsers(req: RouteRequest): RouteAnswer {
    if (param(req, 'q') !== 'authenticatedUser') throw new ApiError(400, 'Unsupported finder.', 'ILLEGAL_ARGUMENT');
    const elements = [...this.api.accounts.values()]
      .filter((a) => a.roles.has(req.member))
      .map((a) => ({ account: `urn:li:sponsoredAccount:${a.id}`, user: req.member, role: a.roles.get(req.member) }));
    return offsetPage(this.api, req, elements, 100);
  }

  // ---- Campaign groups.

  private groups(req: RouteRequest, account: FakeAccount, key: string | undefined): RouteAnswer {
    if (req.method === 'GET' && !key) {
      if (param(req, 'q') !== 'search') throw new ApiError(400, 'Unsupported finder.', 'ILLEGAL_ARGUMENT');
      const statuses = this.searchStatuses(req, GROUP_STATUSES);
      return cursorPage(
        this.api,
        req,
        account.groups.filter((g) => statuses.includes(g.status)),
        1000,
      );
    }
    const group = key ? account.groups.find((g) => String(g.id) === key) : undefined;
    if (key && !group) throw new ApiError(404, `Campaign group ${key} does not exist in account ${account.id}.`, 'NOT_FOUND');
    if (req.method === 'GET') return { status: 200, body: group };
    if (req.method === 'DELETE') {
      if (group!.status !== 'DRAFT')
        throw new ApiError(400, 'Only a DRAFT campaign group can be deleted; set another to PENDING_DELETION.', 'ILLEGAL_ARGUMENT');
      if (account.campaigns.some((c) => c.campaignGroup === `urn:li:sponsoredCampaignGroup:${group!.id}`))
        throw new ApiError(400, 'The campaign group still holds campaigns.', 'ILLEGAL_ARGUMENT');
      account.groups.splice(account.groups.indexOf(group!), 1);
      return NO_CONTENT;
    }
    const body = req.body ?? {};
    if (req.method === 'POST' && !key) {
      refuse([
        ...fieldProblems(body, WRITABLE.adCampaignGroups, ['account', 'name', 'runSchedule', 'status']),
        ...this.groupValues(body, account),
      ]);
      if (!['ACTIVE', 'DRAFT', 'PAUSED'].includes(body.status))
        refuse([{ fieldPath: '/status', description: 'A new campaign group is ACTIVE, PAUSED or DRAFT', code: 'INVALID_VALUE' }]);
      const id = Number(newId());
      const now = Date.now();
      account.groups.push({
        ...body,
        id,
        test: false,
        servingStatuses: ['RUNNABLE'],
        changeAuditStamps: { created: { time: now }, lastModified: { time: now } },
      });
      return created(id);
    }
    if (req.method === 'POST' && key) {
      const { set, remove } = this.patchOf(req);
      refuse([...fieldProblems(set, WRITABLE.adCampaignGroups, []), ...this.groupValues(set, account)]);
      for (const field of ['account'])
        if (set[field] !== undefined)
          refuse([{ fieldPath: `/${field}`, description: `${field} cannot be updated`, code: 'IMMUTABLE_FIELD' }]);
      if (set.status && TERMINAL.includes(group!.status))
        throw new ApiError(400, `A ${group!.status} campaign group cannot change status.`, 'ILLEGAL_ARGUMENT');
      this.apply(group!, set, remove, ['totalBudget']);
      return NO_CONTENT;
    }
    return { status: 405, body: { status: 405, message: 'Method not allowed' } };
  }

  private groupValues(body: Json, account: FakeAccount): InputError[] {
    const problems: InputError[] = [];
    if (body.account !== undefined && body.account !== `urn:li:sponsoredAccount:${account.id}`)
      problems.push({ fieldPath: '/account', description: 'The account must be the ad account of the path', code: 'INVALID_VALUE' });
    if (body.status !== undefined) problems.push(...enumProblem(body.status, GROUP_STATUSES, '/status'));
    if (body.totalBudget !== undefined) problems.push(...moneyProblems(body.totalBudget, account.currency, '/totalBudget'));
    if (body.runSchedule !== undefined) problems.push(...this.scheduleProblems(body.runSchedule));
    if (body.name !== undefined && (typeof body.name !== 'string' || !body.name.trim() || body.name.length > 255))
      problems.push({ fieldPath: '/name', description: 'A name of 1-255 characters', code: 'INVALID_VALUE' });
    return problems;
  }

  private scheduleProblems(schedule: Json): InputError[] {
    const extra = Object.keys(schedule ?? {}).filter((k) => k !== 'start' && k !== 'end');
    if (typeof schedule !== 'object' || schedule === null || extra.length || !Number.isInteger(schedule.start))
      return [{ fieldPath: '/runSchedule', description: 'runSchedule takes start (and end), epoch milliseconds', code: 'INVALID_VALUE' }];
    if (schedule.end !== undefined && (!Number.isInteger(schedule.end) || schedule.end <= schedule.start))
      return [{ fieldPath: '/runSchedule/end', description: 'The end must come after the start', code: 'INVALID_VALUE' }];
    return [];
  }

  // ---- Campaigns.

  private campaigns(req: RouteRequest, account: FakeAccount, key: string | undefined): RouteAnswer {
    if (req.method === 'GET' && !key) {
      if (param(req, 'q') !== 'search') throw new ApiError(400, 'Unsupported finder.', 'ILLEGAL_ARGUMENT');
      const statuses = this.searchStatuses(req, CAMPAIGN_STATUSES);
      return cursorPage(
        this.api,
        req,
        account.campaigns.filter((c) => statuses.includes(c.status)),
        1000,
      );
    }
    const campaign = key ? account.campaigns.find((c) => String(c.id) === key) : undefined;
    if (key && !campaign) throw new ApiError(404, `Campaign ${key} does not exist in account ${account.id}.`, 'NOT_FOUND');
    if (req.method === 'GET') return { status: 200, body: campaign };
    if (req.method === 'DELETE') {
      if (campaign!.status !== 'DRAFT')
        throw new ApiError(400, 'Only a DRAFT campaign can be deleted; set another to PENDING_DELETION.', 'ILLEGAL_ARGUMENT');
      account.campaigns.splice(account.campaigns.indexOf(campaign!), 1);
      account.creatives = account.creatives.filter((cr) => cr.campaign !== `urn:li:sponsoredCampaign:${campaign!.id}`);
      return NO_CONTENT;
    }
    const body = req.body ?? {};
    if (req.method === 'POST' && !key) {
      const required = [
        'account',
        'campaignGroup',
        'name',
        'type',
        'costType',
        'unitCost',
        'locale',
        'offsiteDeliveryEnabled',
        'runSchedule',
        'targetingCriteria',
        'objectiveType',
        'status',
      ];
      refuse([...fieldProblems(body, WRITABLE.adCampaigns, required), ...this.campaignValues(body, account)]);
      if (!body.dailyBudget && !body.totalBudget)
        refuse([{ fieldPath: '/dailyBudget', description: 'A campaign needs a daily or a total budget', code: 'FIELD_VALUE_REQUIRED' }]);
      if (!['ACTIVE', 'PAUSED', 'DRAFT'].includes(body.status))
        refuse([{ fieldPath: '/status', description: 'A new campaign is ACTIVE, PAUSED or DRAFT', code: 'INVALID_VALUE' }]);
      if (body.type === 'TEXT_AD' && body.format && body.format !== 'TEXT_AD')
        refuse([{ fieldPath: '/format', description: 'Text ad campaigns have the TEXT_AD format', code: 'INVALID_VALUE' }]);
      this.limits(body, account);
      const id = Number(newId());
      const now = Date.now();
      account.campaigns.push({
        ...body,
        id,
        test: false,
        servingStatuses: ['RUNNABLE'],
        changeAuditStamps: { created: { time: now }, lastModified: { time: now } },
      });
      return created(id);
    }
    if (req.method === 'POST' && key) {
      const { set, remove } = this.patchOf(req);
      refuse([...fieldProblems(set, WRITABLE.adCampaigns, []), ...this.campaignValues(set, account)]);
      for (const field of ['account', 'type', 'objectiveType', 'campaignGroup', 'format', 'locale'])
        if (set[field] !== undefined && JSON.stringify(set[field]) !== JSON.stringify(campaign![field]))
          refuse([{ fieldPath: `/${field}`, description: `${field} cannot be updated`, code: 'IMMUTABLE_FIELD' }]);
      if (set.status && TERMINAL.includes(campaign!.status) && set.status !== campaign!.status)
        throw new ApiError(400, `A ${campaign!.status} campaign cannot change status.`, 'ILLEGAL_ARGUMENT');
      if (set.optimizationTargetType && !TARGETS[set.optimizationTargetType]?.includes(campaign!.objectiveType))
        refuse([
          {
            fieldPath: '/optimizationTargetType',
            description: `${set.optimizationTargetType} does not go with ${campaign!.objectiveType}`,
            code: 'INVALID_VALUE',
          },
        ]);
      this.limits({ ...campaign, ...set }, account);
      this.apply(campaign!, set, remove, ['totalBudget', 'dailyBudget']);
      return NO_CONTENT;
    }
    return { status: 405, body: { status: 405, message: 'Method not allowed' } };
  }

  private campaignValues(body: Json, account: FakeAccount): InputError[] {
    const problems = this.groupValues({ account: body.account, name: body.name, runSchedule: body.runSchedule }, account);
    if (body.status !== undefined) problems.push(...enumProblem(body.status, CAMPAIGN_STATUSES, '/status'));
    if (body.type !== undefined) problems.push(...enumProblem(body.type, TYPES, '/type'));
    if (body.format !== undefined) problems.push(...enumProblem(body.format, FORMATS, '/format'));
    if (body.objectiveType !== undefined) problems.push(...enumProblem(body.objectiveType, OBJECTIVES, '/objectiveType'));
    if (body.costType !== undefined) problems.push(...enumProblem(body.costType, COST_TYPES, '/costType'));
    if (body.optimizationTargetType !== undefined) {
      problems.push(...enumProblem(body.optimizationTargetType, Object.keys(TARGETS), '/optimizationTargetType'));
      if (body.objectiveType && TARGETS[body.optimizationTargetType] && !TARGETS[body.optimizationTargetType]!.includes(body.objectiveType))
        problems.push({
          fieldPath: '/optimizationTargetType',
          description: `${body.optimizationTargetType} does not go with ${body.objectiveType}`,
          code: 'INVALID_VALUE',
        });
    }
    for (const field of ['dailyBudget', 'totalBudget', 'unitCost'])
      if (body[field] !== undefined) problems.push(...moneyProblems(body[field], account.currency, `/${field}`));
    if (body.campaignGroup !== undefined) {
      const group = account.groups.find((g) => `urn:li:sponsoredCampaignGroup:${g.id}` === body.campaignGroup);
      if (!group)
        problems.push({
          fieldPath: '/campaignGroup',
          description: `${String(body.campaignGroup)} is not a campaign group of this account`,
          code: 'INVALID_VALUE',
        });
      else if (['ARCHIVED', 'CANCELED', 'PENDING_DELETION', 'REMOVED'].includes(group.status))
        problems.push({ fieldPath: '/campaignGroup', description: `The campaign group is ${group.status}`, code: 'INVALID_VALUE' });
    }
    if (body.locale !== undefined && (typeof body.locale?.country !== 'string' || typeof body.locale?.language !== 'string'))
      problems.push({ fieldPath: '/locale', description: 'locale takes country and language', code: 'INVALID_VALUE' });
    if (body.offsiteDeliveryEnabled !== undefined && typeof body.offsiteDeliveryEnabled !== 'boolean')
      problems.push({ fieldPath: '/offsiteDeliveryEnabled', description: 'A boolean', code: 'INVALID_VALUE' });
    if (body.targetingCriteria !== undefined) problems.push(...targetingProblems(body.targetingCriteria, account, '/targetingCriteria'));
    return problems;
  }

  /** The platform's minimum daily budget and bid range for the account's currency (422 below them). */
  private limits(c: Json, account: FakeAccount): void {
    const limits = LIMITS[account.currency]!;
    const problems: InputError[] = [];
    if (c.dailyBudget && Number(c.dailyBudget.amount) < limits.dailyMin)
      problems.push({
        fieldPath: '/dailyBudget/amount',
        description: `The daily budget is below the minimum of ${limits.dailyMin} ${account.currency}`,
        code: 'FIELD_VALUE_TOO_LOW',
      });
    const manual =
      !c.optimizationTargetType || c.optimizationTargetType === 'NONE' || String(c.optimizationTargetType).startsWith('CAP_COST');
    if (manual && c.unitCost && Number(c.unitCost.amount) < limits.bidMin)
      problems.push({
        fieldPath: '/unitCost/amount',
        description: `The bid is below the minimum of ${limits.bidMin} ${account.currency}`,
        code: 'FIELD_VALUE_TOO_LOW',
      });
    refuse(problems, 422);
  }

  // ---- Creatives and their posts.

  private creatives(req: RouteRequest, account: FakeAccount, key: string | undefined): RouteAnswer {
    if (req.method === 'GET' && !key) {
      if (param(req, 'q') !== 'criteria') throw new ApiError(400, 'Unsupported finder.', 'ILLEGAL_ARGUMENT');
      const campaigns = listParam(req, 'campaigns');
      const items = account.creatives.filter((c) => !campaigns || campaigns.includes(c.campaign));
      return cursorPage(this.api, req, items, 100);
    }
    const creative = key ? account.creatives.find((c) => c.id === key) : undefined;
    if (key && !key.startsWith('urn:li:sponsoredCreative:'))
      throw new ApiError(400, `The key ${key} is not a creative URN.`, 'ILLEGAL_ARGUMENT');
    if (key && !creative) throw new ApiError(404, `Creative ${key} does not exist in account ${account.id}.`, 'NOT_FOUND');
    if (req.method === 'GET') return { status: 200, body: creative };
    if (req.method === 'DELETE') {
      if (creative!.intendedStatus !== 'DRAFT')
        throw new ApiError(400, 'Only a DRAFT creative can be deleted; set another to PENDING_DELETION.', 'ILLEGAL_ARGUMENT');
      account.creatives.splice(account.creatives.indexOf(creative!), 1);
      return NO_CONTENT;
    }
    const body = req.body ?? {};
    if (req.method === 'POST' && !key && param(req, 'action', false) === 'createInline') {
      refuse(fieldProblems(body, ['creative'], ['creative']));
      const inner = body.creative as Json;
      refuse(
        fieldProblems(
          inner,
          ['inlineContent', 'campaign', 'intendedStatus', 'name', 'leadgenCallToAction'],
          ['inlineContent', 'campaign', 'intendedStatus'],
          '/creative',
        ),
      );
      refuse(fieldProblems(inner.inlineContent ?? {}, ['post'], ['post'], '/creative/inlineContent'));
      const campaign = this.creativeCampaign(inner, account);
      const post = inner.inlineContent.post as Json;
      refuse(this.postProblems(post, account, campaign));
      const postUrn = `urn:li:share:${newId()}`;
      this.api.posts.set(postUrn, { ...post, id: postUrn });
      return {
        status: 200,
        body: { value: { creative: this.addCreative(account, campaign, { ...inner, content: { reference: postUrn } }, req.member) } },
      };
    }
    if (req.method === 'POST' && !key) {
      refuse(fieldProblems(body, WRITABLE.creatives, ['campaign', 'content', 'intendedStatus']));
      const campaign = this.creativeCampaign(body, account);
      const content = body.content as Json;
      refuse(fieldProblems(content, ['reference', 'textAd'], [], '/content'));
      if (content.textAd) {
        if (campaign.type !== 'TEXT_AD')
          refuse([{ fieldPath: '/content/textAd', description: 'Text ads go in TEXT_AD campaigns only', code: 'INVALID_VALUE' }]);
        refuse(
          fieldProblems(
            content.textAd,
            ['headline', 'description', 'landingPage'],
            ['headline', 'description', 'landingPage'],
            '/content/textAd',
          ),
        );
        const problems: InputError[] = [];
        if (String(content.textAd.headline).length > 25)
          problems.push({ fieldPath: '/content/textAd/headline', description: 'At most 25 characters', code: 'FIELD_VALUE_TOO_LONG' });
        if (String(content.textAd.description).length > 75)
          problems.push({ fieldPath: '/content/textAd/description', description: 'At most 75 characters', code: 'FIELD_VALUE_TOO_LONG' });
        if (!isUrl(content.textAd.landingPage))
          problems.push({ fieldPath: '/content/textAd/landingPage', description: 'An http(s) URL', code: 'INVALID_VALUE' });
        refuse(problems);
      } else if (!content.reference || !this.api.posts.has(content.reference)) {
        refuse([{ fieldPath: '/content/reference', description: "A post of the account's page", code: 'INVALID_VALUE' }]);
      }
      return created(this.addCreative(account, campaign, body, req.member));
    }
    if (req.method === 'POST' && key) {
      const { set, remove } = this.patchOf(req);
      const notUpdatable = Object.keys(set).filter((f) => !['intendedStatus', 'name', 'leadgenCallToAction'].includes(f));
      if (notUpdatable.length || remove.length)
        refuse([
          {
            fieldPath: `/${notUpdatable[0] ?? remove[0]}`,
            description: `${notUpdatable[0] ?? remove[0]} cannot be updated`,
            code: 'IMMUTABLE_FIELD',
          },
        ]);
      if (set.intendedStatus !== undefined) {
        refuse(enumProblem(set.intendedStatus, CREATIVE_STATUSES, '/intendedStatus'));
        if (['CANCELED', 'PENDING_DELETION'].includes(creative!.intendedStatus))
          throw new ApiError(400, `A ${creative!.intendedStatus} creative cannot change status.`, 'ILLEGAL_ARGUMENT');
      }
      this.apply(creative!, set, [], []);
      creative!.lastModifiedAt = Date.now();
      return NO_CONTENT;
    }
    return { status: 405, body: { status: 405, message: 'Method not allowed' } };
  }

  private creativeCampaign(body: Json, account: FakeAccount): Json {
    const campaign = account.campaigns.find((c) => `urn:li:sponsoredCampaign:${c.id}` === body.campaign);
    if (!campaign)
      refuse([
        { fieldPath: '/campaign', description: `${String(body.campaign)} is not a campaign of this account`, code: 'INVALID_VALUE' },
      ]);
    refuse(enumProblem(body.intendedStatus, ['ACTIVE', 'PAUSED', 'DRAFT'], '/intendedStatus'));
    const active = account.creatives.filter((c) => c.campaign === body.campaign && c.intendedStatus === 'ACTIVE').length;
    if (body.intendedStatus === 'ACTIVE' && active >= MAX_ACTIVE_CREATIVES)
      refuse(
        [
          {
            fieldPath: '/intendedStatus',
            description: `A campaign holds at most ${MAX_ACTIVE_CREATIVES} active creatives`,
            code: 'FIELD_VALUE_TOO_HIGH',
          },
        ],
        422,
      );
    return campaign!;
  }

  private addCreative(account: FakeAccount, campaign: Json, body: Json, member: string): string {
    const id = `urn:li:sponsoredCreative:${newId()}`;
    const now = Date.now();
    account.creatives.push({
      id,
      account: `urn:li:sponsoredAccount:${account.id}`,
      campaign: `urn:li:sponsoredCampaign:${campaign.id}`,
      ...(body.name ? { name: body.name } : {}),
      intendedStatus: body.intendedStatus,
      isServing: false,
      isTest: false,
      review: { status: 'PENDING' },
      content: body.content,
      createdAt: now,
      lastModifiedAt: now,
      createdBy: member,
      lastModifiedBy: member,
    });
    if (!campaign.format) campaign.format = body.content.textAd ? 'TEXT_AD' : 'STANDARD_UPDATE';
    return id;
  }

  /** A sponsored-content post: the page's, shown only as this account's ad, with content matching the campaign's format. */
  private postProblems(post: Json, account: FakeAccount, campaign: Json): InputError[] {
    const path = '/creative/inlineContent/post';
    const problems = fieldProblems(
      post,
      POST_FIELDS,
      ['author', 'commentary', 'visibility', 'distribution', 'content', 'lifecycleState', 'adContext'],
      path,
    );
    if (problems.length) return problems;
    if (post.author !== account.reference)
      problems.push({ fieldPath: `${path}/author`, description: "The author must be the ad account's page", code: 'INVALID_VALUE' });
    if (post.visibility !== 'PUBLIC')
      problems.push({ fieldPath: `${path}/visibility`, description: 'Sponsored content is PUBLIC', code: 'INVALID_VALUE' });
    if (post.distribution?.feedDistribution !== 'NONE')
      problems.push({
        fieldPath: `${path}/distribution/feedDistribution`,
        description: 'An ad-only post has feedDistribution NONE',
        code: 'INVALID_VALUE',
      });
    if (post.lifecycleState !== 'PUBLISHED')
      problems.push({ fieldPath: `${path}/lifecycleState`, description: 'PUBLISHED', code: 'INVALID_VALUE' });
    if (post.adContext?.dscAdAccount !== `urn:li:sponsoredAccount:${account.id}`)
      problems.push({ fieldPath: `${path}/adContext/dscAdAccount`, description: 'The ad account of the creative', code: 'INVALID_VALUE' });
    if (typeof post.commentary !== 'string' || post.commentary.length > 3000)
      problems.push({ fieldPath: `${path}/commentary`, description: 'Text of at most 3,000 characters', code: 'INVALID_VALUE' });
    if (post.contentCallToActionLabel !== undefined)
      problems.push(...enumProblem(post.contentCallToActionLabel, CTA_LABELS, `${path}/contentCallToActionLabel`));
    const kinds = Object.keys(post.content ?? {});
    if (kinds.length !== 1 || !['media', 'article', 'carousel'].includes(kinds[0]!))
      return [...problems, { fieldPath: `${path}/content`, description: 'Exactly one of media, article, carousel', code: 'INVALID_VALUE' }];
    const media = (id: unknown, kind: 'image' | 'video', at: string) => {
      const library = kind === 'image' ? account.images : account.videos;
      if (!library.some((m) => m.id === id && m.status === 'AVAILABLE'))
        problems.push({ fieldPath: at, description: `${String(id)} is not an available ${kind} of the account`, code: 'INVALID_VALUE' });
    };
    const format = campaign.format ?? 'STANDARD_UPDATE';
    if (post.content.media) {
      const id = String(post.content.media.id);
      const kind = id.startsWith('urn:li:video:') ? 'video' : 'image';
      media(id, kind, `${path}/content/media/id`);
      if ((kind === 'video') !== (format === 'SINGLE_VIDEO'))
        problems.push({
          fieldPath: `${path}/content/media`,
          description: `The content does not match the campaign's ${format} format`,
          code: 'INVALID_VALUE',
        });
      if (!isUrl(post.contentLandingPage))
        problems.push({
          fieldPath: `${path}/contentLandingPage`,
          description: 'Media ads need a landing page URL',
          code: 'FIELD_VALUE_REQUIRED',
        });
    }
    if (post.content.article) {
      if (format !== 'STANDARD_UPDATE')
        problems.push({
          fieldPath: `${path}/content/article`,
          description: `The content does not match the campaign's ${format} format`,
          code: 'INVALID_VALUE',
        });
      if (!isUrl(post.content.article.source))
        problems.push({ fieldPath: `${path}/content/article/source`, description: 'An http(s) URL', code: 'INVALID_VALUE' });
    }
    if (post.content.carousel) {
      const cards = post.content.carousel.cards;
      if (format !== 'CAROUSEL')
        problems.push({
          fieldPath: `${path}/content/carousel`,
          description: `The content does not match the campaign's ${format} format`,
          code: 'INVALID_VALUE',
        });
      if (!Array.isArray(cards) || cards.length < 2 || cards.length > 10)
        problems.push({ fieldPath: `${path}/content/carousel/cards`, description: '2-10 cards', code: 'INVALID_VALUE' });
      else
        cards.forEach((card: Json, i: number) => {
          media(card.media?.id, 'image', `${path}/content/carousel/cards/${i}/media/id`);
          if (!isUrl(card.landingPage))
            problems.push({
              fieldPath: `${path}/content/carousel/cards/${i}/landingPage`,
              description: 'An http(s) URL',
              code: 'INVALID_VALUE',
            });
        });
    }
    return problems;
  }

  private batchPosts(req: RouteRequest): RouteAnswer {
    if (req.restliMethod !== 'BATCH_GET') throw new ApiError(400, 'Read posts by id with X-RestLi-Method BATCH_GET.', 'ILLEGAL_ARGUMENT');
    if (!req.scopes.includes('r_organization_social'))
      throw new ApiError(403, 'Not enough permissions to access: posts.BATCH_GET.', 'ACCESS_DENIED', 100);
    const ids = listParam(req, 'ids') ?? [];
    if (ids.length > 100) throw new ApiError(400, 'At most 100 ids per batch.', 'ILLEGAL_ARGUMENT');
    const results: Json = {};
    const statuses: Json = {};
    const errors: Json = {};
    for (const id of ids) {
      const post = this.api.posts.get(id);
      if (post) {
        results[id] = post;
        statuses[id] = 200;
      } else errors[id] = { status: 404, message: `Post ${id} does not exist.` };
    }
    return { status: 200, body: { results, statuses, errors } };
  }

  // ---- Media library.

  private media(req: RouteRequest, kind: 'images' | 'videos'): RouteAnswer {
    if (req.method === 'GET') {
      if (param(req, 'q') !== 'associatedAccount') throw new ApiError(400, 'Unsupported finder.', 'ILLEGAL_ARGUMENT');
      if (!this.api.mediaLibraryFinder)
        throw new ApiError(
          403,
          `Not enough permissions to access: partnerApi${kind === 'images' ? 'Images' : 'Videos'}External.FINDER-associatedAccount.`,
          'ACCESS_DENIED',
          100,
        );
      const account = accountFor(this.api, req, String(param(req, 'account')).replace('urn:li:sponsoredAccount:', ''), false);
      return offsetPage(this.api, req, kind === 'images' ? account.images : account.videos, 100);
    }
    if (req.method === 'POST' && kind === 'images' && param(req, 'action', false) === 'initializeUpload') {
      const request = req.body?.initializeUploadRequest as Json | undefined;
      refuse(fieldProblems(req.body ?? {}, ['initializeUploadRequest'], ['initializeUploadRequest']));
      refuse(fieldProblems(request!, ['owner', 'mediaLibraryMetadata'], ['owner'], '/initializeUploadRequest'));
      const accountUrn = request!.mediaLibraryMetadata?.associatedAccount as string | undefined;
      const account = accountFor(this.api, req, String(accountUrn).replace('urn:li:sponsoredAccount:', ''), true);
      if (request!.owner !== account.reference)
        refuse([
          { fieldPath: '/initializeUploadRequest/owner', description: "The owner must be the account's page", code: 'INVALID_VALUE' },
        ]);
      const image = `urn:li:image:C4E${newId()}AQ`;
      const token = randomBytes(12).toString('hex');
      account.images.push({
        id: image,
        owner: account.reference,
        status: 'WAITING_UPLOAD',
        mediaLibraryMetadata: {
          associatedAccount: accountUrn,
          assetName: request!.mediaLibraryMetadata?.assetName,
          mediaLibraryStatus: 'ACTIVE',
        },
        created: Date.now(),
      });
      this.api.uploads.set(token, { image, account: account.id });
      return {
        status: 200,
        body: { value: { uploadUrlExpiresAt: Date.now() + 3_600_000, uploadUrl: `${this.api.url}/upload/${token}`, image } },
      };
    }
    return undefined as never;
  }

  // ---- Pages.

  private acls(req: RouteRequest): RouteAnswer {
    if (param(req, 'q') !== 'roleAssignee') throw new ApiError(400, 'Unsupported finder.', 'ILLEGAL_ARGUMENT');
    if (!req.scopes.includes('r_organization_admin'))
      throw new ApiError(403, 'Not enough permissions to access: organizationAcls.FINDER-roleAssignee.', 'ACCESS_DENIED', 100);
    const roles = this.api.pageRoles.get(req.member) ?? new Map<string, string>();
    return offsetPage(
      this.api,
      req,
      [...roles].map(([organization, role]) => ({ organization, role, roleAssignee: req.member, state: 'APPROVED' })),
      100,
    );
  }

  private organizations(req: RouteRequest): RouteAnswer {
    if (req.restliMethod !== 'BATCH_GET') throw new ApiError(400, 'Read organizations with X-RestLi-Method BATCH_GET.', 'ILLEGAL_ARGUMENT');
    const results: Json = {};
    for (const id of listParam(req, 'ids') ?? []) if (this.api.organizations.has(id)) results[id] = this.api.organizations.get(id);
    return { status: 200, body: { results, statuses: {}, errors: {} } };
  }

  // ---- Shared.

  private searchStatuses(req: RouteRequest, all: string[]): string[] {
    const search = req.query.get('search');
    if (search === undefined) return all.filter((s) => s !== 'REMOVED');
    const values = record(record(search)?.status)?.values;
    if (!Array.isArray(values) || values.some((v) => typeof v !== 'string' || !all.includes(v)))
      throw new ApiError(400, 'search takes (status:(values:List(...))) with known statuses.', 'ILLEGAL_ARGUMENT');
    return values as string[];
  }

  private patchOf(req: RouteRequest): { set: Json; remove: string[] } {
    if (req.restliMethod !== 'PARTIAL_UPDATE')
      throw new ApiError(400, 'An update is a POST with X-RestLi-Method PARTIAL_UPDATE.', 'ILLEGAL_ARGUMENT');
    const patch = req.body?.patch as Json | undefined;
    const extra = Object.keys(req.body ?? {}).filter((k) => k !== 'patch');
    if (!patch || extra.length || Object.keys(patch).some((k) => k !== '$set' && k !== '$delete'))
      throw new ApiError(400, 'A partial update body is {"patch": {"$set": {...}, "$delete": [...]}}.', 'ILLEGAL_ARGUMENT');
    return { set: (patch.$set as Json) ?? {}, remove: (patch.$delete as string[]) ?? [] };
  }

  private apply(entity: Json, set: Json, remove: string[], removable: string[]): void {
    const bad = remove.filter((f) => !removable.includes(f));
    if (bad.length) refuse([{ fieldPath: `/${bad[0]}`, description: `${bad[0]} cannot be removed`, code: 'INVALID_VALUE' }]);
    Object.assign(entity, set);
    for (const field of remove) delete entity[field];
    if (entity.changeAuditStamps) entity.changeAuditStamps.lastModified = { time: Date.now() };
  }
}

/** A targeting spec's problems: its structure, known facets and values (URNs), and a location. */
export function targetingProblems(targeting: Json, account: FakeAccount, path: string): InputError[] {
  const problems: InputError[] = [];
  const extra = Object.keys(targeting ?? {}).filter((k) => k !== 'include' && k !== 'exclude');
  const clauses = targeting?.include?.and;
  if (typeof targeting !== 'object' || targeting === null || extra.length || !Array.isArray(clauses) || !clauses.length)
    return [
      {
        fieldPath: path,
        description: 'Targeting is {include: {and: [{or: {facet: [values]}}]}, exclude?: {or: {...}}}',
        code: 'INVALID_VALUE',
      },
    ];
  const segments = new Set(account.segments.flatMap((s) => (s.destinations as Json[]).map((d) => d.destinationSegmentId as string)));
  const facetOk = (facet: string, values: unknown, at: string) => {
    const name = facet.replace(FACET_PREFIX, '');
    if (!facet.startsWith(FACET_PREFIX) || (!CATALOG[name] && name !== 'audienceMatchingSegments')) {
      problems.push({ fieldPath: at, description: `Unknown targeting facet ${facet}`, code: 'INVALID_VALUE' });
      return;
    }
    if (!Array.isArray(values) || !values.length) {
      problems.push({ fieldPath: at, description: 'A facet takes a non-empty list of URNs', code: 'INVALID_VALUE' });
      return;
    }
    for (const value of values) {
      const known = name === 'audienceMatchingSegments' ? segments.has(value as string) : CATALOG[name]!.some((e) => e.urn === value);
      if (!known) problems.push({ fieldPath: at, description: `Unknown ${name} value ${String(value)}`, code: 'INVALID_VALUE' });
    }
  };
  clauses.forEach((clause: Json, i: number) => {
    if (!clause?.or || typeof clause.or !== 'object' || Object.keys(clause).length !== 1)
      problems.push({ fieldPath: `${path}/include/and/${i}`, description: 'A clause is {or: {...}}', code: 'INVALID_VALUE' });
    else for (const [facet, values] of Object.entries(clause.or)) facetOk(facet, values, `${path}/include/and/${i}/or/${facet}`);
  });
  for (const [facet, values] of Object.entries(targeting.exclude?.or ?? {})) facetOk(facet, values, `${path}/exclude/or/${facet}`);
  if (!clauses.some((c: Json) => c?.or?.[`${FACET_PREFIX}locations`]))
    problems.push({ fieldPath: `${path}/include`, description: 'Targeting must include a location', code: 'FIELD_VALUE_REQUIRED' });
  return problems;
}

/** The generated field lists (for the fake's own checks of its answers). */
export { FIELDS };
