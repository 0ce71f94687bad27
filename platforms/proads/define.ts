import { platformToolDefiner } from '../../functions/runtime/tool';
import { openPort } from '../platform-module';
import type { ProAdsPort } from './port';
import { ProAdsSandbox } from './sandbox';

/** `defineTool` for proads tools: adds the account parameter and hands each tool the proads port. */
export const defineProAdsTool = platformToolDefiner<ProAdsPort>(
  'proads',
  openPort({ sandbox: (account) => new ProAdsSandbox(account) }),
);
