/**
 * A fake of the short-video platform's Business API (v1.3) on 127.0.0.1, written from its public
 * reference and official SDK: a real HTTP server with its own state that answers as the platform does,
 * HTTP 200 with `{ code, message, request_id, data }` (a non-zero code is the error), and refuses what
 * the platform refuses:
 * - a missing `Access-Token` (40104), an unknown or revoked token (40105), an expired one (40102), a
 *   token that does not reach the advertiser (40001), an unapproved app (40113, `appState`);
 * - another API version than v1.3 (40051), an unknown path (40400);
 * - query parameters and body fields that the published definitions do not list (40002), generated
 *   from the SDK into shortvideo-fields.json (scripts/shortvideo-fields.ts); JSON-encoded query
 *   values (`filtering`, `fields`, lists) that are not JSON of the right shape; a POST body that is
 *   not `application/json`;
 * - bad enums (objective_type from the published enum; budget modes, operation statuses, report
 *   levels and types), money sent as a string or with more decimals than the currency has, budgets
 *   below the platform's minimums, page sizes over each endpoint's limit, report windows over 30
 *   days (synchronous) or 365 days (report tasks);
 * It serves every page (`page` / `page_size`, `page_info`), deduplicates creates by `request_id`,
 * sends changed creatives back to review, rate-limits (40100, with or without Retry-After; also its
 * own per-minute limit), can fail (code 50000) or hang, revokes and expires tokens, issues expiring
 * tokens with refresh tokens when told, runs asynchronous report tasks whose files it serves, and
 * answers per-item results in status updates. Delivery figures come from its own deterministic model
 * per ad and day, summed up the hierarchy in whole minor units, so levels add up exactly.
 *
 * Endpoints the SDK does not define (image search, instant pages, report task download, token
 * refresh) take the fields their reference pages list, typed below.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import generated from './shortvideo-fields.json';
import { TARGETING_CATALOG } from '../../platforms/shortvideo/targeting-catalog';

type Json = Record<string, any>;

const VERSION = 'v1.3';
const DAY_MS = 86_400_000;

/** Fields of endpoints the SDK does not define, from their reference pages. */
const EXTRA_ENDPOINTS: Record<string, { query?: string[]; body?: string[] }> = {
  'GET /file/image/ad/search/': { query: ['advertiser_id', 'filtering', 'page', 'page_size'] },
  'GET /page/get/': { query: ['advertiser_id', 'business_type', 'page', 'page_size', 'filtering'] },
  'GET /report/task/download/': { query: ['advertiser_id', 'task_id'] },
  'POST /oauth2/refresh_token/': { body: ['app_id', 'secret', 'refresh_token', 'grant_type'] },
};
/** Largest page_size per list endpoint. */
const PAGE_LIMIT: Record<string, number> = {
  '/campaign/get/': 1000,
  '/adgroup/get/': 1000,
  '/ad/get/': 1000,
  '/identity/get/': 100,
  '/file/video/ad/search/': 100,
  '/file/image/ad/search/': 100,
  '/pixel/list/': 20,
  '/dmp/custom_audience/list/': 100,
  '/page/get/': 100,
  '/report/integrated/get/': 1000,
  '/creative/portfolio/list/': 100,
};
/** Query values the platform reads as JSON: lists, and objects. */
const JSON_LISTS = new Set([
  'advertiser_ids',
  'fields',
  'video_ids',
  'image_ids',
  'dimensions',
  'metrics',
  'placements',
  'custom_audience_ids',
]);
const JSON_OBJECTS = new Set(['filtering']);
const BUDGET_MODES = ['BUDGET_MODE_DAY', 'BUDGET_MODE_TOTAL', 'BUDGET_MODE_INFINITE'];
/** The platform's minimum daily budgets (campaign, ad group) per currency. */
const MIN_DAILY: Record<string, [number, number]> = { USD: [50, 20], EUR: [50, 20], GBP: [50, 20], JPY: [5000, 2000] };
const DIGITS: Record<string, number> = { USD: 2, EUR: 2, GBP: 2, JPY: 0 };
const REPORT_METRICS = new Set([
  'spend',
  'impressions',
  'clicks',
  'conversion',
  'total_complete_payment_rate',
  'video_play_actions',
  'video_watched_2s',
  'video_watched_6s',
  'video_views_p100',
  'likes',
  'comments',
  'shares',
  'follows',
  'reach',
  'frequency',
]);
/** Ad fields whose change sends the ad back to review. */
const REVIEWED = [
  'ad_text',
  'video_id',
  'image_ids',
  'call_to_action',
  'landing_page_url',
  'display_name',
  'identity_id',
  'tiktok_item_id',
];

class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = {},
  ) {
    super(message);
  }
}

export interface FakeAdvertiser {
  id: string;
  name: string;
  currency: string;
  timezone: string;
  campaigns: Json[];
  adGroups: Json[];
  ads: Json[];
  videos: Json[];
  images: Json[];
  identities: Json[];
  pixels: Json[];
  audiences: Json[];
  pages: Json[];
}

interface Token {
  advertiserIds: string[];
  revoked: boolean;
  expiresAt?: number;
  refreshToken?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: Json;
  code: number;
}

const digitsId = () => `17${Array.from(randomBytes(17), (b) => String(b % 10)).join('')}`;
const hash = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const platformTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const daysBetween = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS) + 1;

export class FakeShortVideoApi {
  /** SHORTVIDEO_API_URL. */
  url = '';
  /** SHORTVIDEO_OAUTH_AUTHORIZE_URL. */
  authorizeUrl = '';
  /** SHORTVIDEO_OAUTH_TOKEN_URL. */
  tokenUrl = '';
  readonly clientId = String(7_000_000_000_000_000_000n + BigInt(hash(randomBytes(8).toString('hex'))));
  readonly clientSecret = randomBytes(20).toString('hex');
  /** Redirect URIs registered for the app (exact match). */
  redirectUris: string[] = [];
  /** What the user does on the next authorization page. */
  decision: 'allow' | 'deny' = 'allow';
  /** The advertisers the user authorizes on the authorization page. */
  authorizes: string[] = [];
  /** With a number: tokens issued from now on expire after that many seconds and come with a refresh token. */
  expiringTokens?: number;
  /** The app's standing with the platform: `unapproved` answers 40113, `no_permission` 40117. */
  appState: 'approved' | 'unapproved' | 'no_permission' = 'approved';
  /** Requests a token may make per minute before 40100. */
  perMinute = 10_000;
  /** Checks of a report task before it is done. */
  taskChecksBeforeDone = 1;
  readonly requests: RecordedRequest[] = [];
  /** Every access and refresh token issued (the secrets that must never show up anywhere). */
  readonly secrets: string[] = [];

  private readonly advertisers = new Map<string, FakeAdvertiser>();
  private readonly tokens = new Map<string, Token>();
  private readonly refreshTokens = new Map<string, string>();
  private readonly codes = new Map<string, { advertiserIds: string[]; used: boolean }>();
  private readonly createdByRequestId = new Map<string, string>();
  private readonly tasks = new Map<string, { advertiserId: string; body: Json; checks: number }>();
  private readonly files = new Map<string, string>();
  private readonly refusedItems = new Map<string, string>();
  private server?: Server;
  private rateLimited: { count: number; retryAfter?: number } = { count: 0 };
  private failing: { count: number; method?: string; afterApply?: boolean } = { count: 0 };
  private hanging = 0;
  private minute = { at: 0, counts: new Map<string, number>() };

