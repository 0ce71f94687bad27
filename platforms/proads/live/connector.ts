import { ToolError, LiveSetupError } from '../../../core/errors';
import type { ConnectedAccount } from '../../../core/accounts';
import type { LiveAccountGrant, LiveConnector } from '../../../core/platform';
import type { PortCall } from '../../../core/tool';
import { ConnectOptionsError, connectionBroken, connectionHealthy, credentialsOf } from '../../live/connector';
import { PLATFORM, ProAdsApi, oauthFailure, tokenRequest, type ProAdsCredentials } from './api';
import { idOf, pathKey, urn } from './restli';
import { PROADS_SETTINGS, proAdsSettings } from './settings';

/**
 * Connecting live proads accounts with an OAuth 2.0 refresh token of a member (three-legged; the
 * platform issues refresh tokens for a year to apps approved for them): every ad account the member
 * has a role on (or only `--account-id`), named as the platform names them. The connect link asks
 * for the ads scopes and exchanges the code for the refresh token.
 */

/** The ads scopes: read and manage ads, read reporting, post sponsored content as the page, manage conversions, read page roles. */
export const PROADS_SCOPES = [
  'r_ads',
  'rw_ads',
  'r_ads_reporting',
  'r_organization_social',
  'w_organization_social',
  'rw_conversions',
  'r_organization_admin',
];
/** Warn this many days before the refresh token lapses. */
const WARN_DAYS = 30;
/** Ad accounts that can run ads (others are cancelled or being deleted). */
const USABLE = new Set(['ACTIVE', 'DRAFT']);

interface WireAccount {
  id: number;
  name: string;
  currency: string;
  status: string;
  type?: string;
  reference?: string;
  test?: boolean;
}

/** The refusal of a refresh token before any account is stored: nothing to mark, just the 400. */
const refusedAtConnect = async (reason: string) =>
  new ToolError(
    `The proads platform refused this refresh token: ${reason} Get a new one with a connect link (gateway accounts connect-link --platform proads) and connect again.`,
    { code: 'invalid_credentials', platform: 'proads' },
  );

function accountIdOption(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const id = value.trim();
  if (!/^\d{1,19}$/.test(id))
    throw new ConnectOptionsError(`--account-id must be a numeric ad account id such as 508123456, not "${value}".`);
  return id;
}

async function connect(options: Record<string, string>, call: PortCall): Promise<LiveAccountGrant[]> {
  const unknown = Object.keys(options).filter((name) => name !== 'refresh-token' && name !== 'account-id');
  if (unknown.length)
    throw new ConnectOptionsError(`proads takes --refresh-token and --account-id; remove ${unknown.map((n) => `--${n}`).join(', ')}.`);
  const refreshToken = options['refresh-token']?.trim();
  if (!refreshToken)
    throw new ConnectOptionsError(
      '--refresh-token is required: the OAuth 2.0 refresh token of a member with a role on the ad accounts (or send a connect link with gateway accounts connect-link --platform proads).',
    );
  const only = accountIdOption(options['account-id']);
  const credentials = { refresh_token: refreshToken };
  const api = new ProAdsApi(credentials, call, refusedAtConnect);
  const roles = await api.findAll<{ account: string; role: string }>(
    '/adAccountUsers',
    { q: 'authenticatedUser' },
    { kind: 'offset', size: 100 },
  );
  const ids = [...new Set(roles.map((r) => idOf(r.account)))].filter((id) => !only || id === only);
  if (only && !ids.length)
    throw new ToolError(
      `The member of this refresh token has no role on ad account ${only}; ask an administrator of the account to add them.`,
      {
        code: 'account_not_connected',
        platform: 'proads',
      },
    );
  const expiresAt = api.refreshTokenExpiresAt;
  const grants: LiveAccountGrant[] = [];
  for (const id of ids) {
    const account = await api.get<WireAccount>(`/adAccounts/${pathKey(id)}`);
    if (!USABLE.has(account.status) && !only) continue;
    grants.push({
      account_id: String(account.id),
      name: account.name,
      currency: account.currency,
      // The platform runs schedules and reports in UTC.
      time_zone: 'UTC',
      upstream: {
        role: roles.find((r) => r.account === urn.account(id))?.role ?? 'VIEWER',
        ...(expiresAt ? { refresh_token_expires_at: new Date(expiresAt).toISOString() } : {}),
      },
      credentials,
    });
  }
  return grants;
}

