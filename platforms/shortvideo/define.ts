import { platformToolDefiner } from '../../core/tool';
import { openPort } from '../platform-module';
import type { ShortVideoPort } from './port';
import { ShortVideoSandbox } from './sandbox';

/** Opens the shortvideo port of an account, as every shortvideo tool gets it (failure injection included). */
export const openShortVideoPort = openPort<ShortVideoPort>({ sandbox: (account) => new ShortVideoSandbox(account) });

/** `defineTool` for shortvideo tools: adds the account parameter and hands each tool the shortvideo port. */
export const defineShortVideoTool = platformToolDefiner<ShortVideoPort>('shortvideo', openShortVideoPort);
