/**
 * The simulated proads platform for one sandbox account: the port composed from its families over the
 * account's sandbox store (one family per file beside this one).
 */
import type { ConnectedAccount } from '../../../core/accounts';
import { composePort } from '../../compose';
import { SandboxStore } from '../../sandbox/store';
import type { ProAdsPort } from '../port';
import { AccountResourcesSandbox } from './account-resources';
import { AnalyticsSandbox } from './analytics';
import { CampaignsSandbox } from './campaigns';
import { TargetingSandbox } from './targeting-search';

export function proAdsSandbox(account: ConnectedAccount): ProAdsPort {
  const store = new SandboxStore(account.platform, account.account_id);
  const port: ProAdsPort = composePort(
    new CampaignsSandbox(store),
    new TargetingSandbox(),
    new AccountResourcesSandbox(store),
    new AnalyticsSandbox(store),
  );
  return port;
}
