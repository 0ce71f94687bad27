import { ToolError, UpstreamRateLimitError, UpstreamServerError } from '../../functions/runtime/errors';
import type { ConnectedAccount } from '../../functions/runtime/stores/owners';
import { EntityExistsError, EntityNotFoundError, EntityStateError, SandboxStore, type SandboxAccountMeta } from './store';

/**
 * Base of every platform's sandbox adapter. Subclasses implement their platform's interface
 * (port) with `this.store`, wrapping each public method body in `this.call(...)`, which applies
 * the account's failure mode first and turns store errors into messages a marketer can act on.
 */
export abstract class SandboxPlatform {
  readonly store: SandboxStore;
  private meta?: Promise<SandboxAccountMeta>;

  constructor(readonly account: ConnectedAccount) {
    this.store = new SandboxStore(account.platform, account.account_id);
  }

  /**
   * Runs one platform operation. `operation` names it for injected failures
   * (`injectSandboxFailure(account, operation)`), as multi-step writes need to test resuming.
   */
  protected async call<T>(work: () => Promise<T>, operation?: string): Promise<T> {
    this.meta ??= this.store.readMeta();
    const meta = await this.meta;
    if (operation && meta.fail_operations?.[operation] && (await this.store.consumeInjectedFailure(operation))) {
      throw new UpstreamServerError(this.account.platform);
    }
    switch (meta.failure_mode) {
      case 'rate_limited':
        throw new UpstreamRateLimitError(this.account.platform, meta.retry_after_seconds ?? 30);
      case 'server_error':
        throw new UpstreamServerError(this.account.platform);
      case 'slow':
        await new Promise((resolve) => setTimeout(resolve, meta.slow_ms ?? 3000));
        break;
      default:
        break;
    }
    try {
      return await work();
    } catch (err) {
      if (err instanceof EntityNotFoundError) {
        throw new ToolError(`No ${humanKind(err.kind)} with id "${err.id}" exists in ${this.account.platform} account ${this.account.account_id}. Check the id with the platform's list tools.`);
      }
      if (err instanceof EntityExistsError) {
        throw new ToolError(`A ${humanKind(err.kind)} with id "${err.id}" already exists in ${this.account.platform} account ${this.account.account_id}.`);
      }
      if (err instanceof EntityStateError) {
        throw new ToolError(`The ${humanKind(err.kind)} "${err.id}" changed state while this call ran. Read it again and retry.`);
      }
      throw err;
    }
  }
}

function humanKind(kind: string): string {
  return kind.replace(/_/g, ' ');
}

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
  account: Pick<ConnectedAccount, 'platform' | 'account_id'>,
  mode: NonNullable<SandboxAccountMeta['failure_mode']>,
  options: { retryAfterSeconds?: number; slowMs?: number } = {},
): Promise<void> {
  await new SandboxStore(account.platform, account.account_id).writeMeta({
    failure_mode: mode,
    retry_after_seconds: options.retryAfterSeconds,
    slow_ms: options.slowMs,
  });
}

/** Makes `operation` of a sandbox account fail `times` times with a server error, then succeed. */
export async function injectSandboxFailure(
  account: Pick<ConnectedAccount, 'platform' | 'account_id'>,
  operation: string,
  times = 1,
): Promise<void> {
  const store = new SandboxStore(account.platform, account.account_id);
  const meta = await store.readMeta();
  await store.writeMeta({ fail_operations: { ...(meta.fail_operations ?? {}), [operation]: times } });
}
