import { definePorts, type PortsSpec } from '../manifest';
import { searchAdsLive } from './live/adapter';
import { searchAdsConnector } from './live/connector';
import type { SearchAdsPort } from './port';
import { searchAdsSandbox } from './sandbox/adapter';

/** The searchads adapters: the simulated platform, and the live adapter over the platform's API. */
export const SEARCHADS_ADAPTERS: PortsSpec<SearchAdsPort>['adapters'] = {
  sandbox: searchAdsSandbox,
  live: (account, call) => searchAdsLive(account, call),
};

/**
 * How searchads accounts are opened, for a function that reads searchads accounts without serving
 * searchads tools (the deskads function: import_deskads_from_searchads): it carries the adapters,
 * not every searchads tool. The searchads manifest opens its accounts with the same adapters.
 */
export const searchAdsPorts = definePorts<SearchAdsPort>({
  word: 'searchads',
  adapters: SEARCHADS_ADAPTERS,
  connector: searchAdsConnector,
});
