import type { PlatformAccountParameter } from '../../core/platforms';
import { platformToolDefiner } from '../../core/tool';
import type { ChatAdsPort } from './port';

/** How chatads tools name an account (specification, "Account selection parameters"). */
// The specification shows no account parameter on chatads tools; ad_account_id is accepted so
// owners with several chatads accounts can still choose one.
export const CHATADS_ACCOUNT: PlatformAccountParameter = {
  parameter: 'ad_account_id',
  aliases: [],
  description: 'Ad account id; required only with several chatads accounts connected',
};

/**
 * `defineTool` for chatads tools: adds the account parameter; the runtime opens the chatads port of the
 * selected account (from the platform's manifest) and hands it to the tool as `ctx.platform`.
 */
export const defineChatAdsTool = platformToolDefiner<ChatAdsPort>('chatads', CHATADS_ACCOUNT);