  static async start(): Promise<FakeShortVideoApi> {
    const fake = new FakeShortVideoApi();
    fake.server = createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    fake.authorizeUrl = `${fake.url}/portal/auth`;
    fake.tokenUrl = `${fake.url}/open_api/${VERSION}/oauth2/access_token/`;
    return fake;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  // --- test controls ---

  /** A new advertiser with a realistic setup and 90 days of history. */
  addAdvertiser(options: { name?: string; currency?: string; timezone?: string } = {}): FakeAdvertiser {
    const id = `7${Array.from(randomBytes(18), (b) => String(b % 10)).join('')}`;
    const created = platformTime(Date.now() - 90 * DAY_MS);
    const currency = options.currency ?? 'USD';
    const scale = currency === 'JPY' ? 150 : 1;
    const a: FakeAdvertiser = {
      id,
      name: options.name ?? 'Northwind Outdoor',
      currency,
      timezone: options.timezone ?? 'Etc/GMT',
      campaigns: [],
      adGroups: [],
      ads: [],
      videos: [],
      images: [],
      identities: [],
      pixels: [],
      audiences: [],
      pages: [],
    };
    const campaign = (name: string, objective: string, status: string, budget: number) => {
      const c = {
        campaign_id: digitsId(),
        advertiser_id: id,
        campaign_name: name,
        objective_type: objective,
        budget_mode: 'BUDGET_MODE_DAY',
        budget: budget * scale,
        budget_optimize_on: false,
        operation_status: status,
        secondary_status: status === 'ENABLE' ? 'CAMPAIGN_STATUS_ENABLE' : 'CAMPAIGN_STATUS_DISABLE',
        create_time: created,
        modify_time: created,
      };
      a.campaigns.push(c);
      return c;
    };
    const adGroup = (c: Json, name: string, status: string, budget: number) => {
      const g = {
        adgroup_id: digitsId(),
        campaign_id: c.campaign_id,
        advertiser_id: id,
        adgroup_name: name,
        operation_status: status,
        secondary_status: status === 'ENABLE' ? 'ADGROUP_STATUS_DELIVERY_OK' : 'ADGROUP_STATUS_DISABLE',
        budget_mode: 'BUDGET_MODE_DAY',
        budget: budget * scale,
        schedule_type: 'SCHEDULE_FROM_NOW',
        schedule_start_time: created,
        pacing: 'PACING_MODE_SMOOTH',
        bid_type: 'BID_TYPE_NO_BID',
        billing_event: c.objective_type === 'TRAFFIC' ? 'CPC' : 'OCPM',
        optimization_goal: c.objective_type === 'TRAFFIC' ? 'CLICK' : 'CONVERT',
        location_ids: ['6252001'],
        age_groups: ['AGE_18_24', 'AGE_25_34'],
        gender: 'GENDER_UNLIMITED',
        placement_type: 'PLACEMENT_TYPE_NORMAL',
        placements: ['PLACEMENT_TIKTOK'],
        creative_material_mode: 'CUSTOM',
        create_time: created,
        modify_time: created,
      };
      a.adGroups.push(g);
      return g;
    };
    const video = (name: string) => {
      const v = {
        video_id: `v10033g50000${randomBytes(10).toString('hex')}`,
        file_name: name,
        duration: 15.2,
        size: 8_400_000,
        width: 1080,
        height: 1920,
        format: 'mp4',
        displayable: true,
        video_cover_url: `${this.url}/covers/${randomBytes(6).toString('hex')}.jpg`,
        create_time: created,
      };
      a.videos.push(v);
      return v;
    };
    const ad = (g: Json, name: string, status: string, v: Json) => {
      a.ads.push({
        ad_id: digitsId(),
        adgroup_id: g.adgroup_id,
        campaign_id: g.campaign_id,
        advertiser_id: id,
        ad_name: name,
        ad_format: 'SINGLE_VIDEO',
        operation_status: status,
        secondary_status: status === 'ENABLE' ? 'AD_STATUS_DELIVERY_OK' : 'AD_STATUS_DISABLE',
        ad_text: `${name}: trails made easy`,
        video_id: v.video_id,
        identity_id: a.identities[0]!.identity_id,
        identity_type: 'CUSTOMIZED_USER',
        display_name: 'Northwind',
        call_to_action: 'SHOP_NOW',
        landing_page_url: 'https://www.example.com/trail',
        create_time: created,
      });
    };
    a.identities.push(
      { identity_id: digitsId(), identity_type: 'CUSTOMIZED_USER', display_name: 'Northwind', can_pull_video: false },
      { identity_id: digitsId(), identity_type: 'TT_USER', display_name: 'northwind.outdoor', can_pull_video: true },
    );
    const v1 = video('trail_launch.mp4');
    const v2 = video('summit_story.mp4');
    const spring = campaign('Spring trail launch', 'TRAFFIC', 'ENABLE', 100);
    const retarget = campaign('Site visitors', 'WEB_CONVERSIONS', 'ENABLE', 80);
    const paused = campaign('Winter clearance', 'REACH', 'DISABLE', 60);
    const g1 = adGroup(spring, 'US 18-34 hikers', 'ENABLE', 40);
    const g2 = adGroup(spring, 'US broad', 'DISABLE', 30);
    const g3 = adGroup(retarget, 'Visitors 30 days', 'ENABLE', 50);
    const g4 = adGroup(paused, 'Winter fans', 'ENABLE', 25);
    const dynamic = adGroup(retarget, 'Visitors dynamic', 'DISABLE', 25);
    dynamic.creative_material_mode = 'DYNAMIC';
    ad(g1, 'Trail launch A', 'ENABLE', v1);
    ad(g1, 'Trail launch B', 'DISABLE', v2);
    ad(g2, 'Broad A', 'ENABLE', v1);
    ad(g3, 'Come back', 'ENABLE', v2);
    ad(g4, 'Winter A', 'ENABLE', v1);
    for (const name of ['logo_1080x1080.png', 'badge_1080x1080.png'])
      a.images.push({
        image_id: `ad-site-i18n-sg/${randomBytes(12).toString('hex')}`,
        image_url: `${this.url}/images/${name}`,
        file_name: name,
        width: 1080,
        height: 1080,
        format: 'png',
        size: 120_000,
        create_time: created,
      });
    a.pixels.push({
      pixel_id: digitsId(),
      pixel_code: `C${randomBytes(9).toString('hex').toUpperCase()}`,
      pixel_name: 'Storefront pixel',
      activity_status: 'ACTIVE',
      events: [
        {
          optimization_event: 'SHOPPING',
          event_type: 'SHOPPING',
          name: 'Complete payment',
          last_fired_time: platformTime(Date.now() - DAY_MS),
        },
        {
          optimization_event: 'ON_WEB_CART',
          event_type: 'ON_WEB_CART',
          name: 'Add to cart',
          last_fired_time: platformTime(Date.now() - DAY_MS),
        },
      ],
    });
    a.audiences.push(
      {
        audience_id: digitsId(),
        name: 'Newsletter subscribers',
        audience_type: 'CUSTOMER_FILE',
        cover_num: 48_000,
        is_valid: true,
        is_expired: false,
        create_time: created,
      },
      {
        audience_id: digitsId(),
        name: 'Lookalike 1%',
        audience_type: 'LOOKALIKE',
        cover_num: 2_100_000,
        is_valid: true,
        is_expired: false,
        create_time: created,
      },
    );
    a.pages.push({
      page_id: digitsId(),
      title: 'Trail newsletter sign-up',
      status: 'PUBLISHED',
      business_type: 'LEAD_GEN',
      create_time: created,
    });
    this.advertisers.set(id, a);
    return a;
  }

  advertiser(id: string): FakeAdvertiser {
    const a = this.advertisers.get(id);
    if (!a) throw new Error(`no fake advertiser ${id}`);
    return a;
  }

  /** An access token that reaches these advertisers (expiring with a refresh token when `expiringTokens` is set). */
  issueToken(advertiserIds: string[]): { accessToken: string; refreshToken?: string; expiresIn?: number } {
    const accessToken = randomBytes(20).toString('hex');
    const token: Token = { advertiserIds, revoked: false };
    this.secrets.push(accessToken);
    if (this.expiringTokens !== undefined) {
      token.expiresAt = Date.now() + this.expiringTokens * 1000;
      token.refreshToken = randomBytes(20).toString('hex');
      this.refreshTokens.set(token.refreshToken, accessToken);
      this.secrets.push(token.refreshToken);
    }
    this.tokens.set(accessToken, token);
    return { accessToken, refreshToken: token.refreshToken, expiresIn: this.expiringTokens };
  }

  revoke(accessToken: string): void {
    const token = this.tokens.get(accessToken);
    if (token) token.revoked = true;
    if (token?.refreshToken) this.refreshTokens.delete(token.refreshToken);
  }

  /** The user takes back the app's access to an advertiser: every token and refresh token reaching it stops working. */
  revokeAdvertiser(advertiserId: string): void {
    for (const [value, token] of this.tokens) if (token.advertiserIds.includes(advertiserId)) this.revoke(value);
  }

  /** Every access token issued for these advertisers so far lapses now (refresh tokens stay valid). */
  expireTokens(): void {
    for (const token of this.tokens.values()) if (token.expiresAt !== undefined) token.expiresAt = Date.now() - 1;
  }

  rateLimitNext(count: number, retryAfterSeconds?: number): void {
    this.rateLimited = { count, retryAfter: retryAfterSeconds };
  }

  /** The next `count` requests (of `method`) answer a server error (50000); with `afterApply`, after doing what they asked. */
  failNext(count: number, options: { method?: string; afterApply?: boolean } = {}): void {
    this.failing = { count, ...options };
  }

  hangNext(count: number): void {
    this.hanging = count;
  }

  /** Requests answered for a method and path (below /open_api/v1.3). */
  count(method: string, path: string): number {
    return this.requests.filter((r) => r.method === method && r.path === path).length;
  }

  /** Status updates of this id are refused for it alone, with this reason (a per-item result). */
  refuseItem(id: string, message: string): void {
    this.refusedItems.set(id, message);
  }

  /** The platform approves every ad in review. */
  approveAll(advertiserId: string): void {
    for (const ad of this.advertiser(advertiserId).ads)
      if (ad.secondary_status === 'AD_STATUS_AUDIT') ad.secondary_status = 'AD_STATUS_DELIVERY_OK';
  }

  // --- the model ---

  /** One ad's figures on one day, in whole units (money in minor units of the currency). */
  delivery(a: FakeAdvertiser, ad: Json, day: string): Record<string, number> {
    const today = isoDay(Date.now());
    if (day >= today || day < ad.create_time.slice(0, 10)) return {};
    const h = hash(`${ad.ad_id}|${day}`);
    const impressions = 800 + (h % 2400);
    const clicks = Math.floor((impressions * (10 + (h % 25))) / 1000);
    const minor = 10 ** (DIGITS[a.currency] ?? 2);
    const spend = clicks * (a.currency === 'JPY' ? 60 + (h % 40) : 35 + (h % 50)) * (minor === 1 ? 1 : 1);
    const conversion = Math.floor(clicks / (12 + (h % 6)));
    return {
      impressions,
      clicks,
      spend,
      conversion,
      total_complete_payment_rate: conversion * (a.currency === 'JPY' ? 4200 : 3900 + (h % 900)),
      video_play_actions: Math.floor(impressions * 0.62),
      video_watched_2s: Math.floor(impressions * 0.41),
      video_watched_6s: Math.floor(impressions * 0.22),
      video_views_p100: Math.floor(impressions * 0.08),
      likes: Math.floor(impressions * 0.02),
      comments: h % 7,
      shares: h % 11,
      follows: h % 5,
    };
  }

  // --- the server ---

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    if (url.pathname === '/portal/auth') return this.authorizePage(url, res);
    if (url.pathname.startsWith('/files/')) {
      const file = this.files.get(url.pathname.slice('/files/'.length));
      res.writeHead(file ? 200 : 404, { 'Content-Type': 'text/csv' }).end(file ?? 'not found');
      return;
    }
    if (this.hanging > 0) {
      this.hanging--;
      return; // never answers; the client's deadline ends the call
    }
    const requestId = `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}${randomBytes(8).toString('hex').toUpperCase()}`;
    const match = /^\/open_api\/(v[\d.]+)(\/.*)$/.exec(url.pathname);
    const path = match?.[2] ?? url.pathname;
    const query = Object.fromEntries(url.searchParams);
    let body: Json | undefined;
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    const answer = (code: number, message: string, data: unknown = {}) => {
      this.requests.push({ method: req.method ?? 'GET', path, query, body, code });
      res.writeHead(200, headers).end(JSON.stringify({ code, message, request_id: requestId, data }));
    };
    try {
      if (!match) throw new Refusal(40400, 'Route not found.');
      if (match[1] !== VERSION) throw new Refusal(40051, `Invalid API version ${match[1]}.`);
      if (req.method === 'POST') {
        if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
          throw new Refusal(40002, 'Content-Type must be application/json.');
        try {
          body = JSON.parse(raw || '{}') as Json;
        } catch {
          throw new Refusal(40002, 'The request body is not valid JSON.');
        }
      }
      const failing = this.failing.count > 0 && (!this.failing.method || this.failing.method === req.method);
      if (failing) this.failing.count--;
      if (failing && !this.failing.afterApply) throw new Refusal(50000, 'System error, please try again later.');
      if (this.rateLimited.count > 0) {
        this.rateLimited.count--;
        if (this.rateLimited.retryAfter !== undefined) headers['Retry-After'] = String(this.rateLimited.retryAfter);
        throw new Refusal(40100, 'Requests made too frequently. Please try again later.');
      }
      const data = await this.route(req, req.method ?? 'GET', path, query, body ?? {});
      // Done, but the answer is lost in a server error.
      if (failing) throw new Refusal(50000, 'System error, please try again later.');
      answer(0, 'OK', data);
    } catch (err) {
      if (err instanceof Refusal) answer(err.code, err.message, err.data);
      else answer(50000, `System error: ${(err as Error).message}`);
    }
  }

