/**
 * A fake of the retail marketplace's Ads API on 127.0.0.1, written from the platform's public
 * reference and checked against its published definitions (retailads-wire.ts, retailads-fields.json):
 *
 * - every call needs a live access token of the fake login service (401 otherwise: missing,
 *   unknown, revoked or lapsed), the app's client id header (an app not approved for the API is
 *   refused, naming the client id), and the profile scope header of a profile the token's user
 *   manages (403 otherwise); each operation its own vendor media type on Content-Type (415) and
 *   Accept (406), and a query and body of the published shape (400 naming each problem);
 * - profiles (`GET /v2/profiles`); Sponsored Products v3 campaigns, ad groups, product ads, keywords,
 *   negative keywords and targets (POST list searches paged with nextToken, 207 multi-status writes
 *   with a success or an error per item, archive through delete); Sponsored Brands v4 campaigns, ad
 *   groups, ads and creative versions; Sponsored Brands v3 keywords, negative keywords, targets,
 *   themes and brands (integer ids, lowercase states); Sponsored Display campaigns, ad groups, product
 *   ads and targets (integer ids, YYYYMMDD dates); the asset library search; keyword suggestions;
 *   reporting v3 (retailads-api-reports.ts);
 * - the platform's rules a tool meets: parents must exist and not be archived, archived is final,
 *   duplicate keywords and campaign names are refused, bids and budgets within the marketplace's
 *   limits, sellers advertise SKUs and vendors ASINs; ids of 17 digits (past JavaScript's exact
 *   integers) so that an adapter that loses precision fails;
 * - rate limits on demand (429 with or without Retry-After), and a request log.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FAKE_RETAILADS_CLIENT_ID, FakeRetailAdsLogin } from './retailads-login';
import { findOperation, idText, int, parseJson, problemsOf, queryProblems, writeJson, type Operation } from './retailads-wire';
import {
  checkReportRequest,
  newReport,
  ReportRefusal,
  reportFile,
  reportRows,
  todayUtc,
  type FakeReport,
  type LeafFacts,
  type ProductFacts,
} from './retailads-api-reports';

type Ad = 'SP' | 'SB' | 'SD';
type Kind =
  | 'campaign'
  | 'adGroup'
  | 'productAd'
  | 'keyword'
  | 'negativeKeyword'
  | 'campaignNegativeKeyword'
  | 'target'
  | 'sbAd'
  | 'theme'
  | 'sbNegativeKeyword'
  | 'asset';
type Json = Record<string, unknown>;

/** One entity of a profile, in the fake's own terms (rendered per interface). */
export interface Rec {
  id: string;
  kind: Kind;
  ad: Ad;
  state: 'ENABLED' | 'PAUSED' | 'ARCHIVED';
  campaignId?: string;
  adGroupId?: string;
  name?: string;
  budget?: number;
  startDate?: string;
  endDate?: string;
  targetingType?: 'AUTO' | 'MANUAL';
  strategy?: string;
  placements?: Record<string, number>;
  brandEntityId?: string;
  tactic?: string;
  defaultBid?: number;
  asin?: string;
  sku?: string;
  keywordText?: string;
  matchType?: string;
  bid?: number;
  expression?: Json[];
  expressionType?: 'AUTO' | 'MANUAL';
  themeType?: string;
  creative?: Json;
  landingPage?: Json;
  versions?: { version: number; status: string; at: number; properties: Json }[];
  assetType?: string;
  assetSubType?: string;
}

export interface FakeProfile {
  id: string;
  name: string;
  type: 'seller' | 'vendor';
  currency: string;
  countryCode: string;
  timezone: string;
  marketplace: string;
  users: Set<string>;
  recs: Map<string, Rec>;
  reports: Map<string, FakeReport>;
}

export interface FakeRequest {
  method: string;
  path: string;
  query: string;
  profile?: string;
  contentType?: string;
  accept?: string;
  body?: unknown;
  status: number;
  authorization: boolean;
}

/** The marketplace's bid and budget limits the fake enforces (the platform's published limits). */
const LIMITS: Record<string, { minBid: number; maxBid: number; minBudget: number; maxBudget: number }> = {
  USD: { minBid: 0.02, maxBid: 1000, minBudget: 1, maxBudget: 1_000_000 },
  EUR: { minBid: 0.02, maxBid: 1000, minBudget: 1, maxBudget: 1_000_000 },
  GBP: { minBid: 0.02, maxBid: 1000, minBudget: 1, maxBudget: 1_000_000 },
  JPY: { minBid: 2, maxBid: 100_000, minBudget: 100, maxBudget: 21_000_000 },
};

/** Ids of 17 digits: all past Number.MAX_SAFE_INTEGER. */
let nextId = 10_000_000_000_000_000n;
const newId = () => String((nextId += 7_919n));

const SP_RESOURCES: Record<string, { kind: Kind; key: string; entityKey: string; idKey: string; successId: string; idFilter: string }> = {
  campaigns: {
    kind: 'campaign',
    key: 'campaigns',
    entityKey: 'campaign',
    idKey: 'campaignId',
    successId: 'campaignId',
    idFilter: 'campaignIdFilter',
  },
  adGroups: {
    kind: 'adGroup',
    key: 'adGroups',
    entityKey: 'adGroup',
    idKey: 'adGroupId',
    successId: 'adGroupId',
    idFilter: 'adGroupIdFilter',
  },
  productAds: { kind: 'productAd', key: 'productAds', entityKey: 'productAd', idKey: 'adId', successId: 'adId', idFilter: 'adIdFilter' },
  keywords: {
    kind: 'keyword',
    key: 'keywords',
    entityKey: 'keyword',
    idKey: 'keywordId',
    successId: 'keywordId',
    idFilter: 'keywordIdFilter',
  },
  negativeKeywords: {
    kind: 'negativeKeyword',
    key: 'negativeKeywords',
    entityKey: 'negativeKeyword',
    idKey: 'keywordId',
    successId: 'negativeKeywordId',
    idFilter: 'negativeKeywordIdFilter',
  },
  campaignNegativeKeywords: {
    kind: 'campaignNegativeKeyword',
    key: 'campaignNegativeKeywords',
    entityKey: 'campaignNegativeKeyword',
    idKey: 'keywordId',
    successId: 'campaignNegativeKeywordId',
    idFilter: 'campaignNegativeKeywordIdFilter',
  },
  targets: {
    kind: 'target',
    key: 'targetingClauses',
    entityKey: 'targetingClause',
    idKey: 'targetId',
    successId: 'targetId',
    idFilter: 'targetIdFilter',
  },
};
const SB4_RESOURCES: Record<string, { kind: Kind; key: string; entityKey: string; idKey: string; idFilter: string }> = {
  campaigns: { kind: 'campaign', key: 'campaigns', entityKey: 'campaign', idKey: 'campaignId', idFilter: 'campaignIdFilter' },
  adGroups: { kind: 'adGroup', key: 'adGroups', entityKey: 'adGroup', idKey: 'adGroupId', idFilter: 'adGroupIdFilter' },
  ads: { kind: 'sbAd', key: 'ads', entityKey: 'ad', idKey: 'adId', idFilter: 'adIdFilter' },
};

/** The platform's answer to a path it does not serve: NOT_FOUND, naming the path it could not find (not an entity). */
const unservedPath = (url: URL) => new Refusal(404, 'NOT_FOUND', `Could not find resource for full path: ${url.href}`);

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A per-item error of a multi-status answer (Sponsored Products v3 / Sponsored Brands v4). */
const itemError = (index: number, errorType: string, reason: string, message: string) => ({
  index,
  errors: [{ errorType, errorValue: { [errorType]: { reason, message } } }],
});

export class FakeRetailAdsApi {
  private server!: Server;
  url = '';
  /** Items per page of the searches answered with nextToken (the platform's pages are larger; small pages make every page count). */
  tokenPageSize = 2;
  /** Status reads a report takes before it is COMPLETED. */
  reportPolls = 1;
  /** false: the app's client id is not approved for the API (the operator's problem). */
  clientApproved = true;
  /** Media types the platform no longer serves (a sunset version). */
  readonly retiredMediaTypes = new Set<string>();
  readonly requests: FakeRequest[] = [];
  readonly downloads: { authorization: boolean; status: number }[] = [];
  private throttled = { count: 0, retryAfter: null as string | null };
  private lost = { count: 0, method: 'PUT' };
  private readonly profiles = new Map<string, FakeProfile>();

  constructor(readonly login: FakeRetailAdsLogin) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /**
   * The next `count` requests of `method` are carried out, and then their connection drops before
   * the answer is sent: the platform changed something and the caller cannot know.
   */
  loseAnswers(count: number, method: 'POST' | 'PUT' = 'PUT'): void {
    this.lost = { count, method };
  }

