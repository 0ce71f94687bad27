import type { PlatformAccountParameter, PlatformWord } from '../core/platforms';
import { CHATADS_ACCOUNT } from './chatads/define';
import { DESKADS_ACCOUNT } from './deskads/define';
import { PROADS_ACCOUNT } from './proads/define';
import { RETAILADS_ACCOUNT } from './retailads/define';
import { SEARCHADS_ACCOUNT } from './searchads/define';
import { SHORTVIDEO_ACCOUNT } from './shortvideo/define';
import { SOCIALADS_ACCOUNT } from './socialads/define';

/**
 * How each platform's tools name an account (its manifest's `account`), without the platform's tools:
 * what the gateway's tools that open no platform show (list_connected_accounts, switch_primary_account).
 */
export const ACCOUNT_PARAMETERS: Record<PlatformWord, PlatformAccountParameter> = {
  searchads: SEARCHADS_ACCOUNT,
  socialads: SOCIALADS_ACCOUNT,
  proads: PROADS_ACCOUNT,
  shortvideo: SHORTVIDEO_ACCOUNT,
  retailads: RETAILADS_ACCOUNT,
  chatads: CHATADS_ACCOUNT,
  deskads: DESKADS_ACCOUNT,
};
