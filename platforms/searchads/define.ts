import type { PlatformAccountParameter } from '../../core/platforms';
import { platformToolDefiner } from '../../core/tool';
import type { SearchAdsPort } from './port';

/** How searchads tools name an account (specification, "Account selection parameters"). */
export const SEARCHADS_ACCOUNT: PlatformAccountParameter = {
  parameter: 'customer_id',
  aliases: [],
  description: 'Customer id (10 digits, no dashes); required only with several searchads accounts connected',
};

/**
 * `defineTool` for searchads tools: adds the account parameter; the runtime opens the searchads port of the
 * selected account (from the platform's manifest) and hands it to the tool as `ctx.platform`.
 */
export const defineSearchAdsTool = platformToolDefiner<SearchAdsPort>('searchads', SEARCHADS_ACCOUNT);
