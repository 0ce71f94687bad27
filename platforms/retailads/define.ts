import { platformToolDefiner } from '../../functions/runtime/tool';
import { openPort } from '../platform-module';
import type { RetailAdsPort } from './port';
import { RetailAdsSandbox } from './sandbox';

/** `defineTool` for retailads tools: adds the account parameter and hands each tool the retailads port. */
export const defineRetailAdsTool = platformToolDefiner<RetailAdsPort>(
  'retailads',
  openPort({ sandbox: (account) => new RetailAdsSandbox(account) }),
);
