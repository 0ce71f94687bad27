import { createHash } from 'node:crypto';
import { ToolError, UpstreamRateLimitError, LiveSetupError } from '../../../core/errors';
import type { PortCall } from '../../../core/tool';
import { sendUpstream, type UpstreamResponse } from '../../live/http';
import { notFoundError } from '../../live/not-found';
import { deskAdsSettings, type DeskAdsSettings } from './settings';
import type { Answers, Maybe, Requests, WireBatchError, WireBatchErrorCollection } from './wire-types';

/**
 * The deskads platform's JSON REST interface (version 13 of its Campaign Management, Customer
 * Management, Ad Insight and Reporting services), as the live adapter and the connector speak it:
 * one POST / PUT / DELETE per operation with a JSON body; 64-bit ids as JSON strings, as the
 * platform's SDKs send them; `Authorization: Bearer`, `DeveloperToken`, `CustomerId` and, for
 * account operations, `CustomerAccountId` headers. OAuth 2.0 access tokens come from the refresh
 * token (cached until a minute before they expire, refreshed once more when the platform answers
 * that the token expired); the identity service may hand out a new refresh token with each one
 * (`onRotated` stores it). Every call goes through `sendUpstream` (deadline, read retries, 429).
 * Faults become gateway errors: a refused grant or lost access through `refused` (the caller marks
 * the connection broken), the operator's problems (developer token, app, version) as 400
 * live_setup_incomplete, throttling as 429 with Retry-After, everything else as 400 with the
 * platform's own message, error code and tracking id.
 */

export const PLATFORM = 'deskads';
/** Access tokens are used until this long before they expire. */
const EXPIRY_MARGIN_MS = 60_000;
/** The platform counts calls per minute: a throttled caller waits about that long. */
const THROTTLE_RETRY_SECONDS = 60;
/** The reporting service allows a few concurrent report requests per customer. */
const CONCURRENT_REPORTS_RETRY_SECONDS = 30;
export const OAUTH_SCOPE = 'https://ads.microsoft.com/msads.manage offline_access';

export type Service = 'CampaignManagement' | 'CustomerManagement' | 'AdInsight' | 'Reporting';
/** The setting that holds each service's address (settings.ts). */
const SETTING_OF: Record<Service, string> = {
  CampaignManagement: 'DESKADS_CAMPAIGN_API_URL',
  CustomerManagement: 'DESKADS_CUSTOMER_API_URL',
  AdInsight: 'DESKADS_AD_INSIGHT_API_URL',
  Reporting: 'DESKADS_REPORTING_API_URL',
};

