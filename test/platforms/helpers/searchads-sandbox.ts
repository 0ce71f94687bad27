/** A fresh searchads sandbox account of a new test owner, with its port and its store (for writes as of a past moment). */
import type { ConnectedAccount } from '../../../core/accounts';
import { operatorCall } from '../../../platforms/live/connector';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { searchads } from '../../../platforms/searchads/manifest';
import type { SearchAdsPort } from '../../../platforms/searchads/port';
import { createTestOwner } from '../../support/gateway';

export async function searchAdsSandbox(): Promise<{ apiKey: string; account: ConnectedAccount; port: SearchAdsPort; store: SandboxStore }> {
  const owner = await createTestOwner({ accounts: { searchads: 1 } });
  const account = owner.accounts.searchads![0]!;
  return {
    apiKey: owner.apiKey,
    account,
    port: searchads.open(account, operatorCall()),
    store: new SandboxStore('searchads', account.account_id),
  };
}
