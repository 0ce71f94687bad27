/**
 * A fake of the chat-assistant platform's Advertiser API (REST/JSON under /v1, `Authorization:
 * Bearer <API key>`, one key per ad account), written from its public reference: a real HTTP server
 * on 127.0.0.1 with its own state that refuses what the API refuses (missing or wrong keys, unknown
 * addresses, parameters and fields, malformed ids, incomplete bidding configs, conversion metrics in
 * insights, budgets and bidding configurations the Bidding & Budgets page rules out, creatives past
 * their limits) with the API's error body `{ error: { message, type, param, code } }`, serves cursor
 * pages (`{ object: "list", data, first_id, last_id, has_more }`, `after`/`limit`), uploads, ads and
 * the geo lookup, replays a create sent again under the same `Idempotency-Key`, tells partner keys
 * (several ad accounts, chosen with `OpenAI-Ad-Account`) from account keys, enforces per-endpoint
 * and overall rate limits, and can be told to rate-limit, fail, hang, drop answers, or revoke a key.
 * Delivery figures are its own deterministic model (per ad and day), summed up the hierarchy.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Status = 'active' | 'paused' | 'archived';
type BiddingType = 'impressions' | 'clicks' | 'conversions';
type Strategy = 'fixed_bid' | 'maximize_clicks' | 'maximize_conversions';

interface Campaign {
  id: string;
  created_at: number;
  updated_at: number;
  name: string;
  description: string | null;
  status: Status;
  bidding_type: BiddingType;
  start_time: number | null;
  end_time: number | null;
  /** Exactly one of the two. */
  budget: { lifetime_spend_limit_micros: number } | { daily_spend_limit_micros: number };
  targeting: { locations: { include: GeoLocation[] } } | null;
  conversion_event_setting_ids?: string[];
}

interface GeoLocation {
  id: string;
  type: 'country' | 'region' | 'dma';
  name: string;
  canonical_name: string;
  country_code: string;
  region_code: string | null;
}

/** The fake's location catalog (the reference's own examples, and a few more). */
const GEO_CATALOG: GeoLocation[] = [
  { id: '1000001', type: 'country', name: 'United States', canonical_name: 'United States', country_code: 'US', region_code: null },
  { id: '1000002', type: 'country', name: 'Canada', canonical_name: 'Canada', country_code: 'CA', region_code: null },
  {
    id: '2000043',
    type: 'region',
    name: 'California',
    canonical_name: 'California, United States',
    country_code: 'US',
    region_code: 'CA',
  },
  { id: '2000006', type: 'region', name: 'Colorado', canonical_name: 'Colorado, United States', country_code: 'US', region_code: 'CO' },
  {
    id: '3000194',
    type: 'dma',
    name: 'San Francisco - Oakland - San Jose',
    canonical_name: 'San Francisco - Oakland - San Jose, United States',
    country_code: 'US',
    region_code: '807',
  },
  { id: '3000001', type: 'dma', name: 'New York', canonical_name: 'New York, United States', country_code: 'US', region_code: '501' },
  { id: '3000751', type: 'dma', name: 'Denver', canonical_name: 'Denver, United States', country_code: 'US', region_code: '751' },
];
/** The smallest daily budget per campaign (USD accounts): requests below it are refused with the amount. */
const MIN_DAILY_MICROS = 25_000_000;

interface AdGroup {
  id: string;
  campaign_id: string;
  created_at: number;
  updated_at: number;
  name: string;
  description: string | null;
  context_hints: string[];
  status: Status;
  bidding_config: { billing_event_type: 'impression' | 'click'; strategy: Strategy; max_bid_micros?: number };
}

interface Ad {
  id: string;
  ad_group_id: string;
  name: string;
  created_at: number;
  updated_at: number;
  creative: { type: 'chat_card'; title: string; body: string; file_id: string; image_url: string; target_url: string };
  status: Status;
  review_status: 'approved' | 'in_review' | 'rejected';
}

interface CustomAudience {
  id: string;
  name: string;
  status: string;
  created_at: number;
  uploaded_count: number;
  matched_count: number;
}

export interface FakeAdAccount {
  id: string;
  name: string;
  url: string;
  preview_url: string | null;
  timezone: string;
  currency_code: string;
  disabled: boolean;
  campaigns: Campaign[];
  adGroups: AdGroup[];
  ads: Ad[];
  audiences: CustomAudience[];
  /** Uploaded images: file id → where it came from (an image URL, or `upload:<bytes>` for a file). */
  files: Map<string, string>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  status: number;
  /** The Idempotency-Key and OpenAI-Ad-Account headers the request carried. */
  idempotencyKey?: string;
  adAccount?: string;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: string,
    readonly code: string | null = null,
    readonly param: string | null = null,
  ) {
    super(message);
  }
}

const DAY = 86_400;
const METRICS = ['impressions', 'clicks', 'spend', 'ctr', 'cpc', 'cpm'] as const;
const LEVELS = ['ad_account', 'campaign', 'ad_group', 'ad'] as const;
const SEGMENT_VALUES: Record<string, [string, number][]> = {
  country: [
    ['US', 0.6],
    ['CA', 0.25],
    ['GB', 0.15],
  ],
  device: [
    ['desktop', 0.5],
    ['mobile_app', 0.3],
    ['mobile_web', 0.2],
  ],
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const unix = () => Math.floor(Date.now() / 1000);
const hash = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0);
const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

export class FakeChatAdsApi {
  /** Base URL to set as CHATADS_API_URL (ends in /v1). */
  url = '';
  /** Every request answered, in order (method, path without query, status). */
  readonly requests: RecordedRequest[] = [];
  /** Requests per minute allowed per endpoint and overall (the published limits). */
  limits = { perEndpoint: 600, overall: 1200 };

  private readonly accounts = new Map<string, FakeAdAccount>();
  private readonly keys = new Map<string, { accountIds: string[]; partner: boolean; revoked: boolean }>();
  /** Answers of creates by Idempotency-Key (per key owner and ad account): what a repeat gets back. */
  private readonly idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  private dropping = 0;
  private server?: Server;
  private rateLimited = { count: 0, retryAfter: 1 };
  private failing: { count: number; status: number; method?: string } = { count: 0, status: 500 };
  private hanging = 0;
  private window = { minute: 0, overall: 0, perEndpoint: new Map<string, number>() };

