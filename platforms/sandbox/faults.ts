import { NotFoundError, quoted, ToolError, UpstreamRateLimitError, UpstreamServerError } from '../../core/errors';
import { ACCOUNTS_CACHE_MS, onForgetOwnerAccounts } from '../../functions/runtime/stores/account-cache';
import type { ConnectedAccount } from '../../core/accounts';
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
export function withInjectedFailures<Port extends object>(
  port: Port,
  account: Pick<ConnectedAccount, 'platform' | 'account_id'> & { owner_id?: string },
): Port {
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
          meta ??= cachedMeta(store, account.owner_id);
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

/**
 * An account's failure mode, cached by a warm function like its owner's accounts (and forgotten
 * with them: account-cache.ts), so a billable call does not read it from the sandbox each time.
 * Changing a failure mode marks the owner's accounts changed (platform.ts), which the next
 * billable call's reservation notices. Entries expire after ACCOUNTS_CACHE_MS.
 */
const metaCache = new Map<string, { meta: Promise<SandboxAccountMeta>; readAt: number }>();

function cachedMeta(store: SandboxStore, ownerId: string | undefined): Promise<SandboxAccountMeta> {
  const key = `${ownerId ?? ''}#${store.pk}`;
  const cached = metaCache.get(key);
  if (cached && Date.now() - cached.readAt < ACCOUNTS_CACHE_MS) return cached.meta;
  const meta = store.readMeta();
  meta.catch(() => metaCache.delete(key));
  if (metaCache.size > 10_000) metaCache.clear();
  metaCache.set(key, { meta, readAt: Date.now() });
  return meta;
}

/** Forgets the cached failure mode of one account (its mode was just changed in this process). */
export function forgetSandboxMeta(account: Pick<ConnectedAccount, 'platform' | 'account_id'>): void {
  const pk = `#${account.platform}#${account.account_id}`;
  for (const key of metaCache.keys()) if (key.endsWith(pk)) metaCache.delete(key);
}

onForgetOwnerAccounts((ownerId) => {
  for (const key of metaCache.keys()) if (key.startsWith(`${ownerId}#`)) metaCache.delete(key);
});

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
    return new NotFoundError(
      `No ${humanKind(err.kind)} with id "${quoted(err.id)}" exists in ${where}. Check the id with the platform's list tools.`,
      { entity: err.kind, id: err.id },
    );
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
