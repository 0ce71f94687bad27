/**
 * Targeting, audience, conversion and analytics routes of the fake Marketing API: targeting entities
 * (whole facet, typeahead, by URN; `queryVersion=QUERY_USES_URNS`), audience counts and budget
 * pricing for a targeting spec given in Rest.li form, matched audiences, conversion rules and their
 * campaign associations (batch, answered per pair), and ad analytics (at most 20 fields, known
 * metrics only, conversion value not for demographic pivots, pivots CAMPAIGN, CREATIVE and the four
 * member demographics, DAILY or ALL).
 */
import { ApiError, type FakeProAdsApi, type RouteAnswer, type RouteRequest } from './proads-api';
import {
  accountFor,
  ANALYTICS_METRICS,
  enumProblem,
  fieldProblems,
  listParam,
  moneyProblems,
  offsetPage,
  param,
  record,
  refuse,
  type InputError,
} from './proads-api-checks';
import { targetingProblems } from './proads-api-entities';
import {
  addDays,
  apportion,
  CATALOG,
  creativeDay,
  decimalsOf,
  FACET,
  FIGURE_KEYS,
  hash,
  LIMITS,
  MEMBERS_ON_PLATFORM,
  newId,
  sizeEnum,
  TYPEAHEAD,
  zero,
  type FakeAccount,
  type Figures,
  type Json,
} from './proads-model';
import type { RestliData } from './proads-restli';

const CONVERSION_TYPES = [
  'ADD_TO_CART',
  'DOWNLOAD',
  'INSTALL',
  'KEY_PAGE_VIEW',
  'LEAD',
  'PURCHASE',
  'SIGN_UP',
  'OTHER',
  'SAVE',
  'START_CHECKOUT',
  'SCHEDULE',
  'SEARCH',
  'SUBMIT_APPLICATION',
  'BOOK_APPOINTMENT',
  'CONTACT',
  'REQUEST_QUOTE',
  'SUBSCRIBE',
];
const CONVERSION_FIELDS = [
  'account',
  'name',
  'type',
  'attributionType',
  'postClickAttributionWindowSize',
  'viewThroughAttributionWindowSize',
  'value',
  'enabled',
  'conversionMethod',
  'urlRules',
  'urlMatchRuleExpression',
  'campaigns',
];
const PIVOTS = [
  'CAMPAIGN',
  'CREATIVE',
  'CAMPAIGN_GROUP',
  'ACCOUNT',
  'MEMBER_SENIORITY',
  'MEMBER_JOB_FUNCTION',
  'MEMBER_INDUSTRY',
  'MEMBER_COMPANY_SIZE',
];
const DEMOGRAPHIC_FACET: Record<string, string> = {
  MEMBER_SENIORITY: 'seniorities',
  MEMBER_JOB_FUNCTION: 'jobFunctions',
  MEMBER_INDUSTRY: 'industries',
  MEMBER_COMPANY_SIZE: 'staffCountRanges',
};
/** Metrics the platform reports for non-demographic pivots only. */
const NON_DEMOGRAPHIC = new Set([
  'conversionValueInLocalCurrency',
  'approximateMemberReach',
  'cardClicks',
  'cardImpressions',
  'viralCardClicks',
  'viralCardImpressions',
]);
const MAX_FIELDS = 20;
const ASSOCIABLE = ['ACTIVE', 'PAUSED', 'DRAFT'];

const num = (value: RestliData | undefined) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN);

export class ReportingRoutes {
  constructor(private readonly api: FakeProAdsApi) {}

