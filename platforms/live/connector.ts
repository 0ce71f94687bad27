import { ConnectionBrokenError } from '../../core/errors';
import { standaloneCall, type PortCall } from '../../core/tool';
import { loadCredentials } from '../../functions/runtime/stores/credentials';
import { setConnectionHealth } from '../../functions/runtime/stores/owners';
import type { ConnectedAccount, ConnectionHealth } from '../../core/accounts';

/**
 * What a platform with a live adapter offers for connecting accounts. The `gateway accounts connect
 * --live` command, the OAuth callback and get_connections_status use it; tools never do (they see
 * only the port).
 */
export interface LiveConnector {
  /** The command-line options of `gateway accounts connect --live` for this platform, for the usage text. */
  usage: string;
  /**
   * Checks the credentials given as command options (`api-key`, `refresh-token`, `customer-id`...)
   * with the platform and returns the accounts they reach, each with the credentials to store for it.
   * Throws `ConnectOptionsError` for missing or malformed options, and `ConnectionBrokenError` (or
   * another GatewayError) when the platform refuses them.
   */
  connect(options: Record<string, string>, call: PortCall): Promise<LiveAccountGrant[]>;
  /** Reads the account once with its stored credentials to tell healthy from broken. */
  checkHealth(account: ConnectedAccount, call: PortCall): Promise<Omit<ConnectionHealth, 'checked_at'>>;
  /** Present when the platform connects through an OAuth 2.0 consent page (`gateway accounts connect-link`). */
  oauth?: OAuthConnect;
}

/** The platform's half of the connect-link flow; the gateway's half (links, callback) is shared. */
export interface OAuthConnect {
  /** The platform's consent page for this one-time `state`, sending the user back to `redirectUri`. */
  authorizeUrl(state: string, redirectUri: string): Promise<string>;
  /**
   * Exchanges the authorization code from the callback for the options `connect` takes
   * (for example `{ 'refresh-token': ... }`).
   */
  exchangeCode(code: string, redirectUri: string, call: PortCall): Promise<Record<string, string>>;
}

export interface LiveAccountGrant {
  account_id: string;
  name: string;
  currency: string;
  time_zone: string;
  /** Non-secret facts the adapter needs later (kept on the account item). */
  upstream?: Record<string, string>;
  /** Secret: stored encrypted only. */
  credentials: Record<string, string>;
}

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
