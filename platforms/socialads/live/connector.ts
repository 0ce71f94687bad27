import type { ConnectedAccount } from '../../../core/accounts';
import { ToolError, LiveSetupError } from '../../../core/errors';
import type { LiveAccountGrant, LiveConnector } from '../../../core/platform';
import type { PortCall } from '../../../core/tool';
import { sendUpstream } from '../../live/http';
import { ConnectOptionsError, connectionBroken, credentialsOf } from '../../live/connector';
import { PLATFORM, RECONNECT_FIX, SocialAdsGraph, errorOf, exchangeToken, tokenFailure, type SocialAdsCredentials } from './graph';
import { SOCIALADS_SETTINGS, socialAdsSettings, type SocialAdsSettings } from './settings';

/**
 * Connecting live socialads accounts with an access token (a system user's token, or a long-lived
 * user token from the connect link): the token is checked with the platform's token debugger (the
 * gateway's app, valid, the ads scopes, its expiry), then every ad account it reaches is connected,
 * or only the one named.
 */

/** The ads scopes the connect link asks for; ads_management or ads_read must be granted. */
export const SCOPES = ['ads_management', 'ads_read', 'business_management'];
/** A health check warns this long before a token expires. */
const WARN_BEFORE_DAYS = 14;
/** account_status values of ad accounts that cannot run ads any more (disabled, closed, pending closure). */
const DEAD_ACCOUNTS = new Set([2, 100, 101]);

interface WireAdAccount {
  id: string;
  name: string;
  currency: string;
  timezone_name: string;
  account_status?: number;
}
const ACCOUNT_FIELDS = 'id,name,currency,timezone_name,account_status';

/** The token debugger's view of a token. */
interface TokenInfo {
  app_id?: string;
  is_valid?: boolean;
  expires_at?: number;
  scopes?: string[];
  error?: { message?: string; subcode?: number };
}

/** A refusal before any account is stored: nothing to mark broken, just the 400. */
const refusedAtConnect = async (reason: string) =>
  new ToolError(
    `The socialads platform refused this access token: ${reason} Get a new token (or send a connect link with gateway accounts connect-link) and connect again.`,
    {
      code: 'connection_broken',
      platform: PLATFORM,
    },
  );

async function requireApp(): Promise<SocialAdsSettings & { clientId: string; clientSecret: string }> {
  const settings = await socialAdsSettings();
  if (!settings.clientId || !settings.clientSecret)
    throw new LiveSetupError({ platform: PLATFORM }, 'SOCIALADS_CLIENT_ID and SOCIALADS_CLIENT_SECRET must be set.');
  return settings as SocialAdsSettings & { clientId: string; clientSecret: string };
}

/** The token debugger (GET /debug_token with the app's token): who issued the token, its scopes and expiry. */
async function debugToken(token: string, call: PortCall): Promise<TokenInfo> {
  const settings = await requireApp();
  const query = new URLSearchParams({ input_token: token, access_token: `${settings.clientId}|${settings.clientSecret}` });
  const response = await sendUpstream(
    PLATFORM,
    { method: 'GET', url: `${settings.apiUrl}/${settings.apiVersion}/debug_token?${query}`, safe: true },
    call,
  );
  const error = errorOf(response.body);
  if (error) throw await tokenFailure(error, refusedAtConnect);
  const info = (response.body as { data?: TokenInfo } | undefined)?.data ?? {};
  if (info.app_id && info.app_id !== settings.clientId) {
    throw await refusedAtConnect(`it was issued for another app (${info.app_id}), not this gateway's app.`);
  }
  if (!info.is_valid) throw await refusedAtConnect(`it is not valid (${info.error?.message ?? 'expired or revoked'}).`);
  if (!(info.scopes ?? []).some((s) => s === 'ads_management' || s === 'ads_read')) {
    throw await refusedAtConnect('it was granted neither ads_management nor ads_read, so it cannot reach ad accounts.');
  }
  return info;
}

/** `act_123` from `act_123` or `123`. */
function accountIdOption(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const id = value.trim().replace(/^act_/, '');
  if (!/^\d{5,20}$/.test(id))
    throw new ConnectOptionsError(`--account-id must be an ad account id such as act_1234567890, not "${value}".`);
  return `act_${id}`;
}

