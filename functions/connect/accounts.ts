import type { PlatformWord } from '../../core/platforms';
import { deleteCredentials } from '../runtime/stores/credentials';
import { addConnectedAccount, listConnectedAccounts, removeConnectedAccount } from '../runtime/stores/owners';
import type { ConnectedAccount } from '../../core/accounts';
import { ALL_PLATFORMS } from '../all-tools';

/**
 * Connecting and disconnecting accounts: sandbox accounts (seeded by their platform's simulator), and
 * live ones (functions/connect/live-accounts.ts, which needs only the connectors).
 */

const BRANDS = ['Northwind Outdoor', 'Contoso Coffee', 'Fabrikam Fitness', 'Tailspin Toys', 'Alpine Ski House', 'Wide World Importers'];
const CURRENCY: Record<PlatformWord, string> = {
  searchads: 'USD',
  socialads: 'USD',
  proads: 'USD',
  shortvideo: 'USD',
  retailads: 'USD',
  chatads: 'USD',
  deskads: 'USD',
};

/**
 * Connects `count` new sandbox accounts of a platform to an owner and seeds each with realistic
 * entities and metrics (CONTRACT.md section 8). Used by `gateway accounts connect --sandbox`,
 * the demo owner of `npm start`, and the tests.
 */
export async function connectSandboxAccounts(ownerId: string, platform: PlatformWord, count = 1): Promise<ConnectedAccount[]> {
  const module = ALL_PLATFORMS.manifest(platform);
  const existing = await listConnectedAccounts(ownerId, platform);
  const created: ConnectedAccount[] = [];
  for (let i = 0; i < count; i++) {
    const account: ConnectedAccount = {
      owner_id: ownerId,
      platform,
      account_id: module.newSandboxAccountId(),
      name: `${BRANDS[(existing.length + i) % BRANDS.length]} (${platform} sandbox)`,
      mode: 'sandbox',
      currency: CURRENCY[platform],
      // Sandbox accounts simulate their days in UTC (reportingZone in platforms/dates.ts).
      time_zone: 'UTC',
      connected_at: new Date().toISOString(),
    };
    await module.seedSandbox(account);
    await addConnectedAccount(account);
    created.push(account);
  }
  return created;
}

export { connectLiveAccounts, livePlatforms } from './live-accounts';

/** Disconnects an account: the account item and its stored credentials are deleted. */
export async function disconnectAccount(ownerId: string, platform: PlatformWord, accountId: string): Promise<boolean> {
  const removed = await removeConnectedAccount(ownerId, platform, accountId);
  await deleteCredentials({ owner_id: ownerId, platform, account_id: accountId });
  return removed;
}