  private authorizePage(url: URL, res: ServerResponse): void {
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    if (url.searchParams.get('app_id') !== this.clientId) {
      res.writeHead(400, { 'Content-Type': 'text/html' }).end('<h1>Invalid app</h1>');
      return;
    }
    if (!this.redirectUris.includes(redirectUri)) {
      res.writeHead(400, { 'Content-Type': 'text/html' }).end('<h1>The redirect URL is not registered for this app</h1>');
      return;
    }
    const back = new URL(redirectUri);
    const state = url.searchParams.get('state');
    if (state !== null) back.searchParams.set('state', state);
    if (this.decision === 'deny') {
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = randomBytes(16).toString('hex');
      this.codes.set(code, { advertiserIds: [...this.authorizes], used: false });
      // The platform sends the code twice: `auth_code` and `code`.
      back.searchParams.set('auth_code', code);
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { Location: back.toString() }).end();
  }

  private async route(req: IncomingMessage, method: string, path: string, query: Record<string, string>, body: Json): Promise<unknown> {
    const key = `${method} ${path}`;
    const spec = (generated.endpoints as Record<string, { query?: string[]; body?: string; form?: string[] }>)[key];
    const extra = EXTRA_ENDPOINTS[key];
    if (!spec && !extra) throw new Refusal(40400, `Route ${key} not found.`);
    // Fields: only what the published definition lists.
    if (method === 'GET') {
      const allowed = new Set(spec?.query ?? extra?.query ?? []);
      const unknown = Object.keys(query).filter((name) => !allowed.has(name));
      if (unknown.length) throw new Refusal(40002, `Unknown parameter(s): ${unknown.join(', ')}.`);
    } else {
      const allowed = spec?.body ? modelFields(spec.body) : new Set(spec?.form ?? extra?.body ?? []);
      const unknown = Object.keys(body).filter((name) => !allowed.has(name));
      if (unknown.length) throw new Refusal(40002, `Unknown field(s): ${unknown.join(', ')}.`);
    }
    const q = parseQuery(query);
    if (path === '/oauth2/access_token/') return this.exchange(body);
    if (path === '/oauth2/refresh_token/') return this.refresh(body);
    const tokenValue = req.headers['access-token'];
    if (typeof tokenValue !== 'string' || !tokenValue) throw new Refusal(40104, 'Access-Token is empty.');
    const token = this.tokens.get(tokenValue);
    if (!token || token.revoked) throw new Refusal(40105, 'The access token is invalid or has been revoked.');
    if (token.expiresAt !== undefined && token.expiresAt < Date.now()) throw new Refusal(40102, 'The access token has expired.');
    if (this.appState === 'unapproved') throw new Refusal(40113, 'The app is not approved or has been disabled.');
    if (this.appState === 'no_permission') throw new Refusal(40117, 'The app has no permission to call this method.');
    this.limitRate(tokenValue);
    if (path === '/oauth2/advertiser/get/') {
      if (q.app_id !== this.clientId || q.secret !== this.clientSecret) throw new Refusal(40101, 'app_id or secret is invalid.');
      return { list: token.advertiserIds.map((id) => ({ advertiser_id: id, advertiser_name: this.advertiser(id).name })) };
    }
    if (path === '/advertiser/info/') {
      const ids = list(q.advertiser_ids, 'advertiser_ids');
      if (ids.length > 100) throw new Refusal(40002, 'advertiser_ids takes at most 100 ids.');
      const denied = ids.filter((id) => !token.advertiserIds.includes(id));
      if (denied.length) throw new Refusal(40001, `No permission to operate advertiser(s) ${denied.join(', ')}.`);
      return {
        list: ids
          .map((id) => this.advertiser(id))
          .map((a) => ({ advertiser_id: a.id, name: a.name, currency: a.currency, timezone: a.timezone, status: 'STATUS_ENABLE' })),
      };
    }
    const advertiserId = String((method === 'GET' ? q.advertiser_id : body.advertiser_id) ?? '');
    if (!advertiserId) throw new Refusal(40002, 'advertiser_id is required.');
    if (!token.advertiserIds.includes(advertiserId) || !this.advertisers.has(advertiserId))
      throw new Refusal(40001, `No permission to operate advertiser ${advertiserId}.`);
    const a = this.advertiser(advertiserId);
    if (method === 'GET' && q.page_size !== undefined) {
      const limit = PAGE_LIMIT[path];
      if (!Number.isInteger(q.page_size) || q.page_size < 1 || (limit && q.page_size > limit))
        throw new Refusal(40002, `page_size must be an integer from 1 to ${limit ?? 1000}.`);
    }
    if (method === 'GET') checkFiltering(path, q.filtering);
    return this.endpoint(a, method, path, q, body);
  }

