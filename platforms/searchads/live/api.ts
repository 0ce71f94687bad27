import { createHash } from 'node:crypto';
import { ToolError, LiveSetupError } from '../../../core/errors';
import type { PortCall } from '../../../core/tool';
import { sendUpstream, type UpstreamResponse } from '../../live/http';
import { notFoundError } from '../../live/not-found';
import { searchAdsSettings, type SearchAdsSettings } from './settings';
import {
  wireObject,
  type FailureBody,
  type GenerateKeywordIdeasResponse,
  type GeoTargetConstantSuggestion,
  type GoogleAdsRow,
  type KeywordIdea,
  type ListAccessibleCustomersResponse,
  type MethodResponse,
  type MutateAllResponse,
  type MutateOperation,
  type MutateResponse,
  type MutateResult,
  type Operation,
  type SearchResponse,
  type SuggestGeoTargetConstantsResponse,
} from './wire';

/**
 * The search platform's REST interface, as the searchads live adapter and connector speak it:
 * OAuth 2.0 access tokens from a refresh token (cached until shortly before they expire, refreshed
 * once when the platform answers UNAUTHENTICATED), query-language search with page tokens, mutate
 * with operations and update masks, accessible customers and geo target suggestions. Every call
 * goes through `sendUpstream` (deadline, read retries, 429). Failures become gateway errors:
 * a refused credential through `refused` (the caller decides what a broken connection means),
 * validation errors as a 400 with the platform's own message and error code.
 */

export const PLATFORM = 'searchads';
/** Access tokens are used until this long before they expire. */
const EXPIRY_MARGIN_MS = 60_000;

/** Access tokens by a hash of the refresh token they came from (never the refresh token itself). */
const accessTokens = new Map<string, { token: string; expiresAt: number }>();

export interface SearchAdsCredentials extends Record<string, string> {
  refresh_token: string;
}

/** Says what to do when the platform refuses the credential; returns the error to throw. */
export type RefusedHandler = (reason: string, fix: string) => Promise<Error>;

export const RECONNECT_FIX =
  'Reconnect the account: gateway accounts connect --platform searchads --live --refresh-token <new token>, or send the owner a new connect link (gateway accounts connect-link).';

export class SearchAdsApi {
  private settings?: SearchAdsSettings;
  private readonly tokenKey: string;

  constructor(
    private readonly credentials: SearchAdsCredentials,
    private readonly loginCustomerId: string | undefined,
    private readonly call: PortCall,
    private readonly refused: RefusedHandler,
  ) {
    this.tokenKey = createHash('sha256').update(credentials.refresh_token).digest('hex');
  }

  /** All rows of a query, following page tokens. */
  async search(customerId: string, query: string): Promise<GoogleAdsRow[]> {
    const rows: GoogleAdsRow[] = [];
    let pageToken: string | undefined;
    do {
      const body = (await this.request(
        'POST',
        `customers/${customerId}/googleAds:search`,
        { query, ...(pageToken ? { pageToken } : {}) },
        true,
      )) as SearchResponse;
      rows.push(...(body.results ?? []));
      pageToken = body.nextPageToken || undefined;
    } while (pageToken);
    return rows;
  }

  /**
   * One mutate request of a resource (`campaigns`, `campaignBudgets`, `adGroupCriteria`...): all
   * operations or none. With `validateOnly` the platform checks the request and changes nothing
   * (it answers no results).
   */
  async mutate(customerId: string, resource: string, operations: Operation[], validateOnly = false): Promise<MutateResult[]> {
    const body = (await this.request(
      'POST',
      `customers/${customerId}/${resource}:mutate`,
      { operations, ...(validateOnly ? { validateOnly: true } : {}) },
      false,
    )) as MutateResponse;
    return body.results ?? [];
  }

  /**
   * A custom method of a resource (`customers/1/offlineUserDataJobs:create`, `.../experiments/2:scheduleExperiment`,
   * `customers/1/recommendations:apply`): one POST, never retried (it changes things).
   */
  async post(path: string, body: object): Promise<MethodResponse> {
    return (await this.request('POST', path, body, false)) as MethodResponse;
  }

  /**
   * Several resources' operations in one atomic request (`googleAds:mutate`, `mutateOperations`
   * such as `{ assetGroupOperation: { create } }`); later operations may name entities of earlier
   * ones by temporary resource names (`.../-1`). Answers each operation's resource name.
   */
  async mutateAll(customerId: string, mutateOperations: MutateOperation[], validateOnly = false): Promise<string[]> {
    const body = (await this.request(
      'POST',
      `customers/${customerId}/googleAds:mutate`,
      { mutateOperations, ...(validateOnly ? { validateOnly: true } : {}) },
      false,
    )) as MutateAllResponse;
    return (body.mutateOperationResponses ?? []).map((r) => Object.values(r)[0]?.resourceName ?? '');
  }

