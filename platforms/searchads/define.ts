import { platformToolDefiner } from '../../functions/runtime/tool';
import { openPort } from '../platform-module';
import type { SearchAdsPort } from './port';
import { SearchAdsSandbox } from './sandbox';

/** `defineTool` for searchads tools: adds the account parameter and hands each tool the searchads port. */
export const defineSearchAdsTool = platformToolDefiner<SearchAdsPort>(
  'searchads',
  openPort({ sandbox: (account) => new SearchAdsSandbox(account) }),
);