  route(req: RouteRequest): RouteAnswer | undefined {
    const [root, key] = req.path.split('/').filter(Boolean).map(decodeURIComponent);
    if (root === 'adTargetingEntities' && req.method === 'GET') return this.entities(req);
    if (root === 'audienceCounts' && req.method === 'GET') return this.audienceCount(req);
    if (root === 'adBudgetPricing' && req.method === 'GET') return this.budgetPricing(req);
    if (root === 'dmpSegments' && req.method === 'GET')
      return offsetPage(this.api, req, this.accountOf(req, 'account', false).segments, 100);
    if (root === 'conversions') return this.conversions(req, key);
    if (root === 'campaignConversions') return this.associations(req);
    if (root === 'adAnalytics' && req.method === 'GET') return this.analytics(req);
    return undefined;
  }

  private accountOf(req: RouteRequest, name: string, write: boolean): FakeAccount {
    const value = param(req, name)!;
    if (!value.startsWith('urn:li:sponsoredAccount:')) throw new ApiError(400, `${name} must be an ad account URN.`, 'ILLEGAL_ARGUMENT');
    return accountFor(this.api, req, value.replace('urn:li:sponsoredAccount:', ''), write);
  }

  // ---- Targeting.

  private entities(req: RouteRequest): RouteAnswer {
    if (param(req, 'queryVersion') !== 'QUERY_USES_URNS')
      throw new ApiError(400, 'queryVersion=QUERY_USES_URNS is required.', 'ILLEGAL_ARGUMENT');
    const q = param(req, 'q');
    const shape = (facet: string) => (e: { urn: string; name: string }) => ({ urn: e.urn, name: e.name, facetUrn: FACET(facet) });
    if (q === 'urns') {
      const urns = listParam(req, 'urns') ?? [];
      const elements = Object.entries(CATALOG).flatMap(([facet, list]) => list.filter((e) => urns.includes(e.urn)).map(shape(facet)));
      return { status: 200, body: { elements, paging: { start: 0, count: elements.length, total: elements.length } } };
    }
    const facetUrn = param(req, 'facet')!;
    const facet = facetUrn.replace('urn:li:adTargetingFacet:', '');
    if (!facetUrn.startsWith('urn:li:adTargetingFacet:') || !CATALOG[facet])
      throw new ApiError(400, `Unknown facet ${facetUrn}.`, 'ILLEGAL_ARGUMENT');
    if (q === 'adTargetingFacet') return offsetPage(this.api, req, CATALOG[facet]!.map(shape(facet)), 500);
    if (q === 'typeahead') {
      if (!TYPEAHEAD.has(facet)) throw new ApiError(400, `The facet ${facetUrn} has no typeahead.`, 'ILLEGAL_ARGUMENT');
      const text = param(req, 'query')!.toLowerCase();
      const elements = CATALOG[facet]!.filter((e) => e.name.toLowerCase().includes(text)).map(shape(facet));
      return { status: 200, body: { elements, paging: { start: 0, count: elements.length, total: elements.length } } };
    }
    throw new ApiError(400, 'Unsupported finder.', 'ILLEGAL_ARGUMENT');
  }

  /** Members a spec reaches: every included facet narrows by its values' share, exclusions remove theirs. */
  private reach(targeting: Json, account: FakeAccount): number {
    const share = (facetUrn: string, values: string[]) => {
      const name = facetUrn.replace('urn:li:adTargetingFacet:', '');
      if (name === 'audienceMatchingSegments') return values.length * 0.00004;
      if (name === 'interfaceLocales') return 1;
      return Math.min(
        1,
        values.reduce((s, v) => s + (CATALOG[name]!.find((e) => e.urn === v)?.share ?? 0), 0),
      );
    };
    let total = MEMBERS_ON_PLATFORM;
    for (const clause of targeting.include.and as Json[])
      total *= Math.min(
        1,
        Object.entries(clause.or as Record<string, string[]>).reduce((s, [f, v]) => s + share(f, v), 0),
      );
    for (const [facet, values] of Object.entries((targeting.exclude?.or ?? {}) as Record<string, string[]>))
      total *= 1 - share(facet, values);
    void account;
    return Math.round(total / 100) * 100;
  }

