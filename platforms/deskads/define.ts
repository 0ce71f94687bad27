import { platformToolDefiner } from '../../core/tool';
import { openPort } from '../platform-module';
import type { DeskAdsPort } from './port';
import { DeskAdsSandbox } from './sandbox';

/** Opens the deskads port of an account, as every deskads tool gets it (failure injection included). */
export const openDeskAdsPort = openPort<DeskAdsPort>({ sandbox: (account) => new DeskAdsSandbox(account) });

/** `defineTool` for deskads tools: adds the account parameter and hands each tool the deskads port. */
export const defineDeskAdsTool = platformToolDefiner<DeskAdsPort>('deskads', openDeskAdsPort);
