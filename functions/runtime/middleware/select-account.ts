import { AccountSelectionError, BadRequestError, quoted } from '../../../core/errors';
import { accountsWithVersion, forgetOwnerAccounts } from '../stores/account-cache';
import { accountNamedOrDefault, listConnectedAccounts } from '../stores/owners';
import type { ConnectedAccount } from '../../../core/accounts';
import { type GatewayRequest, type RequestState, type GatewayMiddleware, stateOf } from '../state';

/**
 * Picks the connected account a platform tool acts on, from the platform's account parameter
 * (CONTRACT.md section 4). One account: used. Several and none named: a selection prompt.
 * Billable calls select from the warm function's cache of the owner's accounts; the quota
 * reservation then checks the cache is current (account-cache.ts) and selects again if not. Only
 * a selection that succeeds rests on the cache: before refusing, the accounts are read afresh.
 */
export function selectAccount(): GatewayMiddleware {
  const selectAccountBefore = async (request: GatewayRequest) => {
    await chooseAccount(stateOf(request.context));
  };
  return { before: selectAccountBefore };
}

/** Sets `state.account` (and `state.accountsVersion` when it came from the cache), or throws a 400. */
export async function chooseAccount(state: RequestState): Promise<void> {
  const tool = state.tool!;
  if (!tool.platform || !tool.selectsAccount) return;
  const platform = tool.platform;
  // The platform's account parameter, then its aliases (the tool's definer added them).
  const parameter = tool.accountParameters[0]!;
  const given = tool.accountParameters
    .map((name) => ({ name, value: state.rawArgs![name] as string | undefined }))
    .filter((entry) => entry.value !== undefined);
  const distinct = [...new Set(given.map((entry) => entry.value))];
  if (distinct.length > 1) {
    throw new BadRequestError(
      `${given.map((g) => `\`${g.name}\``).join(' and ')} name different accounts; give only ${parameter}.`,
      undefined,
      'invalid_arguments',
    );
  }
  const load = async (): Promise<ConnectedAccount[]> => {
    if (tool.quotaExempt) return listConnectedAccounts(state.owner!.owner_id, platform);
    const cached = await accountsWithVersion(state.owner!.owner_id, platform, state.now);
    state.accountsVersion = cached.version;
    return cached.accounts;
  };
  // Ids are compared without the dashes people copy from UIs (123-456-7890).
  const normalize = (id: string) => id.replace(/-/g, '');
  const find = (list: ConnectedAccount[]) =>
    list.find((a) => a.account_id === distinct[0] || normalize(a.account_id) === normalize(distinct[0]!));
  let accounts = await load();
  if (state.accountsVersion !== undefined && (accounts.length === 0 || (distinct[0] !== undefined && !find(accounts)))) {
    // Only a success may rest on the cached list: a refusal (no account, account not connected)
    // reads afresh, so an account connected a moment ago through another function is seen.
    forgetOwnerAccounts(state.owner!.owner_id);
    accounts = await load();
  }
  if (accounts.length === 0) {
    throw new AccountSelectionError(
      `No ${platform} account is connected. Connect one first; get_connections_status shows what is connected.`,
      { platform, parameter, accounts: [] },
      'account_not_connected',
    );
  }
  const listing = accounts.map((a) => ({ id: a.account_id, name: a.name }));
  const lines = accounts.map((a) => `- ${a.name} (${parameter}="${a.account_id}")`).join('\n');
  const wanted = distinct[0];
  if (wanted === undefined) {
    // One account, or the one the owner made primary (switch_primary_account), is used when none is named.
    let chosen = accountNamedOrDefault(accounts);
    if (!chosen && state.accountsVersion !== undefined) {
      // A cached list may predate a switch_primary_account made through another function: read afresh before asking.
      forgetOwnerAccounts(state.owner!.owner_id);
      state.accountsVersion = undefined;
      chosen = accountNamedOrDefault(await listConnectedAccounts(state.owner!.owner_id, platform));
    }
    if (chosen) {
      state.account = chosen;
      return;
    }
    throw new AccountSelectionError(
      `You have ${accounts.length} ${platform} accounts connected. Please specify ${parameter}:\n${lines}\nOr make one the default with switch_primary_account.`,
      { platform, parameter, accounts: listing },
    );
  }
  const account = find(accounts);
  if (!account) {
    throw new AccountSelectionError(
      `The ${platform} account "${quoted(wanted)}" is not connected to your API key. Valid values of ${parameter}:\n${lines}`,
      { platform, parameter, accounts: listing },
      'account_not_connected',
    );
  }
  state.account = account;
}
