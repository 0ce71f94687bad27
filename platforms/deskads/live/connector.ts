import { ToolError, LiveSetupError } from '../../../core/errors';
import type { LiveAccountGrant, LiveConnector } from '../../../core/platform';
import type { PortCall } from '../../../core/tool';
import { ConnectOptionsError, checkHealthWith, refreshTokenConnectLink, refreshTokenOption, refusedAtConnect } from '../../live/connector';
import { openDeskAdsLive } from './adapter';
import { timeZoneOf } from './convert';
import { DESKADS_SETTINGS, deskAdsSettings } from './settings';
import { DeskAdsApi, OAUTH_SCOPE, PLATFORM, oauthFailure } from './wire';
import type { WireAccount } from './wire-types';

/**
 * Connecting live deskads accounts with an OAuth 2.0 refresh token of the platform's identity
 * service: the user the token belongs to (GetUser) and every ad account that user can reach
 * (SearchAccounts by UserId, page by page), or only the one asked for. Each account is reached
 * through its customer: the CustomerId header of its calls (the user's own customer when the
 * account is linked to it as an agency, else the account's parent customer).
 */

/** SearchAccounts pages: the platform answers at most 1,000 accounts a page. */
const PAGE_SIZE = 1000;

const refused = refusedAtConnect(PLATFORM, 'The deskads platform');

function accountIdOption(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const id = value.trim();
  if (!/^\d{1,19}$/.test(id))
    throw new ConnectOptionsError(`--account-id must be the numeric AccountId (not the 8-character account number), not "${value}".`);
  return id;
}

async function connect(options: Record<string, string>, call: PortCall): Promise<LiveAccountGrant[]> {
  const unknown = Object.keys(options).filter((name) => name !== 'refresh-token' && name !== 'account-id');
  if (unknown.length)
    throw new ConnectOptionsError(`deskads takes --refresh-token and --account-id; remove ${unknown.map((n) => `--${n}`).join(', ')}.`);
  const refreshToken = refreshTokenOption(options, 'the OAuth 2.0 refresh token of a user with access to the ad accounts');
  const only = accountIdOption(options['account-id']);
  const api = new DeskAdsApi({ refresh_token: refreshToken }, undefined, undefined, call, refused);
  const user = await api.send('CustomerManagement.GetUser', { UserId: null });
  const userId = String(user.User?.Id ?? '');
  if (!userId)
    throw new ToolError('The deskads platform did not say which user this token belongs to.', {
      code: 'tool_rejected',
      platform: PLATFORM,
    });
  const roles = user.CustomerRoles ?? [];
  const accounts: WireAccount[] = [];
  for (let index = 0; ; index++) {
    const page = await api.send('CustomerManagement.SearchAccounts', {
      Predicates: [{ Field: 'UserId', Operator: 'Equals', Value: userId }],
      Ordering: [{ Field: 'Id', Order: 'Ascending' }],
      PageInfo: { Index: index, Size: PAGE_SIZE },
    });
    const found = page.Accounts ?? [];
    accounts.push(...found);
    if (found.length < PAGE_SIZE) break;
  }
  const reachable = accounts.filter((a) => a.AccountLifeCycleStatus !== 'Inactive' && (!only || String(a.Id) === only));
  if (only && !reachable.length)
    throw new ToolError(`Ad account ${only} cannot be reached with this token.`, { code: 'not_found', platform: PLATFORM });
  // The identity service may have rotated the refresh token while the accounts were read: store the newest.
  const credentials = { refresh_token: api.currentRefreshToken };
  return reachable.map((a) => {
    const id = String(a.Id);
    const linked = roles.find((r) => (r.LinkedAccountIds ?? []).map(String).includes(id) || (r.AccountIds ?? []).map(String).includes(id));
    return {
      account_id: id,
      name: a.Name ?? id,
      currency: a.CurrencyCode ?? 'USD',
      time_zone: timeZoneOf(a.TimeZone),
      upstream: { customer_id: String(linked?.CustomerId ?? a.ParentCustomerId), account_number: String(a.Number ?? '') },
      credentials,
    };
  });
}

async function requireClient(): Promise<{ clientId: string; clientSecret: string; tokenUrl: string; authorizeUrl: string }> {
  const settings = await deskAdsSettings();
  if (!settings.clientId || !settings.clientSecret)
    throw new LiveSetupError({ platform: PLATFORM }, 'DESKADS_CLIENT_ID and DESKADS_CLIENT_SECRET must be set.');
  return {
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    tokenUrl: settings.oauthTokenUrl,
    authorizeUrl: settings.oauthAuthorizeUrl,
  };
}

export const deskAdsConnector: LiveConnector = {
  usage: "--refresh-token T [--account-id <numeric AccountId>] (every ad account the token's user reaches, or only that one)",
  settings: DESKADS_SETTINGS,
  connect,
  checkHealth: (account, call) =>
    checkHealthWith(account, async (refused) => void (await openDeskAdsLive(account, call, refused).getAccountInfo())),
  oauth: refreshTokenConnectLink({
    platform: PLATFORM,
    label: 'The deskads identity service',
    client: requireClient,
    consent: { response_mode: 'query', scope: OAUTH_SCOPE },
    exchange: { scope: OAUTH_SCOPE },
    refusal: (body, invalidCode) => oauthFailure(body, invalidCode),
  }),
};
