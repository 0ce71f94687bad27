/**
 * The simulated deskads platform for one sandbox account: the port composed from its families over the
 * account's sandbox store (one family per file beside this one).
 */
import type { ConnectedAccount } from '../../../core/accounts';
import { composePort } from '../../compose';
import { SandboxStore } from '../../sandbox/store';
import type { DeskAdsPort } from '../port';
import { AccountSandbox } from './account';
import { AdsSandbox } from './ads';
import { CampaignsSandbox } from './campaigns';
import { KeywordsSandbox } from './keywords';
import { ReportsSandbox } from './reports';
import { ShoppingSandbox } from './shopping';
import { TargetingSandbox } from './targeting';

export function deskAdsSandbox(account: ConnectedAccount): DeskAdsPort {
  const store = new SandboxStore(account.platform, account.account_id);
  const port: DeskAdsPort = composePort(
    new AccountSandbox(store),
    new CampaignsSandbox(store),
    new ShoppingSandbox(store),
    new TargetingSandbox(store),
    new KeywordsSandbox(store),
    new AdsSandbox(store),
    new ReportsSandbox(store),
  );
  return port;
}
