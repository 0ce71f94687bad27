/**
 * The simulated retailads platform for one sandbox account: the port composed from its families over
 * the account's sandbox store (one family per file beside this one).
 */
import type { ConnectedAccount } from '../../../core/accounts';
import { composePort } from '../../compose';
import { SandboxStore } from '../../sandbox/store';
import type { RetailAdsPort } from '../port';
import { EntitiesSandbox } from './entities';
import { KeywordRecommendationsSandbox } from './keyword-recommendations';
import { ReportingSandbox } from './reporting';
import { SbCreativesSandbox } from './sb-creatives';

export function retailAdsSandbox(account: ConnectedAccount): RetailAdsPort {
  const store = new SandboxStore(account.platform, account.account_id);
  const entities = new EntitiesSandbox(store, account);
  const port: RetailAdsPort = composePort(
    entities,
    new SbCreativesSandbox(store, account, entities),
    new ReportingSandbox(store),
    new KeywordRecommendationsSandbox(store),
  );
  return port;
}
