import type { PlatformAccountParameter } from '../../core/platforms';
import { platformToolDefiner } from '../../core/tool';
import type { ProAdsPort } from './port';

/** How proads tools name an account (specification, "Account selection parameters"). */
export const PROADS_ACCOUNT: PlatformAccountParameter = {
  parameter: 'ad_account_id',
  aliases: [],
  description: 'Ad account id; required only with several proads accounts connected',
};

/**
 * `defineTool` for proads tools: adds the account parameter; the runtime opens the proads port of the
 * selected account (from the platform's manifest) and hands it to the tool as `ctx.platform`.
 */
export const defineProAdsTool = platformToolDefiner<ProAdsPort>('proads', PROADS_ACCOUNT);
