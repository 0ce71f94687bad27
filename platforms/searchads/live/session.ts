/**
 * What the searchads live families share for one opened port: the account, the API client with its
 * credentials (loaded and decrypted once), searches that mark the connection healthy, and writes
 * that a dry run (`call.validateOnly`) sends with the platform's validateOnly instead, counting what
 * was checked and what could not be (validationSummary). Also the small wire helpers every family
 * uses (resource names, not-found and not-supported errors, optimistic checks, update paths).
 */
import { ToolError } from '../../../core/errors';
import type { ConnectedAccount } from '../../../core/accounts';
import type { PortCall } from '../../../core/tool';
import { connectionBroken, connectionHealthy, credentialsOf } from '../../live/connector';
import { SearchAdsApi, type RefusedHandler, type SearchAdsCredentials } from './api';
import type { GoogleAdsRow, MethodResponse, MutateOperation, Operation } from './wire';

export type ValidationSummary = { checked: number; skipped: number; refused?: string };

export class LiveSession {
  private api?: Promise<SearchAdsApi>;
  readonly cid: string;
  /**
   * Opened with `call.validateOnly` (a dry run), every mutate is sent with validateOnly: the platform
   * checks it and changes nothing. The entities a checked create would make get placeholder names
   * (`.../-1`, as the platform's temporary ids); a later request naming one cannot be checked and is
   * skipped (counted in validationSummary).
   */
  readonly validatesOnly: boolean;
  readonly validation: ValidationSummary = { checked: 0, skipped: 0 };

  /** `refused` decides what a refused credential means; by default the connection is marked broken (400 connection_broken). */
  constructor(
    readonly account: ConnectedAccount,
    private readonly call: PortCall,
    private readonly refused: RefusedHandler = (reason, fix) => connectionBroken(account, reason, fix),
  ) {
    this.cid = account.account_id;
    this.validatesOnly = call.validateOnly === true;
  }

  validationSummary(): ValidationSummary {
    return { ...this.validation };
  }

  /** The API client with this account's credentials (loaded and decrypted once per port). */
  client(): Promise<SearchAdsApi> {
    this.api ??= credentialsOf<SearchAdsCredentials>(this.account).then(
      (credentials) => new SearchAdsApi(credentials, this.account.upstream?.login_customer_id, this.call, this.refused),
    );
    return this.api;
  }

  async search(query: string): Promise<GoogleAdsRow[]> {
    const rows = await (await this.client()).search(this.cid, query);
    await connectionHealthy(this.account);
    return rows;
  }

  /**
   * A customer method that is not a mutate. On a dry run a method that takes `validateOnly` is
   * checked by the platform; one that does not is skipped (counted) and answers undefined.
   */
  async customerMethod(method: string, body: Record<string, unknown>, validateOnlyCapable: boolean): Promise<MethodResponse | undefined> {
    if (this.validatesOnly) {
      if (!validateOnlyCapable) {
        this.validation.skipped += 1;
        return undefined;
      }
      try {
        await (await this.client()).customerMethod(this.cid, method, { ...body, validateOnly: true });
      } catch (err) {
        this.validation.refused = (err as Error).message;
        throw err;
      }
      this.validation.checked += 1;
      return undefined;
    }
    return (await this.client()).customerMethod(this.cid, method, body);
  }

  async mutate(resource: string, operations: Operation[]): Promise<string[]> {
    if (!operations.length) return [];
    if (this.validatesOnly) {
      const placeholders = operations.map((_op, i) => this.rn(resource, `-${i + 1}`));
      if (/\/-\d+\b/.test(JSON.stringify(operations))) this.validation.skipped += 1;
      else {
        try {
          await (await this.client()).mutate(this.cid, resource, operations, true);
        } catch (err) {
          this.validation.refused = (err as Error).message;
          throw err;
        }
        this.validation.checked += 1;
      }
      return placeholders;
    }
    const results = await (await this.client()).mutate(this.cid, resource, operations);
    return results.map((r) => r.resourceName);
  }

  /** One atomic `googleAds:mutate` of several resources' operations (validate-only in a dry run, like `mutate`). */
  async mutateAll(operations: MutateOperation[]): Promise<string[]> {
    if (!operations.length) return [];
    if (this.validatesOnly) {
      const placeholders = operations.map((op, i) => {
        const name = JSON.stringify(op).match(/"resourceName":"([^"]+[/~]-\d+)"/)?.[1];
        return name ?? this.rn('operations', `-${i + 1}`);
      });
      // Temporary ids inside one request are the platform's own: the request can be checked as a whole,
      // unless it names a placeholder of an earlier checked request (an asset this write would upload first).
      const text = JSON.stringify(operations);
      const defined = new Set([...text.matchAll(/"resourceName":"([^"]+[/~]-\d+)"/g)].map((m) => m[1]));
      const named = [...text.matchAll(/"(customers\/[^"]+[/~]-\d+)"/g)].map((m) => m[1]);
      if (named.some((name) => !defined.has(name))) {
        this.validation.skipped += 1;
        return placeholders;
      }
      try {
        await (await this.client()).mutateAll(this.cid, operations, true);
      } catch (err) {
        this.validation.refused = (err as Error).message;
        throw err;
      }
      this.validation.checked += 1;
      return placeholders;
    }
    return (await this.client()).mutateAll(this.cid, operations);
  }

  notFound(kind: string, id: string): ToolError {
    return new ToolError(
      `No ${kind} with id "${id}" exists in searchads account ${this.cid}. Check the id with the platform's list tools.`,
      { code: 'not_found' },
    );
  }

  rn(collection: string, id: string): string {
    return `customers/${this.cid}/${collection}/${id}`;
  }
}

/** Ids the platform gives its entities (digits, no dashes). */
export const digitsOnly = /^\d{1,19}$/;

export function liveNotSupported(message: string): ToolError {
  return new ToolError(`${message} This is not available on live searchads accounts.`, {
    code: 'live_not_supported',
    platform: 'searchads',
  });
}

export function checkExpected<T extends object>(kind: string, id: string, current: T, expect: Partial<T> | undefined): void {
  for (const [field, value] of Object.entries(expect ?? {})) {
    if ((current as Record<string, unknown>)[field] !== value) {
      throw new ToolError(`The ${kind} "${id}" changed state while this call ran. Read it again and retry.`);
    }
  }
}

/** Sets `a.b.c` on an object, making the intermediate objects. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] = value;
}