  static async start(): Promise<FakeChatAdsApi> {
    const fake = new FakeChatAdsApi();
    fake.server = createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1`;
    return fake;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** A new ad account with campaigns, ad groups, ads and audiences, and the one API key that reaches it. */
  addAccount(name = 'Northwind Outdoor Ads'): { account: FakeAdAccount; apiKey: string } {
    const now = unix();
    const account: FakeAdAccount = {
      id: newId('act'),
      name,
      url: 'https://www.northwind.example',
      preview_url: null,
      timezone: 'UTC',
      currency_code: 'USD',
      disabled: false,
      campaigns: [],
      adGroups: [],
      ads: [],
      audiences: [],
      files: new Map([['file_901', 'https://cdn.example.com/file_901.png']]),
    };
    const seeds: [string, Status, number, BiddingType][] = [
      ['Spring launch', 'active', 60, 'impressions'],
      ['Gear questions', 'active', 40, 'clicks'],
      ['Holiday promo', 'paused', 90, 'impressions'],
      ['Last year', 'archived', 300, 'impressions'],
    ];
    seeds.forEach(([campaignName, status, daysAgo, biddingType], i) => {
      const campaign: Campaign = {
        id: newId('cmpn'),
        created_at: now - daysAgo * DAY - 3600,
        updated_at: now - DAY,
        name: campaignName,
        description: i === 0 ? 'Promote the spring range' : null,
        status,
        bidding_type: biddingType,
        start_time: i === 1 ? null : now - daysAgo * DAY,
        end_time: status === 'archived' ? now - 200 * DAY : null,
        // The clicks campaign runs on a daily budget (Maximize Results needs one).
        budget:
          biddingType === 'clicks'
            ? { daily_spend_limit_micros: 50_000_000 }
            : { lifetime_spend_limit_micros: (5000 + i * 1000) * 1_000_000 },
        targeting: i === 0 ? { locations: { include: [GEO_CATALOG[0]] } } : null,
      };
      account.campaigns.push(campaign);
      for (const [gi, groupName] of ['Trail planning', 'Gear checklists'].entries()) {
        const group: AdGroup = {
          id: newId('adgrp'),
          campaign_id: campaign.id,
          created_at: campaign.created_at + 60,
          updated_at: campaign.created_at + 60,
          name: `${campaignName} - ${groupName}`,
          description: null,
          context_hints: ['planning a weekend hike'],
          status: status === 'archived' ? 'archived' : 'active',
          bidding_config:
            biddingType === 'clicks'
              ? gi === 0
                ? { billing_event_type: 'click', strategy: 'fixed_bid', max_bid_micros: 1_500_000 }
                : { billing_event_type: 'click', strategy: 'maximize_clicks' }
              : { billing_event_type: 'impression', strategy: 'fixed_bid', max_bid_micros: 40_000 + gi * 10_000 },
        };
        account.adGroups.push(group);
        for (const ai of [1, 2]) {
          account.ads.push({
            id: newId('ad'),
            ad_group_id: group.id,
            name: `${group.name} - card ${ai}`,
            created_at: group.created_at + 60,
            updated_at: group.created_at + 60,
            creative: {
              type: 'chat_card',
              title: `Gear that goes further ${ai}`,
              body: 'Tested on 1,000 miles of trail.',
              file_id: 'file_901',
              image_url: 'https://cdn.example.com/file_901.png',
              target_url: 'https://www.northwind.example/trail',
            },
            status: group.status,
            review_status: 'approved',
          });
        }
      }
    });
    account.audiences.push(
      {
        id: newId('aud'),
        name: 'Newsletter subscribers',
        status: 'ready',
        created_at: now - 100 * DAY,
        uploaded_count: 240_000,
        matched_count: 182_400,
      },
      {
        id: newId('aud'),
        name: 'VIP customers',
        status: 'too_small',
        created_at: now - 80 * DAY,
        uploaded_count: 1_020,
        matched_count: 850,
      },
      { id: newId('aud'), name: 'CRM import', status: 'processing', created_at: now - 2 * DAY, uploaded_count: 95_000, matched_count: 0 },
    );
    this.accounts.set(account.id, account);
    const apiKey = `sk-ads-${randomBytes(18).toString('base64url')}`;
    this.keys.set(apiKey, { accountIds: [account.id], partner: false, revoked: false });
    return { account, apiKey };
  }

  /** A partner (agency) key reaching these ad accounts; each request names one in `OpenAI-Ad-Account`. */
  addPartnerKey(accountIds: string[]): string {
    const apiKey = `sk-ads-partner-${randomBytes(18).toString('base64url')}`;
    this.keys.set(apiKey, { accountIds, partner: true, revoked: false });
    return apiKey;
  }

  /** The next `count` requests are carried out, but their answers are lost (the connection drops). */
  dropAnswerNext(count: number): void {
    this.dropping = count;
  }

  account(id: string): FakeAdAccount {
    return this.accounts.get(id)!;
  }

  /** The key no longer works (deleted in the platform's settings). */
  revoke(apiKey: string): void {
    this.keys.get(apiKey)!.revoked = true;
  }

  /** The next `count` requests get 429 with Retry-After. */
  rateLimitNext(count: number, retryAfterSeconds: number): void {
    this.rateLimited = { count, retryAfter: retryAfterSeconds };
  }

  /** The next `count` requests (of `method`, when given) fail with a server error, changing nothing. */
  failNext(count: number, options: { status?: number; method?: string } = {}): void {
    this.failing = { count, status: options.status ?? 500, method: options.method };
  }

  /** The next `count` requests are never answered. */
  hangNext(count: number): void {
    this.hanging = count;
  }

  /** How many requests reached the fake with this method and path (exact, without query). */
  count(method: string, path: string): number {
    return this.requests.filter((r) => r.method === method && r.path === path).length;
  }

  /** The fake's own delivery of one ad on one day (0 before its campaign started). */
  delivery(ad: Ad, campaign: Campaign, day: string): { impressions: number; clicks: number; spend: number } {
    const start = isoDay(campaign.start_time ?? campaign.created_at);
    if (day < start || ad.status === 'archived') return { impressions: 0, clicks: 0, spend: 0 };
    const h = hash(`${ad.id}|${day}`);
    const impressions = 200 + (h % 800);
    const clicks = Math.floor(impressions * 0.02) + (h % 7);
    return { impressions, clicks, spend: Math.round(clicks * 135) / 100 };
  }

  // --- the server ---

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const idempotencyKey = header(req, 'idempotency-key');
    const adAccount = header(req, 'openai-ad-account');
    const record = (status: number) =>
      this.requests.push({
        method,
        path: url.pathname,
        status,
        ...(idempotencyKey ? { idempotencyKey } : {}),
        ...(adAccount ? { adAccount } : {}),
      });
    if (this.hanging > 0) {
      this.hanging--;
      record(0);
      return; // never answered
    }
    let status: number;
    let body: unknown;
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    try {
      const raw = await readBody(req, url.pathname === '/v1/upload');
      this.applyRateLimits(method, url.pathname, headers);
      if (this.failing.count > 0 && (!this.failing.method || this.failing.method === method)) {
        this.failing.count--;
        throw new ApiError(this.failing.status, 'The server had an error while processing your request. Sorry about that!', 'server_error');
      }
      const { account, apiKey } = this.authenticate(req);
      ({ status, body } = this.idempotently(apiKey, account, method, url, raw, idempotencyKey, () =>
        this.route(account, method, url, raw, { idempotencyKey, contentType: req.headers['content-type'] ?? '' }),
      ));
    } catch (caught) {
      const err =
        caught instanceof ApiError ? caught : new ApiError(500, 'The server had an error while processing your request.', 'server_error');
      status = err.status;
      body = { error: { message: err.message, type: err.type, param: err.param, code: err.code } };
      if (status === 429) headers['Retry-After'] = String(this.rateLimited.retryAfter);
    }
    record(status);
    if (this.dropping > 0) {
      this.dropping--;
      res.destroy(); // carried out, answer lost
      return;
    }
    res.writeHead(status, headers);
    res.end(JSON.stringify(body));
  }

  /**
   * A POST under an Idempotency-Key runs once: sent again with the same key and body it answers the
   * first result (success or refusal); with the same key and another body it is refused.
   */
  private idempotently(
    apiKey: string,
    account: FakeAdAccount,
    method: string,
    url: URL,
    raw: string,
    key: string | undefined,
    run: () => unknown,
  ): { status: number; body: unknown } {
    if (method !== 'POST' || !key) return { status: 200, body: run() };
    if (key.length > 255)
      throw new ApiError(400, 'Idempotency-Key must be at most 255 characters.', 'invalid_request_error', 'invalid_idempotency_key');
    const id = `${apiKey}|${account.id}|${key}`;
    const fingerprint = `${url.pathname}|${raw}`;
    const seen = this.idempotent.get(id);
    if (seen) {
      if (seen.fingerprint !== fingerprint)
        throw new ApiError(
          422,
          'This Idempotency-Key was already used with a different request. Use a new key for a different request.',
          'invalid_request_error',
          'idempotency_key_reused',
        );
      return { status: seen.status, body: seen.body };
    }
    let answer: { status: number; body: unknown };
    try {
      answer = { status: 200, body: run() };
    } catch (caught) {
      if (!(caught instanceof ApiError) || caught.status >= 500) throw caught;
      answer = {
        status: caught.status,
        body: { error: { message: caught.message, type: caught.type, param: caught.param, code: caught.code } },
      };
    }
    this.idempotent.set(id, { fingerprint, ...answer });
    return answer;
  }

  private applyRateLimits(method: string, path: string, headers: Record<string, string>): void {
    const minute = Math.floor(Date.now() / 60_000);
    if (this.window.minute !== minute) this.window = { minute, overall: 0, perEndpoint: new Map() };
    const endpoint = `${method} ${path.replace(/\/(cmpn|adgrp|ad|aud)_[A-Za-z0-9]+/g, '/{id}')}`;
    const used = (this.window.perEndpoint.get(endpoint) ?? 0) + 1;
    this.window.perEndpoint.set(endpoint, used);
    this.window.overall++;
    headers['x-ratelimit-limit-requests'] = String(this.limits.perEndpoint);
    headers['x-ratelimit-remaining-requests'] = String(Math.max(0, this.limits.perEndpoint - used));
    headers['x-ratelimit-reset-requests'] = `${60 - (Math.floor(Date.now() / 1000) % 60)}s`;
    if (this.rateLimited.count > 0) {
      this.rateLimited.count--;
      throw new ApiError(429, 'Rate limit reached for requests. Please slow down.', 'rate_limit_error', 'rate_limit_exceeded');
    }
    if (used > this.limits.perEndpoint || this.window.overall > this.limits.overall) {
      this.rateLimited.retryAfter = 60 - (Math.floor(Date.now() / 1000) % 60);
      throw new ApiError(429, 'Rate limit reached for requests. Please slow down.', 'rate_limit_error', 'rate_limit_exceeded');
    }
  }

  private authenticate(req: IncomingMessage): { account: FakeAdAccount; apiKey: string } {
    const authorization = req.headers.authorization;
    if (!authorization)
      throw new ApiError(
        401,
        "You didn't provide an API key. Provide your Ads API key in an Authorization header using Bearer auth.",
        'invalid_request_error',
        'missing_api_key',
      );
    const match = /^Bearer (\S+)$/.exec(authorization);
    if (!match)
      throw new ApiError(
        401,
        'The Authorization header must be "Bearer <Ads API key>".',
        'invalid_request_error',
        'invalid_authorization_header',
      );
    const key = this.keys.get(match[1]);
    if (!key || key.revoked)
      throw new ApiError(
        401,
        'Incorrect API key provided. Create or copy a key in the Settings tab of Ads Manager.',
        'invalid_request_error',
        'invalid_api_key',
      );
    const chosen = header(req, 'openai-ad-account');
    if (!key.partner && chosen)
      throw new ApiError(
        400,
        "This API key belongs to one ad account: don't send an OpenAI-Ad-Account header with it.",
        'invalid_request_error',
        'unexpected_ad_account_header',
      );
    if (key.partner && !chosen)
      throw new ApiError(
        400,
        'A partner key reaches several ad accounts: name the one to act on in the OpenAI-Ad-Account header.',
        'invalid_request_error',
        'missing_ad_account_header',
      );
    if (chosen && !key.accountIds.includes(chosen))
      throw new ApiError(403, `This partner key has no access to ad account '${chosen}'.`, 'permission_error', 'ad_account_not_accessible');
    const account = this.accounts.get(chosen ?? key.accountIds[0])!;
    if (account.disabled) throw new ApiError(403, 'This ad account is disabled.', 'permission_error', 'account_disabled');
    return { account, apiKey: match[1] };
  }

  private route(
    account: FakeAdAccount,
    method: string,
    url: URL,
    raw: string,
    meta: { idempotencyKey?: string; contentType: string },
  ): unknown {
    const path = url.pathname.replace(/^\/v1(?=\/)/, '');
    const query = url.searchParams;
    if (method === 'POST' && path === '/upload') return this.upload(account, raw, meta.contentType);
    const json = method === 'POST' ? parseJson(raw) : undefined;
    let m: RegExpExecArray | null;
    if (!url.pathname.startsWith('/v1/')) throw unknownUrl(method, url.pathname);
    if (method === 'GET' && path === '/ad_account') {
      allowParams(query, []);
      const { id, name, url: site, preview_url, timezone, currency_code } = account;
      return { id, name, url: site, preview_url, timezone, currency_code };
    }
    if (method === 'GET' && path === '/campaigns') {
      allowParams(query, ['limit', 'after', 'before', 'order']);
      return page(account.campaigns, query);
    }
    if ((m = /^\/campaigns\/([^/]+)$/.exec(path)) && method === 'GET') {
      allowParams(query, []);
      return findCampaign(account, m[1]);
    }
    if ((m = /^\/campaigns\/([^/]+)\/(activate|pause|archive)$/.exec(path)) && method === 'POST') {
      allowParams(query, []);
      if (json !== undefined && (typeof json !== 'object' || json === null || Object.keys(json).length))
        throw new ApiError(
          400,
          'This endpoint takes no request body.',
          'invalid_request_error',
          'unknown_parameter',
          Object.keys(json as object)[0] ?? null,
        );
      const campaign = findCampaign(account, m[1]);
      const status: Status = m[2] === 'activate' ? 'active' : m[2] === 'pause' ? 'paused' : 'archived';
      if (campaign.status === 'archived' && status !== 'archived')
        throw new ApiError(400, 'Archived campaigns cannot change status.', 'invalid_request_error', 'invalid_state');
      campaign.status = status;
      campaign.updated_at = unix();
      return campaign;
    }
    if (method === 'POST' && path === '/campaigns') return this.createCampaign(account, json);
    if ((m = /^\/(ad_groups|ads)\/([^/]+)\/(activate|pause|archive)$/.exec(path)) && method === 'POST') {
      allowParams(query, []);
      if (json !== undefined && (typeof json !== 'object' || json === null || Object.keys(json).length))
        throw new ApiError(
          400,
          'This endpoint takes no request body.',
          'invalid_request_error',
          'unknown_parameter',
          Object.keys(json as object)[0] ?? null,
        );
      const entity: AdGroup | Ad = m[1] === 'ad_groups' ? findAdGroup(account, m[2]) : findAd(account, m[2]);
      const status: Status = m[3] === 'activate' ? 'active' : m[3] === 'pause' ? 'paused' : 'archived';
      if (entity.status === 'archived' && status !== 'archived')
        throw new ApiError(
          400,
          `Archived ${m[1] === 'ads' ? 'ads' : 'ad groups'} cannot change status.`,
          'invalid_request_error',
          'invalid_state',
        );
      entity.status = status;
      entity.updated_at = unix();
      const { campaign_id: _c, ad_group_id: _g, ...wire } = entity as AdGroup & Ad;
      return wire;
    }
    if ((m = /^\/ads\/([^/]+)$/.exec(path)) && method === 'GET') {
      allowParams(query, []);
      const { ad_group_id: _g, ...ad } = findAd(account, m[1]);
      return ad;
    }
    if (method === 'GET' && path === '/ad_groups') {
      allowParams(query, ['campaign_id', 'limit', 'after', 'before', 'order']);
      const campaignId = required(query, 'campaign_id');
      findCampaign(account, campaignId);
      return page(
        account.adGroups.filter((g) => g.campaign_id === campaignId).map(({ campaign_id: _c, ...g }) => g),
        query,
      );
    }
    if (method === 'POST' && path === '/ad_groups') return this.createAdGroup(account, json, meta.idempotencyKey);
    if (method === 'POST' && path === '/ads') return this.createAd(account, json);
    if (method === 'GET' && path === '/geo_lookup/search') {
      allowParams(query, ['q', 'limit']);
      const q = required(query, 'q').trim().toLowerCase();
      const limit = intParam(query, 'limit', 1, 100, 20);
      const results = GEO_CATALOG.filter((l) => l.canonical_name.toLowerCase().includes(q)).slice(0, limit);
      return { count: results.length, query: query.get('q'), results };
    }
    if ((m = /^\/ad_groups\/([^/]+)$/.exec(path)) && method === 'GET') {
      allowParams(query, []);
      const { campaign_id: _c, ...group } = findAdGroup(account, m[1]);
      return group;
    }
    if (method === 'GET' && path === '/ads') {
      allowParams(query, ['ad_group_id', 'limit', 'after', 'before', 'order']);
      const adGroupId = required(query, 'ad_group_id');
      findAdGroup(account, adGroupId);
      return page(
        account.ads.filter((a) => a.ad_group_id === adGroupId).map(({ ad_group_id: _g, ...a }) => a),
        query,
      );
    }
    if (method === 'GET' && path === '/custom_audiences') {
      allowParams(query, ['limit', 'after', 'before', 'order']);
      return page(account.audiences, query);
    }
    if (method === 'GET' && path === '/ad_account/insights') return this.insights(account, query);
    throw unknownUrl(method, url.pathname);
  }

  private createCampaign(account: FakeAdAccount, body: unknown): Campaign {
    const b = objectBody(body);
    const known = [
      'name',
      'description',
      'status',
      'bidding_type',
      'start_time',
      'end_time',
      'budget',
      'targeting',
      'conversion_event_setting_ids',
    ];
    refuseUnknown(b, known, '');
    for (const field of ['name', 'status', 'budget', 'bidding_type']) requireField(b, field);
    checkName(b.name, 'name');
    checkStatus(b.status);
    if (!['impressions', 'clicks', 'conversions'].includes(b.bidding_type as string))
      throw invalid('bidding_type', "expected 'impressions', 'clicks' or 'conversions'");
    const biddingType = b.bidding_type as BiddingType;
    const budget = b.budget as Record<string, unknown>;
    if (typeof budget !== 'object' || budget === null || Array.isArray(budget))
      throw new ApiError(400, "Invalid 'budget': expected an object.", 'invalid_request_error', 'invalid_type', 'budget');
    refuseUnknown(budget, ['lifetime_spend_limit_micros', 'daily_spend_limit_micros'], 'budget.');
    const given = Object.keys(budget).filter((k) => budget[k] !== undefined && budget[k] !== null);
    if (given.length !== 1)
      throw invalid(
        'budget',
        'provide exactly one of lifetime_spend_limit_micros and daily_spend_limit_micros; a campaign cannot have both',
      );
    const field = given[0];
    const micros = budget[field];
    if (typeof micros !== 'number' || !Number.isInteger(micros)) throw invalid(`budget.${field}`, 'must be an integer (micros)');
    if (field === 'lifetime_spend_limit_micros' && micros < 1_000_000) throw invalid(`budget.${field}`, 'minimum 1000000');
    if (field === 'daily_spend_limit_micros' && micros < MIN_DAILY_MICROS)
      throw invalid(`budget.${field}`, `the daily minimum for a ${account.currency_code} account is ${MIN_DAILY_MICROS} micros`);
    for (const time of ['start_time', 'end_time']) {
      const value = b[time];
      if (value === undefined || value === null) continue;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 946_684_800 || value > 4_102_444_800)
        throw invalid(time, 'expected a unix timestamp between 946684800 and 4102444800');
    }
    if (typeof b.start_time === 'number' && typeof b.end_time === 'number' && b.end_time <= b.start_time)
      throw invalid('end_time', 'must be after start_time');
    let conversionSettings: string[] | undefined;
    if (biddingType === 'conversions') {
      const ids = b.conversion_event_setting_ids;
      if (!Array.isArray(ids) || ids.length !== 1 || typeof ids[0] !== 'string')
        throw invalid(
          'conversion_event_setting_ids',
          'a conversions campaign needs exactly one active standard conversion event setting of this ad account',
        );
      conversionSettings = ids as string[];
    } else if (b.conversion_event_setting_ids !== undefined) {
      throw invalid('conversion_event_setting_ids', 'only a conversions campaign takes conversion event settings');
    }
    const now = unix();
    const campaign: Campaign = {
      id: newId('cmpn'),
      created_at: now,
      updated_at: now,
      name: b.name as string,
      description: (b.description as string | undefined) ?? null,
      status: b.status as Status,
      bidding_type: biddingType,
      start_time: (b.start_time as number | undefined) ?? null,
      end_time: (b.end_time as number | undefined) ?? null,
      budget: { [field]: micros } as Campaign['budget'],
      targeting: b.targeting === undefined || b.targeting === null ? null : { locations: { include: this.locations(b.targeting) } },
      ...(conversionSettings ? { conversion_event_setting_ids: conversionSettings } : {}),
    };
    account.campaigns.push(campaign);
    return campaign;
  }

  /** `targeting.locations.include` ([{id}] from the geo lookup) or `.countries` (ISO codes), expanded. */
  private locations(targeting: unknown): GeoLocation[] {
    const t = objectBody(targeting, 'targeting');
    refuseUnknown(t, ['locations'], 'targeting.');
    const l = objectBody(t.locations, 'targeting.locations');
    refuseUnknown(l, ['include', 'countries'], 'targeting.locations.');
    const found: GeoLocation[] = [];
    for (const item of (l.include as unknown[] | undefined) ?? []) {
      const id = (item as { id?: unknown } | null)?.id;
      const location = GEO_CATALOG.find((g) => g.id === id);
      if (!location)
        throw invalid('targeting.locations.include', `unknown location id '${String(id)}' (find ids with GET /geo_lookup/search)`);
      found.push(location);
    }
    for (const code of (l.countries as unknown[] | undefined) ?? []) {
      const location = GEO_CATALOG.find((g) => g.type === 'country' && g.country_code === code);
      if (!location) throw invalid('targeting.locations.countries', `unknown country code '${String(code)}'`);
      found.push(location);
    }
    return found;
  }

  private createAdGroup(account: FakeAdAccount, body: unknown, idempotencyKey: string | undefined): AdGroup {
    const b = objectBody(body);
    refuseUnknown(b, ['campaign_id', 'name', 'description', 'context_hints', 'status', 'bidding_config'], '');
    for (const field of ['campaign_id', 'name', 'status', 'bidding_config']) requireField(b, field);
    const campaign = findCampaign(account, b.campaign_id as string);
    if (campaign.status === 'archived')
      throw new ApiError(
        400,
        'Ad groups cannot be added to an archived campaign.',
        'invalid_request_error',
        'invalid_state',
        'campaign_id',
      );
    checkName(b.name, 'name');
    checkStatus(b.status);
    if (b.description !== undefined && b.description !== null && typeof b.description !== 'string')
      throw new ApiError(400, "Invalid 'description': expected a string.", 'invalid_request_error', 'invalid_type', 'description');
    if (b.context_hints !== undefined && (!Array.isArray(b.context_hints) || b.context_hints.some((h) => typeof h !== 'string')))
      throw new ApiError(
        400,
        "Invalid 'context_hints': expected an array of strings.",
        'invalid_request_error',
        'invalid_type',
        'context_hints',
      );
    const bidding = objectBody(b.bidding_config, 'bidding_config');
    refuseUnknown(bidding, ['billing_event_type', 'strategy', 'max_bid_micros', 'custom_audience_bid_multipliers'], 'bidding_config.');
    requireField(bidding, 'billing_event_type', 'bidding_config.');
    const billing = bidding.billing_event_type;
    if (billing !== 'impression' && billing !== 'click')
      throw invalid('bidding_config.billing_event_type', "expected 'impression' or 'click'");
    const strategy = (bidding.strategy ?? 'fixed_bid') as Strategy;
    if (!['fixed_bid', 'maximize_clicks', 'maximize_conversions'].includes(strategy))
      throw invalid('bidding_config.strategy', "expected 'fixed_bid', 'maximize_clicks' or 'maximize_conversions'");
    // The combinations the Bidding & Budgets page allows.
    const allowed: Record<BiddingType, [string, Strategy[]]> = {
      impressions: ['impression', ['fixed_bid']],
      clicks: ['click', ['fixed_bid', 'maximize_clicks']],
      conversions: ['click', ['fixed_bid', 'maximize_conversions']],
    };
    const [billingFor, strategies] = allowed[campaign.bidding_type];
    if (billing !== billingFor)
      throw invalid('bidding_config.billing_event_type', `a campaign bidding for ${campaign.bidding_type} bills per ${billingFor}`);
    if (!strategies.includes(strategy))
      throw invalid('bidding_config.strategy', `a campaign bidding for ${campaign.bidding_type} takes ${strategies.join(' or ')}`);
    const bid = bidding.max_bid_micros;
    if (strategy === 'fixed_bid') {
      if (bid === undefined) requireField(bidding, 'max_bid_micros', 'bidding_config.');
      if (typeof bid !== 'number' || !Number.isInteger(bid) || bid < 1 || bid > 100_000_000)
        throw invalid('bidding_config.max_bid_micros', 'must be an integer between 1 and 100000000');
    } else {
      if (bid !== undefined) throw invalid('bidding_config.max_bid_micros', `omit it for ${strategy}: Maximize Results sets the bids`);
      if (bidding.custom_audience_bid_multipliers !== undefined)
        throw invalid('bidding_config.custom_audience_bid_multipliers', 'audience bid multipliers work only with fixed_bid');
      if (!('daily_spend_limit_micros' in campaign.budget))
        throw invalid('bidding_config.strategy', `${strategy} needs a campaign with a daily budget`);
      if (!idempotencyKey)
        throw new ApiError(
          400,
          'An Idempotency-Key header is required to create a Maximize Results ad group.',
          'invalid_request_error',
          'missing_idempotency_key',
        );
    }
    const now = unix();
    const group: AdGroup = {
      id: newId('adgrp'),
      campaign_id: campaign.id,
      created_at: now,
      updated_at: now,
      name: b.name as string,
      description: (b.description as string | undefined) ?? null,
      context_hints: (b.context_hints as string[] | undefined) ?? [],
      status: b.status as Status,
      bidding_config: { billing_event_type: billing, strategy, ...(strategy === 'fixed_bid' ? { max_bid_micros: bid as number } : {}) },
    };
    account.adGroups.push(group);
    const { campaign_id: _c, ...wire } = group;
    return wire as AdGroup;
  }

  private createAd(account: FakeAdAccount, body: unknown): Omit<Ad, 'ad_group_id'> {
    const b = objectBody(body);
    refuseUnknown(b, ['ad_group_id', 'name', 'status', 'creative'], '');
    for (const field of ['ad_group_id', 'name', 'status', 'creative']) requireField(b, field);
    const group = findAdGroup(account, b.ad_group_id as string);
    if (group.status === 'archived')
      throw new ApiError(400, 'Ads cannot be added to an archived ad group.', 'invalid_request_error', 'invalid_state', 'ad_group_id');
    checkName(b.name, 'name');
    checkStatus(b.status);
    const c = objectBody(b.creative, 'creative');
    refuseUnknown(c, ['type', 'title', 'body', 'target_url', 'file_id'], 'creative.');
    for (const field of ['type', 'title', 'body', 'target_url', 'file_id']) requireField(c, field, 'creative.');
    if (c.type !== 'chat_card') throw invalid('creative.type', "must be 'chat_card'");
    if (typeof c.title !== 'string' || c.title.length < 3 || c.title.length > 50)
      throw invalid('creative.title', 'must be 3 to 50 characters');
    if (typeof c.body !== 'string' || c.body.length > 100) throw invalid('creative.body', 'must be at most 100 characters');
    if (typeof c.target_url !== 'string' || !/^https?:\/\/\S+$/.test(c.target_url)) throw invalid('creative.target_url', 'must be a URL');
    if (typeof c.file_id !== 'string' || !account.files.has(c.file_id))
      throw new ApiError(
        404,
        `No file found with id '${String(c.file_id)}'. Upload it with POST /upload.`,
        'invalid_request_error',
        'not_found',
        'creative.file_id',
      );
    const now = unix();
    const ad: Ad = {
      id: newId('ad'),
      ad_group_id: group.id,
      name: b.name as string,
      created_at: now,
      updated_at: now,
      creative: {
        type: 'chat_card',
        title: c.title,
        body: c.body,
        file_id: c.file_id,
        image_url: `https://cdn.example.com/${c.file_id}.png`,
        target_url: c.target_url,
      },
      status: b.status as Status,
      review_status: 'in_review',
    };
    account.ads.push(ad);
    const { ad_group_id: _g, ...wire } = ad;
    return wire;
  }

  /** POST /upload: `{ image_url }` as JSON, or a binary `file` as multipart/form-data; answers `{ file_id }`. */
  private upload(account: FakeAdAccount, raw: string, contentType: string): { file_id: string } {
    let source: string;
    if (contentType.startsWith('multipart/form-data')) {
      if (!/name="file"/.test(raw)) throw invalid('file', "the multipart body needs a 'file' part");
      source = `upload:${raw.length}`;
    } else {
      const b = objectBody(parseJson(raw));
      refuseUnknown(b, ['image_url'], '');
      requireField(b, 'image_url');
      if (typeof b.image_url !== 'string' || !/^https:\/\/\S+$/.test(b.image_url)) throw invalid('image_url', 'must be an HTTPS URL');
      source = b.image_url;
    }
    const fileId = `file_${randomBytes(10).toString('hex')}`;
    account.files.set(fileId, source);
    return { file_id: fileId };
  }

  private insights(account: FakeAdAccount, query: URLSearchParams) {
    allowParams(query, [
      'aggregation_level',
      'time_granularity',
      'time_ranges[]',
      'fields[]',
      'filters[]',
      'segments[]',
      'sort[]',
      'limit',
      'after',
      'before',
    ]);
    const level = query.get('aggregation_level') ?? 'ad_account';
    if (!(LEVELS as readonly string[]).includes(level))
      throw new ApiError(400, `Invalid 'aggregation_level': ${level}.`, 'invalid_request_error', 'invalid_value', 'aggregation_level');
    const granularity = query.get('time_granularity') ?? 'daily';
    if (!['hourly', 'daily', 'monthly', 'none'].includes(granularity))
      throw new ApiError(400, `Invalid 'time_granularity': ${granularity}.`, 'invalid_request_error', 'invalid_value', 'time_granularity');
    if (granularity === 'hourly' || granularity === 'monthly')
      throw new ApiError(
        400,
        `time_granularity ${granularity} is not served by this fake.`,
        'invalid_request_error',
        'invalid_value',
        'time_granularity',
      );
    const fields = query.getAll('fields[]').length ? query.getAll('fields[]') : ['impressions', 'clicks', 'spend'];
    const metrics = fields.map((f) => {
      const name = f.includes('.') ? f.slice(f.indexOf('.') + 1) : f;
      if (!(METRICS as readonly string[]).includes(name))
        throw new ApiError(400, `Unknown field: '${f}'.`, 'invalid_request_error', 'unknown_field', 'fields');
      return name as (typeof METRICS)[number];
    });
    const ranges = query.getAll('time_ranges[]');
    if (ranges.length !== 1)
      throw new ApiError(400, 'Give exactly one time range in time_ranges[].', 'invalid_request_error', 'invalid_value', 'time_ranges');
    const range = parseJson(ranges[0]) as { type?: string; since?: string; until?: string };
    if (
      range?.type !== 'date_range' ||
      !/^\d{4}-\d{2}-\d{2}$/.test(range.since ?? '') ||
      !/^\d{4}-\d{2}-\d{2}$/.test(range.until ?? '') ||
      range.until! < range.since!
    ) {
      throw new ApiError(
        400,
        'Invalid \'time_ranges\': expected {"type":"date_range","since":"YYYY-MM-DD","until":"YYYY-MM-DD"} with until on or after since.',
        'invalid_request_error',
        'invalid_time_range',
        'time_ranges',
      );
    }
    const days: string[] = [];
    for (let t = Date.parse(`${range.since}T00:00:00Z`); t <= Date.parse(`${range.until}T00:00:00Z`); t += DAY * 1000)
      days.push(new Date(t).toISOString().slice(0, 10));
    if (days.length > 366)
      throw new ApiError(400, 'A time range may span at most 366 days.', 'invalid_request_error', 'range_too_wide', 'time_ranges');
    let ids: string[] | undefined;
    for (const raw of query.getAll('filters[]')) {
      const filter = parseJson(raw) as { field?: string; operator?: string; value?: unknown };
      if (filter?.field !== `${level}.id` || filter.operator !== 'in' || !Array.isArray(filter.value))
        throw new ApiError(400, `Invalid filter: ${raw}.`, 'invalid_request_error', 'invalid_filter', 'filters');
      ids = filter.value.map(String);
    }
    const segments = query.getAll('segments[]');
    if (segments.length > 1 || segments.some((s) => !SEGMENT_VALUES[s]))
      throw new ApiError(400, `Invalid 'segments': ${segments.join(', ')}.`, 'invalid_request_error', 'invalid_value', 'segments');
    const segment = segments[0];
    const limit = intParam(query, 'limit', 1, 10_000, 10_000);

    const campaignOf = new Map(account.campaigns.map((c) => [c.id, c]));
    const groupOf = new Map(account.adGroups.map((g) => [g.id, g]));
    const entityOfAd = (ad: Ad): string => {
      const group = groupOf.get(ad.ad_group_id)!;
      return level === 'ad' ? ad.id : level === 'ad_group' ? group.id : level === 'campaign' ? group.campaign_id : account.id;
    };
    const entities =
      level === 'ad'
        ? account.ads.map((a) => a.id)
        : level === 'ad_group'
          ? account.adGroups.map((g) => g.id)
          : level === 'campaign'
            ? account.campaigns.map((c) => c.id)
            : [account.id];
    const unknownId = (ids ?? []).find((id) => !entities.includes(id));
    if (unknownId)
      throw new ApiError(
        404,
        `No ${level.replace('_', ' ')} found with id '${unknownId}'.`,
        'invalid_request_error',
        'not_found',
        'filters',
      );
    const selected = ids ?? entities;
    const buckets = granularity === 'daily' ? days.map((d) => [d]) : [days];
    const rows: Record<string, unknown>[] = [];
    for (const entityId of selected) {
      for (const bucket of buckets) {
        const sum = { impressions: 0, clicks: 0, spend: 0 };
        for (const ad of account.ads.filter((a) => entityOfAd(a) === entityId)) {
          for (const day of bucket) {
            const d = this.delivery(ad, campaignOf.get(groupOf.get(ad.ad_group_id)!.campaign_id)!, day);
            sum.impressions += d.impressions;
            sum.clicks += d.clicks;
            sum.spend = Math.round((sum.spend + d.spend) * 100) / 100;
          }
        }
        if (sum.impressions === 0) continue; // no delivery, no row
        const start = Date.parse(`${bucket[0]}T00:00:00Z`) / 1000;
        const end = Date.parse(`${bucket.at(-1)}T00:00:00Z`) / 1000 + DAY;
        const parts: [string | undefined, typeof sum][] = segment ? splitBySegment(sum, SEGMENT_VALUES[segment]) : [[undefined, sum]];
        for (const [value, counts] of parts) {
          const entity: Record<string, unknown> = { id: entityId };
          for (const metric of metrics) entity[metric] = metricValue(metric, counts);
          rows.push({
            id: `${entityId}:${start}${value ? `:${value}` : ''}`,
            start_time: start,
            end_time: end,
            ...(granularity === 'daily' ? { readable_time: bucket[0] } : {}),
            timezone: account.timezone,
            [level]: entity,
            ...(segment ? { [segment]: value } : {}),
          });
        }
      }
    }
    const after = query.get('after');
    const from = after ? rows.findIndex((r) => r.id === after) + 1 : 0;
    if (after && from === 0)
      throw new ApiError(400, `Invalid 'after' cursor: ${after}.`, 'invalid_request_error', 'invalid_cursor', 'after');
    const data = rows.slice(from, from + limit);
    return {
      object: 'list',
      data,
      first_id: (data[0]?.id as string) ?? null,
      last_id: (data.at(-1)?.id as string) ?? null,
      has_more: from + limit < rows.length,
    };
  }
}

