import { withStoreDeadline, type StoreScope } from './stores/dynamo';
import type { RequestState } from './state';
import type { PlatformWord } from '../../core/platforms';

/**
 * A billable read on a sandbox account queries the account's entities while its quota reservation
 * is on its way, instead of after it (issue 33: at 1 caller the two requests no longer add up).
 * Only when all of these hold:
 * - the tool is a read (never a planned write) of its platform's selected account, and billable;
 * - the account is a sandbox account: its read is the gateway's own DynamoDB Query, which costs
 *   nothing upstream (a live account's read reaches the platform's API: never ahead);
 * - the tool's last run in this process read that partition (`noteEntityReads`), so a read ahead is
 *   the run's own read sent earlier (a tool that reads one entity on its own, or nothing of the
 *   account, goes on as before). It is one request more only when the run does not take it: a 402 at
 *   the limit, a stale account selection, or arguments that lead this run to read nothing of the
 *   account. What is kept is a set of tool names, never data.
 * The chain has authenticated the caller and selected the account before (quota comes after
 * select-account): nothing of another owner is ever read; when the reservation finds the cached
 * selection stale, what was read ahead is dropped (quota.ts). At the limit the answer is the 402 and
 * the items read are dropped; the run takes them only once the reservation holds, and the Query
 * only reads (a move of changes out of the old layout, a write, happens in the run).
 */
const readersOfEntities = new Set<string>();

/** What the read ahead needs of a sandbox account's store: its entities' partition and one read of it. */
export interface EntitiesReader {
  readonly pk: string;
  readAhead(): Promise<Record<string, unknown>[]>;
}

/**
 * The sandbox store registers itself here when it loads (platforms/sandbox/store.ts): the runtime does
 * not import the simulators (the platform port is the only door, test/unit/port-boundary.test.ts), and a
 * file without them (the platform-free tools' file) reads nothing ahead.
 */
let sandboxEntities: ((platform: PlatformWord, accountId: string) => EntitiesReader) | undefined;

export function provideSandboxEntities(open: (platform: PlatformWord, accountId: string) => EntitiesReader): void {
  sandboxEntities = open;
}

/** The sandbox store of the selected account, when this call's run may read it ahead. */
function storeToReadAhead(state: RequestState): EntitiesReader | undefined {
  const tool = state.tool!;
  const account = state.account;
  if (tool.plan || tool.apply || tool.quotaExempt || !tool.platform || !tool.selectsAccount) return undefined;
  if (!account || account.mode !== 'sandbox' || !sandboxEntities) return undefined;
  return sandboxEntities(account.platform, account.account_id);
}

/** Sends the Query of the account's entities ahead of the run, if this call qualifies (above). */
export function startReadAhead(state: RequestState): void {
  if (!readersOfEntities.has(state.tool!.name)) return;
  const store = storeToReadAhead(state);
  if (!store) return;
  const items = withStoreDeadline({ deadline: state.deadlines.tool }, () => store.readAhead());
  // Unused after a 402 (or by a run that reads nothing of the account this time): never unhandled.
  items.catch(() => undefined);
  state.readAhead = { pk: store.pk, items };
}

/** After a run: whether the tool read its account's entities, for its next call in this process. */
export function noteEntityReads(state: RequestState, toolScope: StoreScope): void {
  const store = storeToReadAhead(state);
  if (!store) return;
  if (toolScope.sandboxReads?.has(store.pk)) readersOfEntities.add(state.tool!.name);
  else readersOfEntities.delete(state.tool!.name);
}