async function connect(options: Record<string, string>, call: PortCall): Promise<LiveAccountGrant[]> {
  const unknown = Object.keys(options).filter((name) => name !== 'access-token' && name !== 'account-id');
  if (unknown.length)
    throw new ConnectOptionsError(`socialads takes --access-token and --account-id; remove ${unknown.map((n) => `--${n}`).join(', ')}.`);
  const token = options['access-token']?.trim();
  if (!token) {
    throw new ConnectOptionsError(
      "--access-token is required: a system user's access token from the business settings, or a long-lived user token (or use gateway accounts connect-link).",
    );
  }
  if (/\s/.test(token)) throw new ConnectOptionsError('--access-token must be the token alone, without spaces.');
  const only = accountIdOption(options['account-id']);
  const info = await debugToken(token, call);
  const credentials: SocialAdsCredentials = { access_token: token, expires_at: String(info.expires_at ?? 0) };
  const graph = new SocialAdsGraph(call, refusedAtConnect, async () => credentials);
  const accounts = only
    ? [await graph.get<WireAdAccount>(only, { fields: ACCOUNT_FIELDS }, { what: 'ad account', id: only })]
    : await graph.list<WireAdAccount>('me/adaccounts', { fields: ACCOUNT_FIELDS });
  return accounts
    .filter((a) => only || !DEAD_ACCOUNTS.has(a.account_status ?? 1))
    .map((a) => ({
      account_id: a.id,
      name: a.name,
      currency: a.currency,
      time_zone: a.timezone_name,
      upstream: { token_expires_at: credentials.expires_at },
      credentials,
    }));
}

/** Days until the account's token expires, from its stored expiry (undefined: it does not expire). */
function daysLeft(account: ConnectedAccount, credentials: SocialAdsCredentials): number | undefined {
  const at = Number(credentials.expires_at || account.upstream?.token_expires_at || 0);
  return at ? Math.floor((at * 1000 - Date.now()) / 86_400_000) : undefined;
}

export const socialAdsConnector: LiveConnector = {
  usage: "--access-token T (a system user's token or a long-lived user token) [--account-id act_1234567890]",
  settings: SOCIALADS_SETTINGS,
  connect,

  async checkHealth(account, call) {
    let broken: { detail: string; fix: string } | undefined;
    const graph = new SocialAdsGraph(
      call,
      async (reason, fix) => {
        broken = { detail: reason, fix };
        return connectionBroken(account, reason, fix);
      },
      () => credentialsOf<SocialAdsCredentials>(account),
    );
    try {
      const ad = await graph.get<WireAdAccount>(
        account.account_id,
        { fields: ACCOUNT_FIELDS },
        { what: 'ad account', id: account.account_id },
      );
      if (DEAD_ACCOUNTS.has(ad.account_status ?? 1)) {
        const reason = 'the ad account is disabled or closed on the platform.';
        const fix =
          "Re-enable the ad account in the platform's Ads Manager (or its account quality page), or disconnect it (gateway accounts disconnect).";
        await connectionBroken(account, reason, fix);
        return { healthy: false, detail: reason, fix };
      }
    } catch (err) {
      if (broken) return { healthy: false, ...broken };
      throw err;
    }
    const left = daysLeft(account, await credentialsOf<SocialAdsCredentials>(account));
    if (left !== undefined && left <= WARN_BEFORE_DAYS) {
      return {
        healthy: true,
        detail: `ok, but its access token expires in ${Math.max(left, 0)} day(s): the gateway exchanges it for a fresh one on a call in its last week; if the platform refuses, reconnect before it lapses.`,
        fix: RECONNECT_FIX,
      };
    }
    return {
      healthy: true,
      detail:
        left === undefined
          ? 'ok; its access token does not expire'
          : `ok; its access token expires in ${left} days (renewed automatically in its last week)`,
    };
  },

  oauth: {
    async authorizeUrl(state, redirectUri) {
      const settings = await requireApp();
      const url = new URL(settings.oauthAuthorizeUrl);
      const params = { client_id: settings.clientId, redirect_uri: redirectUri, state, response_type: 'code', scope: SCOPES.join(',') };
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      return url.toString();
    },
    async exchangeCode(code, redirectUri, call) {
      const settings = await requireApp();
      const invalidCode = async () =>
        new ToolError('The authorization code is invalid, expired or was already used. Start the connect link again.', {
          code: 'invalid_arguments',
          platform: PLATFORM,
        });
      // The code gives a short-lived token; the platform exchanges that for a long-lived one (about 60 days).
      const short = await exchangeToken(settings, { code, redirect_uri: redirectUri }, call);
      if ('error' in short) throw await tokenFailure(short.error, invalidCode);
      const long = await exchangeToken(settings, { grant_type: 'fb_exchange_token', fb_exchange_token: short.access_token }, call);
      if ('error' in long) throw await tokenFailure(long.error, invalidCode);
      return { 'access-token': long.access_token };
    },
  },
};