  /** The next `count` API calls answer 429, with this Retry-After (null: none). */
  throttle(count: number, retryAfter: string | null = '3'): void {
    this.throttled = { count, retryAfter };
  }

  addProfile(spec: {
    name: string;
    users: string[];
    type?: 'seller' | 'vendor';
    currency?: string;
    countryCode?: string;
    timezone?: string;
    id?: string;
  }): string {
    const id = spec.id ?? String(9_800_000_000_000_000n + (nextId += 13n));
    const currency = spec.currency ?? 'USD';
    this.profiles.set(id, {
      id,
      name: spec.name,
      type: spec.type ?? 'seller',
      currency,
      countryCode: spec.countryCode ?? (currency === 'JPY' ? 'JP' : currency === 'EUR' ? 'DE' : 'US'),
      timezone: spec.timezone ?? (currency === 'JPY' ? 'Asia/Tokyo' : currency === 'EUR' ? 'Europe/Paris' : 'America/Los_Angeles'),
      marketplace: currency === 'JPY' ? 'A1VC38T7YXB528' : currency === 'EUR' ? 'A1PA6795UKMFR9' : 'ATVPDKIKX0DER',
      users: new Set(spec.users),
      recs: new Map(),
      reports: new Map(),
    });
    return id;
  }

  profile(id: string): FakeProfile {
    const profile = this.profiles.get(id);
    if (!profile) throw new Error(`no fake profile ${id}`);
    return profile;
  }

  /** The user loses access to the profile on the platform. */
  removeUser(profileId: string, user: string): void {
    this.profile(profileId).users.delete(user);
  }

  /** Entities of a profile, for assertions. */
  recs(profileId: string, kind?: Kind, ad?: Ad): Rec[] {
    return [...this.profile(profileId).recs.values()].filter((r) => (!kind || r.kind === kind) && (!ad || r.ad === ad));
  }

  put(profileId: string, rec: Omit<Rec, 'id'> & { id?: string }): Rec {
    const full = { ...rec, id: rec.id ?? newId() } as Rec;
    this.profile(profileId).recs.set(full.id, full);
    return full;
  }

  /** Seeds a profile with Sponsored Products, Brands and Display campaigns that delivered since 60 days ago. */
  seed(profileId: string): void {
    const p = this.profile(profileId);
    const start = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const asin = (n: number) => `B0FAKE${String(n).padStart(4, '0')}`;
    const product = (n: number) => (p.type === 'seller' ? { sku: `SKU-${n}`, asin: asin(n) } : { asin: asin(n) });
    // Sponsored Products: a manual campaign (one paused ad group), a paused manual campaign, an auto campaign.
    const manual = this.put(profileId, {
      kind: 'campaign',
      ad: 'SP',
      state: 'ENABLED',
      name: 'SP - Trail Backpacks',
      budget: 50,
      startDate: start,
      targetingType: 'MANUAL',
      strategy: 'LEGACY_FOR_SALES',
      placements: { PLACEMENT_TOP: 25 },
    });
    const g1 = this.put(profileId, {
      kind: 'adGroup',
      ad: 'SP',
      state: 'ENABLED',
      campaignId: manual.id,
      name: 'Backpacks',
      defaultBid: 0.85,
    });
    const g2 = this.put(profileId, {
      kind: 'adGroup',
      ad: 'SP',
      state: 'PAUSED',
      campaignId: manual.id,
      name: 'Daypacks',
      defaultBid: 0.6,
    });
    this.put(profileId, { kind: 'productAd', ad: 'SP', state: 'ENABLED', campaignId: manual.id, adGroupId: g1.id, ...product(1) });
    this.put(profileId, { kind: 'productAd', ad: 'SP', state: 'ENABLED', campaignId: manual.id, adGroupId: g1.id, ...product(2) });
    this.put(profileId, { kind: 'productAd', ad: 'SP', state: 'ENABLED', campaignId: manual.id, adGroupId: g2.id, ...product(3) });
    this.put(profileId, {
      kind: 'keyword',
      ad: 'SP',
      state: 'ENABLED',
      campaignId: manual.id,
      adGroupId: g1.id,
      keywordText: 'hiking backpack',
      matchType: 'EXACT',
      bid: 1.25,
    });
    // No bid of its own: the ad group's default bid applies.
    this.put(profileId, {
      kind: 'keyword',
      ad: 'SP',
      state: 'ENABLED',
      campaignId: manual.id,
      adGroupId: g1.id,
      keywordText: 'trail pack',
      matchType: 'BROAD',
    });
    this.put(profileId, {
      kind: 'keyword',
      ad: 'SP',
      state: 'PAUSED',
      campaignId: manual.id,
      adGroupId: g2.id,
      keywordText: 'small daypack',
      matchType: 'PHRASE',
      bid: 0.7,
    });
    this.put(profileId, {
      kind: 'target',
      ad: 'SP',
      state: 'ENABLED',
      campaignId: manual.id,
      adGroupId: g1.id,
      expressionType: 'MANUAL',
      bid: 0.9,
      expression: [{ type: 'ASIN_SAME_AS', value: 'B0COMPET01' }],
    });
    this.put(profileId, {
      kind: 'negativeKeyword',
      ad: 'SP',
      state: 'ENABLED',
      campaignId: manual.id,
      adGroupId: g1.id,
      keywordText: 'used backpack',
      matchType: 'NEGATIVE_EXACT',
    });
    this.put(profileId, {
      kind: 'campaignNegativeKeyword',
      ad: 'SP',
      state: 'ENABLED',
      campaignId: manual.id,
      keywordText: 'free',
      matchType: 'NEGATIVE_PHRASE',
    });
    const paused = this.put(profileId, {
      kind: 'campaign',
      ad: 'SP',
      state: 'PAUSED',
      name: 'SP - Water Bottles',
      budget: 20,
      startDate: start,
      targetingType: 'MANUAL',
      strategy: 'AUTO_FOR_SALES',
    });
    const g3 = this.put(profileId, {
      kind: 'adGroup',
      ad: 'SP',
      state: 'ENABLED',
      campaignId: paused.id,
      name: 'Bottles',
      defaultBid: 0.5,
    });
    this.put(profileId, { kind: 'productAd', ad: 'SP', state: 'ENABLED', campaignId: paused.id, adGroupId: g3.id, ...product(4) });
    this.put(profileId, {
      kind: 'keyword',
      ad: 'SP',
      state: 'ENABLED',
      campaignId: paused.id,
      adGroupId: g3.id,
      keywordText: 'water bottle',
      matchType: 'PHRASE',
      bid: 0.55,
    });
    const auto = this.put(profileId, {
      kind: 'campaign',
      ad: 'SP',
      state: 'ENABLED',
      name: 'SP - Auto',
      budget: 30,
      startDate: start,
      targetingType: 'AUTO',
      strategy: 'LEGACY_FOR_SALES',
    });
    const g4 = this.put(profileId, {
      kind: 'adGroup',
      ad: 'SP',
      state: 'ENABLED',
      campaignId: auto.id,
      name: 'All products',
      defaultBid: 0.75,
    });
    this.put(profileId, { kind: 'productAd', ad: 'SP', state: 'ENABLED', campaignId: auto.id, adGroupId: g4.id, ...product(1) });
    for (const type of ['QUERY_HIGH_REL_MATCHES', 'QUERY_BROAD_REL_MATCHES'])
      this.put(profileId, {
        kind: 'target',
        ad: 'SP',
        state: 'ENABLED',
        campaignId: auto.id,
        adGroupId: g4.id,
        expressionType: 'AUTO',
        expression: [{ type }],
      });
    // Sponsored Brands: one campaign, ad group, product collection ad, keywords, a target, a theme, a negative.
    const sb = this.put(profileId, {
      kind: 'campaign',
      ad: 'SB',
      state: 'ENABLED',
      name: 'SB - Brand',
      budget: 40,
      startDate: start,
      brandEntityId: 'ENTITY1FAKEBRAND',
    });
    const sbg = this.put(profileId, { kind: 'adGroup', ad: 'SB', state: 'ENABLED', campaignId: sb.id, name: 'Brand - Ad group' });
    const creative = {
      type: 'PRODUCT_COLLECTION',
      asins: [asin(1), asin(2), asin(3)],
      headline: 'Gear for every trail',
      brandName: 'Northwind',
      brandLogoAssetID: 'asset-logo-1',
    };
    this.put(profileId, {
      kind: 'sbAd',
      ad: 'SB',
      state: 'ENABLED',
      campaignId: sb.id,
      adGroupId: sbg.id,
      name: 'Brand ad',
      creative,
      landingPage: { pageType: 'PRODUCT_LIST', asins: creative.asins },
      versions: [{ version: 1, status: 'APPROVED_BY_MODERATION', at: Date.parse(`${start}T10:00:00Z`), properties: creative }],
    });
    this.put(profileId, {
      kind: 'keyword',
      ad: 'SB',
      state: 'ENABLED',
      campaignId: sb.id,
      adGroupId: sbg.id,
      keywordText: 'northwind backpack',
      matchType: 'exact',
      bid: 1.4,
    });
    this.put(profileId, {
      kind: 'keyword',
      ad: 'SB',
      state: 'PAUSED',
      campaignId: sb.id,
      adGroupId: sbg.id,
      keywordText: 'outdoor gear',
      matchType: 'broad',
      bid: 1.1,
    });
    this.put(profileId, {
      kind: 'target',
      ad: 'SB',
      state: 'ENABLED',
      campaignId: sb.id,
      adGroupId: sbg.id,
      expressionType: 'MANUAL',
      bid: 1.05,
      expression: [{ type: 'asinCategorySameAs', value: '3375251' }],
    });
    this.put(profileId, {
      kind: 'theme',
      ad: 'SB',
      state: 'ENABLED',
      campaignId: sb.id,
      adGroupId: sbg.id,
      themeType: 'KEYWORDS_RELATED_TO_YOUR_BRAND',
      bid: 1.2,
    });
    this.put(profileId, {
      kind: 'sbNegativeKeyword',
      ad: 'SB',
      state: 'ENABLED',
      campaignId: sb.id,
      adGroupId: sbg.id,
      keywordText: 'cheap',
      matchType: 'negativePhrase',
    });
    // Sponsored Display: a contextual campaign with a product target and an audience target.
    const sd = this.put(profileId, {
      kind: 'campaign',
      ad: 'SD',
      state: 'ENABLED',
      name: 'SD - Retargeting',
      budget: 25,
      startDate: start,
      tactic: 'T00020',
    });
    const sdg = this.put(profileId, { kind: 'adGroup', ad: 'SD', state: 'ENABLED', campaignId: sd.id, name: 'Viewers', defaultBid: 0.8 });
    this.put(profileId, { kind: 'productAd', ad: 'SD', state: 'ENABLED', campaignId: sd.id, adGroupId: sdg.id, ...product(2) });
    this.put(profileId, {
      kind: 'target',
      ad: 'SD',
      state: 'ENABLED',
      campaignId: sd.id,
      adGroupId: sdg.id,
      expressionType: 'MANUAL',
      bid: 0.8,
      expression: [{ type: 'asinSameAs', value: 'B0COMPET02' }],
    });
    this.put(profileId, {
      kind: 'target',
      ad: 'SD',
      state: 'ENABLED',
      campaignId: sd.id,
      adGroupId: sdg.id,
      expressionType: 'MANUAL',
      bid: 0.7,
      expression: [{ type: 'views', value: [{ type: 'exactProduct' }, { type: 'lookback', value: '30' }] }],
    });
    // The asset library: a logo and a video.
    this.put(profileId, {
      id: 'asset-logo-1',
      kind: 'asset',
      ad: 'SB',
      state: 'ENABLED',
      name: 'logo.png',
      assetType: 'IMAGE',
      assetSubType: 'LOGO',
    });
    this.put(profileId, {
      id: 'asset-video-1',
      kind: 'asset',
      ad: 'SB',
      state: 'ENABLED',
      name: 'trail.mp4',
      assetType: 'VIDEO',
      assetSubType: 'BACKGROUND_VIDEO',
    });
  }