  private endpoint(a: FakeAdvertiser, method: string, path: string, q: Json, body: Json): unknown {
    switch (`${method} ${path}`) {
      case 'GET /campaign/get/':
        return page(this.visible(a.campaigns, q.filtering, 'CAMPAIGN'), q);
      case 'GET /adgroup/get/':
        return page(this.visible(a.adGroups, q.filtering, 'ADGROUP'), q);
      case 'GET /ad/get/':
        return page(this.visible(a.ads, q.filtering, 'AD'), q);
      case 'POST /campaign/create/':
        return this.createCampaign(a, body);
      case 'POST /campaign/update/':
        return this.updateCampaign(a, body);
      case 'POST /campaign/status/update/':
        return this.setStatus(a, 'campaign', body);
      case 'POST /adgroup/create/':
        return this.createAdGroup(a, body);
      case 'POST /adgroup/update/':
        return this.updateAdGroup(a, body);
      case 'POST /adgroup/status/update/':
        return this.setStatus(a, 'adgroup', body);
      case 'POST /ad/create/':
        return this.createAds(a, body);
      case 'POST /ad/update/':
        return this.updateAds(a, body);
      case 'POST /ad/status/update/':
        return this.setStatus(a, 'ad', body);
      case 'GET /identity/get/':
        return { identity_list: page(a.identities, q).list, page_info: page(a.identities, q).page_info };
      case 'GET /file/video/ad/search/':
        return page(a.videos, q);
      case 'GET /file/video/ad/info/':
        return { list: a.videos.filter((v) => list(q.video_ids, 'video_ids').includes(v.video_id)) };
      case 'POST /file/video/ad/upload/':
        return [this.uploadVideo(a, body)];
      case 'GET /file/image/ad/search/':
        return page(a.images, q);
      case 'POST /file/image/ad/upload/':
        return this.uploadImage(a, body);
      case 'GET /pixel/list/': {
        const p = page(a.pixels, q);
        return { pixels: p.list, page_info: p.page_info };
      }
      case 'GET /dmp/custom_audience/list/':
        return page(a.audiences, q);
      case 'GET /page/get/':
        return page(
          a.pages.filter((p) => !q.business_type || p.business_type === q.business_type),
          q,
        );
      case 'GET /report/integrated/get/':
        return this.report(a, q, false);
      case 'POST /report/task/create/':
        return this.createTask(a, body);
      case 'GET /report/task/check/':
        return this.checkTask(a, q);
      case 'GET /report/task/download/':
        return this.downloadTask(a, q);
      case 'GET /tool/region/':
        return {
          region_info: TARGETING_CATALOG.locations.map((l) => ({
            location_id: l.id,
            name: l.name,
            region_level: l.kind,
            parent_id: l.parent ?? '0',
          })),
        };
      case 'GET /tool/interest_category/':
        return {
          interest_categories: TARGETING_CATALOG.interest_categories.map((c) => ({
            id: c.id,
            name: c.name,
            level: Number(String(c.kind).slice(-1)) || 1,
            parent_id: c.parent,
          })),
        };
      case 'GET /tool/interest_keyword/recommend/': {
        if (!q.keyword) throw new Refusal(40002, 'keyword is required.');
        const catalog =
          q.audience_type === 'PURCHASE_INTENTION' ? TARGETING_CATALOG.purchase_intention_keywords : TARGETING_CATALOG.interest_keywords;
        const words = String(q.keyword).toLowerCase().split(/\s+/);
        return {
          recommended_keywords: catalog
            .filter((k) => words.some((w) => k.name.toLowerCase().includes(w)))
            .map((k) => ({ keyword_id: k.id, keyword: k.name, audience_size: k.audience_size })),
        };
      }
      case 'GET /tool/contextual_tag/get/':
        return {
          contextual_tag_list: TARGETING_CATALOG.contextual_tags.map((t) => ({
            contextual_tag_id: t.id,
            contextual_tag_name: t.name,
            tag_type: t.kind,
          })),
        };
      case 'GET /tool/device_model/':
        return {
          device_models: TARGETING_CATALOG.device_models.map((d) => ({
            device_model_id: d.id,
            device_model_name: d.name,
            os_type: d.kind,
            is_active: true,
          })),
        };
      case 'GET /tool/carrier/':
        return {
          countries: [
            { country_code: 'US', carriers: TARGETING_CATALOG.carriers.map((c) => ({ carrier_id: c.id, name: c.name, in_use: true })) },
          ],
        };
      case 'GET /tool/language/':
        return { languages: TARGETING_CATALOG.languages.map((l) => ({ code: l.id, name: l.name })) };
      default:
        throw new Refusal(40400, `Route ${method} ${path} is not served by this fake.`);
    }
  }

  private limitRate(token: string): void {
    const minute = Math.floor(Date.now() / 60_000);
    if (this.minute.at !== minute) this.minute = { at: minute, counts: new Map() };
    const n = (this.minute.counts.get(token) ?? 0) + 1;
    this.minute.counts.set(token, n);
    if (n > this.perMinute) throw new Refusal(40100, 'Requests made too frequently. Please try again later.');
  }

