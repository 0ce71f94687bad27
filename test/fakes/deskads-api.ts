/**
 * A fake of the deskads platform on 127.0.0.1, written from its public reference: the identity
 * service's OAuth 2.0 endpoints and the JSON REST interface of the Campaign Management, Customer
 * Management, Ad Insight and Reporting services (version 13), plus its file hosts (report zips, the
 * locations file). It refuses what the platform refuses: a missing or wrong Authorization,
 * DeveloperToken, CustomerId or CustomerAccountId header (codes 105, 109, 116, 1029, 1030),
 * accounts the user cannot reach (106), request bodies that break the published models (unknown
 * members, wrong JSON types, ids not sent as strings, bad enums, missing required elements: see
 * deskads-api-wire.ts), and each operation's own rules (deskads-api-handlers.ts, reports in
 * deskads-api-reports.ts). It expires and revokes tokens, rotates refresh tokens, throttles on
 * demand (HTTP 429 or operation error 117), keeps reports pending for a number of polls, and
 * records every request so tests can see what was (not) sent.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CAMPAIGN_HANDLERS, estimatedBids, OperationRefusal, type HandlerContext } from './deskads-api-handlers';
import { emptyAccount, newId, seedAccount, type FakeAccount, type FakeCustomer, type Wire } from './deskads-api-data';
import { buildReport, locationsFile, ReportRefusal } from './deskads-api-reports';
import { check, checkRequest, fault, OPERATIONS, WireViolation, zipOf, type OperationDef } from './deskads-api-wire';

export const FAKE_DESKADS_CLIENT_ID = '7d1b2c3a-4e5f-4a6b-8c9d-0e1f2a3b4c5d';
export const FAKE_DESKADS_CLIENT_SECRET = 'fake-deskads-client-secret';
export const FAKE_DESKADS_DEVELOPER_TOKEN = 'FAKEDEVTOKEN0123456789';
const SCOPE = 'https://ads.microsoft.com/msads.manage';

interface User {
  id: string;
  email: string;
  customerId: string;
  accountIds: string[];
}

export interface RecordedDeskAdsRequest {
  operation: string;
  method: string;
  body: Wire;
  status: number;
}

/** Operations that change something (the rest are reads sent as POST). */
export const isWriteOperation = (operation: string) => /\.(Add|Update|Delete|Set|Apply)/.test(operation);

export class FakeDeskAdsPlatform {
  private server!: Server;
  url = '';
  readonly customers = new Map<string, FakeCustomer>();
  readonly accounts = new Map<string, FakeAccount>();
  private readonly users = new Map<string, User>();
  private readonly refreshTokens = new Map<string, { user: string; revoked: boolean }>();
  private readonly accessTokens = new Map<string, { user: string; expiresAt: number; from: string }>();
  private readonly codes = new Map<string, { user: string; redirectUri: string; used: boolean }>();
  private readonly reports = new Map<string, { accountId: string; pollsLeft: number; zip: Buffer | undefined }>();
  /** The user who approves on the consent page; undefined = the user declines. */
  consentUser: string | undefined;
  accessTokenSeconds = 3599;
  /** Each refresh hands out a new refresh token (the identity service rotates them); the old one keeps working. */
  rotateRefreshTokens = true;
  /** The developer token the platform accepts (a test changes it to see the operator's problem). */
  developerToken = FAKE_DESKADS_DEVELOPER_TOKEN;
  /** The client secret the identity service accepts. */
  clientSecret = FAKE_DESKADS_CLIENT_SECRET;
  /** Polls a new report stays Pending for. */
  reportPolls = 0;
  /** The next `count` API calls are throttled: HTTP 429 (no Retry-After), or operation error 117 in a 400. */
  private throttled: { count: number; as: 429 | 117 } = { count: 0, as: 429 };
  /** Faults of the next requests of one sort: a 500 before anything is done, or the answer lost after it was done. */
  private interrupted: { count: number; how: 500 | 'lost'; which: 'reads' | 'writes' } = { count: 0, how: 500, which: 'writes' };
  readonly requests: RecordedDeskAdsRequest[] = [];
  readonly tokenRequests: { grant_type: string; status: number }[] = [];
  readonly downloads: string[] = [];
  /** Problems found in the fake's own answers (a test fails when any shows up). */
  readonly answerProblems: string[] = [];