/** The health of a working connection: when its refresh token lapses, with a warning in its last month. */
function lapse(expiresAt: number | undefined): { detail: string; expires_at?: string; warning?: string } {
  if (!expiresAt) return { detail: 'ok' };
  const days = Math.max(0, Math.floor((expiresAt - Date.now()) / 86_400_000));
  const date = new Date(expiresAt).toISOString().slice(0, 10);
  return {
    detail: `ok; the authorization lapses on ${date} (${days} days left)`,
    expires_at: new Date(expiresAt).toISOString(),
    ...(days <= WARN_DAYS
      ? {
          warning: `The platform's authorization of this account lapses on ${date} (${days} days left) and cannot be extended: send the owner a new connect link (gateway accounts connect-link --platform proads) before then.`,
        }
      : {}),
  };
}

async function requireClient(): Promise<{ clientId: string; clientSecret: string; authorizeUrl: string }> {
  const settings = await proAdsSettings();
  if (!settings.clientId || !settings.clientSecret)
    throw new LiveSetupError({ platform: PLATFORM }, 'PROADS_CLIENT_ID and PROADS_CLIENT_SECRET must be set.');
  return { clientId: settings.clientId, clientSecret: settings.clientSecret, authorizeUrl: settings.oauthAuthorizeUrl };
}

export const proAdsConnector: LiveConnector = {
  usage: '--refresh-token T [--account-id N] (every ad account the member has a role on, or only N)',
  settings: PROADS_SETTINGS,
  connect,

  async checkHealth(account: ConnectedAccount, call: PortCall) {
    let broken: { detail: string; fix: string } | undefined;
    const credentials = await credentialsOf<ProAdsCredentials>(account);
    const api = new ProAdsApi(
      credentials,
      call,
      async (reason, fix) => {
        broken = { detail: reason, fix };
        return connectionBroken(account, reason, fix);
      },
      account.account_id,
    );
    try {
      await api.get(`/adAccounts/${pathKey(account.account_id)}`);
    } catch (err) {
      if (broken) return { healthy: false, ...broken };
      // The operator's problem (app access, settings): the owner's connection itself is fine.
      if (err instanceof LiveSetupError)
        return { healthy: true, detail: 'ok (the gateway could not check it: its app setup needs the operator)', warning: err.message };
      throw err;
    }
    await connectionHealthy(account);
    const stored = account.upstream?.refresh_token_expires_at ? Date.parse(account.upstream.refresh_token_expires_at) : undefined;
    return { healthy: true, ...lapse(api.refreshTokenExpiresAt ?? stored) };
  },

  oauth: {
    async authorizeUrl(state, redirectUri) {
      const { clientId, authorizeUrl } = await requireClient();
      const url = new URL(authorizeUrl);
      const params = { response_type: 'code', client_id: clientId, redirect_uri: redirectUri, state, scope: PROADS_SCOPES.join(' ') };
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      return url.toString();
    },
    async exchangeCode(code, redirectUri, call) {
      await requireClient();
      const answer = await tokenRequest(
        await proAdsSettings(),
        { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
        call,
      );
      if (answer.status === 200 && answer.refresh_token) return { 'refresh-token': answer.refresh_token };
      if (answer.status === 200)
        throw new LiveSetupError(
          { platform: PLATFORM },
          'the platform granted access without a refresh token: the app is not approved for refresh tokens (part of the Advertising API product).',
        );
      if (answer.error === 'invalid_request' || answer.error === 'invalid_grant')
        throw new ToolError('The authorization code is invalid, expired or was already used. Start the connect link again.', {
          code: 'invalid_arguments',
          platform_error: answer.error,
        });
      throw await oauthFailure(answer, refusedAtConnect);
    },
  },
};
