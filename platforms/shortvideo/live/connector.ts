import { ToolError, LiveSetupError } from '../../../core/errors';
import type { LiveAccountGrant, LiveConnector } from '../../../core/platform';
import type { PortCall } from '../../../core/tool';
import { sendUpstream } from '../../live/http';
import { ConnectOptionsError, connectionBroken, connectionHealthy, credentialsOf } from '../../live/connector';
import { SHORTVIDEO_SETTINGS, shortVideoSettings } from './settings';
import { PLATFORM } from './mapping';
import { ShortVideoApi, type Envelope, type ShortVideoCredentials } from './wire';
import type { WireAdvertiser, WirePage } from './wire-types';

/**
 * Connecting live shortvideo advertisers. An access token (from the platform's authorization page:
 * the connect link, or one the owner obtained) reaches every advertiser its user authorized for the
 * app (oauth2/advertiser/get), or only the one given with --account-id; each is read
 * (advertiser/info) for its name, currency and time zone. Apps whose access tokens expire also
 * receive a refresh token: both are stored, and the adapter refreshes before expiry.
 */

const OPTIONS = new Set(['access-token', 'account-id', 'refresh-token', 'access-token-expires-in', 'refresh-token-expires-in']);
/** Access tokens: printable, no spaces. */
const TOKEN = /^[\x21-\x7e]{16,512}$/;

/** A refusal before any account is stored: nothing to mark broken, just the 400. */
const refusedAtConnect = async (reason: string) =>
  new ToolError(
    `The shortvideo platform refused this access token: ${reason} Get a new one (or send a connect link with gateway accounts connect-link --platform shortvideo) and connect again.`,
    { code: 'connection_broken', platform: 'shortvideo' },
  );

async function connect(options: Record<string, string>, call: PortCall): Promise<LiveAccountGrant[]> {
  const unknown = Object.keys(options).filter((name) => !OPTIONS.has(name));
  if (unknown.length)
    throw new ConnectOptionsError(
      `shortvideo takes --access-token and optionally --account-id; remove ${unknown.map((n) => `--${n}`).join(', ')}.`,
    );
  const accessToken = options['access-token']?.trim();
  if (!accessToken)
    throw new ConnectOptionsError(
      "shortvideo needs --access-token <token>: the advertiser access token from the platform's authorization (or use gateway accounts connect-link).",
    );
  if (!TOKEN.test(accessToken))
    throw new ConnectOptionsError('--access-token does not look like an access token (16-512 printable characters, no spaces).');
  const only = options['account-id']?.trim();
  if (only !== undefined && !/^\d{1,20}$/.test(only))
    throw new ConnectOptionsError(`--account-id must be a numeric advertiser id such as 7012345678901234567, not "${only}".`);

  const credentials: ShortVideoCredentials = { access_token: accessToken };
  const refreshToken = options['refresh-token']?.trim();
  if (refreshToken) {
    const inSeconds = (name: string) => Number(options[name] ?? 86_400);
    Object.assign(credentials, {
      refresh_token: refreshToken,
      access_token_expires_at: new Date(Date.now() + inSeconds('access-token-expires-in') * 1000).toISOString(),
      ...(options['refresh-token-expires-in']
        ? { refresh_token_expires_at: new Date(Date.now() + inSeconds('refresh-token-expires-in') * 1000).toISOString() }
        : {}),
    });
  }
  const api = new ShortVideoApi(credentials, call, refusedAtConnect);

  let ids: string[];
  if (only) {
    ids = [only];
  } else {
    const settings = await shortVideoSettings();
    if (!settings.clientId || !settings.clientSecret)
      throw new LiveSetupError(
        { platform: PLATFORM },
        'SHORTVIDEO_CLIENT_ID and SHORTVIDEO_CLIENT_SECRET must be set to list the advertisers a token reaches (or give --account-id).',
      );
    const data = await api.get<{ list?: { advertiser_id: string | number; advertiser_name?: string }[] }>('/oauth2/advertiser/get/', {
      app_id: settings.clientId,
      secret: settings.clientSecret,
    });
    ids = (data.list ?? []).map((a) => String(a.advertiser_id));
  }
  const grants: LiveAccountGrant[] = [];
  // advertiser/info takes up to 100 ids a request.
  for (let i = 0; i < ids.length; i += 100) {
    const batch = ids.slice(i, i + 100);
    const info = await api.get<WirePage<WireAdvertiser>>('/advertiser/info/', {
      advertiser_ids: batch,
      fields: ['advertiser_id', 'name', 'currency', 'timezone', 'status'],
    });
    for (const a of info.list ?? []) {
      if (a.status && /DISABLE|CLOSE|LIMIT/.test(String(a.status)) && !only) continue;
      grants.push({
        account_id: String(a.advertiser_id),
        name: a.name ?? String(a.advertiser_id),
        currency: a.currency,
        time_zone: a.timezone,
        credentials: {},
      });
    }
  }
  if (only && !grants.length) throw new ToolError(`Advertiser ${only} cannot be read with this access token.`, { code: 'not_found' });
  // Stored as they stand after the calls above (an expiring token may have been refreshed, its refresh token rotated).
  return grants.map((grant) => ({ ...grant, credentials: api.currentCredentials }));
}

