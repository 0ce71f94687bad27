import { platformToolDefiner } from '../../core/tool';
import { openPort } from '../platform-module';
import { ChatAdsLive } from './live/adapter';
import type { ChatAdsPort } from './port';
import { ChatAdsSandbox } from './sandbox';

/** Opens an account's chatads port: the sandbox adapter (in the failure wrapper) or the live adapter. */
export const openChatAdsPort = openPort<ChatAdsPort>({
  sandbox: (account) => new ChatAdsSandbox(account),
  live: (account, call) => new ChatAdsLive(account, call),
});

/** `defineTool` for chatads tools: adds the account parameter and hands each tool the chatads port. */
export const defineChatAdsTool = platformToolDefiner<ChatAdsPort>('chatads', openChatAdsPort);