function splitBySegment(sum: { impressions: number; clicks: number; spend: number }, shares: [string, number][]): [string, typeof sum][] {
  const out: [string, typeof sum][] = [];
  let left = { ...sum };
  shares.forEach(([value, share], i) => {
    const last = i === shares.length - 1;
    const part = last
      ? left
      : {
          impressions: Math.floor(sum.impressions * share),
          clicks: Math.floor(sum.clicks * share),
          spend: Math.floor(sum.spend * share * 100) / 100,
        };
    left = {
      impressions: left.impressions - part.impressions,
      clicks: left.clicks - part.clicks,
      spend: Math.round((left.spend - part.spend) * 100) / 100,
    };
    out.push([value, part]);
  });
  return out;
}

function metricValue(metric: (typeof METRICS)[number], c: { impressions: number; clicks: number; spend: number }): number {
  switch (metric) {
    case 'ctr':
      return c.impressions ? c.clicks / c.impressions : 0;
    case 'cpc':
      return c.clicks ? Math.round((c.spend / c.clicks) * 100) / 100 : 0;
    case 'cpm':
      return c.impressions ? Math.round((c.spend / c.impressions) * 100_000) / 100 : 0;
    default:
      return c[metric];
  }
}

function findCampaign(account: FakeAdAccount, id: string): Campaign {
  if (!/^cmpn_[A-Za-z0-9]+$/.test(id))
    throw new ApiError(
      400,
      `Invalid campaign ID: '${id}'. Campaign IDs start with cmpn_.`,
      'invalid_request_error',
      'invalid_id',
      'campaign_id',
    );
  const campaign = account.campaigns.find((c) => c.id === id);
  if (!campaign) throw new ApiError(404, `No campaign found with id '${id}'.`, 'invalid_request_error', 'not_found', 'campaign_id');
  return campaign;
}

