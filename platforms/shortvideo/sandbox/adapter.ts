/**
 * The simulated shortvideo platform for one sandbox account: the port composed from its families over
 * the account's sandbox store (one family per file beside this one).
 */
import type { ConnectedAccount } from '../../../core/accounts';
import { composePort } from '../../compose';
import { SandboxStore } from '../../sandbox/store';
import type { ShortVideoPort } from '../port';
import { CampaignsSandbox } from './campaigns';
import { CreativesSandbox } from './creatives';
import { ReportsSandbox } from './reports';
import { TargetingTrackingSandbox } from './targeting-tracking';

export function shortVideoSandbox(account: ConnectedAccount): ShortVideoPort {
  const store = new SandboxStore(account.platform, account.account_id);
  const creatives = new CreativesSandbox(store);
  const port: ShortVideoPort = composePort(
    new CampaignsSandbox(store, creatives),
    creatives,
    new TargetingTrackingSandbox(store),
    new ReportsSandbox(store, account),
  );
  return port;
}
