import { platformToolDefiner } from '../../core/tool';
import { openPort } from '../platform-module';
import type { ProAdsPort } from './port';
import { ProAdsSandbox } from './sandbox';

/** Opens the proads port of a connected account (the sandbox, or a clear error for live accounts). */
export const openProAds = openPort<ProAdsPort>({ sandbox: (account) => new ProAdsSandbox(account) });

/** `defineTool` for proads tools: adds the account parameter and hands each tool the proads port. */
export const defineProAdsTool = platformToolDefiner<ProAdsPort>('proads', openProAds);
