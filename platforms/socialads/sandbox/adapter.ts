/**
 * The simulated socialads platform for one sandbox account: the port composed from its families over
 * the account's sandbox store (one family per file beside this one).
 */
import type { ConnectedAccount } from '../../../core/accounts';
import { composePort } from '../../compose';
import { SandboxStore } from '../../sandbox/store';
import type { SocialAdsPort } from '../port';
import { AssetsSandbox } from './assets';
import { CampaignsSandbox } from './campaigns';
import { CatalogsSandbox } from './catalogs';
import { InsightsSandbox } from './insights';

export function socialAdsSandbox(account: ConnectedAccount): SocialAdsPort {
  const store = new SandboxStore(account.platform, account.account_id);
  const port: SocialAdsPort = composePort(
    new CampaignsSandbox(store),
    new InsightsSandbox(store),
    new CatalogsSandbox(store),
    new AssetsSandbox(store),
  );
  return port;
}
