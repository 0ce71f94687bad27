import { randomUUID } from 'node:crypto';
import type { ConnectedAccount } from '../../../core/accounts';
import { ToolError } from '../../../core/errors';
import type { PortCall } from '../../../core/tool';
import { connectionBroken, connectionHealthy, credentialsOf } from '../../live/connector';
import { ShortVideoApi, type QueryValue, type ShortVideoCredentials, type WireSubject } from './wire';

/**
 * One advertiser's connection as the live families use it: the API client with the account's
 * credentials (decrypted once per port), `advertiser_id` added to every request, and a refused
 * grant turned into a broken connection. A call that works again after a broken state heals it.
 */
export class ShortVideoSession {
  private client?: Promise<ShortVideoApi>;

  constructor(
    readonly account: ConnectedAccount,
    readonly call: PortCall,
  ) {}

  get advertiserId(): string {
    return this.account.account_id;
  }

  get currency(): string {
    return this.account.currency;
  }

  async get<T>(path: string, query: Record<string, QueryValue> = {}, subject?: WireSubject): Promise<T> {
    return this.healthy((api) => api.get<T>(path, { advertiser_id: this.advertiserId, ...query }, subject));
  }

  async post<T>(path: string, body: Record<string, unknown>, options: { idempotent?: boolean; subject?: WireSubject } = {}): Promise<T> {
    return this.healthy((api) => api.post<T>(path, { advertiser_id: this.advertiserId, ...body }, options));
  }

  async listAll<T>(path: string, query: Record<string, QueryValue>, pageSize: number, listKey?: string): Promise<T[]> {
    return this.healthy((api) => api.listAll<T>(path, { advertiser_id: this.advertiserId, ...query }, pageSize, listKey));
  }

  /** A fresh `request_id` for a create the platform deduplicates (so it may be retried). */
  requestId(): string {
    // The platform takes a numeric string of up to 19 digits.
    return BigInt(`0x${randomUUID().replace(/-/g, '').slice(0, 15)}`).toString();
  }

  private api(): Promise<ShortVideoApi> {
    this.client ??= credentialsOf<ShortVideoCredentials>(this.account).then(
      (credentials) =>
        new ShortVideoApi(credentials, this.call, (reason, fix) => connectionBroken(this.account, reason, fix), this.account),
    );
    return this.client;
  }

  private async healthy<T>(work: (api: ShortVideoApi) => Promise<T>): Promise<T> {
    const result = await work(await this.api());
    await connectionHealthy(this.account);
    return result;
  }
}

/** The one entity a `get` asks for, or a 400 not_found naming it. */
export function one<T>(items: T[], what: string, id: string, listTool: string): T {
  const [item] = items;
  if (!item)
    throw new ToolError(`No ${what} with id "${id}" exists in this shortvideo advertiser. Check the id with ${listTool}.`, {
      code: 'not_found',
      entity: what,
      id,
    });
  return item;
}