/** The operations the gateway calls: HTTP method and path (as the platform's REST SDK names them). */
const OPERATIONS = {
  'CampaignManagement.GetCampaignsByAccountId': ['POST', '/CampaignManagement/v13/Campaigns/QueryByAccountId'],
  'CampaignManagement.AddCampaigns': ['POST', '/CampaignManagement/v13/Campaigns'],
  'CampaignManagement.UpdateCampaigns': ['PUT', '/CampaignManagement/v13/Campaigns'],
  'CampaignManagement.DeleteCampaigns': ['DELETE', '/CampaignManagement/v13/Campaigns'],
  'CampaignManagement.GetAdGroupsByCampaignId': ['POST', '/CampaignManagement/v13/AdGroups/QueryByCampaignId'],
  'CampaignManagement.AddAdGroups': ['POST', '/CampaignManagement/v13/AdGroups'],
  'CampaignManagement.UpdateAdGroups': ['PUT', '/CampaignManagement/v13/AdGroups'],
  'CampaignManagement.DeleteAdGroups': ['DELETE', '/CampaignManagement/v13/AdGroups'],
  'CampaignManagement.GetKeywordsByAdGroupId': ['POST', '/CampaignManagement/v13/Keywords/QueryByAdGroupId'],
  'CampaignManagement.AddKeywords': ['POST', '/CampaignManagement/v13/Keywords'],
  'CampaignManagement.UpdateKeywords': ['PUT', '/CampaignManagement/v13/Keywords'],
  'CampaignManagement.DeleteKeywords': ['DELETE', '/CampaignManagement/v13/Keywords'],
  'CampaignManagement.GetNegativeKeywordsByEntityIds': ['POST', '/CampaignManagement/v13/NegativeKeywords/QueryByEntityIds'],
  'CampaignManagement.AddNegativeKeywordsToEntities': ['POST', '/CampaignManagement/v13/EntityNegativeKeywords'],
  'CampaignManagement.DeleteNegativeKeywordsFromEntities': ['DELETE', '/CampaignManagement/v13/EntityNegativeKeywords'],
  'CampaignManagement.GetAdsByAdGroupId': ['POST', '/CampaignManagement/v13/Ads/QueryByAdGroupId'],
  'CampaignManagement.AddAds': ['POST', '/CampaignManagement/v13/Ads'],
  'CampaignManagement.UpdateAds': ['PUT', '/CampaignManagement/v13/Ads'],
  'CampaignManagement.DeleteAds': ['DELETE', '/CampaignManagement/v13/Ads'],
  'CampaignManagement.GetConversionGoalsByIds': ['POST', '/CampaignManagement/v13/ConversionGoals/QueryByIds'],
  'CampaignManagement.AddConversionGoals': ['POST', '/CampaignManagement/v13/ConversionGoals'],
  'CampaignManagement.GetUetTagsByIds': ['POST', '/CampaignManagement/v13/UetTags/QueryByIds'],
  'CampaignManagement.GetAdExtensionIdsByAccountId': ['POST', '/CampaignManagement/v13/AdExtensionIds/QueryByAccountId'],
  'CampaignManagement.GetAdExtensionsByIds': ['POST', '/CampaignManagement/v13/AdExtensions/QueryByIds'],
  'CampaignManagement.GetAdExtensionsAssociations': ['POST', '/CampaignManagement/v13/AdExtensionsAssociations/Query'],
  'CampaignManagement.AddAdExtensions': ['POST', '/CampaignManagement/v13/AdExtensions'],
  'CampaignManagement.SetAdExtensionsAssociations': ['POST', '/CampaignManagement/v13/AdExtensionsAssociations/Set'],
  'CampaignManagement.DeleteAdExtensionsAssociations': ['DELETE', '/CampaignManagement/v13/AdExtensionsAssociations'],
  'CampaignManagement.GetBudgetsByIds': ['POST', '/CampaignManagement/v13/Budgets/QueryByIds'],
  'CampaignManagement.UpdateBudgets': ['PUT', '/CampaignManagement/v13/Budgets'],
  'CampaignManagement.GetCampaignIdsByBudgetIds': ['POST', '/CampaignManagement/v13/CampaignIds/QueryByBudgetIds'],
  'CampaignManagement.GetBMCStoresByCustomerId': ['POST', '/CampaignManagement/v13/BMCStores/QueryByCustomerId'],
  'CampaignManagement.ApplyProductPartitionActions': ['POST', '/CampaignManagement/v13/ProductPartitionActions/Apply'],
  'CampaignManagement.GetAdGroupCriterionsByIds': ['POST', '/CampaignManagement/v13/AdGroupCriterions/QueryByIds'],
  'CampaignManagement.AddAdGroupCriterions': ['POST', '/CampaignManagement/v13/AdGroupCriterions'],
  'CampaignManagement.GetAudiencesByIds': ['POST', '/CampaignManagement/v13/Audiences/QueryByIds'],
  'CampaignManagement.GetGeoLocationsFileUrl': ['POST', '/CampaignManagement/v13/GeoLocationsFileUrl/Query'],
  'CampaignManagement.AddCampaignCriterions': ['POST', '/CampaignManagement/v13/CampaignCriterions'],
  'CampaignManagement.GetCampaignCriterionsByIds': ['POST', '/CampaignManagement/v13/CampaignCriterions/QueryByIds'],
  'CustomerManagement.GetUser': ['POST', '/CustomerManagement/v13/User/Query'],
  'CustomerManagement.SearchAccounts': ['POST', '/CustomerManagement/v13/Accounts/Search'],
  'CustomerManagement.GetAccount': ['POST', '/CustomerManagement/v13/Account/Query'],
  'AdInsight.GetEstimatedBidByKeywordIds': ['POST', '/AdInsight/v13/EstimatedBid/queryByKeywordIds'],
  'Reporting.SubmitGenerateReport': ['POST', '/Reporting/v13/GenerateReport/Submit'],
  'Reporting.PollGenerateReport': ['POST', '/Reporting/v13/GenerateReport/Poll'],
} as const satisfies Record<keyof Requests & keyof Answers, readonly ['POST' | 'PUT' | 'DELETE', string]>;

