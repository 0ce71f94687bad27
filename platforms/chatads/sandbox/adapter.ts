/**
 * The simulated chatads platform for one sandbox account: the port composed from its families over
 * the account's sandbox store (one family per file beside this one).
 */
import type { ConnectedAccount } from '../../../core/accounts';
import { composePort } from '../../compose';
import { SandboxStore } from '../../sandbox/store';
import type { ChatAdsPort } from '../port';
import { AccountSandbox } from './account';
import { CampaignsSandbox } from './campaigns';
import { ConversionsSandbox } from './conversions';
import { CustomAudiencesSandbox } from './custom-audiences';
import { InsightsSandbox } from './insights';

/** Opens the simulated chatads platform of one sandbox account (the manifest's sandbox adapter). */
export function chatAdsSandbox(account: ConnectedAccount): ChatAdsPort {
  const store = new SandboxStore(account.platform, account.account_id);
  const port: ChatAdsPort = composePort(
    new AccountSandbox(account),
    new CampaignsSandbox(store),
    new CustomAudiencesSandbox(store),
    new ConversionsSandbox(store),
    new InsightsSandbox(store),
  );
  return port;
}