function findAd(account: FakeAdAccount, id: string): Ad {
  if (!/^ad_[A-Za-z0-9]+$/.test(id))
    throw new ApiError(400, `Invalid ad ID: '${id}'. Ad IDs start with ad_.`, 'invalid_request_error', 'invalid_id', 'ad_id');
  const ad = account.ads.find((a) => a.id === id);
  if (!ad) throw new ApiError(404, `No ad found with id '${id}'.`, 'invalid_request_error', 'not_found', 'ad_id');
  return ad;
}

function findAdGroup(account: FakeAdAccount, id: string): AdGroup {
  if (!/^adgrp_[A-Za-z0-9]+$/.test(id))
    throw new ApiError(
      400,
      `Invalid ad group ID: '${id}'. Ad group IDs start with adgrp_.`,
      'invalid_request_error',
      'invalid_id',
      'ad_group_id',
    );
  const group = account.adGroups.find((g) => g.id === id);
  if (!group) throw new ApiError(404, `No ad group found with id '${id}'.`, 'invalid_request_error', 'not_found', 'ad_group_id');
  return group;
}

/** A cursor page of a list endpoint, newest first unless `order=asc`. */
function page<T extends { id: string; created_at: number }>(items: T[], query: URLSearchParams) {
  const limit = intParam(query, 'limit', 1, 500, 20);
  const order = query.get('order') ?? 'desc';
  if (order !== 'asc' && order !== 'desc')
    throw new ApiError(400, "Invalid 'order': expected 'asc' or 'desc'.", 'invalid_request_error', 'invalid_value', 'order');
  const sorted = [...items].sort((a, b) => (a.created_at - b.created_at || a.id.localeCompare(b.id)) * (order === 'asc' ? 1 : -1));
  const after = query.get('after');
  const from = after ? sorted.findIndex((i) => i.id === after) + 1 : 0;
  if (after && from === 0) throw new ApiError(400, `Invalid 'after' cursor: ${after}.`, 'invalid_request_error', 'invalid_cursor', 'after');
  const data = sorted.slice(from, from + limit);
  return { object: 'list', data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null, has_more: from + limit < sorted.length };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' && value ? value : undefined;
}

