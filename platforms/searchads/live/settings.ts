import type { LiveSettingSpec } from '../../../core/platform';
import { secretSetting, setting, urlSetting } from '../../live/settings';

/** The search platform's API settings (README, "Live accounts"). */
export interface SearchAdsSettings {
  apiUrl: string;
  apiVersion: string;
  /** Optional: developer tokens were sunset on 2026-09-09 (access levels come from the Cloud project); sent when set. */
  developerToken?: string;
  clientId?: string;
  clientSecret?: string;
  oauthTokenUrl: string;
  oauthAuthorizeUrl: string;
}

/** The newest stable version of the search platform's API when this gateway was built (v26, October 2026). */
export const SEARCHADS_DEFAULT_API_VERSION = 'v26';

/** Every setting searchads reads: the stack passes the plain ones on and keeps the secret ones in its secret. */
export const SEARCHADS_SETTINGS: LiveSettingSpec[] = [
  { name: 'SEARCHADS_API_URL', kind: 'url' },
  { name: 'SEARCHADS_API_VERSION', kind: 'version', pattern: /^v\d+$/, example: 'v26' },
  { name: 'SEARCHADS_OAUTH_TOKEN_URL', kind: 'url' },
  { name: 'SEARCHADS_OAUTH_AUTHORIZE_URL', kind: 'url' },
  { name: 'SEARCHADS_DEVELOPER_TOKEN', kind: 'secret' },
  { name: 'SEARCHADS_CLIENT_ID', kind: 'secret' },
  { name: 'SEARCHADS_CLIENT_SECRET', kind: 'secret' },
];

export async function searchAdsSettings(): Promise<SearchAdsSettings> {
  return {
    apiUrl: urlSetting('SEARCHADS_API_URL', 'https://googleads.googleapis.com'),
    apiVersion: setting('SEARCHADS_API_VERSION', SEARCHADS_DEFAULT_API_VERSION),
    developerToken: await secretSetting('SEARCHADS_DEVELOPER_TOKEN'),
    clientId: await secretSetting('SEARCHADS_CLIENT_ID'),
    clientSecret: await secretSetting('SEARCHADS_CLIENT_SECRET'),
    oauthTokenUrl: urlSetting('SEARCHADS_OAUTH_TOKEN_URL', 'https://oauth2.googleapis.com/token'),
    oauthAuthorizeUrl: urlSetting('SEARCHADS_OAUTH_AUTHORIZE_URL', 'https://accounts.google.com/o/oauth2/v2/auth'),
  };
}
