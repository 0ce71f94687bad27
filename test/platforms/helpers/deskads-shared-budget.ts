/**
 * The starting point of the deskads shared-budget tests: a sandbox deskads account, its store and port,
 * its seeded shared budget and its two search campaigns (Hiking Boots and Brand) that the tests move onto it.
 */
import { addDays, isoDate } from '../../../core/dates';
import { deskads } from '../../../platforms/deskads/manifest';
import { operatorCall } from '../../../platforms/live/connector';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { createTestOwner } from '../../support/gateway';

export async function deskadsSharedBudgetAccount<C extends { id: string; name: string }>() {
  const owner = await createTestOwner({ accounts: { deskads: 1 } });
  const account = owner.accounts.deskads![0]!;
  const store = new SandboxStore('deskads', account.account_id);
  const port = deskads.open(account, operatorCall());
  const yesterday = addDays(isoDate(new Date()), -1);
  const [shared] = await port.listBudgets();
  const campaigns = await store.list<C>('campaign');
  const boots = campaigns.find((c) => c.name === 'Search - Hiking Boots')!;
  const brand = campaigns.find((c) => c.name === 'Search - Brand')!;
  return { owner, account, store, port, yesterday, shared: shared!, campaigns, boots, brand };
}