function invalid(param: string, why: string): ApiError {
  return new ApiError(400, `Invalid '${param}': ${why}.`, 'invalid_request_error', 'invalid_value', param);
}

function objectBody(body: unknown, param?: string): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw param
      ? new ApiError(400, `Invalid '${param}': expected an object.`, 'invalid_request_error', 'invalid_type', param)
      : new ApiError(400, 'The request body must be a JSON object.', 'invalid_request_error', 'invalid_body');
  return body as Record<string, unknown>;
}

function refuseUnknown(b: Record<string, unknown>, known: string[], prefix: string): void {
  const unknown = Object.keys(b).find((k) => !known.includes(k));
  if (unknown)
    throw new ApiError(
      400,
      `Unknown parameter: '${prefix}${unknown}'.`,
      'invalid_request_error',
      'unknown_parameter',
      `${prefix}${unknown}`,
    );
}

function requireField(b: Record<string, unknown>, field: string, prefix = ''): void {
  if (b[field] === undefined)
    throw new ApiError(
      400,
      `Missing required parameter: '${prefix}${field}'.`,
      'invalid_request_error',
      'missing_required_parameter',
      `${prefix}${field}`,
    );
}

function checkName(name: unknown, param: string): void {
  if (typeof name !== 'string' || name.length < 3 || name.length > 1000 || !name.trim())
    throw invalid(param, 'must be 3 to 1000 characters and include a non-space character');
}