  get authorizeUrl(): string {
    return `${this.url}/common/oauth2/v2.0/authorize`;
  }

  get tokenUrl(): string {
    return `${this.url}/common/oauth2/v2.0/token`;
  }

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

  /** The settings that point the adapter at this fake. */
  settings(): Record<string, string> {
    return {
      DESKADS_CAMPAIGN_API_URL: this.url,
      DESKADS_REPORTING_API_URL: this.url,
      DESKADS_CUSTOMER_API_URL: this.url,
      DESKADS_AD_INSIGHT_API_URL: this.url,
      DESKADS_OAUTH_AUTHORIZE_URL: this.authorizeUrl,
      DESKADS_OAUTH_TOKEN_URL: this.tokenUrl,
      DESKADS_DOWNLOAD_HOSTS: '127.0.0.1',
      DESKADS_DEVELOPER_TOKEN: FAKE_DESKADS_DEVELOPER_TOKEN,
      DESKADS_CLIENT_ID: FAKE_DESKADS_CLIENT_ID,
      DESKADS_CLIENT_SECRET: FAKE_DESKADS_CLIENT_SECRET,
    };
  }

  /** A user of a new customer (manager) with its merchant store and UET tag. */
  addUser(email: string): { userId: string; customerId: string } {
    const customerId = newId();
    const tagId = newId();
    this.customers.set(customerId, {
      id: customerId,
      stores: [
        {
          Id: newId(),
          Name: 'Northwind Store',
          IsActive: true,
          IsProductAdsEnabled: true,
          HasCatalog: true,
          SubType: null,
          StoreUrl: 'https://www.example.com',
        },
      ],
      uetTags: [{ Id: tagId, Name: 'Site tag', Description: null, TrackingStatus: 'Active', TrackingScript: null, TrackingNoScript: null }],
    });
    const userId = newId();
    this.users.set(email, { id: userId, email, customerId, accountIds: [] });
    return { userId, customerId };
  }

  /** An ad account of the user's customer; `seed` fills it with entities and 45 days of delivery. */
  addAccount(email: string, options: { name: string; currency?: string; timeZone?: string; status?: string; seed?: boolean }): string {
    const user = this.users.get(email)!;
    const id = newId();
    const account = emptyAccount({
      Id: id,
      Name: options.name,
      Number: `F${randomBytes(4).toString('hex').slice(0, 7).toUpperCase()}`,
      CurrencyCode: options.currency ?? 'USD',
      TimeZone: options.timeZone ?? 'PacificTimeUSCanadaTijuana',
      ParentCustomerId: user.customerId,
      AccountLifeCycleStatus: options.status ?? 'Active',
    });
    this.accounts.set(id, account);
    user.accountIds.push(id);
    if (options.seed !== false) seedAccount(account, this.customers.get(user.customerId)!, this.accountToday(id, -1));
    return id;
  }

  /** Gives another user access to an account. */
  grant(email: string, accountId: string): void {
    this.users.get(email)!.accountIds.push(accountId);
  }

  /** The user loses access to the account (an administrator removed it). */
  removeAccess(email: string, accountId: string): void {
    const user = this.users.get(email)!;
    user.accountIds = user.accountIds.filter((id) => id !== accountId);
  }

  /** A refresh token of `email`, as the consent flow would have granted it. */
  issueRefreshToken(email: string): string {
    const token = `M.C5${randomBytes(24).toString('base64url')}`;
    this.refreshTokens.set(token, { user: email, revoked: false });
    return token;
  }

  /** The user revokes the app's access: every refresh and access token of the user stops working. */
  revokeUser(email: string): void {
    for (const entry of this.refreshTokens.values()) if (entry.user === email) entry.revoked = true;
    for (const [token, access] of this.accessTokens) if (access.user === email) this.accessTokens.delete(token);
  }

  expireAccessTokens(): void {
    for (const token of this.accessTokens.values()) token.expiresAt = 0;
  }

  /** The refresh tokens handed out so far (secrets that must never show up anywhere). */
  issuedRefreshTokens(): string[] {
    return [...this.refreshTokens.keys()];
  }

