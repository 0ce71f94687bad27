import { ToolError, UpstreamRateLimitError, UpstreamServerError } from '../../functions/runtime/errors';
import type { ConnectedAccount } from '../../functions/runtime/stores/owners';
import { EntityExistsError, EntityNotFoundError, EntityStateError, SandboxStore, type SandboxAccountMeta } from './store';

/**
 * The one failure-injection wrapper: wraps every method of a platform port (any port) so that each
 * call first applies the account's failure mode (rate limited, server error, slow) and any failure
 * injected for that operation, then turns the sandbox store's errors into messages a marketer can
 * act on. An operation's name is its method name in snake_case (`createAdSet` → `create_ad_set`),
 * as `injectSandboxFailure(account, 'create_ad_set')` names it.
 *
 * Methods run with `this` bound to the unwrapped port, so a port calling its own methods does not
 * apply the failure mode twice.
 */
export function withInjectedFailures<Port extends object>(port: Port, account: Pick<ConnectedAccount, 'platform' | 'account_id'>): Port {
  const store = new SandboxStore(account.platform, account.account_id);
  let meta: Promise<SandboxAccountMeta> | undefined;
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(port, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string' || property === 'constructor') return value;
      if (!wrapped.has(property)) {
        const operation = snakeCase(property);
        wrapped.set(property, async (...args: unknown[]) => {
          meta ??= store.readMeta();
          await applyFailureMode(await meta, store, operation, account.platform);
          try {
            return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          } catch (err) {
            throw translateStoreError(err, account);
          }
        });
      }
      return wrapped.get(property);
    },
  });
}

async function applyFailureMode(meta: SandboxAccountMeta, store: SandboxStore, operation: string, platform: string): Promise<void> {
  if (meta.fail_operations?.[operation] && (await store.consumeInjectedFailure(operation))) {
    throw new UpstreamServerError(platform);
  }
  switch (meta.failure_mode) {
    case 'rate_limited':
      throw new UpstreamRateLimitError(platform, meta.retry_after_seconds ?? 30);
    case 'server_error':
      throw new UpstreamServerError(platform);
    case 'slow':
      await new Promise((resolve) => setTimeout(resolve, meta.slow_ms ?? 3000));
      break;
    default:
      break;
  }
}

function translateStoreError(err: unknown, account: Pick<ConnectedAccount, 'platform' | 'account_id'>): unknown {
  const where = `${account.platform} account ${account.account_id}`;
  if (err instanceof EntityNotFoundError) {
    return new ToolError(`No ${humanKind(err.kind)} with id "${err.id}" exists in ${where}. Check the id with the platform's list tools.`);
  }
  if (err instanceof EntityExistsError) {
    return new ToolError(`A ${humanKind(err.kind)} with id "${err.id}" already exists in ${where}.`);
  }
  if (err instanceof EntityStateError) {
    return new ToolError(`The ${humanKind(err.kind)} "${err.id}" changed state while this call ran. Read it again and retry.`);
  }
  return err;
}

const humanKind = (kind: string) => kind.replace(/_/g, ' ');
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
