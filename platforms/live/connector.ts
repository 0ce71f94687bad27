import { ConnectionBrokenError, ToolError } from '../../core/errors';
import type { OAuthConnect } from '../../core/platform';
import { standaloneCall, type PortCall } from '../../core/tool';
import { loadCredentials } from '../../functions/runtime/stores/credentials';
import { setConnectionHealth } from '../../functions/runtime/stores/owners';
import type { ConnectedAccount, ConnectionHealth } from '../../core/accounts';
import { sendUpstream } from './http';

/** Options of a connect command that are missing or malformed (the command prints the message). */
export class ConnectOptionsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConnectOptionsError';
  }
}

/** The stored credentials of a live account, or a 400 `connection_broken` when there are none. */
export async function credentialsOf<T extends Record<string, string>>(account: ConnectedAccount): Promise<T> {
  const credentials = await loadCredentials<T>(account);
  if (!credentials) {
    throw await connectionBroken(account, 'no credentials are stored for it.', 'Connect the account again.');
  }
  return credentials;
}

/**
 * Marks the connection broken (get_connections_status shows it, with the fix) and returns the
 * 400 `connection_broken` error to throw.
 */
export async function connectionBroken(account: ConnectedAccount, reason: string, fix: string): Promise<ConnectionBrokenError> {
  await setConnectionHealth(account, { healthy: false, detail: reason, fix, checked_at: new Date().toISOString() });
  return new ConnectionBrokenError(account.platform, account.account_id, reason);
}

/** Records that the connection works again (after a successful call following a broken state). */
export async function connectionHealthy(account: ConnectedAccount): Promise<void> {
  if (account.health && !account.health.healthy) {
    await setConnectionHealth(account, { healthy: true, detail: 'ok', checked_at: new Date().toISOString() });
  }
}

/** A PortCall for operator commands and callbacks: a deadline of `ms` from now, nothing logged. */
export function operatorCall(ms = 30_000): PortCall {
  return standaloneCall(ms, { info() {}, warn() {}, error() {} });
}

// ---------------------------------------------------------------------------------------------
// What the connectors of OAuth 2.0 refresh-token platforms (searchads, deskads, retailads) share.

/** What to do when the platform refuses a credential: returns the error to throw. */
export type RefusedCredential = (reason: string, fix: string) => Promise<Error>;

/** The `--refresh-token` option, trimmed; a ConnectOptionsError saying whose token it must be when it is missing. */
export function refreshTokenOption(options: Record<string, string>, whose: string): string {
  const refreshToken = options['refresh-token']?.trim();
  if (!refreshToken) throw new ConnectOptionsError(`--refresh-token is required: ${whose} (or use gateway accounts connect-link).`);
  return refreshToken;
}

/** The refusal of a credential while connecting, before any account is stored: nothing to mark, just the 400. */
export function refusedAtConnect(platform: string, label: string): RefusedCredential {
  return async (reason) =>
    new ToolError(
      `${label} refused these credentials: ${reason} Get a new refresh token (or send a connect link with gateway accounts connect-link) and connect again.`,
      { code: 'connection_broken', platform },
    );
}

/**
 * A connector's health check: one read through the account's port (`probe`, opened with the
 * refusal handler given); a refused credential marks the connection broken and is reported with
 * its fix, anything else (the operator's setup, the platform down) is thrown as it is.
 */
export async function checkHealthWith(
  account: ConnectedAccount,
  probe: (refused: RefusedCredential) => Promise<{ healthy: boolean; detail: string; fix?: string } | void>,
): Promise<Omit<ConnectionHealth, 'checked_at'>> {
  let broken: { detail: string; fix: string } | undefined;
  try {
    return (
      (await probe(async (reason, fix) => {
        broken = { detail: reason, fix };
        return connectionBroken(account, reason, fix);
      })) ?? { healthy: true, detail: 'ok' }
    );
  } catch (err) {
    if (broken) return { healthy: false, ...broken };
    throw err;
  }
}

/** The app's OAuth client, or the platform's setup error when it is not configured. */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  authorizeUrl: string;
}

/**
 * The connect link of an authorization-code platform that hands out refresh tokens: the consent
 * page (client_id, redirect_uri, response_type=code, state and the platform's own parameters) and
 * the code exchange (form-encoded, client credentials in the body), answering `{ 'refresh-token' }`.
 */
export function refreshTokenConnectLink(spec: {
  platform: string;
  /** The platform's words in messages ("The search platform"). */
  label: string;
  client(): Promise<OAuthClient>;
  /** Parameters of the consent page beyond the standard ones (scope, access_type...). */
  consent: Record<string, string>;
  /** Form fields of the code exchange beyond the standard ones. */
  exchange?: Record<string, string>;
  /** The token endpoint's refusal (its `error` body) as the error to throw; a refused code is `invalidCode`. */
  refusal(body: { error?: string; error_description?: string }, invalidCode: () => Promise<Error>): Promise<Error>;
}): OAuthConnect {
  return {
    async authorizeUrl(state, redirectUri) {
      const { clientId, authorizeUrl } = await spec.client();
      const url = new URL(authorizeUrl);
      const params = { client_id: clientId, redirect_uri: redirectUri, response_type: 'code', ...spec.consent, state };
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      return url.toString();
    },
    async exchangeCode(code, redirectUri, call) {
      const { clientId, clientSecret, tokenUrl } = await spec.client();
      const response = await sendUpstream(
        spec.platform,
        {
          method: 'POST',
          url: tokenUrl,
          form: {
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirectUri,
            client_id: clientId,
            client_secret: clientSecret,
            ...spec.exchange,
          },
          safe: false,
        },
        call,
      );
      const body = (response.body ?? {}) as { refresh_token?: unknown; error?: string; error_description?: string };
      if (response.status === 200 && typeof body.refresh_token === 'string' && body.refresh_token)
        return { 'refresh-token': body.refresh_token };
      if (response.status === 200)
        throw new ToolError(
          `${spec.label} granted access without a refresh token (offline access was not granted). Start the connect link again and allow it.`,
          { code: 'invalid_arguments', platform: spec.platform },
        );
      throw await spec.refusal(
        body,
        async () =>
          new ToolError('The authorization code is invalid, expired or was already used. Start the connect link again.', {
            code: 'invalid_arguments',
            platform: spec.platform,
            platform_error: body.error ?? 'invalid_grant',
          }),
      );
    },
  };
}
