import { ToolError, LiveSetupError } from '../../../core/errors';
import type { PortCall } from '../../../core/tool';
import { ConnectOptionsError, checkHealthWith, refreshTokenConnectLink, refreshTokenOption, refusedAtConnect } from '../../live/connector';
import type { LiveAccountGrant, LiveConnector } from '../../../core/platform';
import { SEARCHADS_SETTINGS, searchAdsSettings } from './settings';
import { PLATFORM, SearchAdsApi, oauthFailure } from './api';
import type { GoogleAdsRow } from './wire';
import { searchAdsLive } from './adapter';

/**
 * Connecting live searchads accounts with an OAuth 2.0 refresh token: every customer the token's user
 * can reach (manager accounts are not ad accounts: their client accounts are connected through the
 * manager, which is then sent as login-customer-id), or only the one customer asked for.
 */

const SCOPE = 'https://www.googleapis.com/auth/adwords';
const CUSTOMER_FIELDS = 'customer.id, customer.descriptive_name, customer.currency_code, customer.time_zone, customer.manager';
const CLIENT_FIELDS =
  'customer_client.id, customer_client.descriptive_name, customer_client.currency_code, customer_client.time_zone, customer_client.manager, customer_client.status, customer_client.level';

/** A customer id as typed (`123-456-7890` or `1234567890`) as the platform takes it, or a ConnectOptionsError. */
export function customerIdOption(value: string | undefined, option: string): string | undefined {
  if (value === undefined) return undefined;
  const id = value.trim().replace(/-/g, '');
  if (!/^\d{10}$/.test(id))
    throw new ConnectOptionsError(`--${option} must be a 10-digit customer id such as 123-456-7890, not "${value}".`);
  return id;
}

const refused = refusedAtConnect('searchads', 'The search platform');

interface Reached {
  id: string;
  name: string;
  currency: string;
  time_zone: string;
  login_customer_id?: string;
}

async function connect(options: Record<string, string>, call: PortCall): Promise<LiveAccountGrant[]> {
  const refreshToken = refreshTokenOption(options, 'the OAuth 2.0 refresh token of a user with access to the ad accounts');
  const only = customerIdOption(options['customer-id'], 'customer-id');
  const login = customerIdOption(options['login-customer-id'], 'login-customer-id');
  const credentials = { refresh_token: refreshToken };
  const api = (loginCustomerId: string | undefined) => new SearchAdsApi(credentials, loginCustomerId, call, refused);

  const reached = new Map<string, Reached>();
  const add = (r: Reached) => {
    if (!reached.has(r.id)) reached.set(r.id, r);
  };
  /** A customer read with `loginCustomerId`: an ad account is added; a manager adds its enabled client ad accounts. */
  const expand = async (customerId: string, loginCustomerId: string | undefined) => {
    const [row] = await api(loginCustomerId).search(customerId, `SELECT ${CUSTOMER_FIELDS} FROM customer`);
    const customer = row?.customer;
    if (!customer) return;
    if (!customer.manager) {
      add({
        id: customerId,
        name: customer.descriptiveName ?? customerId,
        currency: customer.currencyCode!,
        time_zone: customer.timeZone!,
        ...(loginCustomerId ? { login_customer_id: loginCustomerId } : {}),
      });
      return;
    }
    const clients = await api(customerId).search(
      customerId,
      `SELECT ${CLIENT_FIELDS} FROM customer_client WHERE customer_client.manager = FALSE AND customer_client.status = 'ENABLED'`,
    );
    for (const client of clients.map((r: GoogleAdsRow) => r.customerClient)) {
      add({
        id: String(client.id),
        name: client.descriptiveName ?? String(client.id),
        currency: client.currencyCode!,
        time_zone: client.timeZone!,
        login_customer_id: loginCustomerId ?? customerId,
      });
    }
  };

  if (only) {
    await expand(only, login);
  } else {
    const accessible = await api(login).listAccessibleCustomers();
    for (const id of accessible) {
      try {
        await expand(id, login && login !== id ? login : undefined);
      } catch (err) {
        // One accessible customer that cannot be read (cancelled, no permission left) does not stop the others.
        if (!(err instanceof ToolError)) throw err;
      }
    }
  }
  if (only && !reached.size) throw new ToolError(`Customer ${only} cannot be read with this token.`);
  return [...reached.values()].map((r) => ({
    account_id: r.id,
    name: r.name,
    currency: r.currency,
    time_zone: r.time_zone,
    ...(r.login_customer_id ? { upstream: { login_customer_id: r.login_customer_id } } : {}),
    credentials,
  }));
}

async function requireClient(): Promise<{ clientId: string; clientSecret: string; tokenUrl: string; authorizeUrl: string }> {
  const settings = await searchAdsSettings();
  if (!settings.clientId || !settings.clientSecret)
    throw new LiveSetupError({ platform: PLATFORM }, 'SEARCHADS_CLIENT_ID and SEARCHADS_CLIENT_SECRET must be set.');
  return {
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    tokenUrl: settings.oauthTokenUrl,
    authorizeUrl: settings.oauthAuthorizeUrl,
  };
}

export const searchAdsConnector: LiveConnector = {
  usage: '--refresh-token T [--customer-id 123-456-7890] [--login-customer-id <manager id>]',
  settings: SEARCHADS_SETTINGS,
  connect,
  checkHealth: (account, call) =>
    checkHealthWith(account, async (refused) => void (await searchAdsLive(account, call, refused).getAccountSettings())),
  oauth: refreshTokenConnectLink({
    platform: 'searchads',
    label: 'The search platform',
    client: requireClient,
    consent: { scope: SCOPE, access_type: 'offline', prompt: 'consent' },
    refusal: (body, invalidCode) => oauthFailure(body.error, invalidCode),
  }),
};
