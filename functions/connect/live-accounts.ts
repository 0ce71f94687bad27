import { ToolError } from '../../core/errors';
import { PLATFORM_WORDS, type PlatformWord } from '../../core/platforms';
import { saveCredentials } from '../runtime/stores/credentials';
import { addConnectedAccount } from '../runtime/stores/owners';
import type { ConnectedAccount } from '../../core/accounts';
import type { PortCall } from '../../core/tool';
import { ConnectOptionsError, operatorCall } from '../../platforms/live/connector';
import { CONNECTORS } from '../../platforms/connectors';

/**
 * Connecting live accounts: the wiring between the operator command (and the OAuth callback of the
 * connect-link pages), the stores and the platform's live connector. Only the connectors are loaded
 * (platforms/connectors.ts), no tool code.
 */

/** The platforms whose accounts can be connected live. */
export function livePlatforms(): PlatformWord[] {
  return PLATFORM_WORDS.filter((word) => CONNECTORS[word]);
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
  const connector = CONNECTORS[platform];
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
