import type { LiveSettingSpec } from '../../../core/platform';
import { secretSetting, setting, urlSetting } from '../../live/settings';

/** The deskads platform's API settings (docs/live/deskads.md, "Settings"). */
export interface DeskAdsSettings {
  /** One base URL per service of the platform's API (tests point all of them at one local fake). */
  campaignApiUrl: string;
  reportingApiUrl: string;
  customerApiUrl: string;
  adInsightApiUrl: string;
  developerToken?: string;
  clientId?: string;
  clientSecret?: string;
  oauthAuthorizeUrl: string;
  oauthTokenUrl: string;
  /** Hosts report and location files are downloaded from. */
  downloadHosts: string[];
}

/** The platform's own file hosts: report files and the locations file come from its storage account. */
export const DESKADS_DEFAULT_DOWNLOAD_HOSTS = 'bingadsappsstorageprod.blob.core.windows.net,download.api.bingads.microsoft.com';

/** Every setting deskads reads: the stack passes the plain ones on and keeps the secret ones in its secret. */
export const DESKADS_SETTINGS: LiveSettingSpec[] = [
  { name: 'DESKADS_CAMPAIGN_API_URL', kind: 'url' },
  { name: 'DESKADS_REPORTING_API_URL', kind: 'url' },
  { name: 'DESKADS_CUSTOMER_API_URL', kind: 'url' },
  { name: 'DESKADS_AD_INSIGHT_API_URL', kind: 'url' },
  { name: 'DESKADS_OAUTH_AUTHORIZE_URL', kind: 'url' },
  { name: 'DESKADS_OAUTH_TOKEN_URL', kind: 'url' },
  { name: 'DESKADS_DOWNLOAD_HOSTS', kind: 'hosts' },
  { name: 'DESKADS_DEVELOPER_TOKEN', kind: 'secret' },
  { name: 'DESKADS_CLIENT_ID', kind: 'secret' },
  { name: 'DESKADS_CLIENT_SECRET', kind: 'secret' },
];

export async function deskAdsSettings(): Promise<DeskAdsSettings> {
  return {
    campaignApiUrl: urlSetting('DESKADS_CAMPAIGN_API_URL', 'https://campaign.api.bingads.microsoft.com'),
    reportingApiUrl: urlSetting('DESKADS_REPORTING_API_URL', 'https://reporting.api.bingads.microsoft.com'),
    customerApiUrl: urlSetting('DESKADS_CUSTOMER_API_URL', 'https://clientcenter.api.bingads.microsoft.com'),
    adInsightApiUrl: urlSetting('DESKADS_AD_INSIGHT_API_URL', 'https://adinsight.api.bingads.microsoft.com'),
    developerToken: await secretSetting('DESKADS_DEVELOPER_TOKEN'),
    clientId: await secretSetting('DESKADS_CLIENT_ID'),
    clientSecret: await secretSetting('DESKADS_CLIENT_SECRET'),
    oauthAuthorizeUrl: urlSetting('DESKADS_OAUTH_AUTHORIZE_URL', 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize'),
    oauthTokenUrl: urlSetting('DESKADS_OAUTH_TOKEN_URL', 'https://login.microsoftonline.com/common/oauth2/v2.0/token'),
    downloadHosts: setting('DESKADS_DOWNLOAD_HOSTS', DESKADS_DEFAULT_DOWNLOAD_HOSTS)
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
  };
}
