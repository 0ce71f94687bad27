import { ConnectionBrokenError } from '../../core/errors';
import { standaloneCall, type PortCall } from '../../core/tool';
import { loadCredentials } from '../../functions/runtime/stores/credentials';
import { setConnectionHealth } from '../../functions/runtime/stores/owners';
import type { ConnectedAccount } from '../../core/accounts';

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
