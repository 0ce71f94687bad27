import type { PlatformAccountParameter } from '../../core/platforms';
import { platformToolDefiner } from '../../core/tool';
import type { SocialAdsPort } from './port';

/** How socialads tools name an account (specification, "Account selection parameters"). */
export const SOCIALADS_ACCOUNT: PlatformAccountParameter = {
  parameter: 'ad_account_id',
  aliases: [],
  description: 'Ad account id (act_...); required only with several socialads accounts connected',
};

/**
 * `defineTool` for socialads tools: adds the account parameter; the runtime opens the socialads port of the
 * selected account (from the platform's manifest) and hands it to the tool as `ctx.platform`.
 */
export const defineSocialAdsTool = platformToolDefiner<SocialAdsPort>('socialads', SOCIALADS_ACCOUNT);