  /** Entities a list shows: deleted ones only with primary_status STATUS_ALL or STATUS_DELETE; then the id filters. */
  private visible(items: Json[], filtering: Json | undefined, word: string): Json[] {
    const f = filtering ?? {};
    const isDeleted = (e: Json) => e.secondary_status === `${word}_STATUS_DELETE`;
    let out = items.filter((e) =>
      f.primary_status === 'STATUS_ALL' ? true : f.primary_status === 'STATUS_DELETE' ? isDeleted(e) : !isDeleted(e),
    );
    for (const [field, key] of [
      ['campaign_ids', 'campaign_id'],
      ['adgroup_ids', 'adgroup_id'],
      ['ad_ids', 'ad_id'],
    ] as const) {
      if (f[field] !== undefined) {
        if (!Array.isArray(f[field]) || f[field].length > 100)
          throw new Refusal(40002, `filtering.${field} must be a list of at most 100 ids.`);
        out = out.filter((e) => (f[field] as string[]).includes(String(e[key])));
      }
    }
    return out;
  }

  private checkMoney(a: FakeAdvertiser, field: string, value: unknown): number {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new Refusal(40002, `${field} must be a number.`);
    const digits = DIGITS[a.currency] ?? 2;
    if (
      Math.round(value * 10 ** digits) !== value * 10 ** digits &&
      Math.abs(Math.round(value * 10 ** digits) - value * 10 ** digits) > 1e-6
    )
      throw new Refusal(40002, `${field} has more decimals than ${a.currency} allows (${digits}).`);
    return value;
  }

  private checkBudget(a: FakeAdvertiser, level: 0 | 1, mode: unknown, budget: unknown): void {
    if (mode !== undefined && !BUDGET_MODES.includes(String(mode))) throw new Refusal(40002, `budget_mode ${String(mode)} is not valid.`);
    if (mode === 'BUDGET_MODE_INFINITE' || budget === undefined) return;
    const value = this.checkMoney(a, 'budget', budget);
    const min = MIN_DAILY[a.currency]?.[level];
    if (mode === 'BUDGET_MODE_DAY' && min !== undefined && value < min)
      throw new Refusal(40002, `The daily budget must be at least ${min} ${a.currency}.`);
  }

  private deduplicated(requestId: unknown, create: () => string): string {
    if (requestId === undefined) return create();
    if (typeof requestId !== 'string' || !/^\d{1,19}$/.test(requestId)) throw new Refusal(40002, 'request_id must be a numeric string.');
    const known = this.createdByRequestId.get(requestId);
    if (known) return known;
    const id = create();
    this.createdByRequestId.set(requestId, id);
    return id;
  }

  private createCampaign(a: FakeAdvertiser, body: Json): Json {
    requireFields(body, ['campaign_name', 'objective_type', 'budget_mode']);
    if (!generated.enums.objective_type.includes(body.objective_type))
      throw new Refusal(40002, `objective_type ${body.objective_type} is not valid.`);
    if (body.operation_status !== undefined && !['ENABLE', 'DISABLE'].includes(body.operation_status))
      throw new Refusal(40002, 'operation_status must be ENABLE or DISABLE.');
    if (body.budget_mode !== 'BUDGET_MODE_INFINITE' && body.budget === undefined) throw new Refusal(40002, 'budget is required.');
    this.checkBudget(a, 0, body.budget_mode, body.budget);
    if (String(body.campaign_name).length > 512) throw new Refusal(40002, 'campaign_name is too long.');
    const id = this.deduplicated(body.request_id, () => {
      const now = platformTime(Date.now());
      const status = body.operation_status ?? 'ENABLE';
      const c: Json = {
        campaign_id: digitsId(),
        advertiser_id: a.id,
        campaign_name: body.campaign_name,
        objective_type: body.objective_type,
        budget_mode: body.budget_mode,
        budget: body.budget ?? 0,
        budget_optimize_on: body.budget_optimize_on ?? false,
        ...(body.app_promotion_type ? { app_promotion_type: body.app_promotion_type } : {}),
        operation_status: status,
        secondary_status: status === 'ENABLE' ? 'CAMPAIGN_STATUS_ENABLE' : 'CAMPAIGN_STATUS_DISABLE',
        create_time: now,
        modify_time: now,
      };
      a.campaigns.push(c);
      return c.campaign_id as string;
    });
    return { campaign_id: id };
  }

  private find(items: Json[], key: string, id: unknown, what: string): Json {
    const item = items.find((e) => e[key] === String(id));
    if (!item) throw new Refusal(40007, `The ${what} ${String(id)} does not exist.`);
    if (/_STATUS_DELETE$/.test(item.secondary_status ?? '')) throw new Refusal(40002, `The ${what} ${String(id)} has been deleted.`);
    return item;
  }

  private updateCampaign(a: FakeAdvertiser, body: Json): Json {
    requireFields(body, ['campaign_id']);
    const c = this.find(a.campaigns, 'campaign_id', body.campaign_id, 'campaign');
    if (body.budget !== undefined) this.checkBudget(a, 0, c.budget_mode, body.budget);
    for (const field of ['campaign_name', 'budget']) if (body[field] !== undefined) c[field] = body[field];
    c.modify_time = platformTime(Date.now());
    return { campaign_id: c.campaign_id };
  }

  /** Status updates: each id changed or answered in `errors` with its reason (per item). */
  private setStatus(a: FakeAdvertiser, level: 'campaign' | 'adgroup' | 'ad', body: Json): Json {
    const idsField = `${level}_ids`;
    requireFields(body, [idsField, 'operation_status']);
    if (!['ENABLE', 'DISABLE', 'DELETE'].includes(body.operation_status))
      throw new Refusal(40002, 'operation_status must be ENABLE, DISABLE or DELETE.');
    const ids = body[idsField];
    if (!Array.isArray(ids) || !ids.length || ids.length > 20) throw new Refusal(40002, `${idsField} must be a list of 1 to 20 ids.`);
    const items = level === 'campaign' ? a.campaigns : level === 'adgroup' ? a.adGroups : a.ads;
    const word = level.toUpperCase();
    const changed: string[] = [];
    const errors: Json[] = [];
    for (const id of ids.map(String)) {
      const item = items.find((e) => e[`${level}_id`] === id);
      if (!item) {
        errors.push({ id, message: `The ${level} does not exist.` });
        continue;
      }
      if (this.refusedItems.has(id)) {
        errors.push({ id, message: this.refusedItems.get(id) });
        continue;
      }
      if (item.secondary_status === `${word}_STATUS_DELETE`) {
        errors.push({ id, message: `The ${level} has been deleted and cannot change.` });
        continue;
      }
      if (level !== 'campaign' && body.operation_status === 'ENABLE') {
        const campaign = a.campaigns.find((c) => c.campaign_id === item.campaign_id);
        if (campaign?.secondary_status === 'CAMPAIGN_STATUS_DELETE') {
          errors.push({ id, message: 'Its campaign has been deleted.' });
          continue;
        }
      }
      this.applyStatus(a, level, item, body.operation_status);
      changed.push(id);
    }
    if (!changed.length && errors.length === ids.length && ids.length === 1 && !items.some((e) => e[`${level}_id`] === String(ids[0])))
      throw new Refusal(40007, `The ${level} ${String(ids[0])} does not exist.`);
    return { [idsField]: changed, status: body.operation_status, ...(errors.length ? { errors } : {}) };
  }

  private applyStatus(a: FakeAdvertiser, level: 'campaign' | 'adgroup' | 'ad', item: Json, status: string): void {
    const word = level.toUpperCase();
    item.modify_time = platformTime(Date.now());
    if (status === 'DELETE') {
      item.secondary_status = `${word}_STATUS_DELETE`;
      // Deleting a parent deletes what is inside it.
      if (level === 'campaign')
        for (const g of a.adGroups.filter((g) => g.campaign_id === item.campaign_id)) this.applyStatus(a, 'adgroup', g, 'DELETE');
      if (level === 'adgroup')
        for (const ad of a.ads.filter((x) => x.adgroup_id === item.adgroup_id)) this.applyStatus(a, 'ad', ad, 'DELETE');
      return;
    }
    item.operation_status = status;
    const inReview = level === 'ad' && item.secondary_status === 'AD_STATUS_AUDIT';
    if (!inReview)
      item.secondary_status =
        status === 'ENABLE' ? (level === 'campaign' ? 'CAMPAIGN_STATUS_ENABLE' : `${word}_STATUS_DELIVERY_OK`) : `${word}_STATUS_DISABLE`;
  }