export type Operation = keyof typeof OPERATIONS;

/** Reads that the platform takes as POST: sending one twice cannot change anything. */
const isRead = (operation: Operation) => /\.(Get|Search|Poll)/.test(operation);

export interface DeskAdsCredentials extends Record<string, string> {
  refresh_token: string;
}

/** One item the platform refused in a batch (PartialErrors / NestedPartialErrors). */
export interface BatchFailure {
  index: number;
  code: number | undefined;
  error_code: string | undefined;
  message: string;
}

/** Says what to do when the platform refuses the owner's grant or access; returns the error to throw. */
export type RefusedHandler = (reason: string, fix: string) => Promise<Error>;

export const RECONNECT_FIX =
  'Reconnect the account: gateway accounts connect --platform deskads --live --refresh-token <new token>, or send the owner a new connect link (gateway accounts connect-link --platform deskads).';

/** Access tokens by a hash of the refresh token they came from (never the refresh token itself). */
const accessTokens = new Map<string, { token: string; expiresAt: number }>();

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

export class DeskAdsApi {
  private settings?: DeskAdsSettings;
  private refreshToken: string;

  constructor(
    credentials: DeskAdsCredentials,
    /** The CustomerId header: the customer (manager) the account is reached through. */
    private readonly customerId: string | undefined,
    /** The CustomerAccountId header of account operations. */
    private readonly accountId: string | undefined,
    private readonly call: PortCall,
    private readonly refused: RefusedHandler,
    /** Stores a new refresh token the identity service handed out (it replaces the old one). */
    private readonly onRotated?: (refreshToken: string) => Promise<void>,
  ) {
    this.refreshToken = credentials.refresh_token;
  }

  /** The newest refresh token (the identity service may rotate it on every refresh). */
  get currentRefreshToken(): string {
    return this.refreshToken;
  }

  /** The deployment's settings (for downloads); refuses a deployment without its app and developer token. */
  async loadSettings(): Promise<DeskAdsSettings> {
    this.settings ??= await deskAdsSettings();
    const names = { developerToken: 'DESKADS_DEVELOPER_TOKEN', clientId: 'DESKADS_CLIENT_ID', clientSecret: 'DESKADS_CLIENT_SECRET' };
    const missing = (Object.keys(names) as (keyof typeof names)[]).filter((k) => !this.settings![k]);
    if (missing.length)
      throw new LiveSetupError(
        { platform: PLATFORM },
        `${missing.map((k) => names[k]).join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set.`,
      );
    return this.settings;
  }

  private baseUrl(settings: DeskAdsSettings, service: Service): string {
    switch (service) {
      case 'CampaignManagement':
        return settings.campaignApiUrl;
      case 'CustomerManagement':
        return settings.customerApiUrl;
      case 'AdInsight':
        return settings.adInsightApiUrl;
      case 'Reporting':
        return settings.reportingApiUrl;
    }
  }