  /** Every pending report is ready at its next poll. */
  finishReports(): void {
    for (const report of this.reports.values()) report.pollsLeft = 0;
  }

  throttle(count: number, as: 429 | 117 = 429): void {
    this.throttled = { count, as };
  }

  /** The account's day in its time zone, shifted by `days`. */
  accountToday(accountId: string, days = 0): string {
    const zone =
      this.accounts.get(accountId)?.info.TimeZone === 'GreenwichMeanTimeDublinEdinburghLisbonLondon'
        ? 'Europe/London'
        : 'America/Los_Angeles';
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(),
    );
    return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  }

  /**
   * The next `count` reads or writes fail: `500` answers the platform's internal error without
   * doing anything; `lost` does the operation and then drops the connection before the answer.
   */
  interrupt(count: number, how: 500 | 'lost', which: 'reads' | 'writes' = 'writes'): void {
    this.interrupted = { count, how, which };
  }

  writes(): RecordedDeskAdsRequest[] {
    return this.requests.filter((r) => isWriteOperation(r.operation));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? '/', this.url);
    if (req.method === 'GET' && url.pathname === '/common/oauth2/v2.0/authorize') return this.consent(url, res);
    if (req.method === 'POST' && url.pathname === '/common/oauth2/v2.0/token') return this.token(req, raw, res);
    if (req.method === 'GET' && url.pathname.startsWith('/files/')) return this.file(url, req, res);
    const entry = Object.entries(OPERATIONS).find(([, op]) => op.path === url.pathname && op.method === req.method);
    if (!entry) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
      return;
    }
    const [operation, def] = entry;
    let status = 200;
    let body: Wire;
    const trackingId = randomUUID();
    const fault = this.interrupted;
    const interrupted = fault.count > 0 && (fault.which === 'writes') === isWriteOperation(operation);
    if (interrupted) fault.count -= 1;
    if (interrupted && fault.how === 500) {
      this.requests.push({ operation, method: req.method ?? '', body: {}, status: 500 });
      res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8', TrackingId: trackingId }).end(
        JSON.stringify({
          TrackingId: trackingId,
          Type: 'ApplicationFault',
          Errors: [{ Code: 0, ErrorCode: 'InternalError', Message: 'An internal error has occurred.' }],
        }),
      );
      return;
    }
    try {
      body = this.operation(operation, def, req, raw, trackingId);
    } catch (err) {
      ({ status, body } = this.faultOf(err, operation, trackingId));
    }
    let parsed: Wire;
    try {
      parsed = JSON.parse(raw) as Wire;
    } catch {
      parsed = {};
    }
    this.requests.push({ operation, method: req.method ?? '', body: parsed, status });
    if (interrupted) {
      req.socket.destroy();
      return;
    }
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', TrackingId: trackingId }).end(JSON.stringify(body));
  }

  private operation(name: string, def: OperationDef, req: IncomingMessage, raw: string, trackingId: string): Wire {
    const service = name.split('.')[0]!;
    const header = (h: string) => req.headers[h.toLowerCase()] as string | undefined;
    const auth = /^Bearer (.+)$/.exec(header('Authorization') ?? '');
    if (!auth || !header('DeveloperToken'))
      throw new FaultAnswer(401, 116, 'RequestMissingHeaders', 'One or more required header elements are missing from the request.');
    const access = this.accessTokens.get(auth[1]!);
    if (!access)
      throw new FaultAnswer(
        401,
        105,
        'InvalidCredentials',
        'Authentication failed. Either supplied credentials are invalid or the account is inactive.',
      );
    if (access.expiresAt <= Date.now())
      throw new FaultAnswer(401, 109, 'AuthenticationTokenExpired', 'Authentication token expired. Please renew it or obtain a new token.');
    if (header('DeveloperToken') !== this.developerToken)
      throw new FaultAnswer(
        401,
        105,
        'InvalidCredentials',
        'Authentication failed. Either supplied credentials are invalid or the account is inactive.',
      );
    if (this.throttled.count > 0) {
      this.throttled.count -= 1;
      if (this.throttled.as === 429)
        throw new FaultAnswer(
          429,
          117,
          'CallRateExceeded',
          'You have exceeded the number of calls that you are allowed to make in a minute.',
        );
      throw new FaultAnswer(
        400,
        117,
        'CallRateExceeded',
        'You have exceeded the number of calls that you are allowed to make in a minute.',
      );
    }
    if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
      throw new WireViolation('Content-Type', 'must be application/json');
    let body: Wire;
    try {
      body = JSON.parse(raw) as Wire;
    } catch {
      throw new WireViolation('body', 'is not JSON');
    }
    checkRequest(def, body);
    const user = this.users.get(access.user)!;
    let answer: Wire;
    if (service === 'CustomerManagement') answer = this.customerOperation(name, body, user);
    else {
      const customerId = header('CustomerId');
      const accountId = header('CustomerAccountId');
      const customerLevel = name === 'CampaignManagement.GetBMCStoresByCustomerId' || name === 'CampaignManagement.GetGeoLocationsFileUrl';
      if (!customerId)
        throw new FaultAnswer(
          400,
          1029,
          'CampaignServiceCustomerIdHasToBeSpecified',
          'The CustomerId element must be specified for this operation.',
        );
      if (!customerLevel && !accountId)
        throw new FaultAnswer(
          400,
          1030,
          'CampaignServiceAccountIdHasToBeSpecified',
          'The CustomerAccountId element must be specified for this operation.',
        );
      if (accountId && !user.accountIds.includes(accountId))
        throw new FaultAnswer(403, 106, 'UserIsNotAuthorized', 'The user is not authorized to perform this action.');
      const account = accountId ? this.accounts.get(accountId) : undefined;
      const customer = this.customers.get(customerId);
      if (!customer || (account && account.info.ParentCustomerId !== customerId))
        throw new FaultAnswer(
          400,
          1031,
          'CampaignServiceCannotPerformCurrentOperation',
          'The operation cannot be completed due to some customer or user information that is not valid.',
        );
      if (body.AccountId !== undefined && body.AccountId !== accountId)
        throw new FaultAnswer(400, 1102, 'CampaignServiceInvalidAccountId', 'The account identifier is not valid.');
      const ctx: HandlerContext = { body, account: account!, accountId: accountId ?? '', customer, now: new Date() };
      answer = this.serviceOperation(name, ctx);
    }
    try {
      check(answer, def.response, def.response.split('.')[1]!);
    } catch (err) {
      this.answerProblems.push(`${name} answer: ${(err as Error).message}`);
    }
    void trackingId;
    return answer;
  }

  private customerOperation(name: string, body: Wire, user: User): Wire {
    switch (name) {
      case 'CustomerManagement.GetUser':
        if (body.UserId !== undefined && body.UserId !== null && body.UserId !== user.id)
          throw new FaultAnswer(403, 106, 'UserIsNotAuthorized', 'The user is not authorized to perform this action.');
        return {
          User: { Id: user.id, UserName: user.email, CustomerId: user.customerId, UserLifeCycleStatus: 'Active' },
          CustomerRoles: [
            { RoleId: 41, CustomerId: user.customerId, AccountIds: user.accountIds, LinkedAccountIds: null, CustomerLinkPermission: null },
          ],
        };
      case 'CustomerManagement.SearchAccounts': {
        const predicates: Wire[] = body.Predicates ?? [];
        if (predicates.length !== 1 || predicates[0]!.Field !== 'UserId' || predicates[0]!.Operator !== 'Equals')
          throw new FaultAnswer(400, 474, 'RequiredSearchPredicateMissing', 'Required search predicate is missing.', 'ApiFault');
        if (predicates[0]!.Value !== user.id)
          throw new FaultAnswer(403, 106, 'UserIsNotAuthorized', 'The user is not authorized to perform this action.', 'ApiFault');
        const { Index, Size } = body.PageInfo ?? {};
        if (!Number.isInteger(Index) || Index < 0 || !Number.isInteger(Size) || Size < 1 || Size > 1000)
          throw new FaultAnswer(400, 1101, 'InvalidPageInfo', 'The paging information is not valid: Size must be 1 to 1000.', 'ApiFault');
        const all = [...user.accountIds].sort().map((id) => this.accounts.get(id)!.info);
        return { Accounts: all.slice(Index * Size, Index * Size + Size) };
      }
      case 'CustomerManagement.GetAccount':
        if (!user.accountIds.includes(body.AccountId))
          throw new FaultAnswer(403, 106, 'UserIsNotAuthorized', 'The user is not authorized to perform this action.', 'ApiFault');
        return { Account: this.accounts.get(body.AccountId)!.info };
      default:
        throw new WireViolation(name, 'is not served by this fake');
    }
  }

  private serviceOperation(name: string, ctx: HandlerContext): Wire {
    const [service, operation] = name.split('.') as [string, string];
    if (service === 'CampaignManagement') {
      if (operation === 'GetGeoLocationsFileUrl') {
        if (ctx.body.Version !== '2.0') throw new OperationRefusal(205, 'InvalidVersion', 'The specified version is not valid.');
        const expires = new Date(Date.now() + 15 * 60_000).toISOString();
        return {
          FileUrl: `${this.url}/files/geolocations.csv`,
          LastModifiedTimeUtc: '2026-01-01T00:00:00',
          FileUrlExpiryTimeUtc: expires.slice(0, 19),
        };
      }
      if (!ctx.account && operation !== 'GetBMCStoresByCustomerId')
        throw new OperationRefusal(1102, 'CampaignServiceInvalidAccountId', 'The account identifier is not valid.');
      const handler = CAMPAIGN_HANDLERS[operation];
      if (!handler) throw new WireViolation(name, 'is not served by this fake');
      return handler(ctx);
    }
    if (name === 'AdInsight.GetEstimatedBidByKeywordIds') return estimatedBids(ctx);
    if (name === 'Reporting.SubmitGenerateReport') {
      const { csv, rows } = buildReport(ctx.body.ReportRequest, ctx.account, ctx.accountId, this.accountToday(ctx.accountId));
      const id = String(3_000_000_000_000 + Math.floor(Math.random() * 1e9));
      this.reports.set(id, {
        accountId: ctx.accountId,
        pollsLeft: this.reportPolls,
        zip: rows ? zipOf('report.csv', Buffer.from(csv, 'utf8')) : undefined,
      });
      return { ReportRequestId: id };
    }
    if (name === 'Reporting.PollGenerateReport') {
      const report = this.reports.get(String(ctx.body.ReportRequestId));
      if (!report || report.accountId !== ctx.accountId)
        throw new ReportRefusal(2100, 'ReportingServiceInvalidReportId', 'The specified report request identifier is not valid.');
      if (report.pollsLeft > 0) {
        report.pollsLeft -= 1;
        return { ReportRequestStatus: { Status: 'Pending', ReportDownloadUrl: null } };
      }
      return {
        ReportRequestStatus: {
          Status: 'Success',
          ReportDownloadUrl: report.zip
            ? `${this.url}/files/reports/${ctx.body.ReportRequestId}.zip?sig=${randomBytes(8).toString('hex')}`
            : null,
        },
      };
    }
    throw new WireViolation(name, 'is not served by this fake');
  }

  private file(url: URL, req: IncomingMessage, res: ServerResponse): void {
    this.downloads.push(url.pathname);
    // Files are handed out by signed address: a credential sent along is a leak.
    if (req.headers.authorization || req.headers.developertoken) {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end('Credentials are not accepted here.');
      return;
    }
    if (url.pathname === '/files/geolocations.csv') {
      res.writeHead(200, { 'Content-Type': 'text/csv' }).end(locationsFile());
      return;
    }
    const id = /^\/files\/reports\/(\d+)\.zip$/.exec(url.pathname)?.[1];
    const zip = id ? this.reports.get(id)?.zip : undefined;
    if (!zip) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('BlobNotFound');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/x-zip-compressed' }).end(zip);
  }

  private faultOf(err: unknown, operation: string, trackingId: string): { status: number; body: Wire } {
    const service = operation.split('.')[0]!;
    const kindFor = (preferred?: 'ApiFault') => preferred ?? (service === 'CustomerManagement' ? 'ApiFault' : 'ApiFaultDetail');
    if (err instanceof FaultAnswer) {
      const kind = err.kind ?? ([105, 109, 116, 117].includes(err.code) ? 'AdApiFaultDetail' : kindFor());
      return { status: err.status, body: fault(kind, [{ Code: err.code, ErrorCode: err.errorCode, Message: err.message }], trackingId) };
    }
    if (err instanceof OperationRefusal || err instanceof ReportRefusal)
      return { status: 400, body: fault(kindFor(), [{ Code: err.code, ErrorCode: err.errorCode, Message: err.message }], trackingId) };
    if (err instanceof WireViolation)
      return {
        status: 400,
        body: fault(
          kindFor(),
          [{ Code: 100, ErrorCode: 'InvalidRequest', Message: `The request does not match the service's contract: ${err.message}` }],
          trackingId,
        ),
      };
    return {
      status: 500,
      body: fault(
        'AdApiFaultDetail',
        [{ Code: 0, ErrorCode: 'InternalError', Message: String((err as Error)?.message ?? err) }],
        trackingId,
      ),
    };
  }

  private consent(url: URL, res: ServerResponse): void {
    const p = url.searchParams;
    const redirect = p.get('redirect_uri');
    if (p.get('client_id') !== FAKE_DESKADS_CLIENT_ID || !redirect) {
      res.writeHead(400, { 'Content-Type': 'text/html' }).end('<h1>AADSTS700016: Application not found in the directory.</h1>');
      return;
    }
    const back = new URL(redirect);
    const scopes = (p.get('scope') ?? '').split(' ');
    if (p.get('response_type') !== 'code' || !scopes.includes(SCOPE) || !scopes.includes('offline_access')) {
      back.searchParams.set('error', 'invalid_request');
    } else if (!this.consentUser) {
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = `M.C5_${randomBytes(16).toString('base64url')}`;
      this.codes.set(code, { user: this.consentUser, redirectUri: redirect, used: false });
      back.searchParams.set('code', code);
    }
    if (p.has('state')) back.searchParams.set('state', p.get('state')!);
    res.writeHead(302, { Location: back.toString() }).end();
  }

  private token(req: IncomingMessage, raw: string, res: ServerResponse): void {
    const send = (status: number, body: object, grant: string) => {
      this.tokenRequests.push({ grant_type: grant, status });
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
    };
    const refuse = (status: number, error: string, code: number, grant: string) =>
      send(status, { error, error_description: `AADSTS${code}: refused.`, error_codes: [code], trace_id: randomUUID() }, grant);
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
      return refuse(400, 'invalid_request', 900144, 'unknown');
    const form = new URLSearchParams(raw);
    const grant = form.get('grant_type') ?? '';
    if (form.get('client_id') !== FAKE_DESKADS_CLIENT_ID) return refuse(400, 'unauthorized_client', 700016, grant);
    if (form.get('client_secret') !== this.clientSecret) return refuse(401, 'invalid_client', 7000215, grant);
    if (!(form.get('scope') ?? '').split(' ').includes(SCOPE)) return refuse(400, 'invalid_scope', 70011, grant);
    if (grant === 'refresh_token') {
      const entry = this.refreshTokens.get(form.get('refresh_token') ?? '');
      if (!entry || entry.revoked) return refuse(400, 'invalid_grant', 70000, grant);
      const access = this.newAccessToken(entry.user, form.get('refresh_token')!);
      return send(200, this.rotateRefreshTokens ? { ...access, refresh_token: this.issueRefreshToken(entry.user) } : access, grant);
    }
    if (grant === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      if (!code || code.used || code.redirectUri !== form.get('redirect_uri')) return refuse(400, 'invalid_grant', 54005, grant);
      code.used = true;
      const refreshToken = this.issueRefreshToken(code.user);
      return send(200, { ...this.newAccessToken(code.user, refreshToken), refresh_token: refreshToken }, grant);
    }
    refuse(400, 'unsupported_grant_type', 70003, grant);
  }

  private newAccessToken(user: string, from: string) {
    const token = `EwB${randomBytes(24).toString('base64url')}`;
    this.accessTokens.set(token, { user, from, expiresAt: Date.now() + this.accessTokenSeconds * 1000 });
    return {
      token_type: 'Bearer',
      scope: `${SCOPE} offline_access`,
      expires_in: this.accessTokenSeconds,
      ext_expires_in: this.accessTokenSeconds,
      access_token: token,
    };
  }
}

/** A refusal before the operation ran (headers, credentials, throttling, access). */
class FaultAnswer extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly errorCode: string,
    message: string,
    readonly kind?: 'ApiFault',
  ) {
    super(message);
  }
}