  private createAdGroup(a: FakeAdvertiser, body: Json): Json {
    requireFields(body, [
      'campaign_id',
      'adgroup_name',
      'budget_mode',
      'schedule_type',
      'schedule_start_time',
      'billing_event',
      'optimization_goal',
      'location_ids',
    ]);
    const campaign = this.find(a.campaigns, 'campaign_id', body.campaign_id, 'campaign');
    if (campaign.budget_optimize_on && body.budget !== undefined)
      throw new Refusal(40002, 'An ad group under campaign budget optimization takes no budget.');
    if (!campaign.budget_optimize_on && body.budget_mode !== 'BUDGET_MODE_INFINITE' && body.budget === undefined)
      throw new Refusal(40002, 'budget is required.');
    this.checkBudget(a, 1, body.budget_mode, body.budget);
    for (const money of ['bid_price', 'conversion_bid_price', 'deep_cpa_bid'])
      if (body[money] !== undefined) this.checkMoney(a, money, body[money]);
    if (body.placements !== undefined) {
      if (!Array.isArray(body.placements) || body.placements.some((p: unknown) => !generated.enums.placements.includes(String(p))))
        throw new Refusal(40002, `placements must be of ${generated.enums.placements.join(', ')}.`);
    }
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(String(body.schedule_start_time)))
      throw new Refusal(40002, 'schedule_start_time must be YYYY-MM-DD HH:MM:SS.');
    if (!Array.isArray(body.location_ids) || !body.location_ids.length) throw new Refusal(40002, 'location_ids must be a non-empty list.');
    if (body.operation_status !== undefined && !['ENABLE', 'DISABLE'].includes(body.operation_status))
      throw new Refusal(40002, 'operation_status must be ENABLE or DISABLE.');
    const id = this.deduplicated(body.request_id, () => {
      const now = platformTime(Date.now());
      const { advertiser_id: _a, request_id: _r, operation_status, ...fields } = body;
      const status = operation_status ?? 'ENABLE';
      const g: Json = {
        ...fields,
        adgroup_id: digitsId(),
        campaign_id: campaign.campaign_id,
        advertiser_id: a.id,
        operation_status: status,
        secondary_status: status === 'ENABLE' ? 'ADGROUP_STATUS_DELIVERY_OK' : 'ADGROUP_STATUS_DISABLE',
        create_time: now,
        modify_time: now,
      };
      a.adGroups.push(g);
      return g.adgroup_id as string;
    });
    return { adgroup_id: id };
  }

  private updateAdGroup(a: FakeAdvertiser, body: Json): Json {
    requireFields(body, ['adgroup_id']);
    const g = this.find(a.adGroups, 'adgroup_id', body.adgroup_id, 'ad group');
    if (body.budget !== undefined) this.checkBudget(a, 1, g.budget_mode, body.budget);
    for (const money of ['bid_price', 'conversion_bid_price', 'deep_cpa_bid'])
      if (body[money] !== undefined) this.checkMoney(a, money, body[money]);
    const { advertiser_id: _a, adgroup_id: _g, ...fields } = body;
    Object.assign(g, fields, { modify_time: platformTime(Date.now()) });
    return { adgroup_id: g.adgroup_id };
  }

  private checkCreative(a: FakeAdvertiser, creative: Json, fields: Set<string>): void {
    const unknown = Object.keys(creative).filter((k) => !fields.has(k));
    if (unknown.length) throw new Refusal(40002, `Unknown creative field(s): ${unknown.join(', ')}.`);
    if (creative.video_id !== undefined && !a.videos.some((v) => v.video_id === creative.video_id))
      throw new Refusal(40053, `video_id ${creative.video_id} is invalid.`);
    for (const image of creative.image_ids ?? [])
      if (!a.images.some((i) => i.image_id === image)) throw new Refusal(40002, `image_id ${image} does not exist.`);
    if (creative.identity_id !== undefined && !a.identities.some((i) => i.identity_id === String(creative.identity_id)))
      throw new Refusal(40002, `identity_id ${creative.identity_id} does not exist.`);
    if (creative.ad_format !== undefined && !['SINGLE_VIDEO', 'SINGLE_IMAGE', 'CAROUSEL_ADS'].includes(creative.ad_format))
      throw new Refusal(40002, `ad_format ${creative.ad_format} is not valid.`);
    if (creative.ad_text !== undefined && String(creative.ad_text).length > 100)
      throw new Refusal(40002, 'ad_text is longer than 100 characters.');
  }

  private createAds(a: FakeAdvertiser, body: Json): Json {
    requireFields(body, ['adgroup_id', 'creatives']);
    const g = this.find(a.adGroups, 'adgroup_id', body.adgroup_id, 'ad group');
    if (!Array.isArray(body.creatives) || !body.creatives.length || body.creatives.length > 20)
      throw new Refusal(40002, 'creatives must hold 1 to 20 ads.');
    const fields = modelFields('AdcreateCreatives');
    for (const creative of body.creatives as Json[]) {
      this.checkCreative(a, creative, fields);
      requireFields(creative, ['ad_name', 'ad_format']);
      if (creative.ad_format === 'SINGLE_VIDEO' && !creative.video_id && !creative.tiktok_item_id)
        throw new Refusal(40002, 'video_id is required for SINGLE_VIDEO.');
    }
    const now = platformTime(Date.now());
    const ids = (body.creatives as Json[]).map((creative) => {
      const status = creative.operation_status ?? 'ENABLE';
      const ad = {
        ...creative,
        ad_id: digitsId(),
        adgroup_id: g.adgroup_id,
        campaign_id: g.campaign_id,
        advertiser_id: a.id,
        operation_status: status,
        secondary_status: 'AD_STATUS_AUDIT',
        create_time: now,
      };
      a.ads.push(ad);
      return ad.ad_id;
    });
    return { ad_ids: ids };
  }

  private updateAds(a: FakeAdvertiser, body: Json): Json {
    requireFields(body, ['adgroup_id', 'creatives']);
    const fields = modelFields('AdupdateCreatives');
    const ids: string[] = [];
    for (const creative of body.creatives as Json[]) {
      this.checkCreative(a, creative, fields);
      const ad = this.find(a.ads, 'ad_id', creative.ad_id, 'ad');
      if (ad.adgroup_id !== String(body.adgroup_id)) throw new Refusal(40002, `Ad ${ad.ad_id} is not in ad group ${body.adgroup_id}.`);
      if (!body.patch_update) {
        for (const required of ['ad_name', 'ad_format', 'display_name'])
          if (creative[required] === undefined) throw new Refusal(40002, `${required} is required unless patch_update is true.`);
      }
      const reviewed = REVIEWED.some((k) => creative[k] !== undefined && JSON.stringify(creative[k]) !== JSON.stringify(ad[k]));
      const { ad_id: _id, ...changes } = creative;
      Object.assign(ad, changes);
      if (reviewed) ad.secondary_status = 'AD_STATUS_AUDIT';
      ids.push(ad.ad_id);
    }
    return { ad_ids: ids };
  }

  private uploadVideo(a: FakeAdvertiser, body: Json): Json {
    if (body.upload_type !== 'UPLOAD_BY_URL') throw new Refusal(40002, 'This fake takes upload_type UPLOAD_BY_URL.');
    requireFields(body, ['video_url']);
    if (!/\.(mp4|mov|mpeg|avi)(\?|$)/i.test(String(body.video_url)) && !/video/.test(String(body.video_url)))
      throw new Refusal(40908, 'The file type is not supported.');
    const v = {
      video_id: `v10033g50000${randomBytes(10).toString('hex')}`,
      file_name: body.file_name ?? 'video.mp4',
      duration: 12.5,
      size: 6_000_000,
      width: 1080,
      height: 1920,
      format: 'mp4',
      displayable: false,
      video_cover_url: `${this.url}/covers/${randomBytes(6).toString('hex')}.jpg`,
      create_time: platformTime(Date.now()),
    };
    a.videos.push(v);
    return v;
  }

  private uploadImage(a: FakeAdvertiser, body: Json): Json {
    if (body.upload_type !== 'UPLOAD_BY_URL') throw new Refusal(40002, 'This fake takes upload_type UPLOAD_BY_URL.');
    requireFields(body, ['image_url']);
    const url = String(body.image_url);
    const extension = /\.(jpe?g|png)(\?|$)/i.exec(url)?.[1]?.toLowerCase();
    if (!extension) throw new Refusal(40908, 'The file type is not supported: only JPG and PNG images.');
    const size = /(\d{2,5})x(\d{2,5})/i.exec(url);
    const image = {
      image_id: `ad-site-i18n-sg/${randomBytes(12).toString('hex')}`,
      image_url: url,
      file_name: body.file_name ?? url.split('/').pop(),
      width: size ? Number(size[1]) : 1080,
      height: size ? Number(size[2]) : 1920,
      format: extension === 'png' ? 'png' : 'jpeg',
      size: 50_000 + (hash(url) % 300_000),
      create_time: platformTime(Date.now()),
    };
    a.images.push(image);
    return image;
  }

  // --- reports ---

  private report(a: FakeAdvertiser, q: Json, task: boolean): { list: Json[]; page_info: Json } | Json[] {
    if (!generated.enums.report_type.includes(q.report_type)) throw new Refusal(40002, `report_type ${q.report_type} is not valid.`);
    if (!['BASIC', 'AUDIENCE'].includes(q.report_type)) throw new Refusal(40002, `This fake serves BASIC and AUDIENCE reports.`);
    if (!generated.enums.data_level.includes(q.data_level) || !String(q.data_level).startsWith('AUCTION_'))
      throw new Refusal(40002, `data_level ${q.data_level} is not valid.`);
    if (q.service_type !== undefined && !generated.enums.service_type.includes(q.service_type))
      throw new Refusal(40002, 'service_type is not valid.');
    const dimensions = list(q.dimensions, 'dimensions');
    const metrics = list(q.metrics, 'metrics');
    const unknownMetric = metrics.filter((m) => !REPORT_METRICS.has(m));
    if (unknownMetric.length) throw new Refusal(40002, `Unknown metric(s): ${unknownMetric.join(', ')}.`);
    const level = String(q.data_level).replace('AUCTION_', '').toLowerCase();
    const idDimension = `${level}_id`;
    if (dimensions[0] !== idDimension) throw new Refusal(40002, `The first dimension of a ${q.data_level} report must be ${idDimension}.`);
    const split = dimensions.slice(1);
    const allowedSplits = q.report_type === 'BASIC' ? [[], ['stat_time_day']] : [['age', 'gender'], ['country_code'], ['age'], ['gender']];
    if (!allowedSplits.some((s) => JSON.stringify(s) === JSON.stringify(split)))
      throw new Refusal(40002, `Dimensions ${dimensions.join(', ')} cannot be combined.`);
    if (q.report_type === 'AUDIENCE' && level === 'ad') throw new Refusal(40002, 'The audience report is not available at ad level.');
    if (split.includes('stat_time_day') && (metrics.includes('reach') || metrics.includes('frequency')))
      throw new Refusal(40002, 'reach and frequency cannot be reported per day in this request.');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(String(q.start_date)) || !/^\d{4}-\d{2}-\d{2}$/.test(String(q.end_date)) || q.start_date > q.end_date)
      throw new Refusal(40002, 'start_date and end_date must be YYYY-MM-DD, start before end.');
    const span = daysBetween(q.start_date, q.end_date);
    if (span > (task ? 365 : 30)) throw new Refusal(40002, `The time range may not exceed ${task ? 365 : 30} days.`);
    const wanted = filteredIds(q.filtering, level);
    const digits = DIGITS[a.currency] ?? 2;

    const ads = a.ads;
    const entityOf = (ad: Json) =>
      level === 'advertiser' ? a.id : level === 'campaign' ? ad.campaign_id : level === 'adgroup' ? ad.adgroup_id : ad.ad_id;
    const sums = new Map<string, { dims: Json; figures: Record<string, number> }>();
    const days: string[] = [];
    for (let d = Date.parse(q.start_date); d <= Date.parse(q.end_date); d += DAY_MS) days.push(isoDay(d));
    for (const ad of ads) {
      const entity = String(entityOf(ad));
      if (wanted && !wanted.includes(entity)) continue;
      for (const day of days) {
        const figures = this.delivery(a, ad, day);
        if (!figures.impressions) continue;
        const parts =
          q.report_type === 'AUDIENCE'
            ? segments(figures, split, ad.ad_id)
            : [{ dims: split.includes('stat_time_day') ? { stat_time_day: `${day} 00:00:00` } : {}, figures }];
        for (const part of parts) {
          const key = `${entity}|${JSON.stringify(part.dims)}`;
          const sum = sums.get(key) ?? { dims: { [idDimension]: entity, ...part.dims }, figures: {} };
          for (const [m, v] of Object.entries(part.figures)) sum.figures[m] = (sum.figures[m] ?? 0) + v;
          sums.set(key, sum);
        }
      }
    }
    const rows = [...sums.values()].map(({ dims, figures }) => {
      const out: Record<string, string> = {};
      for (const m of metrics) {
        if (m === 'spend' || m === 'total_complete_payment_rate') out[m] = ((figures[m] ?? 0) / 10 ** digits).toFixed(digits);
        else if (m === 'reach') out[m] = String(Math.floor((figures.impressions ?? 0) / 1.7));
        else if (m === 'frequency') {
          const reach = Math.floor((figures.impressions ?? 0) / 1.7);
          out[m] = reach ? ((figures.impressions ?? 0) / reach).toFixed(2) : '0.00';
        } else out[m] = String(figures[m] ?? 0);
      }
      return { dimensions: dims, metrics: out };
    });
    if (task) return rows;
    return page(rows, q);
  }

  private createTask(a: FakeAdvertiser, body: Json): Json {
    requireFields(body, ['report_type', 'data_level', 'dimensions', 'metrics', 'start_date', 'end_date']);
    if (body.output_format !== undefined && !generated.enums.report_output_format.includes(body.output_format))
      throw new Refusal(40002, 'output_format is not valid.');
    // Checked now as the task would check it.
    this.report(a, { ...body, dimensions: body.dimensions, metrics: body.metrics }, true);
    const id = digitsId();
    this.tasks.set(id, { advertiserId: a.id, body, checks: 0 });
    return { task_id: id };
  }

  private task(a: FakeAdvertiser, q: Json) {
    const task = this.tasks.get(String(q.task_id));
    if (!task || task.advertiserId !== a.id) throw new Refusal(40007, `Task ${String(q.task_id)} does not exist.`);
    return task;
  }

  private checkTask(a: FakeAdvertiser, q: Json): Json {
    const task = this.task(a, q);
    task.checks++;
    return {
      task_id: q.task_id,
      status: task.checks > this.taskChecksBeforeDone ? 'SUCCESS' : task.checks === 1 ? 'QUEUING' : 'PROCESSING',
    };
  }

  private downloadTask(a: FakeAdvertiser, q: Json): Json {
    const task = this.task(a, q);
    if (task.checks <= this.taskChecksBeforeDone) throw new Refusal(40201, 'The task is not ready.');
    const rows = this.report(a, task.body, true) as Json[];
    const columns = [...(task.body.dimensions as string[]), ...(task.body.metrics as string[])];
    const csv = [columns.join(','), ...rows.map((r) => columns.map((c) => r.dimensions[c] ?? r.metrics[c] ?? '').join(','))].join('\n');
    const name = `${randomBytes(8).toString('hex')}.csv`;
    this.files.set(name, csv);
    return { download_url: `${this.url}/files/${name}` };
  }

  // --- OAuth ---

  private exchange(body: Json): Json {
    requireFields(body, ['app_id', 'secret', 'auth_code']);
    if (body.app_id !== this.clientId || body.secret !== this.clientSecret) throw new Refusal(40101, 'app_id or secret is invalid.');
    const code = this.codes.get(String(body.auth_code));
    if (!code || code.used) throw new Refusal(40110, 'The auth_code is invalid or has been used.');
    code.used = true;
    const issued = this.issueToken(code.advertiserIds);
    return {
      access_token: issued.accessToken,
      advertiser_ids: code.advertiserIds,
      scope: [1, 2, 3, 4],
      ...(issued.refreshToken
        ? { refresh_token: issued.refreshToken, access_token_expire_in: issued.expiresIn, refresh_token_expire_in: 365 * 86_400 }
        : {}),
    };
  }

  private refresh(body: Json): Json {
    requireFields(body, ['app_id', 'secret', 'refresh_token', 'grant_type']);
    if (body.app_id !== this.clientId || body.secret !== this.clientSecret) throw new Refusal(40101, 'app_id or secret is invalid.');
    if (body.grant_type !== 'refresh_token') throw new Refusal(40108, 'grant_type must be refresh_token.');
    const old = this.refreshTokens.get(String(body.refresh_token));
    const token = old ? this.tokens.get(old) : undefined;
    if (!old || !token || token.revoked) throw new Refusal(40107, 'The refresh token is invalid.');
    // Rotation: the old refresh token and access token stop working.
    this.refreshTokens.delete(String(body.refresh_token));
    token.revoked = true;
    const issued = this.issueToken(token.advertiserIds);
    return {
      access_token: issued.accessToken,
      refresh_token: issued.refreshToken,
      access_token_expire_in: issued.expiresIn,
      refresh_token_expire_in: 365 * 86_400,
    };
  }
}

