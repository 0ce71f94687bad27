/**
 * A fake of the search platform's REST interface on 127.0.0.1, written from its public reference:
 * `POST /{version}/customers/{id}/googleAds:search` with the query language (the subset of SELECT /
 * FROM / WHERE / LIMIT this gateway uses, over the resources and fields below), page tokens,
 * `POST /{version}/customers/{id}/<resource>:mutate` with create / update + updateMask / remove
 * operations (atomic), `GET /{version}/customers:listAccessibleCustomers` and
 * `POST /{version}/geoTargetConstants:suggest`. It holds its own state and refuses what the real API
 * refuses: a missing or wrong Authorization header (the developer-token header is optional and ignored), expired access tokens, customers
 * the user cannot reach (a manager's clients only with login-customer-id), ids with dashes, unknown
 * resources and fields, update masks naming unknown fields or fields left out of a partial object,
 * invalid values; failures use the platform's failure body (error.details[].errors[].errorCode).
 * Int64 values are JSON strings, money is in micros. It can be told to rate-limit, fail or hang.
 *
 * The server core is here (HTTP, authentication, search, mutate); the resources' rules are in the
 * family files beside it (searchads-api-<family>.ts), the selectable fields in searchads-api-fields.ts.
 */
import { ASSET_MUTABLE } from './searchads-api-assets';
import { AUDIENCE_MUTABLE, FakeFailure, audienceMethod, emptyAudienceCollections, recordChange } from './searchads-api-audience';
import { BIDDING_MUTABLE } from './searchads-api-bidding';
import { CAMPAIGN_MUTABLE } from './searchads-api-campaigns';
import {
  ApiFailure,
  FAKE_API_VERSION,
  type FakeCustomer,
  type MutableSpec,
  type Obj,
  camel,
  checkKnownKeys,
  deletePath,
  get,
  invalid,
  leafPaths,
  newId,
  setPath,
} from './searchads-api-core';
import { CRITERIA_MUTABLE } from './searchads-api-criteria';
import { MUTATE_OPERATIONS, PMAX_MUTABLE, brandGuidelines, checkAssetGroup, checkListingTrees } from './searchads-api-pmax';
import { publishedWrite, resourceOfService } from './searchads-api-fields';
import { parseQuery, project, valueAt } from './searchads-api-query';
import { keywordIdeas, suggest } from './searchads-api-reference';
import { rowsOf } from './searchads-api-rows';
import { seedCustomer } from './searchads-api-seed';
import { mutateListingGroups, removeProductLink, updateInvitation } from './searchads-api-shopping';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeSearchAdsOAuth } from './searchads-oauth';

export { FAKE_API_VERSION, FAKE_DEVELOPER_TOKEN, type FakeCustomer } from './searchads-api-core';

/** rate_limit: 429 with the delay in the body's QuotaErrorDetails; forbidden: 403 with `options.code` (an AuthorizationError value). */
export type FaultKind = 'rate_limit' | 'server_error' | 'hang' | 'forbidden';

export class FakeSearchAdsApi {
  private server!: Server;
  url = '';
  /** Rows per search page (the real platform pages at 10,000; small here so paging is exercised). */
  pageSize = 5;
  readonly customers = new Map<string, FakeCustomer>();
  /** Every field a mutate this fake accepted wrote (`campaign.targetSpend.cpcBidCeilingMicros`): what the live adapter mutates. */
  readonly mutatedFields = new Set<string>();
  /** Every request: method, path (no query), status. */
  readonly requests: { method: string; path: string; status: number }[] = [];
  private faults: { kind: FaultKind; times: number; retryAfter: number; path?: RegExp; code?: string }[] = [];

  constructor(readonly oauth: FakeSearchAdsOAuth) {}

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

  /** The next `times` requests (whose path matches, if given) fail this way. */
  fail(kind: FaultKind, times = 1, options: { retryAfter?: number; path?: RegExp; code?: string } = {}): void {
    this.faults.push({ kind, times, retryAfter: options.retryAfter ?? 30, path: options.path, code: options.code });
  }

  clearFaults(): void {
    this.faults = [];
  }

  countRequests(pattern: RegExp): number {
    return this.requests.filter((r) => pattern.test(`${r.method} ${r.path}`)).length;
  }

  customer(id: string): FakeCustomer {
    const c = this.customers.get(id);
    if (!c) throw new Error(`fake: no customer ${id}`);
    return c;
  }

