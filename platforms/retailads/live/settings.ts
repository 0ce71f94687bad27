import type { LiveSettingSpec } from '../../../core/platform';
import { secretSetting, setting, urlSetting } from '../../live/settings';

/**
 * The retail marketplace's Ads API settings (docs/live/retailads.md, "Settings"). One deployment
 * serves one region: the North America host by default; RETAILADS_API_URL and the two OAuth URLs
 * point it at the Europe or Far East hosts instead (the same app works in every region).
 */
export interface RetailAdsSettings {
  apiUrl: string;
  clientId?: string;
  clientSecret?: string;
  oauthAuthorizeUrl: string;
  oauthTokenUrl: string;
  /** Hosts report files may be downloaded from. */
  downloadHosts: string[];
}

/** The Ads API hosts per region (the platform's API overview). */
export const RETAILADS_API_HOSTS = {
  NA: 'https://advertising-api.amazon.com',
  EU: 'https://advertising-api-eu.amazon.com',
  FE: 'https://advertising-api-fe.amazon.com',
} as const;

/** The login service's consent page and token endpoint per region (the same app works in every region). */
export const RETAILADS_LOGIN_URLS = {
  NA: { authorize: 'https://www.amazon.com/ap/oa', token: 'https://api.amazon.com/auth/o2/token' },
  EU: { authorize: 'https://eu.account.amazon.com/ap/oa', token: 'https://api.amazon.co.uk/auth/o2/token' },
  FE: { authorize: 'https://apac.account.amazon.com/ap/oa', token: 'https://api.amazon.co.jp/auth/o2/token' },
} as const;

/** Where reporting v3 hands out its files (one storage host per region). */
export const RETAILADS_DEFAULT_DOWNLOAD_HOSTS = [
  'offline-report-storage-us-east-1-prod.s3.amazonaws.com',
  'offline-report-storage-eu-west-1-prod.s3.amazonaws.com',
  'offline-report-storage-us-west-2-prod.s3.amazonaws.com',
];

/** Every setting retailads reads: the stack passes the plain ones on and keeps the secret ones in its secret. */
export const RETAILADS_SETTINGS: LiveSettingSpec[] = [
  { name: 'RETAILADS_API_URL', kind: 'url' },
  { name: 'RETAILADS_OAUTH_AUTHORIZE_URL', kind: 'url' },
  { name: 'RETAILADS_OAUTH_TOKEN_URL', kind: 'url' },
  { name: 'RETAILADS_DOWNLOAD_HOSTS', kind: 'hosts' },
  { name: 'RETAILADS_CLIENT_ID', kind: 'secret' },
  { name: 'RETAILADS_CLIENT_SECRET', kind: 'secret' },
];

export async function retailAdsSettings(): Promise<RetailAdsSettings> {
  return {
    apiUrl: urlSetting('RETAILADS_API_URL', RETAILADS_API_HOSTS.NA),
    clientId: await secretSetting('RETAILADS_CLIENT_ID'),
    clientSecret: await secretSetting('RETAILADS_CLIENT_SECRET'),
    oauthAuthorizeUrl: urlSetting('RETAILADS_OAUTH_AUTHORIZE_URL', RETAILADS_LOGIN_URLS.NA.authorize),
    oauthTokenUrl: urlSetting('RETAILADS_OAUTH_TOKEN_URL', RETAILADS_LOGIN_URLS.NA.token),
    downloadHosts: setting('RETAILADS_DOWNLOAD_HOSTS', RETAILADS_DEFAULT_DOWNLOAD_HOSTS.join(','))
      .split(',')
      .map((host) => host.trim())
      .filter(Boolean),
  };
}