/** Fields of a generated model. */
function modelFields(name: string): Set<string> {
  const model = (generated.models as Record<string, Record<string, string>>)[name];
  if (!model) throw new Error(`no generated model ${name}`);
  return new Set(Object.keys(model));
}

function requireFields(body: Json, fields: string[]): void {
  const missing = fields.filter((f) => body[f] === undefined || body[f] === null || body[f] === '');
  if (missing.length) throw new Refusal(40002, `Missing required field(s): ${missing.join(', ')}.`);
}

/** Query values as the platform reads them: JSON-encoded lists and objects parsed (else refused), numbers as numbers. */
function parseQuery(query: Record<string, string>): Json {
  const out: Json = {};
  for (const [name, value] of Object.entries(query)) {
    if (JSON_LISTS.has(name) || JSON_OBJECTS.has(name)) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        throw new Refusal(40002, `${name} must be JSON-encoded.`);
      }
      // A report's filtering is a list of conditions; the other endpoints take an object.
      if (JSON_LISTS.has(name) && !Array.isArray(parsed)) throw new Refusal(40002, `${name} must be a JSON list.`);
      if (JSON_OBJECTS.has(name) && (typeof parsed !== 'object' || parsed === null))
        throw new Refusal(40002, `${name} must be a JSON object.`);
      out[name] = parsed;
    } else if (name === 'page' || name === 'page_size' || name === 'limit' || name === 'version') {
      if (!/^\d+$/.test(value)) throw new Refusal(40002, `${name} must be an integer.`);
      out[name] = Number(value);
    } else {
      out[name] = value;
    }
  }
  return out;
}

