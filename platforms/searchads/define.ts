import { platformToolDefiner } from '../../core/tool';
import { openPort } from '../platform-module';
import { SearchAdsLive } from './live/adapter';
import type { SearchAdsPort } from './port';
import { SearchAdsSandbox } from './sandbox';

/** Opens an account's searchads port: the sandbox adapter, or the live adapter over the platform's API. */
export const openSearchAdsPort = openPort<SearchAdsPort>({
  sandbox: (account) => new SearchAdsSandbox(account),
  live: (account, call) => new SearchAdsLive(account, call),
});

/** `defineTool` for searchads tools: adds the account parameter and hands each tool the searchads port. */
export const defineSearchAdsTool = platformToolDefiner<SearchAdsPort>('searchads', openSearchAdsPort);
