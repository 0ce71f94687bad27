import type { LiveSettingSpec } from '../../../core/platform';
import { secretSetting, setting, urlSetting } from '../../live/settings';

/** The short-video platform's API settings (docs/live/shortvideo.md, "Settings"). */
export interface ShortVideoSettings {
  /** The API host, without the version path (`https://business-api.tiktok.com`). */
  apiUrl: string;
  /** `v1.3`: the path segment after `/open_api/`. */
  apiVersion: string;
  /** The developer app's id (`app_id`) and secret (`secret`). */
  clientId?: string;
  clientSecret?: string;
  /** The advertiser authorization page. */
  oauthAuthorizeUrl: string;
  /** Where an `auth_code` is exchanged for an access token. */
  oauthTokenUrl: string;
  /** Hosts report files are downloaded from. */
  downloadHosts: string[];
}

/** The newest stable version of the platform's API when this gateway was built. */
export const SHORTVIDEO_DEFAULT_API_VERSION = 'v1.3';
/** Versions the platform has switched off: they answer a setup error, not a call. */
export const SHORTVIDEO_SUNSET_VERSIONS = ['v1.0', 'v1.1', 'v1.2'];

/** Every setting shortvideo reads: the stack passes the plain ones on and keeps the secret ones in its secret. */
export const SHORTVIDEO_SETTINGS: LiveSettingSpec[] = [
  { name: 'SHORTVIDEO_API_URL', kind: 'url' },
  { name: 'SHORTVIDEO_API_VERSION', kind: 'version', pattern: /^v\d+\.\d+$/, example: 'v1.3' },
  { name: 'SHORTVIDEO_OAUTH_AUTHORIZE_URL', kind: 'url' },
  { name: 'SHORTVIDEO_OAUTH_TOKEN_URL', kind: 'url' },
  { name: 'SHORTVIDEO_DOWNLOAD_HOSTS', kind: 'hosts' },
  { name: 'SHORTVIDEO_CLIENT_ID', kind: 'secret' },
  { name: 'SHORTVIDEO_CLIENT_SECRET', kind: 'secret' },
];

export async function shortVideoSettings(): Promise<ShortVideoSettings> {
  const apiUrl = urlSetting('SHORTVIDEO_API_URL', 'https://business-api.tiktok.com');
  const apiVersion = setting('SHORTVIDEO_API_VERSION', SHORTVIDEO_DEFAULT_API_VERSION);
  return {
    apiUrl,
    apiVersion,
    clientId: await secretSetting('SHORTVIDEO_CLIENT_ID'),
    clientSecret: await secretSetting('SHORTVIDEO_CLIENT_SECRET'),
    oauthAuthorizeUrl: urlSetting('SHORTVIDEO_OAUTH_AUTHORIZE_URL', 'https://business-api.tiktok.com/portal/auth'),
    // Kept as given: the platform's paths end in a slash, which it requires.
    oauthTokenUrl: setting('SHORTVIDEO_OAUTH_TOKEN_URL', `${apiUrl}/open_api/${apiVersion}/oauth2/access_token/`),
    downloadHosts: setting('SHORTVIDEO_DOWNLOAD_HOSTS', 'business-api.tiktok.com,ads.tiktok.com')
      .split(',')
      .map((host) => host.trim())
      .filter(Boolean),
  };
}
