import { markAccountsChanged } from '../../functions/runtime/stores/owners';
import type { ConnectedAccount } from '../../core/accounts';
import { forgetSandboxMeta } from './faults';
import { SandboxStore, type SandboxAccountMeta } from './store';

/** Health of a sandbox account, as get_connections_status reports it. */
export async function sandboxHealth(account: ConnectedAccount): Promise<{ healthy: boolean; detail: string }> {
  const meta = await new SandboxStore(account.platform, account.account_id).readMeta();
  switch (meta.failure_mode) {
    case 'rate_limited':
      return { healthy: false, detail: 'rate limited by the platform' };
    case 'server_error':
      return { healthy: false, detail: 'platform returning server errors' };
    case 'slow':
      return { healthy: true, detail: 'responding slowly' };
    default:
      return { healthy: true, detail: 'ok' };
  }
}

/** Switches a sandbox account's failure mode (tests, demos). */
export async function setSandboxFailureMode(
  account: Pick<ConnectedAccount, 'platform' | 'account_id'> & { owner_id?: string },
  mode: NonNullable<SandboxAccountMeta['failure_mode']>,
  options: { retryAfterSeconds?: number; slowMs?: number } = {},
): Promise<void> {
  await new SandboxStore(account.platform, account.account_id).writeMeta({
    failure_mode: mode,
    retry_after_seconds: options.retryAfterSeconds,
    slow_ms: options.slowMs,
  });
  await failureModeChanged(account);
}

/** Warm functions cache failure modes with the owner's accounts: tell them it changed. */
async function failureModeChanged(account: Pick<ConnectedAccount, 'platform' | 'account_id'> & { owner_id?: string }): Promise<void> {
  forgetSandboxMeta(account);
  if (account.owner_id) await markAccountsChanged(account.owner_id);
}

/** Makes `operation` of a sandbox account fail `times` times with a server error, then succeed. */
export async function injectSandboxFailure(
  account: Pick<ConnectedAccount, 'platform' | 'account_id'> & { owner_id?: string },
  operation: string,
  times = 1,
): Promise<void> {
  const store = new SandboxStore(account.platform, account.account_id);
  const meta = await store.readMeta();
  await store.writeMeta({ fail_operations: { ...(meta.fail_operations ?? {}), [operation]: times } });
  await failureModeChanged(account);
}
