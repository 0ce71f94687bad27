import { platformToolDefiner } from '../../functions/runtime/tool';
import { openSandboxOnly } from '../platform-module';
import type { ChatAdsPort } from './port';
import { ChatAdsSandbox } from './sandbox';

/** `defineTool` for chatads tools: adds the account parameter and hands each tool the chatads port. */
export const defineChatAdsTool = platformToolDefiner<ChatAdsPort>(
  'chatads',
  openSandboxOnly((account) => new ChatAdsSandbox(account)),
);
