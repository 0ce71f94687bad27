import type { LiveSettingSpec } from '../../../core/platform';
import { secretSetting, setting, urlSetting } from '../../live/settings';

/** The professional network's Marketing API settings (docs/live/proads.md, "Settings"). */
export interface ProAdsSettings {
  /** Base of the versioned REST interface, e.g. https://api.linkedin.com/rest. */
  apiUrl: string;
  /** The monthly version sent as `LinkedIn-Version` (YYYYMM). */
  apiVersion: string;
  clientId?: string;
  clientSecret?: string;
  oauthAuthorizeUrl: string;
  oauthTokenUrl: string;
}

/**
 * The newest monthly version of the Marketing API when this gateway was built (November 2026).
 * Each version is served for about a year; an older one answers 426 and the adapter names the setting.
 */
export const PROADS_DEFAULT_API_VERSION = '202611';

/** Every setting proads reads: the stack passes the plain ones on and keeps the secret ones in its secret. */
export const PROADS_SETTINGS: LiveSettingSpec[] = [
  { name: 'PROADS_API_URL', kind: 'url' },
  { name: 'PROADS_API_VERSION', kind: 'version', pattern: /^20\d{2}(0[1-9]|1[0-2])$/, example: PROADS_DEFAULT_API_VERSION },
  { name: 'PROADS_OAUTH_AUTHORIZE_URL', kind: 'url' },
  { name: 'PROADS_OAUTH_TOKEN_URL', kind: 'url' },
  { name: 'PROADS_CLIENT_ID', kind: 'secret' },
  { name: 'PROADS_CLIENT_SECRET', kind: 'secret' },
];

export async function proAdsSettings(): Promise<ProAdsSettings> {
  return {
    apiUrl: urlSetting('PROADS_API_URL', 'https://api.linkedin.com/rest'),
    apiVersion: setting('PROADS_API_VERSION', PROADS_DEFAULT_API_VERSION).trim(),
    clientId: await secretSetting('PROADS_CLIENT_ID'),
    clientSecret: await secretSetting('PROADS_CLIENT_SECRET'),
    oauthAuthorizeUrl: urlSetting('PROADS_OAUTH_AUTHORIZE_URL', 'https://www.linkedin.com/oauth/v2/authorization'),
    oauthTokenUrl: urlSetting('PROADS_OAUTH_TOKEN_URL', 'https://www.linkedin.com/oauth/v2/accessToken'),
  };
}
