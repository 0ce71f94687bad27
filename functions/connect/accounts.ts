import { ToolError } from '../../core/errors';
import type { PlatformWord } from '../../core/platforms';
import { deleteCredentials, saveCredentials } from '../runtime/stores/credentials';
import { addConnectedAccount, listConnectedAccounts, removeConnectedAccount } from '../runtime/stores/owners';
import type { ConnectedAccount } from '../../core/accounts';
import type { PortCall } from '../../core/tool';
import { ConnectOptionsError, operatorCall } from '../../platforms/live/connector';
import { PLATFORMS } from '../../platforms';
import { ALL_PLATFORMS } from '../all-tools';

/**
 * Connecting and disconnecting accounts, and their health: the wiring between the operator command
 * (and the OAuth callback), the stores and each platform's sandbox or live connector.
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

/** The platforms whose accounts can be connected live. */
export function livePlatforms(): PlatformWord[] {
  return PLATFORMS.filter((platform) => platform.connector).map((platform) => platform.word);
}

/**
 * Connects the live accounts that the credentials in `options` reach (the platform's connector checks
 * them with the platform first). Credentials are stored encrypted, one copy per account; the accounts
 * are listed without them. Connecting an account again replaces its credentials and clears a broken state.
 */
export async function connectLiveAccounts(
  ownerId: string,
  platform: PlatformWord,
  options: Record<string, string>,
  call: PortCall = operatorCall(),
): Promise<ConnectedAccount[]> {
  const connector = ALL_PLATFORMS.manifest(platform).connector;
  if (!connector) {
    throw new ConnectOptionsError(
      `Live ${platform} accounts cannot be connected yet; live platforms: ${livePlatforms().join(', ') || 'none'}.`,
    );
  }
  const grants = await connector.connect(options, call);
  if (grants.length === 0) throw new ToolError(`These ${platform} credentials work but reach no ad account.`);
  const connected: ConnectedAccount[] = [];
  for (const grant of grants) {
    const account: ConnectedAccount = {
      owner_id: ownerId,
      platform,
      account_id: grant.account_id,
      name: grant.name,
      mode: 'live',
      currency: grant.currency,
      time_zone: grant.time_zone,
      connected_at: new Date().toISOString(),
      ...(grant.upstream ? { upstream: grant.upstream } : {}),
      health: { healthy: true, detail: 'ok', checked_at: new Date().toISOString() },
    };
    await saveCredentials(account, grant.credentials);
    await addConnectedAccount(account);
    connected.push(account);
  }
  return connected;
}

/** Disconnects an account: the account item and its stored credentials are deleted. */
export async function disconnectAccount(ownerId: string, platform: PlatformWord, accountId: string): Promise<boolean> {
  const removed = await removeConnectedAccount(ownerId, platform, accountId);
  await deleteCredentials({ owner_id: ownerId, platform, account_id: accountId });
  return removed;
}
