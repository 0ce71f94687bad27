import type { PlatformAccountParameter } from '../../core/platforms';
import { platformToolDefiner } from '../../core/tool';
import type { ShortVideoPort } from './port';

/** How shortvideo tools name an account (specification, "Account selection parameters"). */
export const SHORTVIDEO_ACCOUNT: PlatformAccountParameter = {
  parameter: 'advertiser_id',
  aliases: [],
  description: 'Advertiser id; required only with several shortvideo accounts connected',
};

/**
 * `defineTool` for shortvideo tools: adds the account parameter; the runtime opens the shortvideo port of the
 * selected account (from the platform's manifest) and hands it to the tool as `ctx.platform`.
 */
export const defineShortVideoTool = platformToolDefiner<ShortVideoPort>('shortvideo', SHORTVIDEO_ACCOUNT);
