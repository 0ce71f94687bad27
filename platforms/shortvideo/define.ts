import { platformToolDefiner } from '../../functions/runtime/tool';
import { openPort } from '../platform-module';
import type { ShortVideoPort } from './port';
import { ShortVideoSandbox } from './sandbox';

/** `defineTool` for shortvideo tools: adds the account parameter and hands each tool the shortvideo port. */
export const defineShortVideoTool = platformToolDefiner<ShortVideoPort>(
  'shortvideo',
  openPort({ sandbox: (account) => new ShortVideoSandbox(account) }),
);