  /** One operation of the platform: its typed request body, its typed answer. */
  async send<O extends Operation>(operation: O, body: Requests[O]): Promise<Answers[O]> {
    const settings = await this.loadSettings();
    const [method, path] = OPERATIONS[operation];
    const service = operation.slice(0, operation.indexOf('.')) as Service;
    let refreshed = false;
    for (;;) {
      const token = await this.accessToken(refreshed);
      const headers: Record<string, string> = {
        Authorization: `Bearer ${token}`,
        DeveloperToken: settings.developerToken!,
      };
      if (this.customerId) headers.CustomerId = this.customerId;
      if (this.accountId && service !== 'CustomerManagement') headers.CustomerAccountId = this.accountId;
      let response: UpstreamResponse;
      try {
        response = await sendUpstream(
          PLATFORM,
          { method, url: `${this.baseUrl(settings, service)}${path}`, headers, json: body, safe: isRead(operation) },
          this.call,
        );
      } catch (err) {
        // The platform's 429 often comes without Retry-After: its limits are per minute.
        if (err instanceof UpstreamRateLimitError && !err.headers['Retry-After'])
          throw new UpstreamRateLimitError(PLATFORM, THROTTLE_RETRY_SECONDS);
        throw err;
      }
      if (response.status >= 200 && response.status < 300) return (response.body ?? {}) as Answers[O];
      const fault = readFault(response.body);
      // An expired or refused access token is refused before anything happens: a new token and one more try is safe.
      if (!refreshed && (response.status === 401 || fault.codes.some((c) => c === 109 || c === 105))) {
        accessTokens.delete(hashOf(this.refreshToken));
        refreshed = true;
        continue;
      }
      throw await this.failure(response.status, fault, service, `${method} ${path}`);
    }
  }

  /** A cached access token, or a new one from the refresh token. */
  private async accessToken(forceNew: boolean): Promise<string> {
    const key = hashOf(this.refreshToken);
    const cached = accessTokens.get(key);
    if (!forceNew && cached && cached.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return cached.token;
    const settings = await this.loadSettings();
    const response = await sendUpstream(
      PLATFORM,
      {
        method: 'POST',
        url: settings.oauthTokenUrl,
        form: {
          grant_type: 'refresh_token',
          refresh_token: this.refreshToken,
          client_id: settings.clientId!,
          client_secret: settings.clientSecret!,
          scope: OAUTH_SCOPE,
        },
        safe: true,
      },
      this.call,
    );
    const body = (response.body ?? {}) as OAuthAnswer;
    if (response.status === 200 && body.access_token) {
      const expiresAt = Date.now() + (Number(body.expires_in) || 3600) * 1000;
      if (body.refresh_token && body.refresh_token !== this.refreshToken) {
        accessTokens.delete(key);
        this.refreshToken = body.refresh_token;
        await this.onRotated?.(body.refresh_token);
      }
      accessTokens.set(hashOf(this.refreshToken), { token: body.access_token, expiresAt });
      return body.access_token;
    }
    throw await oauthFailure(body, this.refused);
  }

  /** A fault answer of `service` to `request` (`METHOD path`) as the gateway error to throw. */
  private async failure(status: number, fault: Fault, service: Service, request: string): Promise<Error> {
    const has = (...codes: number[]) => fault.codes.some((c) => codes.includes(c));
    if (status === 429 || has(117)) throw new UpstreamRateLimitError(PLATFORM, THROTTLE_RETRY_SECONDS);
    if (has(207)) throw new UpstreamRateLimitError(PLATFORM, CONCURRENT_REPORTS_RETRY_SECONDS);
    if (has(105))
      return new LiveSetupError(
        { platform: PLATFORM },
        `the platform refused the credentials even with a fresh access token, which points to the developer token (DESKADS_DEVELOPER_TOKEN) or to an app the platform does not accept (InvalidCredentials, tracking id ${fault.trackingId ?? 'none'}).`,
      );
    if (has(205, 303))
      return new LiveSetupError(
        { platform: PLATFORM },
        `the platform does not serve this API version or path (${fault.errorCode ?? `HTTP ${status}`}); check the DESKADS_*_API_URL settings.`,
      );
    // The API never answers 404 about an entity (a missing one is an Invalid...Id fault): a 404 is a path it does
    // not serve, or another server's.
    if (status === 404)
      return notFoundError({
        platform: PLATFORM,
        aboutAnEntity: false,
        settings: [SETTING_OF[service]],
        request,
        message: fault.errorCode ? fault.message : undefined,
        platformError: fault.errorCode,
        requestId: fault.trackingId,
      });
    if (has(106, 1001) || status === 403)
      return this.refused(
        `the user who connected it can no longer access this ad account (${fault.errorCode ?? 'UserIsNotAuthorized'}).`,
        'Ask an administrator of the ad account to give the user access again, then reconnect it.',
      );
    if (status === 401) return this.refused(`the platform refused its authorization (${fault.errorCode ?? 'HTTP 401'}).`, RECONNECT_FIX);
    const notFound = /Invalid\w*Id$/.test(fault.errorCode ?? '');
    return new ToolError(
      `The deskads platform refused the request: ${fault.message}${fault.errorCode ? ` (${fault.errorCode})` : ''}. Nothing was changed.`,
      {
        code: notFound ? 'not_found' : 'tool_rejected',
        platform: PLATFORM,
        ...(fault.errorCode ? { platform_error: fault.errorCode } : {}),
        ...(fault.trackingId ? { platform_request_id: fault.trackingId } : {}),
      },
    );
  }
}

interface OAuthAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number | string;
  error?: string;
  error_description?: string;
  error_codes?: number[];
}

