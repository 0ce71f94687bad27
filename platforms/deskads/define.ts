import type { PlatformAccountParameter } from '../../core/platforms';
import { platformToolDefiner } from '../../core/tool';
import type { DeskAdsPort } from './port';

/** How deskads tools name an account (specification, "Account selection parameters"). */
export const DESKADS_ACCOUNT: PlatformAccountParameter = {
  parameter: 'account_id',
  aliases: ['customer_id'],
  description:
    'Numeric AccountId from list_deskads_accounts (not the 8-character account number); customer_id is an alias; required only with several deskads accounts connected',
};

/**
 * `defineTool` for deskads tools: adds the account parameter; the runtime opens the deskads port of the
 * selected account (from the platform's manifest) and hands it to the tool as `ctx.platform`.
 */
export const defineDeskAdsTool = platformToolDefiner<DeskAdsPort>('deskads', DESKADS_ACCOUNT);
