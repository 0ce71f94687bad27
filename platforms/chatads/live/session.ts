import type { ConnectedAccount } from '../../../core/accounts';
import { ToolError } from '../../../core/errors';
import type { PortCall } from '../../../core/tool';
import { connectionBroken, connectionHealthy, credentialsOf } from '../../live/connector';
import { platformWriteKey } from '../../live/idempotency';
import { notFoundError } from '../../live/not-found';
import { ChatAdsApiError, chatAdsListAll, chatAdsRequest, type ChatAdsAuth, type ChatAdsRequest } from './wire';

/** Stored per connection: the API key, and for a partner key the ad account it acts on (`ad_account_id`). */
export interface ChatAdsCredentials extends Record<string, string> {
  api_key: string;
}

export const authOf = (c: ChatAdsCredentials): ChatAdsAuth => ({
  apiKey: c.api_key,
  ...(c.ad_account_id ? { adAccountId: c.ad_account_id } : {}),
});

/** How a refused credential is fixed (get_connections_status shows it). */
export const RECONNECT_FIX =
  'Create a new API key in the Settings tab of the ad account on the chat-assistant platform, then run: gateway accounts connect --owner <owner_id> --platform chatads --live --api-key <new key>.';

/** Why the platform refused a credential, in words an owner understands. */
export function refusalReason(err: ChatAdsApiError): string {
  return err.status === 401
    ? `the platform refused its API key (revoked, deleted or mistyped): ${err.message}`
    : `the platform denied access to the ad account (disabled, or the key lost its access): ${err.message}`;
}

/** The entity a request is about, named in a 404's message. */
export interface Subject {
  what: string;
  id: string;
}

/**
 * One ad account's connection as the live families use it: the account's API key (loaded, decrypted,
 * once per port), requests and paged lists sent with it, creates under the platform's
 * Idempotency-Key, and the platform's refusals turned into gateway errors (a refused key breaks the
 * connection; a call that works again heals it).
 */
export class ChatAdsSession {
  private auth?: Promise<ChatAdsAuth>;

  constructor(
    readonly account: ConnectedAccount,
    readonly call: PortCall,
  ) {}

  /**
   * A create: POST under the platform's Idempotency-Key, derived from the gateway request's own key
   * (platformWriteKey): sent again in this request or in its retry under the same gateway key, the
   * platform answers the first result; another gateway request creates anew.
   */
  create(path: string, json: Record<string, unknown>): ChatAdsRequest {
    return { method: 'POST', path, json, idempotencyKey: platformWriteKey(this.call, this.account.account_id, [path, json]) };
  }

  async listAll<T extends { id: string }>(path: string, query: Record<string, string>, subject?: Subject): Promise<T[]> {
    return this.translate(async (auth) => chatAdsListAll<T>(auth, path, query, this.call), subject);
  }

  async send<T>(request: ChatAdsRequest, subject?: Subject): Promise<T> {
    return this.translate((auth) => chatAdsRequest<T>(auth, request, this.call), subject);
  }

  private credentials(): Promise<ChatAdsAuth> {
    this.auth ??= credentialsOf<ChatAdsCredentials>(this.account).then(authOf);
    return this.auth;
  }

  /** Runs a call with the account's key and turns the platform's refusals into gateway errors. */
  private async translate<T>(work: (auth: ChatAdsAuth) => Promise<T>, subject?: Subject): Promise<T> {
    try {
      const result = await work(await this.credentials());
      await connectionHealthy(this.account);
      return result;
    } catch (err) {
      if (!(err instanceof ChatAdsApiError)) throw err;
      if (err.status === 401 || err.status === 403) throw await connectionBroken(this.account, refusalReason(err), RECONNECT_FIX);
      const platform_error = err.code ?? err.type ?? `http_${err.status}`;
      // Only the API's own answer about an entity gets here as a 404 (wire.ts turns any other into the setting's).
      if (err.status === 404)
        throw notFoundError({
          platform: 'chatads',
          aboutAnEntity: true,
          settings: ['CHATADS_API_URL'],
          message: err.message,
          platformError: platform_error,
          subject,
          account: this.account.account_id,
        });
      throw new ToolError(
        `The chatads platform refused the request: ${err.message}${err.param ? ` (field \`${err.param}\`)` : ''}. Nothing was changed.`,
        {
          code: 'invalid_arguments',
          platform_error,
        },
      );
    }
  }
}

/** A 400 `live_not_supported`: what the platform's public API does not offer, and where to do it instead. */
export function notSupported(message: string): ToolError {
  return new ToolError(message, { code: 'live_not_supported', platform: 'chatads' });
}

/** A port method the public API does not offer: a 400 `live_not_supported` naming it. */
export function unsupported<T>(what: string): (...args: unknown[]) => Promise<T> {
  return () =>
    Promise.reject(
      notSupported(
        `${what}: not offered for live chatads accounts by the platform's public API (use its Ads Manager); this tool works on sandbox chatads accounts.`,
      ),
    );
}
