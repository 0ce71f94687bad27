import type { LiveSettingSpec } from '../../../core/platform';
import { secretSetting, setting, urlSetting } from '../../live/settings';

/** The socialads platform's API settings (docs/live/socialads.md, "Settings"). */
export interface SocialAdsSettings {
  /** The Graph API host, without a version (`https://graph.facebook.com`). */
  apiUrl: string;
  /** `v25.0`: every path starts with it. */
  apiVersion: string;
  /** The app's id and secret (appsecret_proof, the token debugger, code and token exchanges). */
  clientId?: string;
  clientSecret?: string;
  /** The login dialog (consent page) and the token endpoint of the connect link. */
  oauthAuthorizeUrl: string;
  oauthTokenUrl: string;
}

/** The newest stable Graph API version in the platform's published API definitions this gateway was built from. */
export const SOCIALADS_DEFAULT_API_VERSION = 'v25.0';

/** Every setting socialads reads: the stack passes the plain ones on and keeps the secret ones in its secret. */
export const SOCIALADS_SETTINGS: LiveSettingSpec[] = [
  { name: 'SOCIALADS_API_URL', kind: 'url' },
  { name: 'SOCIALADS_API_VERSION', kind: 'version', pattern: /^v\d+\.\d+$/, example: 'v25.0' },
  { name: 'SOCIALADS_OAUTH_AUTHORIZE_URL', kind: 'url' },
  { name: 'SOCIALADS_OAUTH_TOKEN_URL', kind: 'url' },
  { name: 'SOCIALADS_CLIENT_ID', kind: 'secret' },
  { name: 'SOCIALADS_CLIENT_SECRET', kind: 'secret' },
];

export async function socialAdsSettings(): Promise<SocialAdsSettings> {
  const apiVersion = setting('SOCIALADS_API_VERSION', SOCIALADS_DEFAULT_API_VERSION);
  const apiUrl = urlSetting('SOCIALADS_API_URL', 'https://graph.facebook.com');
  return {
    apiUrl,
    apiVersion,
    clientId: await secretSetting('SOCIALADS_CLIENT_ID'),
    clientSecret: await secretSetting('SOCIALADS_CLIENT_SECRET'),
    oauthAuthorizeUrl: urlSetting('SOCIALADS_OAUTH_AUTHORIZE_URL', `https://www.facebook.com/${apiVersion}/dialog/oauth`),
    oauthTokenUrl: urlSetting('SOCIALADS_OAUTH_TOKEN_URL', `${apiUrl}/${apiVersion}/oauth/access_token`),
  };
}
