import type { ConnectedAccount } from '../../../core/accounts';
import { ToolError } from '../../../core/errors';
import type { PortCall } from '../../../core/tool';
import { addDays, dateInZone, reportingZone } from '../../../core/dates';
import { roundToMinorUnit } from '../../../core/money';
import { saveCredentials } from '../../../functions/runtime/stores/credentials';
import { connectionBroken, connectionHealthy, credentialsOf } from '../../live/connector';
import { DeskAdsApi, PLATFORM, type BatchFailure, type DeskAdsCredentials, type Operation, type RefusedHandler } from './wire';
import type { Answers, Requests } from './wire-types';

/**
 * What every family of the deskads live adapter shares for one account and one call: the API
 * client with the account's credentials (decrypted once), the headers' ids, reads cached for the
 * call (the tools read campaigns and ad groups several times; a write forgets them), and the
 * gateway's answers for what the platform refuses or cannot do.
 */
export class DeskAdsLiveContext {
  private client?: Promise<DeskAdsApi>;
  private readonly cache = new Map<string, Promise<unknown>>();

  constructor(
    readonly account: ConnectedAccount,
    readonly call: PortCall,
    /** By default a refused grant marks the connection broken (400 connection_broken). */
    private readonly refused: RefusedHandler = (reason, fix) => connectionBroken(account, reason, fix),
  ) {}

  get accountId(): string {
    return this.account.account_id;
  }

  /** An amount in the account's currency as the platform takes it: rounded to the currency's minor unit (cents, whole yen). */
  amount(value: number): number {
    return roundToMinorUnit(value, this.account.currency);
  }

  /** The account's last complete day in its own time zone (reports stop there). */
  get yesterday(): string {
    return addDays(dateInZone(new Date(), reportingZone(this.account)), -1);
  }

  api(): Promise<DeskAdsApi> {
    this.client ??= credentialsOf<DeskAdsCredentials>(this.account).then(
      (credentials) =>
        new DeskAdsApi(credentials, this.account.upstream?.customer_id, this.accountId, this.call, this.refused, async (refreshToken) =>
          saveCredentials(this.account, { ...credentials, refresh_token: refreshToken }),
        ),
    );
    return this.client;
  }

  /** One operation of the platform; a success records that the connection works. */
  async send<O extends Operation>(operation: O, body: Requests[O]): Promise<Answers[O]> {
    const api = await this.api();
    const answer = await api.send(operation, body);
    await connectionHealthy(this.account);
    return answer;
  }

  /** A read kept for the rest of the call (until a write forgets the cache). */
  cached<T>(key: string, read: () => Promise<T>): Promise<T> {
    let entry = this.cache.get(key) as Promise<T> | undefined;
    if (!entry) {
      entry = read();
      this.cache.set(key, entry);
      entry.catch(() => this.cache.delete(key));
    }
    return entry;
  }

  /** After a write: the next read asks the platform again. */
  forget(): void {
    this.cache.clear();
  }

  notFound(what: string, id: string, lister: string): ToolError {
    return new ToolError(`No ${what} ${id} in deskads account ${this.accountId}. ${lister} lists the valid ids.`, {
      code: 'not_found',
      entity: what.replace(/ /g, '_'),
      id,
    });
  }

  /** 400 live_not_supported: `message` says what the platform's public API lacks. */
  notSupported(message: string): ToolError {
    return new ToolError(message, { code: 'live_not_supported', platform: PLATFORM });
  }

  /**
   * The items of a batch the platform refused, each with its own reason, as one 400 naming them;
   * `describe(i)` names item i, `done` says what happened to the others (nothing is silent).
   */
  itemsRefused(failures: BatchFailure[], describe: (index: number) => string, done: string): ToolError {
    const lines = failures.map((f) => `- ${describe(f.index)}: ${f.message}${f.error_code ? ` (${f.error_code})` : ''}`);
    return new ToolError(
      `The deskads platform refused ${failures.length} item${failures.length === 1 ? '' : 's'} of this change:\n${lines.join('\n')}\n${done}`,
      {
        code: 'tool_rejected',
        platform: PLATFORM,
        failed_items: failures.map((f) => ({
          index: f.index,
          item: describe(f.index),
          error_code: f.error_code ?? null,
          message: f.message,
        })),
      },
    );
  }
}
