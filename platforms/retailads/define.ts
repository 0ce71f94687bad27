import type { PlatformAccountParameter } from '../../core/platforms';
import { platformToolDefiner } from '../../core/tool';
import type { RetailAdsPort } from './port';

/** How retailads tools name an account (specification, "Account selection parameters"). */
export const RETAILADS_ACCOUNT: PlatformAccountParameter = {
  parameter: 'profile_id',
  aliases: [],
  description: 'Advertiser profile id from list_retailads_profiles; omit to use your selected account',
};

/**
 * `defineTool` for retailads tools: adds the account parameter; the runtime opens the retailads port of the
 * selected account (from the platform's manifest) and hands it to the tool as `ctx.platform`.
 */
export const defineRetailAdsTool = platformToolDefiner<RetailAdsPort>('retailads', RETAILADS_ACCOUNT);
