import { platformToolDefiner } from '../../core/tool';
import { openPort } from '../platform-module';
import type { RetailAdsPort } from './port';
import { RetailAdsSandbox } from './sandbox';

/** Opens the retailads port of an account, as every retailads tool gets it (failure injection included). */
export const openRetailAdsPort = openPort<RetailAdsPort>({ sandbox: (account) => new RetailAdsSandbox(account) });

/** `defineTool` for retailads tools: adds the account parameter and hands each tool the retailads port. */
export const defineRetailAdsTool = platformToolDefiner<RetailAdsPort>('retailads', openRetailAdsPort);