/** The identity service's refusal as the gateway error to throw. */
export async function oauthFailure(body: OAuthAnswer, refused: RefusedHandler): Promise<Error> {
  const aadsts = body.error_codes?.[0] ?? Number(/AADSTS(\d+)/.exec(body.error_description ?? '')?.[1] ?? NaN);
  if (body.error === 'invalid_client' || body.error === 'unauthorized_client' || aadsts === 650052 || aadsts === 700016)
    return new LiveSetupError(
      { platform: PLATFORM },
      `the identity service refused the app (DESKADS_CLIENT_ID / DESKADS_CLIENT_SECRET: ${body.error ?? 'refused'}${Number.isFinite(aadsts) ? `, AADSTS${aadsts}` : ''}).`,
    );
  if (body.error === 'invalid_grant' || body.error === 'interaction_required' || body.error === 'consent_required')
    return refused(
      `the refresh token has expired, was revoked or lost its consent (${body.error}${Number.isFinite(aadsts) ? `, AADSTS${aadsts}` : ''}).`,
      RECONNECT_FIX,
    );
  return new ToolError(`The deskads identity service refused the token request (${body.error ?? 'no reason given'}).`, {
    code: 'tool_rejected',
    platform: PLATFORM,
    platform_error: body.error ?? 'unknown',
  });
}

interface Fault {
  codes: number[];
  errorCode?: string;
  message: string;
  trackingId?: string;
}

/**
 * The errors of a fault body (`ApplicationFault`: `{ Type, TrackingId, Errors | OperationErrors |
 * BatchErrors: [{ Code, ErrorCode, Message }] }`), the first one named.
 */
function readFault(body: unknown): Fault {
  const fault = (body ?? {}) as {
    TrackingId?: string | null;
    Message?: string | null;
    Errors?: WireBatchError[] | null;
    OperationErrors?: WireBatchError[] | null;
    BatchErrors?: WireBatchError[] | null;
  };
  const errors = [...(fault.Errors ?? []), ...(fault.OperationErrors ?? []), ...(fault.BatchErrors ?? [])];
  const first = errors[0];
  return {
    codes: errors.map((e) => Number(e.Code)).filter((c) => Number.isFinite(c)),
    errorCode: first?.ErrorCode ?? undefined,
    message: String(first?.Message ?? fault.Message ?? 'no reason given'),
    trackingId: fault.TrackingId ?? undefined,
  };
}

/** The per-item errors of a batch answer (`PartialErrors`), by the index of the item in the request. */
export function batchFailures(partialErrors: Maybe<WireBatchError[]>): BatchFailure[] {
  return (partialErrors ?? []).map((e) => ({
    index: Number(e.Index),
    code: e.Code === undefined || e.Code === null ? undefined : Number(e.Code),
    error_code: e.ErrorCode ?? undefined,
    message: String(e.Message ?? 'refused'),
  }));
}

/** The per-item errors of a nested batch answer (`NestedPartialErrors`: one collection per entity, each with its items' errors). */
export function nestedBatchFailures(nested: Maybe<Maybe<WireBatchErrorCollection>[]>): { index: number; failures: BatchFailure[] }[] {
  return (nested ?? [])
    .filter((c): c is WireBatchErrorCollection => !!c)
    .map((c) => ({
      index: Number(c.Index),
      failures: c.BatchErrors?.length ? batchFailures(c.BatchErrors) : batchFailures([{ ...c, Index: c.Index }]),
    }));
}