  addCustomer(options: {
    id: string;
    name: string;
    users?: string[];
    manager?: boolean;
    clients?: string[];
    currency?: string;
    status?: 'ENABLED' | 'CANCELED';
  }): FakeCustomer {
    const customer: FakeCustomer = {
      id: options.id,
      descriptiveName: options.name,
      currencyCode: options.currency ?? 'USD',
      timeZone: 'America/New_York',
      manager: options.manager ?? false,
      status: options.status ?? 'ENABLED',
      users: options.users ?? [],
      clients: options.clients ?? [],
      campaigns: [],
      budgets: [],
      adGroups: [],
      ads: [],
      adObjects: [],
      adGroupCriteria: [],
      campaignCriteria: [],
      assets: [],
      campaignAssets: [],
      labels: [],
      customAudiences: [],
      userLists: [],
      sharedSets: [],
      sharedCriteria: [],
      campaignSharedSets: [],
      conversionActions: [],
      campaignLabels: [],
      adGroupLabels: [],
      adGroupAdLabels: [],
      adGroupCriterionLabels: [],
      biddingStrategies: [],
      ...emptyAudienceCollections(),
      assetGroups: [],
      assetGroupAssets: [],
      assetGroupSignals: [],
      audiences: [],
      listingGroupFilters: [],
      productLinks: [],
      productLinkInvitations: [],
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  /** Fills an ad account with campaigns of every kind the gateway's tools read (searchads-api-seed.ts). */
  seed(customerId: string): void {
    seedCustomer(this.customer(customerId));
  }

  // HTTP.

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const record = (status: number) => this.requests.push({ method: req.method ?? '', path: url.pathname, status });
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const fault = this.faults.find((f) => f.times > 0 && (!f.path || f.path.test(url.pathname)));
    if (fault) {
      fault.times--;
      record({ rate_limit: 429, server_error: 500, forbidden: 403, hang: 0 }[fault.kind]);
      if (fault.kind === 'hang') return; // never answers
      if (fault.kind === 'rate_limit') {
        // The platform sends no Retry-After header: the delay is the failure's QuotaErrorDetails.retry_delay (a Duration).
        return this.sendFailure(
          res,
          new ApiFailure(429, 'RESOURCE_EXHAUSTED', [
            {
              errorCode: { quotaError: 'RESOURCE_EXHAUSTED' },
              message: 'Too many requests.',
              details: {
                quotaErrorDetails: { rateScope: 'ACCOUNT', rateName: 'Requests per account', retryDelay: `${fault.retryAfter}s` },
              },
            },
          ]),
        );
      }
      if (fault.kind === 'forbidden') {
        return this.sendFailure(
          res,
          new ApiFailure(403, 'PERMISSION_DENIED', [
            { errorCode: { authorizationError: fault.code ?? 'USER_PERMISSION_DENIED' }, message: 'The caller does not have permission.' },
          ]),
        );
      }
      return this.sendFailure(
        res,
        new ApiFailure(500, 'INTERNAL', [{ errorCode: { internalError: 'INTERNAL_ERROR' }, message: 'An internal error has occurred.' }]),
      );
    }
    try {
      const body = this.route(req, url, raw);
      record(200);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
    } catch (thrown) {
      const err = thrown instanceof FakeFailure ? invalid(thrown.category, thrown.value, thrown.message, thrown.location) : thrown;
      if (!(err instanceof ApiFailure)) throw err;
      record(err.status);
      this.sendFailure(res, err);
    }
  }

  private sendFailure(res: ServerResponse, failure: ApiFailure): void {
    const body = {
      error: {
        code: failure.status,
        message: failure.status === 400 ? 'Request contains an invalid argument.' : failure.message,
        status: failure.grpcStatus,
        details: [
          {
            '@type': `type.googleapis.com/google.ads.googleads.${FAKE_API_VERSION}.errors.GoogleAdsFailure`,
            errors: failure.errors,
            requestId: newId(12),
          },
        ],
      },
    };
    res.writeHead(failure.status, { 'Content-Type': 'application/json; charset=UTF-8', ...failure.headers }).end(JSON.stringify(body));
  }

  private route(req: IncomingMessage, url: URL, raw: string): unknown {
    const match = /^\/(v\d+)\/(.+)$/.exec(url.pathname);
    if (!match || match[1] !== FAKE_API_VERSION)
      throw new ApiFailure(404, 'NOT_FOUND', [
        { errorCode: { requestError: 'UNKNOWN' }, message: `The requested URL ${url.pathname} was not found on this server.` },
      ]);
    const user = this.authenticate(req);
    const path = match[2]!;
    let json: Obj = {};
    if (req.method === 'POST') {
      try {
        json = JSON.parse(raw || '{}');
      } catch {
        throw invalid('requestError', 'INVALID_INPUT', 'Invalid JSON payload received.');
      }
    }
    if (req.method === 'GET' && path === 'customers:listAccessibleCustomers') {
      return { resourceNames: [...this.customers.values()].filter((c) => c.users.includes(user)).map((c) => `customers/${c.id}`) };
    }
    if (req.method === 'POST' && path === 'geoTargetConstants:suggest') return suggest(json);
    const ideasPath = /^customers\/([^/:]+):generateKeywordIdeas$/.exec(path);
    if (req.method === 'POST' && ideasPath)
      return keywordIdeas(this.authorize(user, ideasPath[1]!, req.headers['login-customer-id']), json);
    const customerPath = /^customers\/([^/]+)\/(googleAds:search|[a-zA-Z]+:mutate|productLinkInvitations:update|productLinks:remove)$/.exec(
      path,
    );
    const customMethod = /^customers\/([^/]+)\/[A-Za-z]+(\/[^/:]+)?:[A-Za-z]+$/.exec(path);
    if (req.method === 'POST' && !customerPath && customMethod) {
      const answer = audienceMethod(this.authorize(user, customMethod[1]!, req.headers['login-customer-id']), path, json, user);
      if (answer) return answer;
    }
    if (req.method !== 'POST' || !customerPath)
      throw new ApiFailure(404, 'NOT_FOUND', [
        { errorCode: { requestError: 'UNKNOWN' }, message: `The requested URL ${url.pathname} was not found on this server.` },
      ]);
    const customer = this.authorize(user, customerPath[1]!, req.headers['login-customer-id']);
    if (customerPath[2] === 'googleAds:search') return this.search(customer, json);
    if (customerPath[2] === 'googleAds:mutate') return this.mutateAll(customer, json, user);
    if (customerPath[2] === 'productLinkInvitations:update') return updateInvitation(customer, json);
    if (customerPath[2] === 'productLinks:remove') return removeProductLink(customer, json);
    return this.mutate(customer, customerPath[2]!.replace(':mutate', ''), json, user);
  }

  private authenticate(req: IncomingMessage): string {
    const auth = req.headers.authorization ?? '';
    const token = /^Bearer (\S+)$/.exec(auth)?.[1];
    if (!token)
      throw new ApiFailure(401, 'UNAUTHENTICATED', [
        {
          errorCode: { authenticationError: 'OAUTH_TOKEN_HEADER_INVALID' },
          message: 'Request is missing required authentication credential.',
        },
      ]);
    const checked = this.oauth.check(token);
    if (checked === 'expired')
      throw new ApiFailure(401, 'UNAUTHENTICATED', [
        {
          errorCode: { authenticationError: 'OAUTH_TOKEN_EXPIRED' },
          message: 'Request had invalid authentication credentials. Expected OAuth 2 access token.',
        },
      ]);
    if (!checked)
      throw new ApiFailure(401, 'UNAUTHENTICATED', [
        { errorCode: { authenticationError: 'OAUTH_TOKEN_INVALID' }, message: 'Request had invalid authentication credentials.' },
      ]);
    // Developer tokens were sunset (2026-09-09): the header is optional and ignored; access comes from the Cloud project.
    return checked.user;
  }

  private authorize(user: string, customerId: string, loginHeader: string | string[] | undefined): FakeCustomer {
    const login = Array.isArray(loginHeader) ? loginHeader[0] : loginHeader;
    for (const id of [customerId, login].filter((x): x is string => x !== undefined)) {
      if (!/^\d{10}$/.test(id))
        throw invalid('requestError', 'INVALID_CUSTOMER_ID', `Invalid customer ID '${id}'. Customer ids are 10 digits without dashes.`);
    }
    const customer = this.customers.get(customerId);
    const denied = new ApiFailure(403, 'PERMISSION_DENIED', [
      {
        errorCode: { authorizationError: 'USER_PERMISSION_DENIED' },
        message:
          "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header.",
      },
    ]);
    if (!customer) throw denied;
    const direct = !login || login === customerId ? customer.users.includes(user) : false;
    const manager = login && login !== customerId ? this.customers.get(login) : undefined;
    const throughManager = Boolean(manager?.users.includes(user) && manager.clients.includes(customerId));
    if (!direct && !throughManager) throw denied;
    if (customer.status !== 'ENABLED')
      throw new ApiFailure(403, 'PERMISSION_DENIED', [
        {
          errorCode: { authorizationError: 'CUSTOMER_NOT_ENABLED' },
          message: "The customer account can't be accessed because it is not yet enabled or has been deactivated.",
        },
      ]);
    return customer;
  }

  // Search.

  private search(customer: FakeCustomer, json: Obj): unknown {
    for (const key of Object.keys(json)) {
      if (!['query', 'pageToken', 'searchSettings'].includes(key))
        throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${key}": Cannot find field.`);
    }
    if (typeof json.query !== 'string') throw invalid('queryError', 'QUERY_ERROR', 'The query is empty.');
    const query = parseQuery(json.query);
    const rows = rowsOf(customer, query, this.customers);
    if (query.orderBy) {
      const { field, desc } = query.orderBy;
      rows.sort((a, b) => String(valueAt(a, field) ?? '').localeCompare(String(valueAt(b, field) ?? '')) * (desc ? -1 : 1));
    }
    const limited = query.limit !== undefined ? rows.slice(0, query.limit) : rows;
    const queryHash = createHash('sha256').update(json.query).digest('hex').slice(0, 16);
    let offset = 0;
    if (json.pageToken !== undefined) {
      const [hash, at] = Buffer.from(String(json.pageToken), 'base64url').toString().split(':');
      if (hash !== queryHash || !/^\d+$/.test(at ?? '')) throw invalid('requestError', 'INVALID_PAGE_TOKEN', 'Page token is invalid.');
      offset = Number(at);
    }
    const page = limited.slice(offset, offset + this.pageSize);
    const next =
      offset + this.pageSize < limited.length ? Buffer.from(`${queryHash}:${offset + this.pageSize}`).toString('base64url') : undefined;
    return {
      results: page.map((row) => project(row, query.fields)),
      ...(next ? { nextPageToken: next } : {}),
      fieldMask: query.fields.map((f) => f.split('.').map(camel).join('.')).join(','),
    };
  }

  // Mutate.

  /**
   * `googleAds:mutate`: operations of several resources in one atomic request, in order; a create
   * may carry a temporary resource name (`.../-1`) that later operations use. After the last
   * operation every asset group touched must hold its minimum assets and every listing group tree
   * must be valid, or nothing is applied.
   */
  private mutateAll(c: FakeCustomer, json: Obj, user: string): unknown {
    for (const key of Object.keys(json)) {
      if (!['mutateOperations', 'partialFailure', 'validateOnly', 'responseContentType'].includes(key))
        throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${key}": Cannot find field.`);
    }
    const operations: Obj[] = json.mutateOperations;
    if (!Array.isArray(operations) || !operations.length) throw invalid('mutateError', 'OPERATIONS_REQUIRED', 'Operations are required.');
    const lists = [
      'campaigns',
      'budgets',
      'adGroups',
      'assets',
      'assetGroups',
      'assetGroupAssets',
      'assetGroupSignals',
      'audiences',
      'listingGroupFilters',
      'campaignCriteria',
      'campaignAssets',
    ] as const;
    const snapshot = Object.fromEntries(lists.map((l) => [l, structuredClone(c[l])]));
    const restore = () => {
      for (const l of lists) (c as unknown as Record<string, Obj[]>)[l] = snapshot[l]!;
    };
    const temp = new Map<string, string>();
    const tempIds = new Set<string>();
    const createdCampaigns: string[] = [];
    const answers: Obj[] = [];
    try {
      for (const [index, operation] of operations.entries()) {
        const keys = Object.keys(operation);
        const key = keys[0];
        const resource = key ? MUTATE_OPERATIONS[key] : undefined;
        if (keys.length !== 1 || !resource)
          throw invalid('mutateError', 'INVALID_OPERATION', `mutate_operations[${index}] must hold exactly one known operation.`);
        let text = JSON.stringify(operation[key!]);
        for (const [from, to] of temp) text = text.split(`"${from}"`).join(`"${to}"`);
        const op = JSON.parse(text);
        const tempName = op.create?.resourceName;
        if (tempName !== undefined && !/[/~]-\d+$/.test(tempName))
          throw invalid('mutateError', 'INVALID_OPERATION', 'A created resource may only carry a temporary resource name.');
        if (op.create) delete op.create.resourceName;
        // A temporary id is unique in the request, whatever the resource types.
        const tempId = tempName?.match(/-\d+$/)?.[0];
        if (tempId && tempIds.has(tempId))
          throw invalid(
            'newResourceCreationError',
            'DUPLICATE_TEMP_IDS',
            'Creating more than one resource with the same temp ID is not allowed.',
          );
        if (tempId) tempIds.add(tempId);
        const [result] = (this.mutate(c, resource, { operations: [op] }, user, true) as { results: { resourceName: string }[] }).results;
        if (tempName) temp.set(tempName, result!.resourceName);
        if (resource === 'campaigns' && op.create) createdCampaigns.push(result!.resourceName);
        answers.push({ [`${key!.replace(/Operation$/, '')}Result`]: { resourceName: result!.resourceName } });
      }
      // Every asset group the request named, or whose links (its own, or its campaign's brand links) it changed.
      const linksOf = (list: Obj[], key: 'assetGroup' | 'campaign', name: string) =>
        JSON.stringify(
          list
            .filter((l) => l[key] === name)
            .map((l) => l.resourceName as string)
            .sort(),
        );
      for (const group of c.assetGroups)
        if (
          operations.some((o) => JSON.stringify(o).includes(group.resourceName) || [...temp.values()].includes(group.resourceName)) ||
          linksOf(c.assetGroupAssets, 'assetGroup', group.resourceName) !==
            linksOf(snapshot.assetGroupAssets!, 'assetGroup', group.resourceName) ||
          linksOf(c.campaignAssets, 'campaign', group.campaign) !== linksOf(snapshot.campaignAssets!, 'campaign', group.campaign)
        )
          checkAssetGroup(c, group);
      // A campaign with brand guidelines is created with its business name and logo (campaign assets) in the same request.
      for (const name of createdCampaigns) checkBrandLinks(c, name);
      checkListingTrees(c);
    } catch (err) {
      restore();
      throw err;
    }
    if (json.validateOnly === true) {
      restore();
      return {};
    }
    return { mutateOperationResponses: answers };
  }

  /**
   * Every field an operation writes against the published definitions, as the platform checks them against its
   * protos: a name its resource does not have is refused (an unknown JSON name in a create or update body, an
   * invalid field in an update mask), an immutable field cannot be updated. An output-only field is accepted and
   * does nothing (google.api.field_behavior: the server ignores it and must not fail). Answers the fields written,
   * recorded in `mutatedFields` once the mutate is accepted.
   */
  private checkPublishedWrite(service: string, op: Obj, index: number): string[] {
    const resource = resourceOfService(service);
    const at = (field: string) => ({ fieldPathElements: [{ fieldName: 'operations', index }, { fieldName: field }] });
    const written: string[] = [];
    for (const kind of ['create', 'update'] as const) {
      if (!op?.[kind] || typeof op[kind] !== 'object') continue;
      for (const path of leafPaths(op[kind])) {
        if (path === 'resourceName') continue;
        if (publishedWrite(resource, path) === 'unknown')
          throw invalid(
            'requestError',
            'UNKNOWN',
            `Invalid JSON payload received. Unknown name "${path}" at 'operations[${index}].${kind}': Cannot find field.`,
          );
        if (kind === 'create') written.push(path);
      }
    }
    if (op?.update && typeof op.updateMask === 'string') {
      for (const path of op.updateMask.split(',').filter(Boolean)) {
        const verdict = publishedWrite(resource, path);
        if (verdict === 'unknown')
          throw invalid('fieldMaskError', 'FIELD_NOT_FOUND', `The field mask contained an invalid field: '${path}'.`, at('update_mask'));
        if (verdict === 'immutable')
          throw invalid('fieldError', 'IMMUTABLE_FIELD', `The field attempted to be mutated is immutable: ${path}.`, at(path));
        written.push(path);
      }
    }
    return written.map((path) => `${resource}.${path}`);
  }

  private mutate(c: FakeCustomer, resource: string, json: Obj, user: string, inBatch = false): unknown {
    const operations: unknown = json.operations;
    const written = Array.isArray(operations) ? operations.flatMap((op: Obj, index) => this.checkPublishedWrite(resource, op, index)) : [];
    const answer = this.applyMutate(c, resource, json, user, inBatch);
    for (const field of written) this.mutatedFields.add(field);
    return answer;
  }

  private applyMutate(c: FakeCustomer, resource: string, json: Obj, user: string, inBatch: boolean): unknown {
    const spec = MUTABLE[resource];
    if (!spec)
      throw new ApiFailure(404, 'NOT_FOUND', [{ errorCode: { requestError: 'UNKNOWN' }, message: `Unknown service ${resource}.` }]);
    for (const key of Object.keys(json)) {
      if (!['operations', 'partialFailure', 'validateOnly', 'responseContentType'].includes(key))
        throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${key}": Cannot find field.`);
    }
    const operations: Obj[] = json.operations;
    if (!Array.isArray(operations) || !operations.length) throw invalid('mutateError', 'OPERATIONS_REQUIRED', 'Operations are required.');
    if (resource === 'adGroupCriteria') {
      const listing = (op: Obj) =>
        op?.create?.listingGroup !== undefined ||
        [op?.remove, op?.update?.resourceName].some(
          (rn) =>
            rn !== undefined && (/~-\d+$/.test(rn) || c.adGroupCriteria.some((x) => x.resourceName === rn && x.type === 'LISTING_GROUP')),
        );
      if (operations.some(listing)) {
        if (!operations.every(listing))
          throw invalid('mutateError', 'INVALID_OPERATION', 'Listing group operations cannot be mixed with other criteria in one request.');
        return mutateListingGroups(c, operations, json.validateOnly === true);
      }
    }
    const list: Obj[] = (c as unknown as Record<string, Obj[]>)[spec.list]!;
    const prefix = `customers/${c.id}/${resource}/`;
    // What the list would hold after the request, for the rules that look at several entities at once (spec.checkAll).
    const removed = new Set<Obj>();
    const replaced = new Map<Obj, Obj>();
    const added: Obj[] = [];
    // Validate every operation first: the request is atomic.
    const applies: (() => string)[] = operations.map((op, index) => {
      const where = (fieldName: string) => ({ fieldPathElements: [{ fieldName: 'operations', index }, { fieldName }] });
      const kinds = ['create', 'update', 'remove'].filter((k) => op[k] !== undefined);
      if (kinds.length !== 1)
        throw invalid(
          'mutateError',
          'INVALID_OPERATION',
          'Each operation needs exactly one of create, update or remove.',
          where('operation'),
        );
      for (const key of Object.keys(op))
        if (!['create', 'update', 'remove', 'updateMask'].includes(key))
          throw invalid(
            'requestError',
            'UNKNOWN',
            `Invalid JSON payload received. Unknown name "${key}" at 'operations[${index}]': Cannot find field.`,
          );
      if (op.remove !== undefined) {
        const target = list.find((x) => x.resourceName === op.remove);
        if (!String(op.remove).startsWith(prefix) || !target)
          throw invalid('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${op.remove}.`, where('remove'));
        removed.add(target);
        return () => {
          const before = structuredClone(target);
          spec.remove(c, target, list);
          recordChange(c, resource, 'REMOVE', before, target, [], user);
          return target.resourceName;
        };
      }
      if (op.update !== undefined) {
        if (!spec.update) throw invalid('mutateError', 'MUTATE_NOT_ALLOWED', `${resource} cannot be updated.`, where('update'));
        const target = list.find((x) => x.resourceName === op.update.resourceName);
        if (!target)
          throw invalid(
            'mutateError',
            'RESOURCE_NOT_FOUND',
            `Resource was not found: ${op.update.resourceName}.`,
            where('update.resource_name'),
          );
        if (typeof op.updateMask !== 'string' || !op.updateMask)
          throw invalid('fieldMaskError', 'FIELD_MASK_MISSING', 'The field mask must be set for update operations.', where('update_mask'));
        checkKnownKeys(op.update, spec.update, where);
        const paths = op.updateMask.split(',');
        for (const path of paths)
          if (!spec.update.includes(path))
            throw invalid(
              'fieldMaskError',
              'FIELD_NOT_FOUND',
              `The field mask contained an invalid field: '${path}'.`,
              where('update_mask'),
            );
        for (const path of leafPaths(op.update)) {
          if (path !== 'resourceName' && !paths.some((p) => path === p || path.startsWith(`${p}.`)))
            throw invalid(
              'fieldMaskError',
              'FIELD_NOT_FOUND',
              `Field '${path}' was set but is not in the update mask.`,
              where('update_mask'),
            );
        }
        const next = structuredClone(target);
        for (const path of paths) setPath(next, path, get(op.update, path));
        spec.validate(c, next, where, target);
        replaced.set(target, next);
        return () => {
          const before = structuredClone(target);
          Object.assign(target, next);
          for (const path of paths) if (get(op.update, path) === undefined) deletePath(target, path);
          recordChange(c, resource, 'UPDATE', before, target, paths, user);
          return target.resourceName;
        };
      }
      checkKnownKeys(op.create, spec.create ?? [], where);
      const created = spec.build!(c, op.create, where);
      spec.validate(c, created, where);
      if (list.some((x) => x.resourceName === created.resourceName) || added.some((x) => x.resourceName === created.resourceName))
        throw invalid('mutateError', 'RESOURCE_ALREADY_EXISTS', 'The resource already exists.', where('create'));
      added.push(created);
      return () => {
        list.push(created);
        spec.created?.(c, created);
        recordChange(c, resource, 'CREATE', undefined, created, leafPaths(op.create), user);
        return created.resourceName;
      };
    });
    spec.checkAll?.(c, [...list.filter((x) => !removed.has(x)).map((x) => replaced.get(x) ?? x), ...added]);
    // Alone, a Performance Max campaign with brand guidelines cannot have its business name and logo yet.
    if (!inBatch && resource === 'campaigns')
      for (const op of operations)
        if (op.create?.advertisingChannelType === 'PERFORMANCE_MAX' && op.create.brandGuidelinesEnabled !== false)
          throw invalid(
            'campaignError',
            'REQUIRED_BUSINESS_NAME_ASSET_NOT_LINKED',
            'A campaign with brand guidelines enabled must link a business name asset at campaign level: create it with its campaign assets in one googleAds:mutate.',
          );
    // validateOnly: every operation was checked above; nothing is applied and the answer is empty.
    if (json.validateOnly === true) return {};
    if (!inBatch && ['assetGroups', 'assetGroupAssets', 'assetGroupListingGroupFilters'].includes(resource)) {
      // Alone (outside googleAds:mutate) the result must already be valid: check it on a copy first.
      const copy = structuredClone(c);
      const copyList = (copy as unknown as Record<string, Obj[]>)[spec.list]!;
      for (const op of operations) {
        if (op.remove !== undefined)
          spec.remove(
            copy,
            copyList.find((x) => x.resourceName === op.remove)!,
            copyList,
          );
        else if (op.create !== undefined) copyList.push(spec.build!(copy, structuredClone(op.create), () => ({})));
      }
      for (const group of copy.assetGroups) checkAssetGroup(copy, group);
      checkListingTrees(copy);
    }
    return { results: applies.map((apply) => ({ resourceName: apply() })) };
  }
}

/** Every mutable resource by its service name, from the families' specs. */
export const MUTABLE: Record<string, MutableSpec> = {
  ...(AUDIENCE_MUTABLE as unknown as Record<string, MutableSpec>),
  ...CAMPAIGN_MUTABLE,
  ...CRITERIA_MUTABLE,
  ...BIDDING_MUTABLE,
  ...ASSET_MUTABLE,
  ...PMAX_MUTABLE,
};

/** A Performance Max campaign with brand guidelines holds a business name and a logo as campaign assets. */
function checkBrandLinks(c: FakeCustomer, campaign: string): void {
  if (!brandGuidelines(c, campaign)) return;
  const linked = (field: string) =>
    c.campaignAssets.some((l) => l.campaign === campaign && l.fieldType === field && l.status !== 'REMOVED');
  if (!linked('BUSINESS_NAME'))
    throw invalid(
      'campaignError',
      'REQUIRED_BUSINESS_NAME_ASSET_NOT_LINKED',
      'A campaign with brand guidelines enabled must link a business name asset.',
    );
  if (!linked('LOGO'))
    throw invalid('campaignError', 'REQUIRED_LOGO_ASSET_NOT_LINKED', 'A campaign with brand guidelines enabled must link a logo asset.');
}
