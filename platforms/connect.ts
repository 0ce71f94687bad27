import type { PlatformWord } from '../functions/runtime/platforms';
import { addConnectedAccount, listConnectedAccounts, type ConnectedAccount } from '../functions/runtime/stores/owners';
import { PLATFORM_MODULES } from './index';

const BRANDS = ['Northwind Outdoor', 'Contoso Coffee', 'Fabrikam Fitness', 'Tailspin Toys', 'Alpine Ski House', 'Wide World Importers'];
const CURRENCY: Record<PlatformWord, string> = {
  searchads: 'USD', socialads: 'USD', proads: 'USD', shortvideo: 'USD', retailads: 'USD', chatads: 'USD', deskads: 'USD',
};

/**
 * Connects `count` new sandbox accounts of a platform to an owner and seeds each with realistic
 * entities and metrics (CONTRACT.md section 8). Used by `gateway accounts connect --sandbox`,
 * the demo owner of `npm start`, and the tests.
 */
export async function connectSandboxAccounts(ownerId: string, platform: PlatformWord, count = 1): Promise<ConnectedAccount[]> {
  const module = PLATFORM_MODULES[platform];
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
      time_zone: 'America/New_York',
      connected_at: new Date().toISOString(),
    };
    await module.seedSandbox(account);
    await addConnectedAccount(account);
    created.push(account);
  }
  return created;
}
