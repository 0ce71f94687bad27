import type { ConnectedAccount } from '../../../core/accounts';
import { ToolError } from '../../../core/errors';
import type { PortCall } from '../../../core/tool';
import { saveCredentials } from '../../../functions/runtime/stores/credentials';
import { connectionBroken, connectionHealthy, credentialsOf } from '../../live/connector';
import { SocialAdsGraph, type GraphParams, type SocialAdsCredentials, type Subject } from './graph';

/**
 * What every family of the socialads live adapter shares for one account and call: the Graph
 * client with the account's token, the account's id, currency and time zone, and the dry-run
 * state (validate-only writes). A family is an object of port methods made from it.
 */
export interface LiveContext {
  readonly account: ConnectedAccount;
  readonly call: PortCall;
  readonly graph: SocialAdsGraph;
  /** `act_<id>`: the ad account node. */
  readonly act: string;
  readonly currency: string;
  readonly timeZone: string;
  /** Opened for a dry run: writes are checked by the platform (validate_only), never applied. */
  readonly validateOnly: boolean;
  readonly validation: { checked: number; skipped: number; refused?: string };
  /**
   * A write (POST). In a dry run it is sent with `execution_options=["validate_only"]` when the
   * platform can check it (answers undefined), and skipped when it cannot or names an entity the
   * dry run did not create (a placeholder id).
   */
  write<T>(path: string, params: GraphParams, options?: { subject?: Subject; checkable?: boolean }): Promise<T | undefined>;
}

/** The id a dry run gives an entity it only checked: later requests naming it cannot be checked. */
export const PLACEHOLDER_ID = '-1';

export function liveContext(account: ConnectedAccount, call: PortCall): LiveContext {
  const graph = new SocialAdsGraph(
    call,
    (reason, fix) => connectionBroken(account, reason, fix),
    () => credentialsOf<SocialAdsCredentials>(account),
    (credentials) => saveCredentials(account, credentials),
    () => connectionHealthy(account),
  );
  const validation: LiveContext['validation'] = { checked: 0, skipped: 0 };
  const validateOnly = call.validateOnly === true;
  return {
    account,
    call,
    graph,
    act: account.account_id.startsWith('act_') ? account.account_id : `act_${account.account_id}`,
    currency: account.currency,
    timeZone: account.time_zone,
    validateOnly,
    validation,
    async write<T>(path: string, params: GraphParams, options: { subject?: Subject; checkable?: boolean } = {}) {
      if (!validateOnly) return graph.post<T>(path, params, options.subject);
      if (options.checkable === false || path.includes(PLACEHOLDER_ID) || JSON.stringify(params).includes(`"${PLACEHOLDER_ID}"`)) {
        validation.skipped += 1;
        return undefined;
      }
      try {
        await graph.post(path, { ...params, execution_options: ['validate_only'] }, options.subject);
      } catch (err) {
        if (err instanceof ToolError) validation.refused = err.message;
        throw err;
      }
      validation.checked += 1;
      return undefined;
    },
  };
}
