import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import FIELDS from './socialads-fields.json';

/**
 * A fake of the social network's Marketing API (Graph API) on 127.0.0.1, written from its public
 * reference. Node fields, edge parameters and enums come from test/fakes/socialads-fields.json,
 * generated from the platform's published API definitions (scripts/socialads-fields.ts).
 *
 * Like the real API it refuses: a missing or sunset version, a missing, unknown, expired or revoked
 * token (190 with its subcode), a missing or wrong appsecret_proof, fields a node does not have,
 * parameters an edge does not take, a missing required parameter, an enum value outside its list,
 * money that is not a whole number of minor units or below the minimum budget, legacy objectives,
 * creatives naming pages or image hashes the account does not have. It serves every page of a list
 * by cursor (small pages), validate-only writes that change nothing, synchronous and asynchronous
 * insights (report runs that finish after `reportPolls` polls), rate limits (code 17 / 80000 with
 * the business-use-case usage header), the login dialog, code and long-lived token exchanges, and
 * the token debugger.
 */

type Json = Record<string, any>;
type FieldsFile = {
  version: string;
  nodes: Record<string, Record<string, string>>;
  edges: Record<string, { params: Record<string, { type: string; required: boolean }> }>;
  enums: Record<string, string[]>;
};
const SPEC = FIELDS as unknown as FieldsFile;

/** Parameters every call may carry, whatever the edge. */
const UNIVERSAL = new Set(['access_token', 'appsecret_proof', 'fields', 'limit', 'after', 'before', 'method']);
/** Versions the platform no longer serves. */
const SUNSET = new Set(['v17.0', 'v18.0', 'v19.0', 'v20.0']);
const OFFSET_ONE = new Set(['CLP', 'COP', 'CRC', 'HUF', 'ISK', 'IDR', 'JPY', 'KRW', 'PYG', 'TWD', 'VND']);
const PUBLISHERS = new Set(['facebook', 'instagram', 'audience_network', 'messenger', 'threads', 'whatsapp']);
const DAY_MS = 86_400_000;

export interface FakeToken {
  token: string;
  userId: string;
  scopes: string[];
  /** Unix seconds; 0 = never. */
  expiresAt: number;
  revoked?: boolean;
}

export interface FakeAdAccount {
  id: string;
  name: string;
  currency: string;
  timezone_name: string;
  account_status: number;
  userIds: Set<string>;
  businessId: string;
  campaigns: Json[];
  adsets: Json[];
  ads: Json[];
  creatives: Json[];
  images: Json[];
  videos: Json[];
  pages: Json[];
  pixels: Json[];
  audiences: Json[];
  forms: Json[];
  leads: Json[];
  catalogs: Json[];
  productSets: Json[];
  products: Json[];
  apps: Json[];
}

class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.message));
  }
}

const fail = (message: string, code = 100, extra: Json = {}, status = 400) =>
  new GraphError(status, {
    message,
    type: code === 190 ? 'OAuthException' : 'GraphMethodException',
    code,
    fbtrace_id: `A${randomBytes(8).toString('hex')}`,
    ...extra,
  });

let nextId = 120200000000000000n;
const newId = () => String(++nextId);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const hash = (text: string) => {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
};

export class FakeSocialAdsApi {
  url = '';
  readonly clientId = String(100000000000000 + (hash(randomBytes(4).toString('hex')) % 1e9));
  readonly clientSecret = randomBytes(16).toString('hex');
  readonly version = SPEC.version;
  /** Items per page (small, so that every list has several pages). */
  pageSize = 2;
  /** What the person on the login dialog does. */
  decision: 'allow' | 'deny' = 'allow';
  /** The ad account the person on the login dialog can reach (made when they allow). */
  onConsent?: (token: FakeToken) => void;
  /** Polls a report run answers before it is complete. */
  reportPolls = 0;
  readonly tokens = new Map<string, FakeToken>();
  readonly accounts = new Map<string, FakeAdAccount>();
  readonly requests: { method: string; path: string; params: Json }[] = [];
  /** Tokens handed out by the token endpoint and the connect flow (secrets that must never show anywhere). */
  readonly issued: string[] = [];
  private readonly codes = new Map<string, { userId: string; redirectUri: string; used: boolean }>();
  private readonly reports = new Map<string, { rows: Json[]; polls: number; accountId: string }>();
  private rateLimits: { code: number; regainMinutes: number }[] = [];
  /** The next answers to any call carry this error instead (an operator problem, a transient failure...). */
  private forced: { error: GraphError; method?: string; path?: RegExp }[] = [];
  private server?: Server;