  private targetingParam(req: RouteRequest, account: FakeAccount): Json {
    const targeting = record(req.query.get('targetingCriteria')) as Json | undefined;
    if (!targeting) throw new ApiError(400, 'targetingCriteria is required, in Rest.li form.', 'ILLEGAL_ARGUMENT');
    refuse(targetingProblems(targeting, account, 'targetingCriteria'));
    return targeting;
  }

  private audienceCount(req: RouteRequest): RouteAnswer {
    if (param(req, 'q') !== 'targetingCriteriaV2') throw new ApiError(400, 'Unsupported finder.', 'ILLEGAL_ARGUMENT');
    // Counts are for the member's accounts' segments too; any account of the member will do for the check.
    const account = [...this.api.accounts.values()].find((a) => a.roles.has(req.member));
    if (!account) throw new ApiError(403, 'Not enough permissions to access: audienceCounts.', 'ACCESS_DENIED', 100);
    const total = this.reach(this.targetingParam(req, account), account);
    return { status: 200, body: { elements: [{ active: 0, total: total < 300 ? 0 : total }], paging: { start: 0, count: 10, total: 1 } } };
  }

  private budgetPricing(req: RouteRequest): RouteAnswer {
    if (param(req, 'q') !== 'criteriaV2') throw new ApiError(400, 'Unsupported finder.', 'ILLEGAL_ARGUMENT');
    const account = this.accountOf(req, 'account', false);
    refuse([
      ...enumProblem(param(req, 'bidType'), ['CPM', 'CPC', 'CPV'], 'bidType'),
      ...enumProblem(param(req, 'campaignType'), ['TEXT_AD', 'SPONSORED_UPDATES', 'SPONSORED_INMAILS', 'DYNAMIC'], 'campaignType'),
      ...enumProblem(param(req, 'matchType'), ['EXACT'], 'matchType'),
    ]);
    this.targetingParam(req, account);
    const limits = LIMITS[account.currency]!;
    const m = (amount: number) => ({ amount: amount.toFixed(decimalsOf(account.currency)), currencyCode: account.currency });
    return {
      status: 200,
      body: {
        elements: [
          {
            bidLimits: { min: m(limits.bidMin), max: m(limits.bidMax) },
            suggestedBid: { min: m(limits.bidMin * 2), default: m(limits.bidMin * 3), max: m(limits.bidMin * 5) },
            dailyBudgetLimits: { min: m(limits.dailyMin), default: m(limits.dailyMin * 5), max: m(limits.dailyMin * 100000) },
          },
        ],
        paging: { start: 0, count: 10, total: 1 },
      },
    };
  }

  // ---- Conversions.

  private conversions(req: RouteRequest, key: string | undefined): RouteAnswer {
    if (req.method === 'GET' && !key) {
      if (param(req, 'q') !== 'account') throw new ApiError(400, 'Unsupported finder.', 'ILLEGAL_ARGUMENT');
      return offsetPage(this.api, req, this.accountOf(req, 'account', false).conversions, 100);
    }
    const body = req.body ?? {};
    if (req.method === 'POST' && !key) {
      refuse(fieldProblems(body, CONVERSION_FIELDS, ['account', 'name', 'type', 'conversionMethod']));
      const account = accountFor(this.api, req, String(body.account).replace('urn:li:sponsoredAccount:', ''), true);
      refuse(this.conversionValues(body, account));
      const id = Number(newId());
      account.conversions.push({
        attributionType: 'LAST_TOUCH_BY_CAMPAIGN',
        postClickAttributionWindowSize: 30,
        viewThroughAttributionWindowSize: 7,
        enabled: true,
        campaigns: [],
        ...body,
        id,
        created: Date.now(),
        lastModified: Date.now(),
      });
      return { status: 201, headers: { 'x-restli-id': String(id) } };
    }
    if (req.method === 'POST' && key) {
      if (req.restliMethod !== 'PARTIAL_UPDATE')
        throw new ApiError(400, 'An update is a POST with X-RestLi-Method PARTIAL_UPDATE.', 'ILLEGAL_ARGUMENT');
      const account = this.accountOf(req, 'account', true);
      const conversion = account.conversions.find((c) => String(c.id) === key);
      if (!conversion) throw new ApiError(404, `Conversion ${key} does not exist.`, 'NOT_FOUND');
      const set = (body.patch?.$set ?? {}) as Json;
      refuse(
        fieldProblems(
          set,
          ['name', 'enabled', 'attributionType', 'postClickAttributionWindowSize', 'viewThroughAttributionWindowSize', 'value', 'urlRules'],
          [],
        ),
      );
      refuse(this.conversionValues(set, account));
      Object.assign(conversion, set, { lastModified: Date.now() });
      return { status: 204 };
    }
    return { status: 405, body: { status: 405, message: 'Method not allowed' } };
  }

