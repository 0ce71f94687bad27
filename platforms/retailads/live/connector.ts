import { ToolError, LiveSetupError } from '../../../core/errors';
import type { LiveAccountGrant, LiveConnector } from '../../../core/platform';
import type { PortCall } from '../../../core/tool';
import {
  ConnectOptionsError,
  checkHealthWith,
  connectionBroken,
  refreshTokenConnectLink,
  refreshTokenOption,
  refusedAtConnect,
} from '../../live/connector';
import { openRetailAdsLive } from './adapter';
import { listWireProfiles } from './profiles';
import { RETAILADS_SETTINGS, retailAdsSettings } from './settings';
import { oauthFailure, PLATFORM, RetailAdsApi } from './wire';

/**
 * Connecting live retailads profiles with a Login-with-Amazon refresh token: every advertising
 * profile (one per marketplace, seller or vendor) the token's user can manage, or only the one asked
 * for with --account-id. Agency profiles are not advertisers and are left out. The connect link runs
 * the login service's consent page with the campaign-management scope.
 */

/** The scope the Ads API needs (the login service's consent page asks the user for it). */
export const RETAILADS_SCOPE = 'advertising::campaign_management';
const OPTIONS = ['refresh-token', 'account-id'];

const refused = refusedAtConnect(PLATFORM, 'The retailads platform');

async function connect(options: Record<string, string>, call: PortCall): Promise<LiveAccountGrant[]> {
  const unknown = Object.keys(options).filter((name) => !OPTIONS.includes(name));
  if (unknown.length)
    throw new ConnectOptionsError(
      `retailads takes --refresh-token and --account-id only; remove ${unknown.map((n) => `--${n}`).join(', ')}.`,
    );
  const refreshToken = refreshTokenOption(
    options,
    "a refresh token of the platform's login service, of a user who manages the advertising profiles",
  );
  const only = options['account-id']?.trim();
  if (only !== undefined && !/^\d{1,20}$/.test(only))
    throw new ConnectOptionsError(`--account-id must be a numeric advertising profile id such as 3456789012345678, not "${only}".`);
  const credentials = { refresh_token: refreshToken };
  const profiles = (await listWireProfiles(new RetailAdsApi(credentials, undefined, call, refused))).filter(
    (p) => p.accountInfo?.type !== 'agency',
  );
  const chosen = only ? profiles.filter((p) => String(p.profileId) === only) : profiles;
  if (only && !chosen.length)
    throw new ToolError(
      `Profile ${only} cannot be managed with this token; it reaches ${profiles.map((p) => String(p.profileId)).join(', ') || 'no advertising profile'}.`,
      { code: 'not_found', platform: PLATFORM },
    );
  return chosen.map((p) => ({
    account_id: String(p.profileId),
    name: p.accountInfo?.name ?? String(p.profileId),
    currency: p.currencyCode ?? 'USD',
    time_zone: p.timezone ?? 'UTC',
    upstream: {
      account_type: p.accountInfo?.type === 'vendor' ? 'vendor' : 'seller',
      country_code: p.countryCode ?? '',
      marketplace: p.accountInfo?.marketplaceStringId ?? '',
    },
    credentials,
  }));
}

async function requireClient(): Promise<{ clientId: string; clientSecret: string; tokenUrl: string; authorizeUrl: string }> {
  const settings = await retailAdsSettings();
  if (!settings.clientId || !settings.clientSecret)
    throw new LiveSetupError({ platform: PLATFORM }, 'RETAILADS_CLIENT_ID and RETAILADS_CLIENT_SECRET must be set.');
  return {
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    tokenUrl: settings.oauthTokenUrl,
    authorizeUrl: settings.oauthAuthorizeUrl,
  };
}

export const retailAdsConnector: LiveConnector = {
  usage: '--refresh-token T [--account-id <profile id>] (every advertising profile the token reaches, or only that one)',
  settings: RETAILADS_SETTINGS,
  connect,
  checkHealth: (account, call) =>
    checkHealthWith(account, async (refused) => {
      if ((await openRetailAdsLive(account, call, refused).listProfiles()).length) return;
      const detail = `the user who connected it can no longer manage profile ${account.account_id}.`;
      const fix = 'Ask an administrator of the advertising account to give the user access again, then reconnect the profile.';
      await connectionBroken(account, detail, fix);
      return { healthy: false, detail, fix };
    }),
  oauth: refreshTokenConnectLink({
    platform: PLATFORM,
    label: "The retailads platform's login service",
    client: requireClient,
    consent: { scope: RETAILADS_SCOPE },
    refusal: (body, invalidCode) => oauthFailure(body.error, invalidCode),
  }),
};