  static async start(): Promise<FakeSocialAdsApi> {
    const fake = new FakeSocialAdsApi();
    fake.server = createServer((req, res) => fake.serve(req, res));
    await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', () => resolve()));
    const address = fake.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    fake.url = `http://127.0.0.1:${address.port}`;
    return fake;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server!.close(() => resolve()));
  }

  /** The login dialog and token endpoint, as the settings take them. */
  get authorizeUrl(): string {
    return `${this.url}/${this.version}/dialog/oauth`;
  }
  get tokenUrl(): string {
    return `${this.url}/${this.version}/oauth/access_token`;
  }

  /** A user (or system user) token of this app. */
  addToken(options: { scopes?: string[]; expiresInDays?: number; userId?: string } = {}): FakeToken {
    const token: FakeToken = {
      token: `EAAB${randomBytes(24).toString('base64url')}`,
      userId: options.userId ?? newId(),
      scopes: options.scopes ?? ['ads_management', 'ads_read', 'business_management'],
      expiresAt: options.expiresInDays === undefined ? 0 : Math.floor(Date.now() / 1000 + options.expiresInDays * 86_400),
    };
    this.tokens.set(token.token, token);
    this.issued.push(token.token);
    return token;
  }

  revoke(token: string): void {
    this.tokens.get(token)!.revoked = true;
  }

  /** The next `count` calls are throttled with `code`; access comes back after `regainMinutes`. */
  rateLimit(count: number, code = 80000, regainMinutes = 3): void {
    for (let i = 0; i < count; i++) this.rateLimits.push({ code, regainMinutes });
  }

  /** The next call (of `method`, to a path matching `path`: the token endpoint included) answers this platform error. */
  failNext(error: Json, status = 400, method?: 'GET' | 'POST', path?: RegExp): void {
    this.forced.push({ error: new GraphError(status, { type: 'OAuthException', fbtrace_id: 'Aforced', ...error }), method, path });
  }

  /** The platform approves an ad: its review ends. */
  approve(adId: string): void {
    for (const account of this.accounts.values()) for (const ad of account.ads) if (ad.id === adId) delete ad.review;
  }

  count(method: string, path: RegExp): number {
    return this.requests.filter((r) => r.method === method && path.test(r.path)).length;
  }

  /** An ad account the token's user can reach, seeded with a realistic structure and 30 days of delivery. */
  addAccount(token: FakeToken, options: { currency?: string; name?: string; timezone?: string; status?: number } = {}): FakeAdAccount {
    const id = `act_${String(hash(randomBytes(4).toString('hex'))).padStart(10, '1')}`;
    const created = new Date(Date.now() - 40 * DAY_MS).toISOString().replace(/\.\d+Z$/, '+0000');
    const account: FakeAdAccount = {
      id,
      name: options.name ?? 'Northwind Outdoor',
      currency: options.currency ?? 'USD',
      timezone_name: options.timezone ?? 'America/Los_Angeles',
      account_status: options.status ?? 1,
      userIds: new Set([token.userId]),
      businessId: newId(),
      campaigns: [],
      adsets: [],
      ads: [],
      creatives: [],
      images: [],
      videos: [],
      pages: [],
      pixels: [],
      audiences: [],
      forms: [],
      leads: [],
      catalogs: [],
      productSets: [],
      products: [],
      apps: [
        {
          id: newId(),
          name: 'Trail Finder',
          object_store_urls: { google_play: 'https://play.google.com/store/apps/details?id=com.northwind.trail' },
        },
      ],
    };
    this.accounts.set(id, account);
    const offset = OFFSET_ONE.has(account.currency) ? 1 : 100;
    const page = { id: newId(), name: 'Northwind Outdoor', category: 'Outdoor & Sporting Goods Company', is_published: true };
    const ig = { id: newId(), username: 'northwind.outdoor' };
    account.pages.push(
      { ...page, instagram_business_account: ig },
      { id: newId(), name: 'Northwind Drafts', category: 'Brand', is_published: false },
    );
    account.images.push({
      hash: 'a'.repeat(32),
      name: 'hero-1080x1080.jpg',
      url: `${this.url}/files/hero.jpg`,
      width: 1080,
      height: 1080,
      created_time: created,
    });
    account.pixels.push({
      id: newId(),
      name: 'Northwind pixel',
      last_fired_time: new Date(Date.now() - 3_600_000).toISOString().replace(/\.\d+Z$/, '+0000'),
    });
    const website = {
      id: newId(),
      name: 'Site visitors 30d',
      subtype: 'WEBSITE',
      approximate_count_lower_bound: 12000,
      approximate_count_upper_bound: 14000,
      delivery_status: { code: 200, description: 'ready' },
      retention_days: 30,
      pixel_id: account.pixels[0].id,
      time_updated: Math.floor(Date.now() / 1000) - 86_400,
    };
    account.audiences.push(website, {
      id: newId(),
      name: 'Lookalike 1% US',
      subtype: 'LOOKALIKE',
      approximate_count_lower_bound: 2_000_000,
      approximate_count_upper_bound: 2_400_000,
      delivery_status: { code: 200, description: 'ready' },
      lookalike_spec: { ratio: 0.01, country: 'US', origin: [{ id: website.id }] },
      time_updated: Math.floor(Date.now() / 1000) - 86_400,
    });
    const form = {
      id: newId(),
      name: 'Trip planner form',
      status: 'ACTIVE',
      page_id: page.id,
      questions: [
        { key: 'full_name', type: 'FULL_NAME' },
        { key: 'email', type: 'EMAIL' },
      ],
    };
    account.forms.push(form);
    const catalog = { id: newId(), name: 'Northwind products', vertical: 'commerce' };
    account.catalogs.push(catalog);
    const products: [string, string, string, number][] = [
      ['Trail boot', 'shoes', 'Northwind', 189],
      ['Summit boot', 'shoes', 'Northwind', 259],
      ['Ultralight tent', 'tents', 'Fabrikam', 429],
      ['Day pack', 'packs', 'Northwind', 89],
      ['Rain shell', 'jackets', 'Contoso', 219],
    ];
    for (const [name, category, brand, price] of products) {
      account.products.push({
        id: newId(),
        retailer_id: `SKU-${name.replace(/\W/g, '').toUpperCase()}`,
        catalog_id: catalog.id,
        name,
        category,
        brand,
        price_amount: price * 100,
        currency: account.currency,
        availability: 'in stock',
        image_url: `https://cdn.example.com/${category}.jpg`,
        url: `https://www.example.com/${category}`,
        review_status: 'approved',
      });
    }
    account.productSets.push(
      { id: newId(), catalog_id: catalog.id, name: 'All products', filter: undefined },
      { id: newId(), catalog_id: catalog.id, name: 'Shoes', filter: JSON.stringify({ and: [{ category: { eq: 'shoes' } }] }) },
    );

    const campaign = (name: string, objective: string, status: string, budget?: number) => {
      const c: Json = {
        id: newId(),
        account_id: id,
        name,
        objective,
        status,
        buying_type: 'AUCTION',
        special_ad_categories: [],
        start_time: created,
        created_time: created,
        ...(budget ? { daily_budget: String(budget * offset), bid_strategy: 'LOWEST_COST_WITHOUT_CAP' } : {}),
      };
      account.campaigns.push(c);
      return c;
    };
    const adset = (c: Json, name: string, status: string, extra: Json = {}) => {
      const s = {
        id: newId(),
        account_id: id,
        campaign_id: c.id,
        name,
        status,
        optimization_goal: 'OFFSITE_CONVERSIONS',
        billing_event: 'IMPRESSIONS',
        targeting: { geo_locations: { countries: ['US'] }, age_min: 25, age_max: 54, publisher_platforms: ['facebook', 'instagram'] },
        start_time: created,
        created_time: created,
        ...extra,
      };
      account.adsets.push(s);
      return s;
    };
    const ad = (s: Json, name: string, status: string, story: Json) => {
      const creative = { id: newId(), account_id: id, name: `${name} creative`, object_story_spec: { page_id: page.id, ...story } };
      account.creatives.push(creative);
      const a = {
        id: newId(),
        account_id: id,
        adset_id: s.id,
        campaign_id: s.campaign_id,
        name,
        status,
        creative_id: creative.id,
        created_time: created,
        delivers: true,
      };
      account.ads.push(a);
      return a;
    };
    const link = (message: string, extra: Json = {}) => ({
      link_data: {
        link: 'https://www.example.com/',
        message,
        name: 'Gear up',
        image_hash: 'a'.repeat(32),
        call_to_action: { type: 'SHOP_NOW', value: { link: 'https://www.example.com/' } },
        ...extra,
      },
    });
    const sales = campaign('Spring sale', 'OUTCOME_SALES', 'ACTIVE', 50);
    const salesSet = adset(sales, 'Hikers 25-54', 'ACTIVE', {
      promoted_object: { pixel_id: account.pixels[0].id, custom_event_type: 'PURCHASE' },
    });
    ad(salesSet, 'Boots hero', 'ACTIVE', link('New boots are here'));
    ad(salesSet, 'Tent hero', 'PAUSED', link('Sleep under the stars'));
    const leads = campaign('Trip planner leads', 'OUTCOME_LEADS', 'PAUSED');
    const leadSet = adset(leads, 'Planners', 'ACTIVE', {
      daily_budget: String(20 * offset),
      optimization_goal: 'LEAD_GENERATION',
      promoted_object: { page_id: page.id },
    });
    const leadAd = ad(
      leadSet,
      'Planner form',
      'ACTIVE',
      link('Plan your trip', { call_to_action: { type: 'SIGN_UP', value: { lead_gen_form_id: form.id } } }),
    );
    const traffic = campaign('Blog traffic', 'OUTCOME_TRAFFIC', 'ACTIVE', 15);
    const trafficSet = adset(traffic, 'Readers', 'ACTIVE', { optimization_goal: 'LINK_CLICKS' });
    ad(trafficSet, 'Guide', 'ACTIVE', link('Read the guide'));
    const catalogCampaign = campaign('Catalog retargeting', 'OUTCOME_SALES', 'ACTIVE', 40);
    catalogCampaign.promoted_object = { product_catalog_id: catalog.id };
    const catalogSet = adset(catalogCampaign, 'Viewed or carted 14d', 'ACTIVE', {
      promoted_object: { product_set_id: account.productSets[0].id, pixel_id: account.pixels[0].id, custom_event_type: 'PURCHASE' },
      targeting: {
        geo_locations: { countries: ['US'] },
        age_min: 18,
        age_max: 65,
        product_audience_specs: [
          {
            product_set_id: account.productSets[0].id,
            inclusions: [{ retention_seconds: 14 * 86_400, rule: { event: { eq: 'ViewContent' } } }],
          },
        ],
      },
    });
    const catalogAd = ad(catalogSet, 'Products carousel', 'ACTIVE', {
      template_data: {
        link: 'https://www.example.com/',
        message: 'Still thinking about it?',
        call_to_action: { type: 'SHOP_NOW' },
        format_option: 'carousel_images_multi_items',
      },
    });
    account.creatives.find((c) => c.id === catalogAd.creative_id)!.product_set_id = account.productSets[0].id;
    const app = account.apps[0];
    const appCampaign = campaign('Trail Finder installs', 'OUTCOME_APP_PROMOTION', 'ACTIVE', 25);
    appCampaign.promoted_object = { application_id: app.id, object_store_url: app.object_store_urls.google_play };
    const appSet = adset(appCampaign, 'Android hikers', 'ACTIVE', {
      optimization_goal: 'APP_INSTALLS',
      promoted_object: { application_id: app.id, object_store_url: app.object_store_urls.google_play },
    });
    ad(
      appSet,
      'Install now',
      'ACTIVE',
      link('Find your next trail', { call_to_action: { type: 'INSTALL_MOBILE_APP', value: { link: app.object_store_urls.google_play } } }),
    );
    account.videos.push({
      id: newId(),
      title: 'Trail teaser',
      length: 15,
      picture: 'https://cdn.example.com/teaser.jpg',
      source: 'https://cdn.example.com/teaser.mp4',
      status: { video_status: 'ready' },
      created_time: created,
    });
    account.images.push({
      hash: 'b'.repeat(32),
      name: 'tent-1200x628.jpg',
      url: `${this.url}/files/tent.jpg`,
      width: 1200,
      height: 628,
      created_time: created,
    });
    const archived = campaign('Old winter sale', 'OUTCOME_SALES', 'ARCHIVED', 30);
    archived.stop_time = created;
    for (let d = 1; d <= 5; d++) {
      const at = new Date(Date.now() - d * DAY_MS).toISOString().replace(/\.\d+Z$/, '+0000');
      account.leads.push({
        id: newId(),
        created_time: at,
        ad_id: leadAd.id,
        adset_id: leadSet.id,
        campaign_id: leads.id,
        form_id: form.id,
        field_data: [
          { name: 'full_name', values: [`Lead ${d}`] },
          { name: 'email', values: [`lead${d}@example.com`] },
        ],
      });
    }
    return account;
  }

  // --- HTTP ---

  private serve(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const params: Json = Object.fromEntries(url.searchParams);
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'POST') {
        if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
          return this.send(res, fail('(#100) Parameters must be sent form-encoded.'));
        }
        Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
      }
      this.requests.push({ method: req.method ?? 'GET', path: url.pathname, params: { ...params, access_token: undefined } });
      try {
        if (url.pathname === '/files/hero.jpg') return this.image(res, 1080, 1080);
        if (url.pathname === '/files/story.jpg') return this.image(res, 1080, 1920);
        const answer = this.route(req.method ?? 'GET', url.pathname, params, req.headers.authorization, res);
        if (answer !== undefined) {
          res.writeHead(200, {
            'Content-Type': 'application/json',
            'X-Ad-Account-Usage': JSON.stringify({ acc_id_util_pct: 1, reset_time_duration: 0 }),
          });
          res.end(JSON.stringify(answer));
        }
      } catch (err) {
        if (err instanceof GraphError) return this.send(res, err);
        res
          .writeHead(500, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ error: { message: String(err), code: 1, type: 'OAuthException' } }));
      }
    });
  }

  private send(res: ServerResponse, err: GraphError): void {
    res.writeHead(err.status, { 'Content-Type': 'application/json', ...err.headers }).end(JSON.stringify({ error: err.body }));
  }

  /** A JPEG the size reader accepts (`width` x `height`), for uploads by URL. */
  private image(res: ServerResponse, width: number, height: number): void {
    const sof = Buffer.from([
      0xff,
      0xc0,
      0x00,
      0x11,
      0x08,
      height >> 8,
      height & 0xff,
      width >> 8,
      width & 0xff,
      0x03,
      0x01,
      0x22,
      0x00,
      0x02,
      0x11,
      0x01,
      0x03,
      0x11,
      0x01,
    ]);
    res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.alloc(64)]));
  }

  private route(method: string, pathname: string, params: Json, authorization: string | undefined, res: ServerResponse): Json | undefined {
    const match = /^\/(v\d+\.\d+)(?:\/(.*))?$/.exec(pathname);
    if (!match) throw fail('Unknown path components: a version is required (/vNN.0/...).', 2500);
    if (SUNSET.has(match[1]) || match[1] !== this.version) {
      throw fail(
        `(#2635) You are calling a deprecated version of the Ads API. Please update to the latest version: ${this.version}.`,
        2635,
      );
    }
    const aimed = this.forced.findIndex((f) => f.path?.test(pathname) && (!f.method || f.method === method));
    if (aimed >= 0) throw this.forced.splice(aimed, 1)[0]!.error;
    const parts = (match[2] ?? '').split('/').filter(Boolean);
    if (parts[0] === 'dialog' && parts[1] === 'oauth') return this.dialog(params, res);
    if (parts[0] === 'oauth' && parts[1] === 'access_token') return this.tokenEndpoint(params);
    if (parts[0] === 'debug_token') return this.debugToken(params);

    const forced = this.forced.findIndex((f) => !f.path && (!f.method || f.method === method));
    if (forced >= 0) throw this.forced.splice(forced, 1)[0]!.error;
    const token = this.authenticate(params, authorization);
    const limited = this.rateLimits.shift();
    if (limited) {
      throw new GraphError(
        400,
        {
          message:
            limited.code === 17
              ? 'User request limit reached'
              : 'There have been too many calls from this ad-account. Wait a bit and try again.',
          type: 'OAuthException',
          code: limited.code,
          error_subcode: limited.code === 17 ? 2446079 : undefined,
          is_transient: true,
          fbtrace_id: 'Alimited',
        },
        {
          'X-Business-Use-Case-Usage': JSON.stringify({
            [String(hash('biz'))]: [
              {
                type: 'ads_management',
                call_count: 100,
                total_cputime: 40,
                total_time: 60,
                estimated_time_to_regain_access: limited.regainMinutes,
              },
            ],
          }),
        },
      );
    }
    const validateOnly = method === 'POST' && JSON.parse(params.execution_options ?? '[]').includes('validate_only');
    if (parts.length === 0) return this.byIds(token, params);
    if (parts[0] === 'me' && parts[1] === 'adaccounts') {
      this.checkEdge('GET User/adaccounts', params);
      return this.page(
        [...this.accounts.values()].filter((a) => a.userIds.has(token.userId)).map((a) => this.pick(a, 'AdAccount', params.fields)),
        params,
      );
    }
    if (parts[0] === 'search') return this.geoSearch(params);
    const account = this.accounts.get(parts[0]);
    if (account) {
      if (!account.userIds.has(token.userId))
        throw fail(`(#200) Ad account owner has NOT grant ads_management or ads_read permission`, 200);
      if (parts.length === 1) return this.pick({ ...account, business: { id: account.businessId } }, 'AdAccount', params.fields);
      return this.accountEdge(account, method, parts[1], params, validateOnly);
    }
    return this.objectRoute(token, method, parts, params, validateOnly);
  }

  private authenticate(params: Json, authorization: string | undefined): FakeToken {
    const value = /^(?:Bearer|OAuth) (.+)$/.exec(authorization ?? '')?.[1] ?? params.access_token;
    if (!value) throw fail('An active access token must be used to query information about the current user.', 2500);
    const token = this.tokens.get(value);
    if (!token) throw fail('Invalid OAuth access token - Cannot parse access token', 190, {}, 401);
    if (token.revoked)
      throw fail(
        'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
        190,
        { error_subcode: 460 },
        401,
      );
    if (token.expiresAt && token.expiresAt * 1000 < Date.now())
      throw fail('Error validating access token: Session has expired.', 190, { error_subcode: 463 }, 401);
    if (!params.appsecret_proof) throw fail('API calls from the server require an appsecret_proof argument', 100);
    const proof = createHmac('sha256', this.clientSecret).update(value).digest('hex');
    if (params.appsecret_proof !== proof) throw fail('Invalid appsecret_proof provided in the API argument', 100);
    return token;
  }

  // --- OAuth ---

  private dialog(params: Json, res: ServerResponse): undefined {
    if (params.client_id !== this.clientId) {
      res.writeHead(400, { 'Content-Type': 'text/html' }).end('<h1>Invalid App ID</h1>');
      return undefined;
    }
    const back = new URL(params.redirect_uri);
    const scopes = String(params.scope ?? '').split(',');
    if (this.decision === 'deny') back.searchParams.set('error', 'access_denied');
    else if (!scopes.includes('ads_management')) back.searchParams.set('error', 'invalid_scope');
    else {
      const user = this.addToken({ scopes });
      this.onConsent?.(user);
      this.tokens.delete(user.token);
      const code = `AQ${randomBytes(20).toString('base64url')}`;
      this.codes.set(code, { userId: user.userId, redirectUri: params.redirect_uri, used: false });
      back.searchParams.set('code', code);
    }
    if (params.state) back.searchParams.set('state', params.state);
    res.writeHead(302, { Location: back.toString() }).end();
    return undefined;
  }

  private tokenEndpoint(params: Json): Json {
    if (params.client_id !== this.clientId || params.client_secret !== this.clientSecret) {
      throw fail('Error validating client secret.', 1, { type: 'OAuthException' });
    }
    if (params.grant_type === 'fb_exchange_token') {
      const old = this.tokens.get(params.fb_exchange_token);
      if (!old || old.revoked || (old.expiresAt && old.expiresAt * 1000 < Date.now()))
        throw fail('Error validating access token: Session has expired.', 190, { error_subcode: 463 });
      const fresh = this.addToken({ scopes: old.scopes, userId: old.userId, expiresInDays: 60 });
      return { access_token: fresh.token, token_type: 'bearer', expires_in: 60 * 86_400 };
    }
    const code = this.codes.get(params.code ?? '');
    if (!code || code.used) throw fail('This authorization code has been used.', 100, { type: 'OAuthException', error_subcode: 36009 });
    code.used = true;
    if (params.redirect_uri !== code.redirectUri)
      throw fail(
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        100,
        { type: 'OAuthException', error_subcode: 36008 },
      );
    const short = this.addToken({ userId: code.userId, expiresInDays: 1 / 12 });
    return { access_token: short.token, token_type: 'bearer', expires_in: 7200 };
  }

  private debugToken(params: Json): Json {
    if (params.access_token !== `${this.clientId}|${this.clientSecret}`) throw fail('Invalid OAuth access token signature.', 190);
    const token = this.tokens.get(params.input_token ?? '');
    if (!token) return { data: { is_valid: false, error: { code: 190, message: 'Invalid OAuth access token.' }, scopes: [] } };
    const expired = token.expiresAt !== 0 && token.expiresAt * 1000 < Date.now();
    return {
      data: {
        app_id: this.clientId,
        type: 'USER',
        application: 'Gateway',
        is_valid: !token.revoked && !expired,
        expires_at: token.expiresAt,
        data_access_expires_at: token.expiresAt,
        scopes: token.scopes,
        user_id: token.userId,
      },
    };
  }

  // --- Checks from the published definitions ---

  /** Refuses parameters the edge does not take, missing required ones, wrong enum values and non-integer numbers. */
  private checkEdge(key: string, params: Json): void {
    const edge = SPEC.edges[key];
    if (!edge) throw new Error(`The fake has no definition for ${key}.`);
    for (const [name, value] of Object.entries(params)) {
      if (UNIVERSAL.has(name) || value === undefined) continue;
      const spec = edge.params[name];
      if (!spec) throw fail(`(#100) Param ${name} is not a valid parameter of ${key.split(' ')[1]}`);
      this.checkValue(name, spec.type, value);
    }
    for (const [name, spec] of Object.entries(edge.params)) {
      if (spec.required && params[name] === undefined) throw fail(`(#100) The parameter ${name} is required`);
    }
  }

  private checkValue(name: string, type: string, value: string): void {
    const list = /^list<(.+)>$/.exec(type)?.[1];
    if (list) {
      let items: unknown;
      try {
        items = JSON.parse(value);
      } catch {
        throw fail(`(#100) Param ${name} must be a JSON array`);
      }
      if (!Array.isArray(items)) throw fail(`(#100) Param ${name} must be an array`);
      for (const item of items) if (typeof item === 'string') this.checkValue(name, list, item);
      return;
    }
    if ((type === 'unsigned int' || type === 'int') && !(type === 'int' ? /^-?\d+$/ : /^\d+$/).test(value)) {
      throw fail(`(#100) Param ${name} must be an integer`, 100, {
        error_subcode: 1885272,
        error_user_title: 'Invalid number',
        error_user_msg: `${name} must be a whole number (in the account currency's minor units for money).`,
      });
    }
    if (
      (type === 'Object' || type === 'map' || type.startsWith('list<') || /^[A-Z]/.test(type)) &&
      !SPEC.enums[type] &&
      type !== 'string'
    ) {
      try {
        JSON.parse(value);
      } catch {
        throw fail(`(#100) Param ${name} must be a JSON object`);
      }
    }
    const values = SPEC.enums[type];
    if (values && !values.includes(value)) throw fail(`(#100) Param ${name} must be one of {${values.join(', ')}}`);
  }

  /** Refuses `fields` a node does not have; nested selections (`creative{...}`) are checked against the linked node. */
  private fieldList(node: string, fields: string | undefined): { name: string; sub?: string }[] {
    const out: { name: string; sub?: string }[] = [];
    let depth = 0;
    let current = '';
    for (const char of `${fields ?? 'id'},`) {
      if (char === '{') depth++;
      if (char === '}') depth--;
      if (char === ',' && depth === 0) {
        const m = /^([a-z_0-9]+)(?:\{(.*)\})?$/.exec(current.trim());
        if (!m) throw fail(`(#100) Malformed fields: ${current}`);
        if (!(m[1] in (SPEC.nodes[node] ?? {}))) throw fail(`(#100) Tried accessing nonexisting field (${m[1]}) on node type (${node})`);
        out.push({ name: m[1], sub: m[2] });
        current = '';
      } else current += char;
    }
    return out;
  }

  private pick(object: Json, node: string, fields: string | undefined): Json {
    const out: Json = {};
    for (const { name, sub } of this.fieldList(node, fields)) {
      const value = object[name];
      if (value === undefined) continue;
      if (sub && value && typeof value === 'object') {
        const linked = /^(?:list<)?([A-Za-z]+)>?$/.exec(SPEC.nodes[node][name])?.[1] ?? node;
        out[name] = Array.isArray(value) ? value.map((v) => this.pick(v, linked, sub)) : this.pick(value, linked, sub);
      } else out[name] = value;
    }
    return out;
  }

  private page(items: Json[], params: Json): Json {
    const start = params.after ? Number(Buffer.from(params.after, 'base64url').toString()) : 0;
    const size = Math.min(Number(params.limit ?? 25), this.pageSize);
    const data = items.slice(start, start + size);
    const after = Buffer.from(String(start + data.length)).toString('base64url');
    const more = start + data.length < items.length;
    return {
      data,
      paging: { cursors: { before: 'MA', after }, ...(more ? { next: `${this.url}/${this.version}/next?after=${after}` } : {}) },
    };
  }

  // --- Ad account edges ---

  private accountEdge(account: FakeAdAccount, method: string, edge: string, params: Json, validateOnly: boolean): Json {
    const key = `${method} AdAccount/${edge}`;
    if (!SPEC.edges[key]) throw fail(`(#100) Unsupported ${method.toLowerCase()} request to ${edge}.`);
    this.checkEdge(key, params);
    // Without `effective_status` a list leaves archived and deleted objects out; with it, only those statuses (of the node's enum).
    const visible = (node: string, views: Json[]) => {
      if (params.effective_status === undefined) return views.filter((o) => o.status !== 'ARCHIVED' && o.status !== 'DELETED');
      const asked = JSON.parse(params.effective_status) as string[];
      const allowed = SPEC.enums[`${node}_effective_status`]!;
      const wrong = asked.find((value) => !allowed.includes(value));
      if (wrong !== undefined) throw fail(`(#100) Param effective_status[] must be one of {${allowed.join(', ')}}`);
      return views.filter((o) => asked.includes(o.effective_status));
    };
    switch (key) {
      case 'GET AdAccount/campaigns':
        return this.page(
          visible(
            'Campaign',
            account.campaigns.map((c) => this.campaignView(account, c)),
          ).map((c) => this.pick(c, 'Campaign', params.fields)),
          params,
        );
      case 'GET AdAccount/adsets':
        return this.page(
          visible(
            'AdSet',
            account.adsets.map((s) => this.adSetView(account, s)),
          ).map((s) => this.pick(s, 'AdSet', params.fields)),
          params,
        );
      case 'GET AdAccount/ads':
        return this.page(
          visible(
            'Ad',
            account.ads.map((a) => this.adView(account, a)),
          ).map((a) => this.pick(a, 'Ad', params.fields)),
          params,
        );
      case 'POST AdAccount/campaigns':
        return this.createCampaign(account, params, validateOnly);
      case 'POST AdAccount/adsets':
        return this.createAdSet(account, params, validateOnly);
      case 'POST AdAccount/adcreatives':
        return this.createCreative(account, params, validateOnly);
      case 'POST AdAccount/ads':
        return this.createAd(account, params, validateOnly);
      case 'GET AdAccount/adimages': {
        const hashes = params.hashes ? (JSON.parse(params.hashes) as string[]) : undefined;
        return this.page(
          account.images.filter((i) => !hashes || hashes.includes(i.hash)).map((i) => this.pick(i, 'AdImage', params.fields)),
          params,
        );
      }
      case 'POST AdAccount/adimages': {
        let bytes: Buffer;
        let name = 'bytes';
        if (params.copy_from) {
          const from = JSON.parse(params.copy_from) as { source_account_id: string; hash: string };
          const source = this.accounts.get(`act_${from.source_account_id}`)?.images.find((i) => i.hash === from.hash);
          if (!source) throw fail('(#100) The image to copy does not exist in the source ad account.');
          bytes = Buffer.from(source.hash);
          name = source.name;
        } else {
          if (!params.bytes || !/^[A-Za-z0-9+/]+=*$/.test(params.bytes))
            throw fail('(#100) Image bytes must be base64 encoded.', 100, { error_subcode: 1487242 });
          bytes = Buffer.from(params.bytes, 'base64');
          if (bytes[0] !== 0xff && bytes[0] !== 0x89)
            throw fail('(#100) The image file is not a supported image.', 100, { error_subcode: 1487242 });
        }
        const h = createHmac('md5', 'image').update(bytes).digest('hex');
        if (!account.images.some((i) => i.hash === h)) {
          account.images.push({
            hash: h,
            name,
            url: `${this.url}/files/${h}.jpg`,
            width: 1080,
            height: 1080,
            created_time: new Date().toISOString().replace(/\.\d+Z$/, '+0000'),
          });
        }
        return { images: { [name]: { hash: h, url: `${this.url}/files/${h}.jpg` } } };
      }
      case 'GET AdAccount/advideos':
        return this.page(
          account.videos.map((v) => this.pick(v, 'AdVideo', params.fields)),
          params,
        );
      case 'POST AdAccount/advideos': {
        if (!/^https:\/\//.test(params.file_url ?? '')) throw fail('(#100) file_url must be an https URL the platform can fetch.');
        const video = {
          id: newId(),
          title: params.title ?? '',
          length: 0,
          picture: '',
          source: params.file_url,
          status: { video_status: 'processing' },
          created_time: new Date().toISOString().replace(/\.\d+Z$/, '+0000'),
        };
        account.videos.push(video);
        return { id: video.id };
      }
      case 'GET AdAccount/insights':
        return this.page(this.insights(account, params), params);
      case 'POST AdAccount/insights': {
        const id = newId();
        this.reports.set(id, { rows: this.insights(account, params), polls: 0, accountId: account.id });
        return { report_run_id: id };
      }
      case 'GET AdAccount/customaudiences':
        return this.page(
          account.audiences.map((a) => this.pick(a, 'CustomAudience', params.fields)),
          params,
        );
      case 'GET AdAccount/adspixels':
        return this.page(
          account.pixels.map((p) => this.pick(p, 'AdsPixel', params.fields)),
          params,
        );
      case 'GET AdAccount/promote_pages':
        return this.page(
          account.pages.map((p) => this.pick(p, 'Page', params.fields)),
          params,
        );
      case 'GET AdAccount/advertisable_applications':
        return this.page(
          account.apps.map((a) => this.pick(a, 'Application', params.fields)),
          params,
        );
      case 'GET AdAccount/targetingsearch':
      case 'GET AdAccount/targetingbrowse': {
        const q = String(params.q ?? '').toLowerCase();
        return this.page(
          TARGETING.filter((o) => o.name.toLowerCase().includes(q)).map((o) => this.pick(o, 'AdAccountTargetingUnified', params.fields)),
          params,
        );
      }
      default:
        throw fail(`(#100) The fake does not serve ${key}.`);
    }
  }

  private money(account: FakeAdAccount, params: Json, names: string[]): void {
    const offset = OFFSET_ONE.has(account.currency) ? 1 : 100;
    for (const name of names) {
      if (params[name] === undefined) continue;
      if (Number(params[name]) < 100) {
        throw fail(`(#100) Invalid parameter`, 100, {
          error_subcode: 1885272,
          error_user_title: 'Budget too low',
          error_user_msg: `Your budget must be at least ${offset === 1 ? '100' : '1.00'} ${account.currency} (${name} is in minor units: ${params[name]}).`,
        });
      }
    }
  }

  private createCampaign(account: FakeAdAccount, params: Json, validateOnly: boolean): Json {
    if (!String(params.objective ?? '').startsWith('OUTCOME_'))
      throw fail(`(#100) Objective ${params.objective} is invalid. Use one of the outcome-based objectives.`, 100, {
        error_subcode: 2490487,
      });
    if (!params.name) throw fail('(#100) The parameter name is required');
    this.money(account, params, ['daily_budget', 'lifetime_budget']);
    if (validateOnly) return { success: true };
    const c = {
      id: newId(),
      account_id: account.id,
      name: params.name,
      objective: params.objective,
      status: params.status ?? 'ACTIVE',
      buying_type: params.buying_type ?? 'AUCTION',
      special_ad_categories: JSON.parse(params.special_ad_categories),
      start_time: params.start_time,
      created_time: new Date().toISOString().replace(/\.\d+Z$/, '+0000'),
      ...(params.stop_time ? { stop_time: params.stop_time } : {}),
      ...(params.daily_budget ? { daily_budget: params.daily_budget } : {}),
      ...(params.lifetime_budget ? { lifetime_budget: params.lifetime_budget } : {}),
      ...(params.bid_strategy ? { bid_strategy: params.bid_strategy } : {}),
      ...(params.promoted_object ? { promoted_object: JSON.parse(params.promoted_object) } : {}),
    };
    account.campaigns.push(c);
    return { id: c.id };
  }

  private createAdSet(account: FakeAdAccount, params: Json, validateOnly: boolean): Json {
    const campaign = account.campaigns.find((c) => c.id === params.campaign_id);
    if (!campaign) throw fail(`(#100) Param campaign_id must be a campaign of this ad account`, 100, { error_subcode: 1885014 });
    this.money(account, params, ['daily_budget', 'lifetime_budget']);
    const targeting = JSON.parse(params.targeting ?? '{}') as Json;
    if (!targeting.geo_locations) throw fail('(#100) Targeting spec must have geo_locations', 100, { error_subcode: 1885364 });
    for (const p of targeting.publisher_platforms ?? [])
      if (!PUBLISHERS.has(p)) throw fail(`(#100) ${p} is not a valid publisher platform`);
    if (validateOnly) return { success: true };
    const s = {
      id: newId(),
      account_id: account.id,
      campaign_id: campaign.id,
      name: params.name,
      status: params.status ?? 'ACTIVE',
      optimization_goal: params.optimization_goal,
      billing_event: params.billing_event,
      targeting,
      start_time: params.start_time,
      created_time: new Date().toISOString().replace(/\.\d+Z$/, '+0000'),
      ...(params.end_time ? { end_time: params.end_time } : {}),
      ...(params.daily_budget ? { daily_budget: params.daily_budget } : {}),
      ...(params.lifetime_budget ? { lifetime_budget: params.lifetime_budget } : {}),
      ...(params.bid_strategy ? { bid_strategy: params.bid_strategy } : {}),
      ...(params.bid_amount ? { bid_amount: Number(params.bid_amount) } : {}),
      ...(params.bid_constraints ? { bid_constraints: JSON.parse(params.bid_constraints) } : {}),
      ...(params.promoted_object ? { promoted_object: JSON.parse(params.promoted_object) } : {}),
    };
    account.adsets.push(s);
    return { id: s.id };
  }

  private createCreative(account: FakeAdAccount, params: Json, validateOnly: boolean): Json {
    const story = JSON.parse(params.object_story_spec ?? 'null') as Json | null;
    if (!story) throw fail('(#100) object_story_spec is required for this creative');
    if (!account.pages.some((p) => p.id === story.page_id && p.is_published))
      throw fail(`(#100) Page ${story.page_id} cannot run ads for this ad account`, 100, { error_subcode: 1487390 });
    const feed = JSON.parse(params.asset_feed_spec ?? 'null') as Json | null;
    const hashes = [
      story.link_data?.image_hash,
      ...(story.link_data?.child_attachments ?? []).map((c: Json) => c.image_hash),
      ...(feed?.images ?? []).map((i: Json) => i.hash),
    ].filter(Boolean);
    for (const h of hashes)
      if (!account.images.some((i) => i.hash === h))
        throw fail(`(#100) Image with hash ${h} does not exist in this ad account`, 100, { error_subcode: 1487242 });
    const ctas = [
      story.link_data?.call_to_action?.type,
      story.video_data?.call_to_action?.type,
      story.template_data?.call_to_action?.type,
      ...(feed?.call_to_action_types ?? []),
    ].filter(Boolean);
    for (const t of ctas) this.checkValue('call_to_action', 'AdCreativeLinkDataCallToAction_type', t);
    if (story.link_data && !story.link_data.link) throw fail('(#100) link_data requires a link');
    if (validateOnly) return { success: true };
    const creative = {
      id: newId(),
      account_id: account.id,
      name: params.name,
      object_story_spec: story,
      ...(feed ? { asset_feed_spec: feed } : {}),
      ...(params.url_tags ? { url_tags: params.url_tags } : {}),
      ...(params.product_set_id ? { product_set_id: params.product_set_id } : {}),
      ...(params.degrees_of_freedom_spec ? { degrees_of_freedom_spec: JSON.parse(params.degrees_of_freedom_spec) } : {}),
      ...(params.contextual_multi_ads ? { contextual_multi_ads: JSON.parse(params.contextual_multi_ads) } : {}),
    };
    account.creatives.push(creative);
    return { id: creative.id };
  }

  private createAd(account: FakeAdAccount, params: Json, validateOnly: boolean): Json {
    const adset = account.adsets.find((s) => s.id === params.adset_id);
    if (!adset) throw fail('(#100) Param adset_id must be an ad set of this ad account', 100, { error_subcode: 1885014 });
    const creativeId = (JSON.parse(params.creative) as Json).creative_id;
    if (!account.creatives.some((c) => c.id === creativeId))
      throw fail(`(#100) Creative ${creativeId} does not exist`, 100, { error_subcode: 1772103 });
    if (validateOnly) return { success: true };
    const ad = {
      id: newId(),
      account_id: account.id,
      adset_id: adset.id,
      campaign_id: adset.campaign_id,
      name: params.name,
      status: params.status ?? 'ACTIVE',
      creative_id: creativeId,
      created_time: new Date().toISOString().replace(/\.\d+Z$/, '+0000'),
      review: 'PENDING_REVIEW',
    };
    account.ads.push(ad);
    return { id: ad.id };
  }

  // --- Views: what a read shows of the stored objects ---

  private campaignView(_account: FakeAdAccount, c: Json): Json {
    return { ...c, configured_status: c.status, effective_status: c.status };
  }

  private adSetView(account: FakeAdAccount, s: Json): Json {
    const campaign = account.campaigns.find((c) => c.id === s.campaign_id)!;
    const effective = s.status === 'ACTIVE' && campaign.status === 'PAUSED' ? 'CAMPAIGN_PAUSED' : s.status;
    return { ...s, configured_status: s.status, effective_status: effective };
  }

  private adView(account: FakeAdAccount, a: Json): Json {
    const adset = account.adsets.find((s) => s.id === a.adset_id)!;
    const campaign = account.campaigns.find((c) => c.id === a.campaign_id)!;
    let effective = a.status;
    if (a.status === 'ACTIVE' && campaign.status === 'PAUSED') effective = 'CAMPAIGN_PAUSED';
    else if (a.status === 'ACTIVE' && adset.status === 'PAUSED') effective = 'ADSET_PAUSED';
    // A new or edited ad is reviewed whatever its status; archived ones are not.
    else if (a.review && a.status !== 'ARCHIVED' && a.status !== 'DELETED') effective = a.review;
    const creative = account.creatives.find((c) => c.id === a.creative_id);
    return { ...a, configured_status: a.status, effective_status: effective, creative };
  }

  // --- Objects by id ---

  private find(id: string): { account: FakeAdAccount; node: string; object: Json } | undefined {
    for (const account of this.accounts.values()) {
      const lists: [string, Json[]][] = [
        ['Campaign', account.campaigns],
        ['AdSet', account.adsets],
        ['Ad', account.ads],
        ['AdVideo', account.videos],
        ['Page', account.pages],
        ['LeadgenForm', account.forms],
        ['ProductCatalog', account.catalogs],
        ['ProductSet', account.productSets],
        ['Application', account.apps],
      ];
      for (const [node, list] of lists) {
        const object = list.find((o) => o.id === id);
        if (object) return { account, node, object };
      }
      if (account.businessId === id) return { account, node: 'Business', object: { id } };
    }
    return undefined;
  }

  private view(found: { account: FakeAdAccount; node: string; object: Json }): Json {
    const { account, node, object } = found;
    if (node === 'Campaign') return this.campaignView(account, object);
    if (node === 'AdSet') return this.adSetView(account, object);
    if (node === 'Ad') return this.adView(account, object);
    if (node === 'ProductSet') return { ...object, product_count: this.productsOf(account, object).length };
    return object;
  }

  private byIds(token: FakeToken, params: Json): Json {
    const ids = String(params.ids ?? '')
      .split(',')
      .filter(Boolean);
    if (!ids.length) throw fail('(#100) Must specify ids');
    const out: Json = {};
    const missing = ids.filter((id) => {
      const found = this.find(id);
      if (!found || !found.account.userIds.has(token.userId)) return true;
      out[id] = this.pick(this.view(found), found.node, params.fields);
      return false;
    });
    if (missing.length) throw fail(`(#803) Some of the aliases you requested do not exist: ${missing.join(',')}`, 803);
    return out;
  }

  private objectRoute(token: FakeToken, method: string, parts: string[], params: Json, validateOnly: boolean): Json {
    const report = this.reports.get(parts[0]);
    if (report) {
      if (parts[1] === 'insights') return this.page(report.rows, params);
      report.polls += 1;
      const done = report.polls > this.reportPolls;
      return this.pick(
        {
          id: parts[0],
          account_id: report.accountId,
          async_status: done ? 'Job Completed' : 'Job Running',
          async_percent_completion: done ? 100 : 50,
        },
        'AdReportRun',
        params.fields,
      );
    }
    const found = this.find(parts[0]);
    if (!found || !found.account.userIds.has(token.userId)) {
      throw fail(
        `Unsupported ${method.toLowerCase()} request. Object with ID '${parts[0]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        100,
        { error_subcode: 33 },
      );
    }
    const { account, node, object } = found;
    if (parts.length === 1 && method === 'GET') return this.pick(this.view(found), node, params.fields);
    if (parts.length === 1 && method === 'POST') {
      const key = `POST ${node}/#update`;
      if (!SPEC.edges[key]) throw fail(`(#100) ${node} cannot be updated`);
      this.checkEdge(key, params);
      this.money(account, params, ['daily_budget', 'lifetime_budget']);
      if (params.status === 'ACTIVE' && object.status === 'ARCHIVED')
        throw fail('(#100) Archived objects cannot be activated', 100, { error_subcode: 1885100 });
      if (validateOnly) return { success: true };
      for (const [name, value] of Object.entries(params)) {
        if (UNIVERSAL.has(name) || name === 'execution_options') continue;
        if (name === 'creative') object.creative_id = (JSON.parse(value) as Json).creative_id;
        else if (['targeting', 'promoted_object', 'bid_constraints'].includes(name)) object[name] = JSON.parse(value);
        else if ((name === 'end_time' || name === 'stop_time') && value === '0') delete object[name];
        else if (name === 'bid_amount') object[name] = Number(value);
        else object[name] = value;
      }
      if (params.creative) object.review = 'PENDING_REVIEW';
      return { success: true };
    }
    const edge = parts[1];
    const key = `${method} ${node}/${edge}`;
    if (!SPEC.edges[key]) throw fail(`(#100) Unsupported ${method.toLowerCase()} request to ${node}/${edge}.`);
    this.checkEdge(key, params);
    switch (key) {
      case 'GET Page/leadgen_forms':
        return this.page(
          account.forms.filter((f) => f.page_id === object.id).map((f) => this.pick(f, 'LeadgenForm', params.fields)),
          params,
        );
      case 'GET LeadgenForm/leads':
        return this.page(
          account.leads.filter((l) => l.form_id === object.id).map((l) => this.pick(l, 'Lead', params.fields)),
          params,
        );
      case 'GET Business/owned_product_catalogs':
        return this.page(
          account.catalogs.map((c) =>
            this.pick(
              { ...c, product_count: account.products.filter((p) => p.catalog_id === c.id).length },
              'ProductCatalog',
              params.fields,
            ),
          ),
          params,
        );
      case 'GET ProductCatalog/product_sets':
        return this.page(
          account.productSets
            .filter((s) => s.catalog_id === object.id)
            .map((s) => this.pick({ ...s, product_count: this.productsOf(account, s).length }, 'ProductSet', params.fields)),
          params,
        );
      case 'POST ProductCatalog/product_sets': {
        if (params.filter) this.matches({}, JSON.parse(params.filter));
        const set = { id: newId(), catalog_id: object.id, name: params.name, filter: params.filter };
        account.productSets.push(set);
        return { id: set.id };
      }
      case 'GET ProductCatalog/external_event_sources':
        return this.page(
          account.pixels.map((p) => this.pick({ id: p.id, name: p.name, source_type: 'PIXEL' }, 'ExternalEventSource', params.fields)),
          params,
        );
      case 'GET ProductCatalog/product_feeds':
        return this.page(
          [
            {
              id: `${object.id}1`,
              name: 'Main feed',
              latest_upload: { id: newId(), end_time: account.campaigns[0].created_time, num_invalid_items: 1 },
            },
          ].map((f) => this.pick(f, 'ProductFeed', params.fields)),
          params,
        );
      case 'GET ProductCatalog/products':
        return this.page(
          account.products.filter((p) => p.catalog_id === object.id).map((p) => this.productView(p, params)),
          params,
        );
      case 'GET ProductSet/products':
        return this.page(
          this.productsOf(account, object).map((p) => this.productView(p, params)),
          params,
        );
      default:
        throw fail(`(#100) The fake does not serve ${key}.`);
    }
  }

  private productView(p: Json, params: Json): Json {
    const price = OFFSET_ONE.has(p.currency) ? String(p.price_amount / 100) : (p.price_amount / 100).toFixed(2);
    return this.pick({ ...p, price: `${price} ${p.currency}` }, 'ProductItem', params.fields);
  }

  private productsOf(account: FakeAdAccount, set: Json): Json[] {
    const filter = set.filter ? (JSON.parse(set.filter) as Json) : undefined;
    return account.products.filter((p) => p.catalog_id === set.catalog_id && (!filter || this.matches(p, filter)));
  }

  /** The product set filter language: `{and: [...]}`, `{field: {operator: value}}`; an unknown operator is refused. */
  private matches(product: Json, filter: Json): boolean {
    if (filter.and) return (filter.and as Json[]).every((f) => this.matches(product, f));
    const [field, condition] = Object.entries(filter)[0] ?? [];
    const [operator, value] = Object.entries((condition ?? {}) as Json)[0] ?? [];
    const actual = product[field as string];
    switch (operator) {
      case 'eq':
        return actual === value;
      case 'neq':
        return actual !== value;
      case 'i_contains':
        return String(actual ?? '')
          .toLowerCase()
          .includes(String(value).toLowerCase());
      case 'gt':
        return Number(actual) > Number(value);
      case 'lt':
        return Number(actual) < Number(value);
      default:
        throw fail(`(#100) Invalid product set filter operator ${operator}`, 100, { error_subcode: 2310068 });
    }
  }

  private geoSearch(params: Json): Json {
    if (params.type !== 'adgeolocation') throw fail('(#100) Unsupported search type');
    const q = String(params.q ?? '').toLowerCase();
    const places = [
      { key: 'US', name: 'United States', type: 'country', country_code: 'US' },
      { key: '3847', name: 'California', type: 'region', country_code: 'US' },
      { key: '2418779', name: 'Denver', type: 'city', country_code: 'US' },
    ];
    return this.page(
      places.filter((p) => p.name.toLowerCase().includes(q)),
      params,
    );
  }

  // --- Insights: every delivering ad's day, summed per level, split per breakdown value ---

  private insights(account: FakeAdAccount, params: Json): Json[] {
    const level = params.level ?? 'account';
    const range = JSON.parse(params.time_range ?? 'null') as { since: string; until: string } | null;
    if (!range || !/^\d{4}-\d{2}-\d{2}$/.test(range.since) || !/^\d{4}-\d{2}-\d{2}$/.test(range.until)) {
      throw fail('(#100) time_range must be {"since":"YYYY-MM-DD","until":"YYYY-MM-DD"}');
    }
    if (params.time_increment !== '1') throw fail('(#100) This fake serves daily rows only (time_increment=1).');
    this.fieldList('AdsInsights', params.fields);
    const breakdowns = JSON.parse(params.breakdowns ?? '[]') as string[];
    const filtering = JSON.parse(params.filtering ?? '[]') as { field: string; operator: string; value: string[] }[];
    const ids = filtering.find((f) => f.field === `${level}.id` && f.operator === 'IN')?.value;
    const yesterday = isoDay(Date.now() - DAY_MS);
    const offset = OFFSET_ONE.has(account.currency) ? 1 : 100;
    const sums = new Map<string, Json>();
    for (const ad of account.ads.filter((a) => a.delivers)) {
      const adset = account.adsets.find((s) => s.id === ad.adset_id)!;
      const campaign = account.campaigns.find((c) => c.id === ad.campaign_id)!;
      const key = level === 'campaign' ? campaign.id : level === 'adset' ? adset.id : ad.id;
      if (ids && !ids.includes(key)) continue;
      for (let ms = Date.parse(`${range.since}T00:00:00Z`); isoDay(ms) <= range.until && isoDay(ms) <= yesterday; ms += DAY_MS) {
        const day = isoDay(ms);
        if (ms < Date.now() - 30 * DAY_MS) continue;
        const h = hash(`${ad.id}|${day}`);
        const impressions = 800 + (h % 900);
        // All clicks; the link clicks among them, and the landing page views among those.
        const clicks = 10 + (h % 40);
        const linkClicks = Math.round(clicks * 0.7);
        const isVideo = Boolean(account.creatives.find((c) => c.id === ad.creative_id)?.object_story_spec?.video_data);
        const thruplays = isVideo ? 40 + (h % 60) : 0;
        const metrics: Json = {
          impressions,
          reach: Math.round(impressions * 0.8),
          clicks,
          inline_link_clicks: linkClicks,
          landing_page_view: Math.round(linkClicks * 0.8),
          thruplay: thruplays,
          two_second_play: thruplays * 2,
          spend: 1500 + (h % 2500),
          purchase: campaign.objective === 'OUTCOME_SALES' || campaign.objective === 'OUTCOME_TRAFFIC' ? h % 4 : 0,
          purchase_value: campaign.objective === 'OUTCOME_SALES' || campaign.objective === 'OUTCOME_TRAFFIC' ? (h % 4) * 8999 : 0,
          lead: campaign.objective === 'OUTCOME_LEADS' ? 1 + (h % 3) : 0,
          install: campaign.objective === 'OUTCOME_APP_PROMOTION' ? 2 + (h % 5) : 0,
          view_content: campaign.objective === 'OUTCOME_SALES' ? Math.round(clicks * 0.7) : 0,
          add_to_cart: campaign.objective === 'OUTCOME_SALES' ? Math.round(clicks * 0.2) : 0,
          // Every interaction with the post (the clicks among them), reported for every objective.
          post_engagement: clicks + (h % 25),
        };
        const parts = breakdowns.length ? this.split(metrics, breakdowns[0], h) : [{ value: undefined, metrics }];
        for (const part of parts) {
          const sumKey = `${key}|${day}|${part.value ?? ''}`;
          const sum = sums.get(sumKey);
          if (sum) for (const m of Object.keys(part.metrics)) sum.m[m] += part.metrics[m];
          else sums.set(sumKey, { level, campaign, adset, ad, day, value: part.value, breakdown: breakdowns[0], m: { ...part.metrics } });
        }
      }
    }
    return [...sums.values()].map((s) => {
      const actions = [
        ...(s.m.purchase ? [{ action_type: 'omni_purchase', value: String(s.m.purchase) }] : []),
        ...(s.m.lead ? [{ action_type: 'lead', value: String(s.m.lead) }] : []),
        ...(s.m.install ? [{ action_type: 'omni_app_install', value: String(s.m.install) }] : []),
        ...(s.m.view_content ? [{ action_type: 'omni_view_content', value: String(s.m.view_content) }] : []),
        ...(s.m.add_to_cart ? [{ action_type: 'omni_add_to_cart', value: String(s.m.add_to_cart) }] : []),
        ...(s.m.post_engagement ? [{ action_type: 'post_engagement', value: String(s.m.post_engagement) }] : []),
        ...(s.m.inline_link_clicks ? [{ action_type: 'link_click', value: String(s.m.inline_link_clicks) }] : []),
        ...(s.m.landing_page_view ? [{ action_type: 'landing_page_view', value: String(s.m.landing_page_view) }] : []),
      ];
      const plays = (n: number) => (n ? [{ action_type: 'video_view', value: String(n) }] : undefined);
      const decimal = (minor: number) => (offset === 1 ? String(minor) : (minor / 100).toFixed(2));
      const row: Json = {
        date_start: s.day,
        date_stop: s.day,
        account_id: account.id.replace('act_', ''),
        campaign_id: s.campaign.id,
        ...(s.level === 'adset' || s.level === 'ad' ? { adset_id: s.adset.id } : {}),
        ...(s.level === 'ad' ? { ad_id: s.ad.id } : {}),
        objective: s.campaign.objective,
        impressions: String(s.m.impressions),
        reach: String(s.m.reach),
        clicks: String(s.m.clicks),
        inline_link_clicks: String(s.m.inline_link_clicks),
        ...(s.m.thruplay ? { video_thruplay_watched_actions: plays(s.m.thruplay) } : {}),
        ...(s.m.two_second_play ? { video_continuous_2_sec_watched_actions: plays(s.m.two_second_play) } : {}),
        // Spend in account currency as a decimal string.
        spend: decimal(s.m.spend),
        ...(actions.length ? { actions } : {}),
        ...(s.m.purchase_value ? { action_values: [{ action_type: 'omni_purchase', value: decimal(s.m.purchase_value) }] } : {}),
      };
      // Rows always carry their dates; a breakdown's value is a column of its own.
      const picked = this.pick(row, 'AdsInsights', `${params.fields},date_start,date_stop`);
      return s.value !== undefined ? { ...picked, [s.breakdown]: s.value } : picked;
    });
  }

  /** One day of one ad split over a breakdown's values: whole numbers that add up to the day. */
  private split(metrics: Json, breakdown: string, h: number): { value: string; metrics: Json }[] {
    const values: Record<string, string[]> = {
      age: ['18-24', '25-34', '35-44', '45-54'],
      gender: ['female', 'male', 'unknown'],
      publisher_platform: ['facebook', 'instagram'],
      platform_position: ['feed', 'instagram_stories', 'facebook_reels'],
      impression_device: ['iphone', 'android_smartphone', 'desktop'],
      product_id: ['SKU-TRAILBOOT', 'SKU-SUMMITBOOT'],
    };
    const names = values[breakdown];
    if (!names) throw fail(`(#100) The fake does not split by ${breakdown}.`);
    const weights = names.map((_, i) => 1 + ((h >>> (i * 3)) % 5));
    const total = weights.reduce((a, b) => a + b, 0);
    const parts = names.map((value) => ({ value, metrics: {} as Json }));
    // Figures counted among another follow that one's parts (largest remainder), so each part keeps
    // landing page views ≤ link clicks ≤ clicks and 2-second plays ≥ ThruPlays, as the platform's rows do.
    const among: Record<string, string> = {
      inline_link_clicks: 'clicks',
      landing_page_view: 'inline_link_clicks',
      two_second_play: 'thruplay',
    };
    for (const [m, amount] of Object.entries(metrics) as [string, number][]) {
      const base = among[m];
      const baseTotal = base ? Number(metrics[base]) : 0;
      if (base && baseTotal > 0) {
        const exact = parts.map((p) => (amount * p.metrics[base]) / baseTotal);
        const shares = exact.map(Math.floor);
        let left = amount - shares.reduce((a, b) => a + b, 0);
        for (const i of exact
          .map((x, i) => i)
          .sort((a, b) => exact[b] - Math.floor(exact[b]) - (exact[a] - Math.floor(exact[a])) || a - b)) {
          if (left-- <= 0) break;
          shares[i] += 1;
        }
        parts.forEach((p, i) => (p.metrics[m] = shares[i]));
        continue;
      }
      let given = 0;
      names.forEach((_, i) => {
        const share = i === names.length - 1 ? amount - given : Math.floor((amount * weights[i]) / total);
        parts[i].metrics[m] = share;
        given += share;
      });
    }
    return parts;
  }
}

/** Detailed targeting options the targeting search and browse answer. */
const TARGETING = [
  {
    id: '6003139266461',
    name: 'Hiking',
    type: 'interests',
    path: ['Hobbies and activities', 'Outdoor recreation', 'Hiking'],
    audience_size_lower_bound: 180_000_000,
    audience_size_upper_bound: 210_000_000,
  },
  {
    id: '6003384248805',
    name: 'Hiking boots',
    type: 'interests',
    path: ['Shopping and fashion', 'Footwear', 'Hiking boots'],
    audience_size_lower_bound: 9_000_000,
    audience_size_upper_bound: 11_000_000,
  },
  {
    id: '6002714895372',
    name: 'Frequent travelers',
    type: 'behaviors',
    path: ['Travel', 'Frequent travelers'],
    audience_size_lower_bound: 250_000_000,
    audience_size_upper_bound: 290_000_000,
  },
  {
    id: '6002714398172',
    name: 'Parents (all)',
    type: 'demographics',
    path: ['Family and relationships', 'Parents'],
    audience_size_lower_bound: 120_000_000,
    audience_size_upper_bound: 140_000_000,
  },
];