  private conversionValues(body: Json, account: FakeAccount): InputError[] {
    const problems: InputError[] = [];
    if (body.type !== undefined) problems.push(...enumProblem(body.type, CONVERSION_TYPES, '/type'));
    if (body.attributionType !== undefined)
      problems.push(...enumProblem(body.attributionType, ['LAST_TOUCH_BY_CAMPAIGN', 'LAST_TOUCH_BY_CONVERSION'], '/attributionType'));
    for (const w of ['postClickAttributionWindowSize', 'viewThroughAttributionWindowSize'])
      if (body[w] !== undefined && ![1, 7, 30, 90].includes(body[w] as number))
        problems.push({ fieldPath: `/${w}`, description: 'One of 1, 7, 30, 90', code: 'INVALID_VALUE' });
    if (body.conversionMethod !== undefined)
      problems.push(...enumProblem(body.conversionMethod, ['INSIGHT_TAG', 'CONVERSIONS_API'], '/conversionMethod'));
    if (body.value !== undefined) problems.push(...moneyProblems(body.value, account.currency, '/value'));
    return problems;
  }

  /** Campaign-conversion pairs in one batch: each pair answered on its own (results / errors by key). */
  private associations(req: RouteRequest): RouteAnswer {
    const attach = req.method === 'PUT';
    if (
      (attach && req.restliMethod !== 'BATCH_UPDATE') ||
      (req.method === 'DELETE' && req.restliMethod !== 'BATCH_DELETE') ||
      !['PUT', 'DELETE'].includes(req.method)
    )
      throw new ApiError(
        400,
        'Associations are written with BATCH_UPDATE (PUT) and removed with BATCH_DELETE (DELETE).',
        'ILLEGAL_ARGUMENT',
      );
    const ids = req.query.get('ids');
    if (!Array.isArray(ids) || !ids.length)
      throw new ApiError(400, 'ids=List((campaign:...,conversion:...)) is required.', 'ILLEGAL_ARGUMENT');
    const results: Json = {};
    const errors: Json = {};
    for (const id of ids) {
      const pair = record(id);
      if (!pair || typeof pair.campaign !== 'string' || typeof pair.conversion !== 'string')
        throw new ApiError(400, 'Each id is (campaign:<urn>,conversion:<urn>).', 'ILLEGAL_ARGUMENT');
      const key = `(campaign:${encodeURIComponent(pair.campaign)},conversion:${encodeURIComponent(pair.conversion)})`;
      if (attach) {
        const entity = (req.body?.entities as Json | undefined)?.[key];
        if (!entity || entity.campaign !== pair.campaign || entity.conversion !== pair.conversion)
          throw new ApiError(400, `The body has no entity for ${key}.`, 'ILLEGAL_ARGUMENT');
      }
      const account = [...this.api.accounts.values()].find((a) =>
        a.conversions.some((c) => `urn:lla:llaPartnerConversion:${c.id}` === pair.conversion),
      );
      const conversion = account?.conversions.find((c) => `urn:lla:llaPartnerConversion:${c.id}` === pair.conversion);
      const campaign = account?.campaigns.find((c) => `urn:li:sponsoredCampaign:${c.id}` === pair.campaign);
      if (!account || !conversion) errors[key] = { status: 404, message: `Conversion ${pair.conversion} does not exist.` };
      else if (!account.roles.has(req.member) || account.roles.get(req.member) === 'VIEWER')
        errors[key] = { status: 403, message: 'Not enough permissions.' };
      else if (!campaign) errors[key] = { status: 404, message: `Campaign ${pair.campaign} does not exist in the conversion's account.` };
      else if (attach && !ASSOCIABLE.includes(campaign.status))
        errors[key] = { status: 422, message: `Campaign ${campaign.id} is ${campaign.status} and cannot count conversions.` };
      else {
        conversion.campaigns = attach
          ? [...new Set([...(conversion.campaigns as string[]), pair.campaign])]
          : (conversion.campaigns as string[]).filter((c) => c !== pair.campaign);
        results[key] = { status: 204 };
      }
    }
    return { status: 200, body: { results, errors } };
  }

