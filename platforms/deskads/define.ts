import { platformToolDefiner } from '../../functions/runtime/tool';
import { openPort } from '../platform-module';
import type { DeskAdsPort } from './port';
import { DeskAdsSandbox } from './sandbox';

/** `defineTool` for deskads tools: adds the account parameter and hands each tool the deskads port. */
export const defineDeskAdsTool = platformToolDefiner<DeskAdsPort>(
  'deskads',
  openPort({ sandbox: (account) => new DeskAdsSandbox(account) }),
);