function checkStatus(status: unknown): void {
  if (status !== 'active' && status !== 'paused') throw invalid('status', "expected 'active' or 'paused'");
}

function allowParams(query: URLSearchParams, allowed: string[]): void {
  const unknown = [...query.keys()].find((k) => !allowed.includes(k));
  if (unknown) throw new ApiError(400, `Unknown parameter: '${unknown}'.`, 'invalid_request_error', 'unknown_parameter', unknown);
}

function required(query: URLSearchParams, name: string): string {
  const value = query.get(name);
  if (!value)
    throw new ApiError(400, `Missing required parameter: '${name}'.`, 'invalid_request_error', 'missing_required_parameter', name);
  return value;
}

function intParam(query: URLSearchParams, name: string, min: number, max: number, fallback: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ApiError(
      400,
      `Invalid '${name}': must be an integer between ${min} and ${max}.`,
      'invalid_request_error',
      'invalid_value',
      name,
    );
  return value;
}

function parseJson(raw: string): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new ApiError(400, 'We could not parse the JSON body of your request.', 'invalid_request_error', 'invalid_json');
  }
}

/** A path the API does not serve: 404 with the API's error object, `code` null, as the platform's APIs answer it. */
function unknownUrl(method: string, path: string): ApiError {
  return new ApiError(404, `Invalid URL (${method} ${path})`, 'invalid_request_error');
}

/** The request body as text; JSON only, except the upload endpoint, which also takes multipart/form-data. */
async function readBody(req: IncomingMessage, multipartAllowed: boolean): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  const type = req.headers['content-type'] ?? '';
  if (raw && !type.startsWith('application/json') && !(multipartAllowed && type.startsWith('multipart/form-data'))) {
    throw new ApiError(400, 'Request bodies must be sent as application/json.', 'invalid_request_error', 'invalid_content_type');
  }
  return raw;
}