  // ---- Analytics.

  private analytics(req: RouteRequest): RouteAnswer {
    if (param(req, 'q') !== 'analytics') throw new ApiError(400, 'Unsupported finder.', 'ILLEGAL_ARGUMENT');
    const pivot = param(req, 'pivot')!;
    const granularity = param(req, 'timeGranularity')!;
    refuse([...enumProblem(pivot, PIVOTS, 'pivot'), ...enumProblem(granularity, ['DAILY', 'MONTHLY', 'YEARLY', 'ALL'], 'timeGranularity')]);
    const fields = (req.query.get('fields') as string | undefined)?.split(',').filter(Boolean) ?? [];
    if (!fields.length) throw new ApiError(400, 'fields is required: the metrics to report.', 'ILLEGAL_ARGUMENT');
    if (fields.length > MAX_FIELDS)
      throw new ApiError(400, `At most ${MAX_FIELDS} fields per request (got ${fields.length}).`, 'ILLEGAL_ARGUMENT');
    const unknown = fields.filter((f) => f !== 'dateRange' && f !== 'pivotValues' && !ANALYTICS_METRICS.has(f));
    if (unknown.length) throw new ApiError(400, `Unknown fields: ${unknown.join(', ')}.`, 'ILLEGAL_ARGUMENT');
    const demographic = pivot.startsWith('MEMBER_');
    const nonDemographic = fields.filter((f) => NON_DEMOGRAPHIC.has(f));
    if (demographic && nonDemographic.length)
      throw new ApiError(400, `${nonDemographic.join(', ')} cannot be reported with the ${pivot} pivot.`, 'ILLEGAL_ARGUMENT');
    const range = record(req.query.get('dateRange'));
    const dateOf = (d: RestliData | undefined) => {
      const r = record(d);
      const [y, m, day] = [num(r?.year), num(r?.month), num(r?.day)];
      if (!r || [y, m, day].some(Number.isNaN))
        throw new ApiError(400, 'dateRange is (start:(year:Y,month:M,day:D),end:(...)).', 'ILLEGAL_ARGUMENT');
      return `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    };
    const start = dateOf(range?.start);
    const end = range?.end ? dateOf(range.end) : new Date().toISOString().slice(0, 10);
    if (end < start) throw new ApiError(400, 'The dateRange ends before it starts.', 'ILLEGAL_ARGUMENT');
    const accounts = listParam(req, 'accounts');
    const campaigns = listParam(req, 'campaigns');
    const creatives = listParam(req, 'creatives');
    if (!accounts && !campaigns && !creatives) throw new ApiError(400, 'Give accounts, campaigns or creatives.', 'ILLEGAL_ARGUMENT');
    const scope = [...this.api.accounts.values()].filter((a) => a.roles.has(req.member));
    if (accounts?.some((urn) => !scope.some((a) => `urn:li:sponsoredAccount:${a.id}` === urn)))
      throw new ApiError(403, 'Not enough permissions to access these accounts.', 'ACCESS_DENIED', 100);
    // Sums per pivot value and day (DAILY) or per pivot value (ALL).
    const sums = new Map<string, { pivot: string; day?: string; figures: Figures }>();
    const add = (pivotValue: string, day: string, f: Figures) => {
      const key = `${pivotValue}|${granularity === 'DAILY' ? day : ''}`;
      const sum = sums.get(key) ?? { pivot: pivotValue, ...(granularity === 'DAILY' ? { day } : {}), figures: zero() };
      for (const k of FIGURE_KEYS) sum.figures[k] += f[k];
      sums.set(key, sum);
    };
    const currency = new Set<string>();
    for (const account of scope) {
      for (const creative of account.creatives) {
        const campaignUrn = creative.campaign as string;
        const accountUrn = `urn:li:sponsoredAccount:${account.id}`;
        if (accounts && !accounts.includes(accountUrn)) continue;
        if (campaigns && !campaigns.includes(campaignUrn)) continue;
        if (creatives && !creatives.includes(creative.id)) continue;
        const campaign = account.campaigns.find((c) => `urn:li:sponsoredCampaign:${c.id}` === campaignUrn);
        if (!campaign) continue;
        currency.add(account.currency);
        for (let day = start; day <= end; day = addDays(day, 1)) {
          const f = creativeDay(creative, campaign, account.currency, day);
          if (!f) continue;
          if (pivot === 'CAMPAIGN') add(campaignUrn, day, f);
          else if (pivot === 'CREATIVE') add(creative.id, day, f);
          else if (pivot === 'CAMPAIGN_GROUP') add(campaign.campaignGroup, day, f);
          else if (pivot === 'ACCOUNT') add(accountUrn, day, f);
          else {
            const values = CATALOG[DEMOGRAPHIC_FACET[pivot]!]!;
            const parts = apportion(
              f,
              values.map((v) => 1 + (hash(`${v.urn}|${creative.id}`) % 9)),
            );
            values.forEach((v, i) => add(pivot === 'MEMBER_COMPANY_SIZE' ? sizeEnum(v.urn) : v.urn, day, parts[i]!));
          }
        }
      }
    }
    const decimals = decimalsOf([...currency][0] ?? 'USD');
    const asMoney = (minor: number) => (minor / 10 ** decimals).toFixed(decimals);
    const wire = (d: string) => ({ year: Number(d.slice(0, 4)), month: Number(d.slice(5, 7)), day: Number(d.slice(8, 10)) });
    const metric = (f: Figures): Json => ({
      impressions: f.impressions,
      clicks: f.clicks,
      costInLocalCurrency: asMoney(f.costMinor),
      externalWebsiteConversions: f.conversions,
      oneClickLeads: f.leads,
      conversionValueInLocalCurrency: asMoney(f.valueMinor),
      videoViews: f.videoViews,
      videoStarts: f.videoStarts,
      videoCompletions: f.videoCompletions,
      reactions: f.reactions,
      likes: f.reactions,
      comments: f.comments,
      shares: f.shares,
      follows: f.follows,
      oneClickLeadFormOpens: f.leadFormOpens,
      landingPageClicks: f.clicks,
      totalEngagements: f.clicks + f.reactions + f.comments + f.shares + f.follows,
    });
    const elements = [...sums.values()]
      .filter((s) => s.figures.impressions > 0)
      .map((s) => {
        const all: Json = {
          ...metric(s.figures),
          pivotValues: [s.pivot],
          dateRange: { start: wire(s.day ?? start), end: wire(s.day ?? end) },
        };
        return Object.fromEntries(fields.map((f) => [f, all[f] ?? 0]));
      });
    return { status: 200, body: { elements, paging: { start: 0, count: elements.length, links: [] } } };
  }
}