  // -------------------------------------------------------------------------------------------
  // Requests

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const log: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.search,
      profile: header(req, 'amazon-advertising-api-scope'),
      contentType: header(req, 'content-type'),
      accept: header(req, 'accept'),
      status: 0,
      authorization: Boolean(req.headers.authorization),
    };
    const family = familyOf(url.pathname);
    try {
      if (req.method === 'GET' && url.pathname.startsWith('/files/')) return this.download(url.pathname.slice(7), req, res);
      const found = findOperation(log.method, url.pathname);
      if (!found) throw unservedPath(url);
      const user = this.authenticate(req, found.op, url.pathname);
      if (raw && found.op.contentType) log.body = safeParse(raw);
      const body = this.checkRequest(req, found.op, url, raw);
      if (this.throttled.count > 0) {
        this.throttled.count--;
        throw new Refusal(
          429,
          'THROTTLED',
          'Request was throttled.',
          this.throttled.retryAfter ? { 'Retry-After': this.throttled.retryAfter } : {},
        );
      }
      const profile = found.key === 'GET /v2/profiles' ? undefined : this.profile(header(req, 'amazon-advertising-api-scope')!);
      const answer = this.dispatch(found.key, found.params, body, profile, user, url.searchParams, req);
      log.status = answer.status ?? found.op.success;
      this.requests.push(log);
      if (this.lost.count > 0 && log.method === this.lost.method) {
        this.lost.count--;
        req.socket.destroy();
        return;
      }
      res
        .writeHead(log.status, {
          'Content-Type': found.op.accept[0] ?? 'application/json',
          'x-amzn-RequestId': `req-${this.requests.length}`,
        })
        .end(writeJson(answer.body));
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      log.status = err.status;
      this.requests.push(log);
      const body =
        family === 'reports'
          ? { code: String(err.status), detail: err.message }
          : family === 'sp' || family === 'sb4'
            ? { code: err.code, message: err.message }
            : { code: err.code, details: err.message };
      res
        .writeHead(err.status, { 'Content-Type': 'application/json', 'x-amzn-RequestId': `req-${this.requests.length}`, ...err.headers })
        .end(JSON.stringify(body));
    }
  }

  /** The token's user; refusals for missing or bad credentials, client id and scope. */
  private authenticate(req: IncomingMessage, op: Operation, path: string): string {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    if (!bearer) throw new Refusal(401, 'UNAUTHORIZED', 'Missing Authorization Bearer token.');
    const checked = this.login.check(bearer[1]!);
    if (checked === undefined) throw new Refusal(401, 'UNAUTHORIZED', 'Invalid or revoked access token.');
    if (checked === 'expired') throw new Refusal(401, 'UNAUTHORIZED', 'The access token has expired.');
    const clientId = header(req, 'amazon-advertising-api-clientid');
    if (!clientId) throw new Refusal(400, 'INVALID_ARGUMENT', 'Missing header: the client id header is required.');
    if (clientId !== FAKE_RETAILADS_CLIENT_ID) throw new Refusal(401, 'UNAUTHORIZED', 'The client id in the request is not valid.');
    if (!this.clientApproved) throw new Refusal(403, 'ACCESS_DENIED', 'This client id is not approved for the advertising API.');
    if (path === '/v2/profiles') return checked.user;
    const scope = header(req, 'amazon-advertising-api-scope');
    if (!scope && (op.headers.includes('Amazon-Advertising-API-Scope') || path.startsWith('/')))
      throw new Refusal(400, 'INVALID_ARGUMENT', 'Missing header: the profile scope header is required.');
    const profile = this.profiles.get(scope!);
    if (!profile || !profile.users.has(checked.user)) throw new Refusal(403, 'ACCESS_DENIED', `Not authorized to access scope ${scope}.`);
    return checked.user;
  }

  /** Media types, query and body of the published shape; the parsed body. */
  private checkRequest(req: IncomingMessage, op: Operation, url: URL, raw: string): unknown {
    const contentType = header(req, 'content-type')?.split(';')[0]!.trim();
    if (op.contentType && raw) {
      if (contentType?.toLowerCase() !== op.contentType.toLowerCase() || this.retiredMediaTypes.has(op.contentType))
        throw new Refusal(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          `Content-Type must be ${op.contentType}${this.retiredMediaTypes.has(op.contentType) ? ' (no longer served)' : ''}.`,
        );
    }
    const accept = (header(req, 'accept') ?? '').split(',').map((a) => a.split(';')[0]!.trim().toLowerCase());
    if (!accept.includes('*/*') && !op.accept.some((a) => accept.includes(a.toLowerCase())))
      throw new Refusal(406, 'NOT_ACCEPTABLE', `Accept must name ${op.accept.join(' or ')}.`);
    const query = queryProblems(op, url.searchParams);
    if (query.length) throw new Refusal(400, 'INVALID_ARGUMENT', query.join('; '));
    if (!op.body) return undefined;
    if (!raw) throw new Refusal(400, 'INVALID_ARGUMENT', 'The request body is missing.');
    let body: unknown;
    try {
      body = parseJson(raw);
    } catch {
      throw new Refusal(400, 'INVALID_ARGUMENT', 'The request body is not JSON.');
    }
    const problems = problemsOf(op.body, body, 'body');
    if (problems.length) throw new Refusal(400, 'INVALID_ARGUMENT', problems.join('; '));
    return body;
  }

  private dispatch(
    key: string,
    params: Record<string, string>,
    body: unknown,
    profile: FakeProfile | undefined,
    user: string,
    query: URLSearchParams,
    req: IncomingMessage,
  ): { status?: number; body: unknown } {
    if (key === 'GET /v2/profiles') return { body: [...this.profiles.values()].filter((p) => p.users.has(user)).map(profileWire) };
    const p = profile!;
    const [method, path] = key.split(' ') as [string, string];
    const b = body as Json;
    let m: RegExpExecArray | null;
    if ((m = /^\/sp\/(\w+?)(\/list|\/delete)?$/.exec(path)) && SP_RESOURCES[m[1]!] && path !== '/sp/targets/keywords/recommendations')
      return this.sp(p, m[1]!, m[2] ?? '', method, b, req);
    if (path === '/sp/targets/keywords/recommendations') return { body: this.recommendations(p, b) };
    if ((m = /^\/sb\/v4\/(\w+?)(\/list|\/delete|\/productCollection|\/video)?$/.exec(path)))
      return this.sb4(p, m[1]!, m[2] ?? '', method, b);
    if (path === '/sb/ads/creatives/list') return { body: this.creatives(p, b) };
    if (path.startsWith('/sb/ads/creatives/')) return { body: this.submitCreative(p, path.split('/').pop()!, b) };
    if (path === '/brands')
      return { body: [{ brandId: int('1234567'), brandEntityId: 'ENTITY1FAKEBRAND', brandRegistryName: 'Northwind' }] };
    if (path === '/sb/keywords' || path === '/sb/negativeKeywords')
      return this.sbKeywords(p, path === '/sb/keywords' ? 'keyword' : 'sbNegativeKeyword', method, b, query);
    if (path.startsWith('/sb/targets')) return this.sbTargets(p, method, path, b);
    if (path.startsWith('/sb/themes')) return this.sbThemes(p, method, path, b);
    if (path.startsWith('/sd/')) return this.sd(p, path.split('/')[2]!, method, b, query);
    if (path === '/assets/search') return { body: this.assets(p, b) };
    if (path === '/reporting/reports') return this.createReport(p, b);
    if (path.startsWith('/reporting/reports/')) return { body: this.reportStatus(p, params.reportId!) };
    throw new Refusal(404, 'NOT_FOUND', `No operation ${key}`);
  }

  // -------------------------------------------------------------------------------------------
  // Sponsored Products v3

  private spWire(r: Rec): Json {
    switch (r.kind) {
      case 'campaign':
        return {
          campaignId: r.id,
          name: r.name,
          state: r.state,
          targetingType: r.targetingType,
          budget: { budget: r.budget, budgetType: 'DAILY' },
          startDate: r.startDate,
          ...(r.endDate ? { endDate: r.endDate } : {}),
          dynamicBidding: {
            strategy: r.strategy,
            placementBidding: Object.entries(r.placements ?? {}).map(([placement, percentage]) => ({ placement, percentage })),
          },
        };
      case 'adGroup':
        return { adGroupId: r.id, campaignId: r.campaignId, name: r.name, state: r.state, defaultBid: r.defaultBid };
      case 'productAd':
        return {
          adId: r.id,
          campaignId: r.campaignId,
          adGroupId: r.adGroupId,
          ...(r.asin ? { asin: r.asin } : {}),
          ...(r.sku ? { sku: r.sku } : {}),
          state: r.state,
        };
      case 'keyword':
        return {
          keywordId: r.id,
          campaignId: r.campaignId,
          adGroupId: r.adGroupId,
          keywordText: r.keywordText,
          matchType: r.matchType,
          ...(r.bid !== undefined ? { bid: r.bid } : {}),
          state: r.state,
        };
      case 'negativeKeyword':
        return {
          keywordId: r.id,
          campaignId: r.campaignId,
          adGroupId: r.adGroupId,
          keywordText: r.keywordText,
          matchType: r.matchType,
          state: r.state,
        };
      case 'campaignNegativeKeyword':
        return { keywordId: r.id, campaignId: r.campaignId, keywordText: r.keywordText, matchType: r.matchType, state: r.state };
      default:
        return {
          targetId: r.id,
          campaignId: r.campaignId,
          adGroupId: r.adGroupId,
          expression: r.expression,
          resolvedExpression: r.expression,
          expressionType: r.expressionType,
          ...(r.bid !== undefined ? { bid: r.bid } : {}),
          state: r.state,
        };
    }
  }

  private sp(
    p: FakeProfile,
    name: string,
    suffix: string,
    method: string,
    b: Json,
    req: IncomingMessage,
  ): { status?: number; body: unknown } {
    const resource = SP_RESOURCES[name]!;
    const mine = () => [...p.recs.values()].filter((r) => r.ad === 'SP' && r.kind === resource.kind);
    if (suffix === '/list') {
      const states = (b.stateFilter as { include?: string[] } | undefined)?.include ?? ['ENABLED', 'PAUSED', 'ARCHIVED'];
      const ids = (b[resource.idFilter] as { include?: string[] } | undefined)?.include;
      const campaigns = (b.campaignIdFilter as { include?: string[] } | undefined)?.include;
      const all = mine().filter(
        (r) => states.includes(r.state) && (!ids || ids.includes(r.id)) && (!campaigns || campaigns.includes(r.campaignId ?? r.id)),
      );
      return {
        body: this.page(
          all.map((r) => this.spWire(r)),
          resource.key,
          b,
        ),
      };
    }
    const returnRepresentation = /return=representation/.test(String(req.headers.prefer ?? ''));
    const success: Json[] = [];
    const error: Json[] = [];
    if (suffix === '/delete') {
      const ids = ((b[resource.idFilter] as { include: string[] }).include ?? []).map(String);
      ids.forEach((id, index) => {
        const r = p.recs.get(id);
        if (!r || r.kind !== resource.kind || r.ad !== 'SP')
          return error.push(itemError(index, 'entityNotFoundError', 'ENTITY_NOT_FOUND', `No entity ${id}`));
        if (r.kind === 'target' && r.expressionType === 'AUTO')
          return error.push(
            itemError(
              index,
              'entityStateError',
              'AUTO_TARGETING_CLAUSE_CANNOT_BE_ARCHIVED_MANUALLY',
              'Automatic targeting clauses cannot be archived',
            ),
          );
        r.state = 'ARCHIVED';
        return success.push({
          index,
          [resource.successId]: id,
          ...(returnRepresentation ? { [resource.entityKey]: this.spWire(r) } : {}),
        });
      });
      return { body: { [resource.key]: { success, error } } };
    }
    const items = b[resource.key] as Json[];
    items.forEach((item, index) => {
      try {
        const r = method === 'POST' ? this.spCreate(p, resource.kind, item) : this.spUpdate(p, resource, item);
        success.push({ index, [resource.successId]: r.id, ...(returnRepresentation ? { [resource.entityKey]: this.spWire(r) } : {}) });
      } catch (err) {
        if (!(err instanceof ItemRefusal)) throw err;
        error.push(itemError(index, err.errorType, err.reason, err.message));
      }
    });
    return { body: { [resource.key]: { success, error } } };
  }

  private parent(p: FakeProfile, kind: Kind, id: unknown, ad: Ad): Rec {
    const parent = p.recs.get(idText(id));
    if (!parent || parent.kind !== kind || parent.ad !== ad)
      throw new ItemRefusal('parentEntityError', 'PARENT_ENTITY_NOT_FOUND', `No ${kind} ${idText(id)}`);
    if (parent.state === 'ARCHIVED')
      throw new ItemRefusal('parentEntityError', 'PARENT_ENTITY_ARCHIVED', `The ${kind} ${parent.id} is archived`);
    return parent;
  }

  private money(p: FakeProfile, kind: 'bid' | 'budget', value: unknown): number {
    const limits = LIMITS[p.currency];
    const amount = Number(value);
    if (!limits) return amount;
    const [min, max] = kind === 'bid' ? [limits.minBid, limits.maxBid] : [limits.minBudget, limits.maxBudget];
    if (amount < min)
      throw new ItemRefusal(
        kind === 'bid' ? 'biddingError' : 'budgetError',
        kind === 'bid' ? 'BID_OUT_OF_MARKET_PLACE_RANGE' : 'BUDGET_TOO_LOW',
        `The ${kind} ${amount} is below the minimum ${min} ${p.currency}`,
      );
    if (amount > max)
      throw new ItemRefusal(
        kind === 'bid' ? 'biddingError' : 'budgetError',
        kind === 'bid' ? 'BID_OUT_OF_MARKET_PLACE_RANGE' : 'BUDGET_TOO_HIGH',
        `The ${kind} ${amount} is above the maximum ${max} ${p.currency}`,
      );
    return amount;
  }

  private spCreate(p: FakeProfile, kind: Kind, item: Json): Rec {
    const state = item.state as Rec['state'];
    switch (kind) {
      case 'campaign': {
        if ([...p.recs.values()].some((r) => r.kind === 'campaign' && r.name === item.name))
          throw new ItemRefusal('duplicateValueError', 'NAME_NOT_UNIQUE', `A campaign named "${String(item.name)}" exists`);
        const budget = item.budget as { budget: number };
        const bidding = (item.dynamicBidding ?? {}) as {
          strategy?: string;
          placementBidding?: { placement: string; percentage: number }[];
        };
        return this.put(p.id, {
          kind,
          ad: 'SP',
          state,
          name: String(item.name),
          budget: this.money(p, 'budget', budget.budget),
          startDate: String(item.startDate ?? todayUtc()),
          ...(item.endDate ? { endDate: String(item.endDate) } : {}),
          targetingType: item.targetingType as 'AUTO',
          strategy: bidding.strategy ?? 'LEGACY_FOR_SALES',
          placements: Object.fromEntries((bidding.placementBidding ?? []).map((x) => [x.placement, x.percentage])),
        });
      }
      case 'adGroup':
        this.parent(p, 'campaign', item.campaignId, 'SP');
        return this.put(p.id, {
          kind,
          ad: 'SP',
          state,
          campaignId: String(item.campaignId),
          name: String(item.name),
          defaultBid: this.money(p, 'bid', item.defaultBid),
        });
      case 'productAd': {
        const group = this.parent(p, 'adGroup', item.adGroupId, 'SP');
        if (group.campaignId !== item.campaignId)
          throw new ItemRefusal('parentEntityError', 'PARENT_ENTITY_NOT_FOUND', 'The ad group is not in this campaign');
        if (p.type === 'seller' && !item.sku)
          throw new ItemRefusal('missingValueError', 'MISSING_VALUE', 'Seller profiles advertise a SKU');
        if (p.type === 'vendor' && (!item.asin || item.sku))
          throw new ItemRefusal('missingValueError', 'MISSING_VALUE', 'Vendor profiles advertise an ASIN');
        const known = [...p.recs.values()].find(
          (r) => r.kind === 'productAd' && (r.sku === item.sku || (!item.sku && r.asin === item.asin)),
        );
        return this.put(p.id, {
          kind,
          ad: 'SP',
          state,
          campaignId: group.campaignId,
          adGroupId: group.id,
          ...(item.sku ? { sku: String(item.sku), asin: known?.asin ?? 'B0FAKE9999' } : { asin: String(item.asin) }),
        });
      }
      case 'keyword':
      case 'negativeKeyword': {
        const group = this.parent(p, 'adGroup', item.adGroupId, 'SP');
        const campaign = p.recs.get(group.campaignId!)!;
        if (kind === 'keyword' && campaign.targetingType === 'AUTO')
          throw new ItemRefusal('otherError', 'OTHER_ERROR', 'Keywords cannot be added to an automatic-targeting campaign');
        if (
          [...p.recs.values()].some(
            (r) =>
              r.kind === kind &&
              r.adGroupId === group.id &&
              r.state !== 'ARCHIVED' &&
              r.keywordText === item.keywordText &&
              r.matchType === item.matchType,
          )
        )
          throw new ItemRefusal(
            'duplicateValueError',
            'DUPLICATE_VALUE',
            `"${String(item.keywordText)}" (${String(item.matchType)}) exists in this ad group`,
          );
        return this.put(p.id, {
          kind,
          ad: 'SP',
          state,
          campaignId: group.campaignId,
          adGroupId: group.id,
          keywordText: String(item.keywordText),
          matchType: String(item.matchType),
          ...(item.bid !== undefined ? { bid: this.money(p, 'bid', item.bid) } : {}),
        });
      }
      case 'campaignNegativeKeyword': {
        const campaign = this.parent(p, 'campaign', item.campaignId, 'SP');
        return this.put(p.id, {
          kind,
          ad: 'SP',
          state,
          campaignId: campaign.id,
          keywordText: String(item.keywordText),
          matchType: String(item.matchType),
        });
      }
      default: {
        const group = this.parent(p, 'adGroup', item.adGroupId, 'SP');
        return this.put(p.id, {
          kind,
          ad: 'SP',
          state,
          campaignId: group.campaignId,
          adGroupId: group.id,
          expression: item.expression as Json[],
          expressionType: 'MANUAL',
          ...(item.bid !== undefined ? { bid: this.money(p, 'bid', item.bid) } : {}),
        });
      }
    }
  }

  private spUpdate(p: FakeProfile, resource: (typeof SP_RESOURCES)[string], item: Json): Rec {
    const id = String(item[resource.idKey]);
    const r = p.recs.get(id);
    if (!r || r.kind !== resource.kind || r.ad !== 'SP')
      throw new ItemRefusal('entityNotFoundError', 'ENTITY_NOT_FOUND', `No entity ${id}`);
    if (r.state === 'ARCHIVED')
      throw new ItemRefusal('entityStateError', 'ARCHIVED_ENTITY_CANNOT_BE_MODIFIED', `The entity ${id} is archived`);
    if (item.state !== undefined) r.state = item.state as Rec['state'];
    if (item.name !== undefined) r.name = String(item.name);
    if (item.bid !== undefined) r.bid = this.money(p, 'bid', item.bid);
    if (item.defaultBid !== undefined) r.defaultBid = this.money(p, 'bid', item.defaultBid);
    if (item.budget !== undefined) r.budget = this.money(p, 'budget', (item.budget as { budget: number }).budget);
    if (item.endDate !== undefined) r.endDate = item.endDate === null ? undefined : String(item.endDate);
    const bidding = item.dynamicBidding as
      { strategy?: string; placementBidding?: { placement: string; percentage: number }[] } | undefined;
    if (bidding?.strategy) r.strategy = bidding.strategy;
    if (bidding?.placementBidding)
      for (const x of bidding.placementBidding) r.placements = { ...r.placements, [x.placement]: x.percentage };
    return r;
  }

  /** One page of a nextToken search. */
  private page(all: Json[], key: string, b: Json): Json {
    const offset = b.nextToken ? Number(Buffer.from(String(b.nextToken), 'base64url').toString('utf8')) : 0;
    const size = Math.min(this.tokenPageSize, typeof b.maxResults === 'number' ? b.maxResults : this.tokenPageSize);
    const page = all.slice(offset, offset + size);
    const next = offset + size < all.length ? Buffer.from(String(offset + size), 'utf8').toString('base64url') : undefined;
    return { [key]: page, totalResults: all.length, ...(next ? { nextToken: next } : {}) };
  }

  private recommendations(p: FakeProfile, b: Json): Json[] {
    let asins: string[];
    if (b.recommendationType === 'KEYWORDS_FOR_ADGROUP') {
      const group = p.recs.get(String(b.adGroupId));
      if (!group || group.kind !== 'adGroup' || group.campaignId !== b.campaignId)
        throw new Refusal(400, 'INVALID_ARGUMENT', 'adGroupId and campaignId do not name an ad group');
      asins = [...p.recs.values()].filter((r) => r.kind === 'productAd' && r.adGroupId === group.id).map((r) => r.asin ?? '');
    } else asins = b.asins as string[];
    const max = Number(b.maxRecommendations ?? 100);
    const words = asins.flatMap((a) => [`trail ${a.slice(-2)}`, `hiking gear ${a.slice(-2)}`]);
    return words.slice(0, max).map((keyword, i) => ({
      keyword,
      matchType: ['EXACT', 'PHRASE', 'BROAD'][i % 3],
      rank: i + 1,
      bid: 125,
      suggestedBid: { rangeStart: 0.85, rangeEnd: 1.65, suggested: 1.25 },
    }));
  }

  // -------------------------------------------------------------------------------------------
  // Sponsored Brands v4 and creatives

  private sbWire(r: Rec): Json {
    if (r.kind === 'campaign')
      return {
        campaignId: r.id,
        name: r.name,
        state: r.state,
        budget: r.budget,
        budgetType: 'DAILY',
        startDate: r.startDate,
        costType: 'CPC',
        ...(r.endDate ? { endDate: r.endDate } : {}),
        ...(r.brandEntityId ? { brandEntityId: r.brandEntityId } : {}),
      };
    if (r.kind === 'adGroup') return { adGroupId: r.id, campaignId: r.campaignId, name: r.name, state: r.state };
    return {
      adId: r.id,
      campaignId: r.campaignId,
      adGroupId: r.adGroupId,
      name: r.name,
      state: r.state,
      creative: { ...r.creative, creativeVersion: String(r.versions?.at(-1)?.version ?? 1) },
      landingPage: r.landingPage,
    };
  }

  private sb4(p: FakeProfile, name: string, suffix: string, method: string, b: Json): { body: unknown } {
    const resource = SB4_RESOURCES[name];
    if (!resource) throw new Refusal(404, 'NOT_FOUND', `No operation on ${name}`);
    const mine = () => [...p.recs.values()].filter((r) => r.ad === 'SB' && r.kind === resource.kind);
    if (suffix === '/list') {
      const states = (b.stateFilter as { include?: string[] } | undefined)?.include ?? ['ENABLED', 'PAUSED'];
      return {
        body: this.page(
          mine()
            .filter((r) => states.includes(r.state))
            .map((r) => this.sbWire(r)),
          resource.key,
          b,
        ),
      };
    }
    const success: Json[] = [];
    const error: Json[] = [];
    if (suffix === '/delete') {
      ((b[resource.idFilter] as { include: string[] }).include ?? []).forEach((id, index) => {
        const r = p.recs.get(String(id));
        if (!r || r.kind !== resource.kind)
          return error.push(itemError(index, 'entityNotFoundError', 'ENTITY_NOT_FOUND', `No entity ${String(id)}`));
        r.state = 'ARCHIVED';
        return success.push({ index, [resource.idKey]: r.id });
      });
      return { body: { [resource.key]: { success, error } } };
    }
    (b[resource.key] as Json[]).forEach((item, index) => {
      try {
        const r = method === 'POST' ? this.sbCreate(p, resource.kind, suffix, item) : this.sbUpdate(p, resource, item);
        success.push({ index, [resource.idKey]: r.id, [resource.entityKey]: this.sbWire(r) });
      } catch (err) {
        if (!(err instanceof ItemRefusal)) throw err;
        error.push(itemError(index, err.errorType, err.reason, err.message));
      }
    });
    return { body: { [resource.key]: { success, error } } };
  }

  private sbCreate(p: FakeProfile, kind: Kind, suffix: string, item: Json): Rec {
    const state = item.state as Rec['state'];
    if (kind === 'campaign') {
      if ([...p.recs.values()].some((r) => r.kind === 'campaign' && r.name === item.name))
        throw new ItemRefusal('duplicateValueError', 'NAME_NOT_UNIQUE', `A campaign named "${String(item.name)}" exists`);
      if (p.type === 'seller' && !item.brandEntityId)
        throw new ItemRefusal('missingValueError', 'MISSING_VALUE', 'Seller profiles name the brand (brandEntityId)');
      return this.put(p.id, {
        kind,
        ad: 'SB',
        state,
        name: String(item.name),
        budget: this.money(p, 'budget', item.budget),
        startDate: String(item.startDate ?? todayUtc()),
        ...(item.endDate ? { endDate: String(item.endDate) } : {}),
        ...(item.brandEntityId ? { brandEntityId: String(item.brandEntityId) } : {}),
      });
    }
    if (kind === 'adGroup') {
      const campaign = this.parent(p, 'campaign', item.campaignId, 'SB');
      return this.put(p.id, { kind, ad: 'SB', state, campaignId: campaign.id, name: String(item.name) });
    }
    const group = this.parent(p, 'adGroup', item.adGroupId, 'SB');
    const creative = { ...(item.creative as Json), type: suffix === '/video' ? 'VIDEO' : 'PRODUCT_COLLECTION' };
    return this.put(p.id, {
      kind,
      ad: 'SB',
      state,
      campaignId: group.campaignId,
      adGroupId: group.id,
      name: String(item.name),
      creative,
      landingPage: item.landingPage as Json,
      versions: [{ version: 1, status: 'SUBMITTED_FOR_MODERATION', at: Date.now(), properties: creative }],
    });
  }

  private sbUpdate(p: FakeProfile, resource: (typeof SB4_RESOURCES)[string], item: Json): Rec {
    const r = p.recs.get(String(item[resource.idKey]));
    if (!r || r.kind !== resource.kind || r.ad !== 'SB')
      throw new ItemRefusal('entityNotFoundError', 'ENTITY_NOT_FOUND', `No entity ${String(item[resource.idKey])}`);
    if (r.state === 'ARCHIVED')
      throw new ItemRefusal('entityStateError', 'ARCHIVED_ENTITY_CANNOT_BE_MODIFIED', `The entity ${r.id} is archived`);
    if (item.state !== undefined) r.state = item.state as Rec['state'];
    if (item.name !== undefined) r.name = String(item.name);
    if (item.budget !== undefined) r.budget = this.money(p, 'budget', item.budget);
    if (item.endDate !== undefined) r.endDate = String(item.endDate);
    return r;
  }

  private creatives(p: FakeProfile, b: Json): Json {
    const ad = p.recs.get(String(b.adId));
    if (!ad || ad.kind !== 'sbAd') throw new Refusal(404, 'NOT_FOUND', `Ad ${String(b.adId)} not found`);
    const entries = (ad.versions ?? []).map((v) => ({
      adId: ad.id,
      creativeVersion: String(v.version),
      creativeStatus: v.status,
      creativeType: ad.creative?.type,
      creationTime: v.at,
      lastUpdateTime: v.at,
      creativeProperties: v.properties,
    }));
    return this.page(entries, 'creatives', b);
  }

  private submitCreative(p: FakeProfile, type: string, b: Json): Json {
    const ad = p.recs.get(String(b.adId));
    if (!ad || ad.kind !== 'sbAd') throw new Refusal(404, 'NOT_FOUND', `Ad ${String(b.adId)} not found`);
    if (ad.state === 'ARCHIVED') throw new Refusal(400, 'INVALID_ARGUMENT', 'The ad is archived');
    const version = (ad.versions?.at(-1)?.version ?? 0) + 1;
    ad.versions = [
      ...(ad.versions ?? []),
      { version, status: 'SUBMITTED_FOR_MODERATION', at: Date.now(), properties: { ...(b.creative as Json), type } },
    ];
    return { adId: ad.id, creativeVersion: String(version) };
  }

  // -------------------------------------------------------------------------------------------
  // Sponsored Brands v3: keywords, negative keywords, targets, themes (integer ids, lowercase states)

  private sbKeywordWire(r: Rec): Json {
    return {
      keywordId: int(r.id),
      adGroupId: int(r.adGroupId!),
      campaignId: int(r.campaignId!),
      keywordText: r.keywordText,
      matchType: r.matchType,
      state: r.state.toLowerCase(),
      ...(r.kind === 'keyword' && r.bid !== undefined ? { bid: r.bid } : {}),
    };
  }

  private sbKeywords(p: FakeProfile, kind: Kind, method: string, b: Json, query: URLSearchParams): { status?: number; body: unknown } {
    if (method === 'GET') {
      const states = (query.get('stateFilter') ?? (kind === 'keyword' ? 'enabled,paused' : 'enabled')).split(',');
      const all = [...p.recs.values()].filter((r) => r.kind === kind && r.ad === 'SB' && states.includes(r.state.toLowerCase()));
      const start = Number(query.get('startIndex') ?? 0);
      const count = Number(query.get('count') ?? 5000);
      if (count > 5000) throw new Refusal(400, 'INVALID_ARGUMENT', 'count may be at most 5000');
      return { body: all.slice(start, start + count).map((r) => this.sbKeywordWire(r)) };
    }
    const items = b as unknown as Json[];
    const results = items.map((item) => {
      try {
        let r: Rec;
        if (method === 'POST') {
          const group = this.parent(p, 'adGroup', item.adGroupId, 'SB');
          if (idText(item.campaignId) !== group.campaignId)
            throw new ItemRefusal('parentEntityError', 'INVALID_ARGUMENT', 'The ad group is not in this campaign');
          if (
            [...p.recs.values()].some(
              (x) =>
                x.kind === kind &&
                x.adGroupId === group.id &&
                x.state !== 'ARCHIVED' &&
                x.keywordText === item.keywordText &&
                x.matchType === item.matchType,
            )
          )
            throw new ItemRefusal('duplicateValueError', 'DUPLICATE_VALUE', 'The keyword exists in this ad group');
          r = this.put(p.id, {
            kind,
            ad: 'SB',
            state: 'ENABLED',
            campaignId: group.campaignId,
            adGroupId: group.id,
            keywordText: String(item.keywordText),
            matchType: String(item.matchType),
            ...(kind === 'keyword' ? { bid: item.bid === undefined ? 1 : this.money(p, 'bid', item.bid) } : {}),
          });
        } else {
          const found = p.recs.get(idText(item.keywordId));
          if (!found || found.kind !== kind)
            throw new ItemRefusal('entityNotFoundError', 'NOT_FOUND', `No keyword ${idText(item.keywordId)}`);
          if (found.state === 'ARCHIVED')
            throw new ItemRefusal('entityStateError', 'INVALID_ARGUMENT', 'Archived keywords cannot be changed');
          if (item.state !== undefined) found.state = String(item.state).toUpperCase() as Rec['state'];
          if (item.bid !== undefined) found.bid = this.money(p, 'bid', item.bid);
          r = found;
        }
        return { code: 'SUCCESS', keywordId: int(r.id) };
      } catch (err) {
        if (!(err instanceof ItemRefusal)) throw err;
        return { code: err.reason, description: err.message };
      }
    });
    return { status: 207, body: results };
  }

  private sbTargets(p: FakeProfile, method: string, path: string, b: Json): { body: unknown } {
    const wire = (r: Rec) => ({
      targetId: int(r.id),
      adGroupId: int(r.adGroupId!),
      campaignId: int(r.campaignId!),
      expressions: r.expression,
      resolvedExpressions: r.expression,
      state: r.state.toLowerCase(),
      bid: r.bid,
    });
    if (path === '/sb/targets/list') {
      const stateFilter = (b.filters as { filterType: string; values: string[] }[] | undefined)?.find(
        (f) => f.filterType === 'TARGETING_STATE',
      )?.values ?? ['enabled', 'paused'];
      const all = [...p.recs.values()].filter((r) => r.kind === 'target' && r.ad === 'SB' && stateFilter.includes(r.state.toLowerCase()));
      return { body: this.page(all.map(wire), 'targets', b) };
    }
    const ok: Json[] = [];
    const bad: Json[] = [];
    (b.targets as Json[]).forEach((item, index) => {
      try {
        if (method === 'POST') {
          const group = this.parent(p, 'adGroup', item.adGroupId, 'SB');
          const r = this.put(p.id, {
            kind: 'target',
            ad: 'SB',
            state: 'ENABLED',
            campaignId: group.campaignId,
            adGroupId: group.id,
            expressionType: 'MANUAL',
            expression: item.expressions as Json[],
            bid: item.bid === undefined ? 1 : this.money(p, 'bid', item.bid),
          });
          ok.push({ targetId: int(r.id), targetRequestIndex: index });
        } else {
          const r = p.recs.get(idText(item.targetId));
          if (!r || r.kind !== 'target' || r.ad !== 'SB')
            throw new ItemRefusal('entityNotFoundError', 'NOT_FOUND', `No target ${idText(item.targetId)}`);
          if (r.state === 'ARCHIVED') throw new ItemRefusal('entityStateError', 'INVALID_ARGUMENT', 'Archived targets cannot be changed');
          if (item.state !== undefined) r.state = String(item.state).toUpperCase() as Rec['state'];
          if (item.bid !== undefined) r.bid = this.money(p, 'bid', item.bid);
          ok.push({ targetId: int(r.id), targetRequestIndex: index });
        }
      } catch (err) {
        if (!(err instanceof ItemRefusal)) throw err;
        bad.push({ code: err.reason, details: err.message, targetRequestIndex: index });
      }
    });
    return method === 'POST'
      ? { body: { createTargetSuccessResults: ok, createTargetErrorResults: bad } }
      : { body: { updateTargetSuccessResults: ok, updateTargetErrorResults: bad } };
  }

  private sbThemes(p: FakeProfile, method: string, path: string, b: Json): { body: unknown } {
    const wire = (r: Rec) => ({
      themeId: r.id,
      adGroupId: r.adGroupId,
      campaignId: r.campaignId,
      themeType: r.themeType,
      state: r.state.toLowerCase(),
      bid: r.bid,
    });
    if (path === '/sb/themes/list')
      return { body: this.page([...p.recs.values()].filter((r) => r.kind === 'theme').map(wire), 'themes', b) };
    const success: Json[] = [];
    const error: Json[] = [];
    (b.themes as Json[]).forEach((item, index) => {
      try {
        if (method === 'POST') {
          const group = this.parent(p, 'adGroup', item.adGroupId, 'SB');
          if (
            [...p.recs.values()].some(
              (r) => r.kind === 'theme' && r.adGroupId === group.id && r.themeType === item.themeType && r.state !== 'ARCHIVED',
            )
          )
            throw new ItemRefusal('duplicateValueError', 'DUPLICATE_VALUE', 'The ad group has this theme');
          const r = this.put(p.id, {
            kind: 'theme',
            ad: 'SB',
            state: 'ENABLED',
            campaignId: group.campaignId,
            adGroupId: group.id,
            themeType: String(item.themeType),
            bid: this.money(p, 'bid', item.bid),
          });
          success.push({ index, themeId: r.id });
        } else {
          const r = p.recs.get(String(item.themeId));
          if (!r || r.kind !== 'theme') throw new ItemRefusal('entityNotFoundError', 'NOT_FOUND', `No theme ${String(item.themeId)}`);
          if (item.state !== undefined) r.state = String(item.state).toUpperCase() as Rec['state'];
          if (item.bid !== undefined) r.bid = this.money(p, 'bid', item.bid);
          success.push({ index, themeId: r.id });
        }
      } catch (err) {
        if (!(err instanceof ItemRefusal)) throw err;
        error.push({ index, code: err.reason, details: err.message });
      }
    });
    return { body: { success, error } };
  }

  // -------------------------------------------------------------------------------------------
  // Sponsored Display

  private sdWire(r: Rec): Json {
    const compact = (d?: string) => d?.replace(/-/g, '');
    const ids = { ...(r.campaignId ? { campaignId: int(r.campaignId) } : {}), ...(r.adGroupId ? { adGroupId: int(r.adGroupId) } : {}) };
    const state = r.state.toLowerCase();
    if (r.kind === 'campaign')
      return {
        campaignId: int(r.id),
        name: r.name,
        tactic: r.tactic,
        state,
        budget: r.budget,
        budgetType: 'daily',
        startDate: compact(r.startDate),
        ...(r.endDate ? { endDate: compact(r.endDate) } : {}),
        costType: 'cpc',
      };
    if (r.kind === 'adGroup') return { adGroupId: int(r.id), ...ids, name: r.name, state, defaultBid: r.defaultBid, tactic: 'T00020' };
    if (r.kind === 'productAd')
      return { adId: int(r.id), ...ids, ...(r.asin ? { asin: r.asin } : {}), ...(r.sku ? { sku: r.sku } : {}), state };
    return {
      targetId: int(r.id),
      ...ids,
      expressionType: 'manual',
      expression: r.expression,
      resolvedExpression: r.expression,
      bid: r.bid,
      state,
    };
  }

  private sd(p: FakeProfile, name: string, method: string, b: Json, query: URLSearchParams): { status?: number; body: unknown } {
    const kind = ({ campaigns: 'campaign', adGroups: 'adGroup', productAds: 'productAd', targets: 'target' } as Record<string, Kind>)[
      name
    ]!;
    const idKey = ({ campaign: 'campaignId', adGroup: 'adGroupId', productAd: 'adId', target: 'targetId' } as Record<string, string>)[
      kind
    ]!;
    if (method === 'GET') {
      const states = (query.get('stateFilter') ?? 'enabled,paused').split(',');
      const all = [...p.recs.values()].filter((r) => r.kind === kind && r.ad === 'SD' && states.includes(r.state.toLowerCase()));
      const start = Number(query.get('startIndex') ?? 0);
      const count = Number(query.get('count') ?? 100);
      if (count > 100) throw new Refusal(400, 'INVALID_ARGUMENT', 'count may be at most 100');
      return { body: all.slice(start, start + count).map((r) => this.sdWire(r)) };
    }
    const results = (b as unknown as Json[]).map((item) => {
      try {
        let r: Rec;
        if (method === 'POST') r = this.sdCreate(p, kind, item);
        else {
          const found = p.recs.get(idText(item[idKey]));
          if (!found || found.kind !== kind || found.ad !== 'SD')
            throw new ItemRefusal('entityNotFoundError', 'NOT_FOUND', `No ${kind} ${idText(item[idKey])}`);
          if (found.state === 'ARCHIVED')
            throw new ItemRefusal('entityStateError', 'INVALID_ARGUMENT', 'Archived entities cannot be changed');
          if (item.state !== undefined) found.state = String(item.state).toUpperCase() as Rec['state'];
          if (item.name !== undefined) found.name = String(item.name);
          if (item.bid !== undefined) found.bid = this.money(p, 'bid', item.bid);
          if (item.defaultBid !== undefined) found.defaultBid = this.money(p, 'bid', item.defaultBid);
          if (item.budget !== undefined) found.budget = this.money(p, 'budget', item.budget);
          if (item.endDate !== undefined)
            found.endDate = item.endDate === null ? undefined : String(item.endDate).replace(/(\d{4})(\d{2})(\d{2})/, '$1-$2-$3');
          r = found;
        }
        return { code: 'SUCCESS', [idKey]: int(r.id) };
      } catch (err) {
        if (!(err instanceof ItemRefusal)) throw err;
        return { code: err.reason, description: err.message };
      }
    });
    return { status: 207, body: results };
  }

  private sdCreate(p: FakeProfile, kind: Kind, item: Json): Rec {
    const state = String(item.state ?? 'enabled').toUpperCase() as Rec['state'];
    const iso = (d: unknown) => String(d).replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');
    if (kind === 'campaign') {
      if (!/^\d{8}$/.test(String(item.startDate)))
        throw new ItemRefusal('malformedValueError', 'INVALID_ARGUMENT', 'startDate must be YYYYMMDD');
      return this.put(p.id, {
        kind,
        ad: 'SD',
        state,
        name: String(item.name),
        tactic: String(item.tactic),
        budget: this.money(p, 'budget', item.budget),
        startDate: iso(item.startDate),
        ...(item.endDate ? { endDate: iso(item.endDate) } : {}),
      });
    }
    if (kind === 'adGroup') {
      const campaign = this.parent(p, 'campaign', item.campaignId, 'SD');
      return this.put(p.id, {
        kind,
        ad: 'SD',
        state,
        campaignId: campaign.id,
        name: String(item.name),
        defaultBid: this.money(p, 'bid', item.defaultBid),
      });
    }
    const group = this.parent(p, 'adGroup', item.adGroupId, 'SD');
    if (kind === 'productAd') {
      if (p.type === 'seller' && !item.sku)
        throw new ItemRefusal('missingValueError', 'INVALID_ARGUMENT', 'Seller profiles advertise a SKU');
      return this.put(p.id, {
        kind,
        ad: 'SD',
        state,
        campaignId: group.campaignId,
        adGroupId: group.id,
        ...(item.sku ? { sku: String(item.sku), asin: 'B0FAKE9998' } : { asin: String(item.asin) }),
      });
    }
    return this.put(p.id, {
      kind,
      ad: 'SD',
      state,
      campaignId: group.campaignId,
      adGroupId: group.id,
      expressionType: 'MANUAL',
      expression: item.expression as Json[],
      bid: this.money(p, 'bid', item.bid),
    });
  }

  // -------------------------------------------------------------------------------------------
  // Assets and reports

  private assets(p: FakeProfile, b: Json): Json {
    const all = [...p.recs.values()].filter((r) => r.kind === 'asset');
    const page = (b.pageCriteria ?? {}) as { size?: number; identifier?: { token?: string } };
    const offset = page.identifier?.token ? Number(page.identifier.token) : 0;
    const size = Math.min(page.size ?? 25, this.tokenPageSize);
    return {
      totalRecords: all.length,
      assetList: all.slice(offset, offset + size).map((r) => ({
        assetId: r.id,
        name: r.name,
        assetType: r.assetType,
        assetSubTypes: [r.assetSubType],
        tags: [],
        status: 'ACTIVE',
        creationTime: Date.parse('2026-01-15T10:00:00Z'),
        fileMetadata:
          r.assetType === 'VIDEO'
            ? { contentType: 'mp4', fileSize: 24_117_248, resolutionWidth: 1920, resolutionHeight: 1080 }
            : { contentType: 'png', fileSize: 182_344, resolutionWidth: 600, resolutionHeight: 600 },
        storageLocationUrls: { defaultUrl: `https://assets.example.com/${r.id}` },
      })),
      ...(offset + size < all.length ? { token: String(offset + size) } : {}),
    };
  }

  /** What the report rows are made of: the profile's keywords and targets, and its products. */
  private source(p: FakeProfile) {
    const recs = [...p.recs.values()];
    const campaign = (id?: string) => recs.find((r) => r.id === id && r.kind === 'campaign')!;
    const group = (id?: string) => recs.find((r) => r.id === id && r.kind === 'adGroup')!;
    return {
      currency: p.currency,
      leaves: (): LeafFacts[] =>
        recs
          .filter((r) => (r.kind === 'keyword' || r.kind === 'target') && r.state !== 'ARCHIVED')
          .map((r) => {
            const c = campaign(r.campaignId);
            const text =
              r.kind === 'keyword'
                ? r.keywordText!
                : (r.expression ?? [])
                    .map((e) =>
                      e.value === undefined
                        ? String(e.type)
                        : `${String(e.type)}=${typeof e.value === 'string' ? e.value : JSON.stringify(e.value)}`,
                    )
                    .join(' ');
            return {
              id: r.id,
              ad: r.ad,
              campaignId: c.id,
              campaignName: c.name!,
              campaignState: c.state,
              campaignBudget: c.budget!,
              campaignStart: c.startDate!,
              adGroupId: r.adGroupId!,
              adGroupName: group(r.adGroupId).name!,
              text,
              matchType: r.kind === 'keyword' ? r.matchType!.toUpperCase() : undefined,
              keywordType:
                r.kind === 'keyword'
                  ? (r.matchType!.toUpperCase() as LeafFacts['keywordType'])
                  : r.expressionType === 'AUTO'
                    ? 'TARGETING_EXPRESSION_PREDEFINED'
                    : 'TARGETING_EXPRESSION',
              state: r.state,
              bid: r.bid ?? group(r.adGroupId).defaultBid ?? 0,
            };
          }),
      products: (): ProductFacts[] =>
        recs
          .filter((r) => r.kind === 'productAd')
          .map((r) => ({
            id: r.id,
            ad: r.ad,
            campaignId: r.campaignId!,
            adGroupId: r.adGroupId!,
            asin: r.asin ?? '',
            ...(r.sku ? { sku: r.sku } : {}),
          })),
    };
  }

  private createReport(p: FakeProfile, b: Json): { body: unknown } {
    const request = b as unknown as FakeReport['request'];
    try {
      checkReportRequest(request);
    } catch (err) {
      if (err instanceof ReportRefusal) throw new Refusal(err.status, String(err.status), err.message);
      throw err;
    }
    const duplicate = [...p.reports.values()].find(
      (r) => r.key === JSON.stringify(request) && r.status !== 'COMPLETED' && r.status !== 'FAILED',
    );
    if (duplicate) throw new Refusal(425, '425', `The Request is a duplicate of : ${duplicate.id}`);
    const report = newReport(request);
    p.reports.set(report.id, report);
    return { body: { reportId: report.id, status: report.status, createdAt: report.createdAt, configuration: request.configuration } };
  }

  private reportStatus(p: FakeProfile, id: string): Json {
    const report = p.reports.get(id);
    if (!report) throw new Refusal(404, '404', `Report ${id} not found`);
    if (report.status !== 'COMPLETED') {
      report.polls++;
      if (report.polls > this.reportPolls) {
        report.status = 'COMPLETED';
        report.file = reportFile(reportRows(this.source(p), report.request), writeJson);
      } else report.status = 'PROCESSING';
    }
    return {
      reportId: report.id,
      status: report.status,
      startDate: report.request.startDate,
      endDate: report.request.endDate,
      configuration: report.request.configuration,
      createdAt: report.createdAt,
      updatedAt: new Date().toISOString(),
      ...(report.status === 'COMPLETED'
        ? {
            url: `${this.url}/files/${report.id}`,
            fileSize: report.file!.length,
            urlExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          }
        : {}),
    };
  }

  /** The report file: a pre-signed address, so a request that also carries credentials is refused. */
  private download(id: string, req: IncomingMessage, res: ServerResponse): void {
    const authorization = Boolean(req.headers.authorization);
    const report = [...this.profiles.values()].map((p) => p.reports.get(id)).find(Boolean);
    const status = authorization ? 400 : report?.file ? 200 : 404;
    this.downloads.push({ authorization, status });
    if (status !== 200) {
      res
        .writeHead(status, { 'Content-Type': 'application/xml' })
        .end(
          authorization
            ? '<Error><Code>InvalidArgument</Code><Message>Only one auth mechanism allowed</Message></Error>'
            : '<Error><Code>NoSuchKey</Code></Error>',
        );
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(report!.file);
  }
}

/** A refusal of one item of a batch (its error type and reason as the platform names them). */
class ItemRefusal extends Error {
  constructor(
    readonly errorType: string,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function familyOf(path: string): 'sp' | 'sb4' | 'reports' | 'other' {
  if (path.startsWith('/sp/')) return 'sp';
  if (path.startsWith('/sb/v4/') || path.startsWith('/sb/ads/creatives')) return 'sb4';
  if (path.startsWith('/reporting/')) return 'reports';
  return 'other';
}

function safeParse(raw: string): unknown {
  try {
    return parseJson(raw);
  } catch {
    return raw;
  }
}

function profileWire(p: FakeProfile): Json {
  return {
    profileId: int(p.id),
    countryCode: p.countryCode,
    currencyCode: p.currency,
    dailyBudget: 999999999,
    timezone: p.timezone,
    accountInfo: { marketplaceStringId: p.marketplace, id: `A${p.id.slice(-10)}`, type: p.type, name: p.name, validPaymentMethod: true },
  };
}