const FILTER_MODELS: Record<string, string> = {
  '/campaign/get/': 'FilteringCampaignGet',
  '/adgroup/get/': 'FilteringAdgroupGet',
  '/ad/get/': 'FilteringAdGet',
  '/file/video/ad/search/': 'FilteringVideoAdSearch',
  '/pixel/list/': 'FilteringPixelList',
};

function checkFiltering(path: string, filtering: unknown): void {
  if (filtering === undefined) return;
  if (path === '/report/integrated/get/') {
    if (!Array.isArray(filtering)) throw new Refusal(40002, 'filtering must be a JSON list of conditions.');
    for (const f of filtering as Json[]) {
      if (typeof f.field_name !== 'string' || typeof f.filter_type !== 'string' || typeof f.filter_value !== 'string')
        throw new Refusal(40002, 'Each filtering condition needs field_name, filter_type and filter_value (a string).');
    }
    return;
  }
  const model = FILTER_MODELS[path];
  if (!model) throw new Refusal(40002, 'This endpoint takes no filtering.');
  if (Array.isArray(filtering)) throw new Refusal(40002, 'filtering must be a JSON object.');
  const unknown = Object.keys(filtering as Json).filter((k) => !modelFields(model).has(k));
  if (unknown.length) throw new Refusal(40002, `Unknown filtering field(s): ${unknown.join(', ')}.`);
}

/** The ids a report's `filtering` keeps at this level, or undefined for all. */
function filteredIds(filtering: unknown, level: string): string[] | undefined {
  if (!Array.isArray(filtering)) return undefined;
  const condition = (filtering as Json[]).find((f) => f.field_name === `${level}_ids`);
  if (!condition) {
    const other = (filtering as Json[]).find((f) => /_ids$/.test(String(f.field_name)));
    if (other) throw new Refusal(40002, `filtering field ${other.field_name} does not fit data level ${level}.`);
    return undefined;
  }
  if (condition.filter_type !== 'IN') throw new Refusal(40002, 'Id filters take filter_type IN.');
  let ids: unknown;
  try {
    ids = JSON.parse(condition.filter_value);
  } catch {
    throw new Refusal(40002, 'filter_value must be a JSON-encoded list.');
  }
  if (!Array.isArray(ids) || ids.length > 100) throw new Refusal(40002, 'An id filter takes a list of at most 100 ids.');
  return ids.map(String);
}

function list(value: unknown, name: string): string[] {
  if (!Array.isArray(value)) throw new Refusal(40002, `${name} is required as a JSON list.`);
  return value.map(String);
}

function page<T>(items: T[], q: Json): { list: T[]; page_info: Json } {
  const size = (q.page_size as number | undefined) ?? 10;
  const number = (q.page as number | undefined) ?? 1;
  return {
    list: items.slice((number - 1) * size, number * size),
    page_info: { page: number, page_size: size, total_number: items.length, total_page: Math.max(1, Math.ceil(items.length / size)) },
  };
}

/** An ad-day's figures split into audience segments in whole units (the last segment takes the rest). */
function segments(figures: Record<string, number>, split: string[], adId: string): { dims: Json; figures: Record<string, number> }[] {
  const values: Json[] =
    split[0] === 'country_code'
      ? [{ country_code: 'US' }, { country_code: 'CA' }]
      : [
          { age: 'AGE_18_24', gender: 'MALE' },
          { age: 'AGE_18_24', gender: 'FEMALE' },
          { age: 'AGE_25_34', gender: 'MALE' },
          { age: 'AGE_25_34', gender: 'FEMALE' },
        ];
  const shares = values.map((_, i) => 1 + ((hash(`${adId}|${i}`) % 3) as number));
  const total = shares.reduce((s, x) => s + x, 0);
  const out = values.map((dims) => ({ dims: Object.fromEntries(split.map((d) => [d, dims[d]])), figures: {} as Record<string, number> }));
  for (const [metric, value] of Object.entries(figures)) {
    let left = value;
    out.forEach((part, i) => {
      const share = i === out.length - 1 ? left : Math.floor((value * shares[i]!) / total);
      part.figures[metric] = share;
      left -= share;
    });
  }
  return out;
}
