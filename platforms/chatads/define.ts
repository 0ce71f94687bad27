import { platformToolDefiner } from '../../functions/runtime/tool';
import { openPort } from '../platform-module';
import type { ChatAdsPort } from './port';
import { ChatAdsSandbox } from './sandbox';

/** `defineTool` for chatads tools: adds the account parameter and hands each tool the chatads port. */
export const defineChatAdsTool = platformToolDefiner<ChatAdsPort>(
  'chatads',
  openPort({ sandbox: (account) => new ChatAdsSandbox(account) }),
);
