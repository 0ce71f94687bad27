/**
 * The simulated searchads platform for one sandbox account: the port composed from its families
 * over the account's sandbox store (one family per file beside this one). Families that work on
 * another family's entities get them explicitly: the core family (campaigns, ad groups, ads) or the
 * whole port, read lazily once it is composed.
 */
import type { ConnectedAccount } from '../../../core/accounts';
import { composePort } from '../../compose';
import { SandboxStore } from '../../sandbox/store';
import type { SearchAdsPort } from '../port';
import { AudienceSandbox } from './audience';
import { BiddingSandbox } from './bidding';
import { CoreSandbox } from './core';
import { DisplaySandbox } from './display';
import { InsightsSandbox } from './insights';
import { PmaxSandbox } from './pmax';
import { ShoppingSandbox } from './shopping';
import { KIND } from './stored';

export function searchAdsSandbox(account: ConnectedAccount): SearchAdsPort {
  const store = new SandboxStore(account.platform, account.account_id);
  const core = new CoreSandbox(store, account);
  const self = (): SearchAdsPort => port;
  const port: SearchAdsPort = composePort(
    core,
    // Labels, shared budgets, portfolios, schedules, bid modifiers, and campaign updates (they keep those links right).
    new BiddingSandbox(store, { campaign: KIND.campaign, label: KIND.label, criterion: KIND.campaignCriterion }),
    new PmaxSandbox(store, (id) => core.getCampaign(id)),
    new ShoppingSandbox(store, core),
    new AudienceSandbox(store, account, self),
    new DisplaySandbox(store, self),
    new InsightsSandbox(store),
  );
  return port;
}
