import { ToolError } from '../../../core/errors';
import type { LiveAccountGrant, LiveConnector } from '../../../core/platform';
import type { PortCall } from '../../../core/tool';
import { ConnectOptionsError, connectionBroken } from '../../live/connector';
import { sendUpstream } from '../../live/http';
import { openRetailAdsLive } from './adapter';
import { listWireProfiles } from './profiles';
import { RETAILADS_SETTINGS, retailAdsSettings } from './settings';
import { oauthFailure, PLATFORM, RetailAdsApi, RetailAdsSetupError } from './wire';

/**
 * Connecting live retailads profiles with a Login-with-Amazon refresh token: every advertising
 * profile (one per marketplace, seller or vendor) the token's user can manage, or only the one asked
 * for with --account-id. Agency profiles are not advertisers and are left out. The connect link runs
 * the login service's consent page with the campaign-management scope.
 */

/** The scope the Ads API needs (the login service's consent page asks the user for it). */
export const RETAILADS_SCOPE = 'advertising::campaign_management';
const OPTIONS = ['refresh-token', 'account-id'];

/** The refusal of a credential before any account is stored: nothing to mark, just the 400. */
const refusedAtConnect = async (reason: string) =>
  new ToolError(
    `The retailads platform refused these credentials: ${reason} Get a new refresh token (or send a connect link with gateway accounts connect-link) and connect again.`,
    { code: 'connection_broken', platform: PLATFORM },
  );

async function connect(options: Record<string, string>, call: PortCall): Promise<LiveAccountGrant[]> {
  const unknown = Object.keys(options).filter((name) => !OPTIONS.includes(name));
  if (unknown.length)
    throw new ConnectOptionsError(
      `retailads takes --refresh-token and --account-id only; remove ${unknown.map((n) => `--${n}`).join(', ')}.`,
    );
  const refreshToken = options['refresh-token']?.trim();
  if (!refreshToken)
    throw new ConnectOptionsError(
      "--refresh-token is required: a refresh token of the platform's login service, of a user who manages the advertising profiles (or use gateway accounts connect-link).",
    );
  const only = options['account-id']?.trim();
  if (only !== undefined && !/^\d{1,20}$/.test(only))
    throw new ConnectOptionsError(`--account-id must be a numeric advertising profile id such as 3456789012345678, not "${only}".`);
  const credentials = { refresh_token: refreshToken };
  const profiles = (await listWireProfiles(new RetailAdsApi(credentials, undefined, call, refusedAtConnect))).filter(
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
    throw new RetailAdsSetupError('RETAILADS_CLIENT_ID and RETAILADS_CLIENT_SECRET must be set.');
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
  async checkHealth(account, call) {
    let broken: { detail: string; fix: string } | undefined;
    const port = openRetailAdsLive(account, call, async (reason, fix) => {
      broken = { detail: reason, fix };
      return connectionBroken(account, reason, fix);
    });
    try {
      const profiles = await port.listProfiles();
      if (!profiles.length) {
        const detail = `the user who connected it can no longer manage profile ${account.account_id}.`;
        const fix = 'Ask an administrator of the advertising account to give the user access again, then reconnect the profile.';
        await connectionBroken(account, detail, fix);
        return { healthy: false, detail, fix };
      }
      return { healthy: true, detail: 'ok' };
    } catch (err) {
      if (broken) return { healthy: false, ...broken };
      throw err;
    }
  },
  oauth: {
    async authorizeUrl(state, redirectUri) {
      const { clientId, authorizeUrl } = await requireClient();
      const url = new URL(authorizeUrl);
      for (const [key, value] of Object.entries({
        client_id: clientId,
        scope: RETAILADS_SCOPE,
        response_type: 'code',
        redirect_uri: redirectUri,
        state,
      }))
        url.searchParams.set(key, value);
      return url.toString();
    },
    async exchangeCode(code, redirectUri, call) {
      const { clientId, clientSecret, tokenUrl } = await requireClient();
      const response = await sendUpstream(
        PLATFORM,
        {
          method: 'POST',
          url: tokenUrl,
          form: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: clientId, client_secret: clientSecret },
          safe: false,
        },
        call,
      );
      const body = (response.body ?? {}) as { refresh_token?: unknown; error?: unknown };
      if (response.status === 200 && typeof body.refresh_token === 'string') return { 'refresh-token': body.refresh_token };
      const error = typeof body.error === 'string' ? body.error : undefined;
      throw await oauthFailure(
        error,
        async () =>
          new ToolError('The authorization code is invalid, expired or was already used. Start the connect link again.', {
            code: 'invalid_arguments',
            platform_error: error ?? 'invalid_grant',
          }),
      );
    },
  },
};