  /**
   * A customer method that is not a mutate (`productLinkInvitations:update`, `productLinks:remove`):
   * the body as the method takes it, the answer as it comes. Never retried (a write).
   */
  async customerMethod(customerId: string, method: string, body: object): Promise<MethodResponse> {
    return this.post(`customers/${customerId}/${method}`, body);
  }

  /** Customer ids the credential's user can reach directly. */
  async listAccessibleCustomers(): Promise<string[]> {
    const body = (await this.request('GET', 'customers:listAccessibleCustomers', undefined, true)) as ListAccessibleCustomersResponse;
    return (body.resourceNames ?? []).map((name) => name.replace(/^customers\//, ''));
  }

  /** Keyword ideas (keyword planning idea service): one page of at most `pageSize` results. */
  async generateKeywordIdeas(customerId: string, request: Record<string, unknown>): Promise<KeywordIdea[]> {
    const body = (await this.request(
      'POST',
      `customers/${customerId}:generateKeywordIdeas`,
      request,
      true,
    )) as GenerateKeywordIdeasResponse;
    return body.results ?? [];
  }

  /** Geo target constant suggestions for free text. */
  async suggestGeoTargetConstants(text: string): Promise<GeoTargetConstantSuggestion[]> {
    const body = (await this.request(
      'POST',
      'geoTargetConstants:suggest',
      {
        locale: 'en',
        locationNames: { names: [text] },
      },
      true,
    )) as SuggestGeoTargetConstantsResponse;
    return body.geoTargetConstantSuggestions ?? [];
  }

  private async request(method: 'GET' | 'POST', path: string, json: unknown, safe: boolean): Promise<unknown> {
    const settings = await this.loadSettings();
    let refreshed = false;
    for (;;) {
      const token = await this.accessToken(refreshed);
      const response = await sendUpstream(
        PLATFORM,
        {
          method,
          url: `${settings.apiUrl}/${settings.apiVersion}/${path}`,
          headers: {
            Authorization: `Bearer ${token}`,
            // Developer tokens were sunset (access levels now come from the Cloud project): sent only when set.
            ...(settings.developerToken ? { 'developer-token': settings.developerToken } : {}),
            ...(this.loginCustomerId ? { 'login-customer-id': this.loginCustomerId } : {}),
          },
          json,
          safe,
          retryAfter: quotaRetryDelay,
        },
        this.call,
      );
      // The JSON enters here: a body that is not an object reads as an empty answer.
      if (response.status >= 200 && response.status < 300) return wireObject(response.body);
      // An UNAUTHENTICATED answer is refused before anything happens: refreshing and sending again is safe.
      if (response.status === 401 && !refreshed) {
        accessTokens.delete(this.tokenKey);
        refreshed = true;
        continue;
      }
      throw await this.failure(response, `${method} /${settings.apiVersion}/${path}`);
    }
  }

  private async loadSettings(): Promise<SearchAdsSettings> {
    this.settings ??= await searchAdsSettings();
    const missing = (['clientId', 'clientSecret'] as const).filter((k) => !this.settings![k]);
    if (missing.length) {
      const names = {
        clientId: 'SEARCHADS_CLIENT_ID',
        clientSecret: 'SEARCHADS_CLIENT_SECRET',
      };
      throw new LiveSetupError(
        { platform: PLATFORM },
        `${missing.map((k) => names[k]).join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set.`,
      );
    }
    return this.settings;
  }

  /** A cached access token, or a new one from the refresh token. */
  private async accessToken(forceNew: boolean): Promise<string> {
    const cached = accessTokens.get(this.tokenKey);
    if (!forceNew && cached && cached.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return cached.token;
    const settings = await this.loadSettings();
    const response = await sendUpstream(
      PLATFORM,
      {
        method: 'POST',
        url: settings.oauthTokenUrl,
        form: {
          grant_type: 'refresh_token',
          refresh_token: this.credentials.refresh_token,
          client_id: settings.clientId!,
          client_secret: settings.clientSecret!,
        },
        safe: true,
      },
      this.call,
    );
    const body = (response.body ?? {}) as { access_token?: string; expires_in?: number; error?: string };
    if (response.status === 200 && body.access_token) {
      accessTokens.set(this.tokenKey, { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 });
      return body.access_token;
    }
    throw await oauthFailure(body.error, this.refused);
  }

  /** A non-2xx answer of the API to `request` (`METHOD path`) as the gateway error to throw. */
  private async failure(response: UpstreamResponse, request: string): Promise<Error> {
    const error = parseFailure(response.body);
    // A feature the platform has not enabled for this deployment (Customer Match uploads since 2026-04-01):
    // not the owner's credential, whatever the status.
    if (error.code?.startsWith('NOT_ALLOWLISTED_ERROR.')) {
      return new ToolError(`The searchads platform has not enabled this feature for the gateway's deployment (${error.code}).`, {
        code: 'live_not_supported',
        platform: PLATFORM,
        platform_error: error.code,
      });
    }
    if (response.status === 401) {
      return this.refused(`the platform refused its authorization (${error.code ?? 'UNAUTHENTICATED'}).`, RECONNECT_FIX);
    }
    if (response.status === 403) {
      // The deployment's own access (Cloud project, OAuth client, developer token when set) is the operator's
      // problem: the owner's connection stays healthy.
      if (OPERATOR_SIDE_403.test(error.code ?? '')) {
        return new LiveSetupError(
          { platform: PLATFORM },
          `the platform refused the deployment's API access (${error.code}): ${error.message}`,
        );
      }
      if (error.code === 'AUTHORIZATION_ERROR.CUSTOMER_NOT_ENABLED') {
        return this.refused(
          'the ad account is not enabled on the platform (cancelled or suspended).',
          'Re-enable the account on the platform, or disconnect it (gateway accounts disconnect).',
        );
      }
      return this.refused(
        `the user who connected it can no longer access this ad account (${error.code ?? 'PERMISSION_DENIED'}).`,
        'Ask an administrator of the ad account to grant the user access again, then reconnect it; for a client of a manager account, connect it with --login-customer-id <manager id>.',
      );
    }
    // The API never answers 404 about an entity (a missing one reads as no row, or a mutate's RESOURCE_NOT_FOUND):
    // a 404 is its answer to a path it does not serve, or another server's.
    if (response.status === 404)
      return notFoundError({
        platform: PLATFORM,
        aboutAnEntity: false,
        settings: ['SEARCHADS_API_URL', 'SEARCHADS_API_VERSION'],
        request,
        message: error.code ? error.message : undefined,
        platformError: error.code,
      });
    const notFound = /RESOURCE_NOT_FOUND|NOT_FOUND/.test(error.code ?? '');
    return new ToolError(`The searchads platform refused the request: ${error.message}`, {
      code: notFound ? 'not_found' : 'invalid_arguments',
      ...(error.code ? { platform_error: error.code } : {}),
    });
  }
}

/**
 * 403 codes that concern the deployment (its Cloud project, OAuth client or developer token), not the
 * user who connected the account (AuthorizationError in the published definitions).
 */
const OPERATOR_SIDE_403 =
  /^AUTHORIZATION_ERROR\.(DEVELOPER_TOKEN_\w+|PROJECT_DISABLED|AUTHORIZATION_ERROR|MISSING_TOS|CLOUD_PROJECT_\w+|SERVICE_ACCESS_DENIED|METRIC_ACCESS_DENIED)$/;

/**
 * The delay a quota failure asks for, in whole seconds: the platform gives it in the failure body
 * (`errors[].details.quotaErrorDetails.retryDelay`, a duration such as `"17s"`), not as a header.
 */
export function quotaRetryDelay(body: unknown): number | undefined {
  const details = (wireObject(body) as FailureBody).error?.details;
  for (const error of details?.flatMap((d) => d.errors ?? []) ?? []) {
    const delay = /^(\d+(?:\.\d+)?)s$/.exec(error.details?.quotaErrorDetails?.retryDelay ?? '');
    if (delay) return Math.max(1, Math.ceil(Number(delay[1])));
  }
  return undefined;
}

/** The OAuth token endpoint's refusal as the gateway error to throw. */
export async function oauthFailure(error: string | undefined, refused: RefusedHandler): Promise<Error> {
  if (error === 'invalid_grant') return refused('the refresh token has expired or was revoked.', RECONNECT_FIX);
  if (error === 'invalid_client' || error === 'unauthorized_client')
    return new LiveSetupError(
      { platform: PLATFORM },
      'the platform refused the OAuth client (SEARCHADS_CLIENT_ID / SEARCHADS_CLIENT_SECRET).',
    );
  return new ToolError(`The searchads authorization server refused the token request (${error ?? 'no reason given'}).`, {
    code: 'invalid_arguments',
    platform_error: error ?? 'unknown',
  });
}

/**
 * The first error of a failure body `{ error: { code, message, status, details: [{ errors: [{ errorCode: { <category>: <value> }, message }] }] } }`,
 * with its code as `CATEGORY_ERROR.VALUE` (`fieldError: REQUIRED` → `FIELD_ERROR.REQUIRED`).
 */
export function parseFailure(body: unknown): { code?: string; message: string } {
  const error = (wireObject(body) as FailureBody).error;
  const first = error?.details?.flatMap((d) => d.errors ?? [])[0];
  const [category, value] = Object.entries(first?.errorCode ?? {})[0] ?? [];
  const code = category ? `${category.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}.${value}` : error?.status;
  return { code, message: first?.message ?? error?.message ?? 'no reason given' };
}

/** Micros (an int64 string or number) as an amount in account currency. */
export const fromMicros = (micros: string | number | undefined): number => Math.round(Number(micros ?? 0) / 10_000) / 100;
/** An amount in account currency as int64 micros, as the platform takes it. */
export const toMicros = (amount: number): string => String(Math.round(amount * 1_000_000));
/** The last segment of a resource name (`customers/1/campaigns/22` → `22`); empty when the platform left the name out. */
export const idOf = (resourceName: string | undefined): string => (resourceName ?? '').slice((resourceName ?? '').lastIndexOf('/') + 1);