async function requireApp(): Promise<{ clientId: string; clientSecret: string; tokenUrl: string; authorizeUrl: string }> {
  const settings = await shortVideoSettings();
  if (!settings.clientId || !settings.clientSecret)
    throw new LiveSetupError({ platform: PLATFORM }, 'SHORTVIDEO_CLIENT_ID and SHORTVIDEO_CLIENT_SECRET must be set.');
  return {
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    tokenUrl: settings.oauthTokenUrl,
    authorizeUrl: settings.oauthAuthorizeUrl,
  };
}

export const shortVideoConnector: LiveConnector = {
  usage: '--access-token T [--account-id <advertiser id>] (or gateway accounts connect-link --platform shortvideo)',
  settings: SHORTVIDEO_SETTINGS,
  connect,

  async checkHealth(account, call) {
    const credentials = await credentialsOf<ShortVideoCredentials>(account);
    let broken: { detail: string; fix: string } | undefined;
    const api = new ShortVideoApi(
      credentials,
      call,
      async (reason, fix) => {
        broken = { detail: reason, fix };
        return connectionBroken(account, reason, fix);
      },
      account,
    );
    try {
      await api.get('/advertiser/info/', { advertiser_ids: [account.account_id], fields: ['advertiser_id', 'name'] });
    } catch (err) {
      if (broken) return { healthy: false, ...broken };
      throw err;
    }
    await connectionHealthy(account);
    const lapses = credentials.refresh_token_expires_at ? Date.parse(credentials.refresh_token_expires_at) : undefined;
    if (lapses !== undefined) {
      const days = Math.max(0, Math.floor((lapses - Date.now()) / 86_400_000));
      if (days <= 14)
        return {
          healthy: true,
          detail: `ok, but the authorization lapses in ${days} day${days === 1 ? '' : 's'}: reconnect before then (a new connect link).`,
        };
      return { healthy: true, detail: `ok (the authorization lapses in ${days} days)` };
    }
    return { healthy: true, detail: 'ok' };
  },

  oauth: {
    async authorizeUrl(state, redirectUri) {
      const { clientId, authorizeUrl } = await requireApp();
      const url = new URL(authorizeUrl);
      url.searchParams.set('app_id', clientId);
      url.searchParams.set('state', state);
      url.searchParams.set('redirect_uri', redirectUri);
      return url.toString();
    },
    async exchangeCode(code, _redirectUri, call) {
      const { clientId, clientSecret, tokenUrl } = await requireApp();
      // Not retried: an authorization code works once.
      const response = await sendUpstream(
        'shortvideo',
        { method: 'POST', url: tokenUrl, json: { app_id: clientId, secret: clientSecret, auth_code: code }, safe: false },
        call,
      );
      const envelope = response.body as
        | Envelope<{ access_token?: string; refresh_token?: string; access_token_expire_in?: number; refresh_token_expire_in?: number }>
        | undefined;
      const data = envelope?.data;
      if (envelope?.code === 0 && data?.access_token)
        return {
          'access-token': data.access_token,
          ...(data.refresh_token
            ? {
                'refresh-token': data.refresh_token,
                'access-token-expires-in': String(data.access_token_expire_in ?? 86_400),
                ...(data.refresh_token_expire_in ? { 'refresh-token-expires-in': String(data.refresh_token_expire_in) } : {}),
              }
            : {}),
        };
      if (envelope && [40101, 40113, 40124, 40125].includes(envelope.code))
        throw new LiveSetupError(
          { platform: PLATFORM },
          `the platform refused the app when exchanging the authorization code (${envelope.message}).`,
        );
      throw new ToolError(
        `The authorization code is invalid, expired or was already used (${envelope?.message ?? `HTTP ${response.status}`}). Start the connect link again.`,
        { code: 'invalid_arguments', platform_error: String(envelope?.code ?? response.status) },
      );
    },
  },
};
