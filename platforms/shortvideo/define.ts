import { platformToolDefiner } from '../../functions/runtime/tool';
import { openSandboxOnly } from '../platform-module';
import type { ShortVideoPort } from './port';
import { ShortVideoSandbox } from './sandbox';

/** `defineTool` for shortvideo tools: adds the account parameter and hands each tool the shortvideo port. */
export const defineShortVideoTool = platformToolDefiner<ShortVideoPort>(
  'shortvideo',
  openSandboxOnly((account) => new ShortVideoSandbox(account)),
);
