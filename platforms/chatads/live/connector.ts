import { ToolError } from '../../../core/errors';
import { connectionBroken, connectionHealthy, ConnectOptionsError, credentialsOf } from '../../live/connector';
import type { LiveConnector } from '../../../core/platform';
import type { PortCall } from '../../../core/tool';
import { authOf, RECONNECT_FIX, refusalReason, type ChatAdsCredentials } from './session';
import { ChatAdsApiError, chatAdsRequest, type ChatAdsAuth, type WireAdAccount } from './wire';

/** Ads API keys: printable, no spaces (the platform issues opaque tokens). */
const API_KEY = /^[\x21-\x7e]{8,512}$/;
/** Ad account ids as the platform writes them (act_..., adacct_...). */
const AD_ACCOUNT_ID = /^[A-Za-z]+_[A-Za-z0-9]{1,128}$/;

/** The ad accounts `--account-id` names (comma-separated, for a partner key); none for an account's own key. */
function accountIdsOption(value: string | undefined): string[] {
  if (value === undefined) return [];
  const ids = [...new Set(value.split(',').map((id) => id.trim()))];
  const bad = ids.find((id) => !AD_ACCOUNT_ID.test(id));
  if (bad !== undefined)
    throw new ConnectOptionsError(
      `--account-id must name ad accounts as the platform writes them (such as act_123), comma-separated; "${bad}" is not one.`,
    );
  return ids;
}

async function readAdAccount(auth: ChatAdsAuth, call: PortCall): Promise<WireAdAccount> {
  try {
    return await chatAdsRequest<WireAdAccount>(auth, { method: 'GET', path: '/ad_account' }, call);
  } catch (err) {
    if (err instanceof ChatAdsApiError) {
      const which = auth.adAccountId
        ? `Check that it is a partner key with access to ad account ${auth.adAccountId} (and not revoked).`
        : 'Check that it is an Ads API key of the ad account (not a platform API key) and not revoked; a partner key needs --account-id.';
      throw new ToolError(`The chatads platform did not accept this API key: ${err.message}. ${which}`, {
        code: 'invalid_credentials',
        platform_error: err.code ?? err.type ?? `http_${err.status}`,
      });
    }
    throw err;
  }
}

/**
 * Connecting live chatads accounts. An ad account's own API key connects exactly the account GET
 * /ad_account names. A partner (agency) key reaches several ad accounts: `--account-id` names them,
 * each is read with the `OpenAI-Ad-Account` header, and each becomes its own connection.
 */
export const chatAdsConnector: LiveConnector = {
  usage:
    "--api-key <Ads API key from the ad account's Settings tab> (connects that one ad account); with a partner key add --account-id act_1,act_2 (one connection per ad account)",
  settings: [{ name: 'CHATADS_API_URL', kind: 'url' }],

  async connect(options, call) {
    const unknown = Object.keys(options).filter((name) => name !== 'api-key' && name !== 'account-id');
    if (unknown.length)
      throw new ConnectOptionsError(`chatads takes --api-key and --account-id; remove ${unknown.map((n) => `--${n}`).join(', ')}.`);
    const apiKey = options['api-key']?.trim();
    if (!apiKey) throw new ConnectOptionsError('chatads needs --api-key <key>: create one in the Settings tab of the ad account.');
    if (!API_KEY.test(apiKey))
      throw new ConnectOptionsError('--api-key does not look like an Ads API key (8-512 printable characters, no spaces).');
    const accountIds = accountIdsOption(options['account-id']);
    const auths: ChatAdsAuth[] = accountIds.length ? accountIds.map((adAccountId) => ({ apiKey, adAccountId })) : [{ apiKey }];
    const grants = [];
    for (const auth of auths) {
      const account = await readAdAccount(auth, call);
      grants.push({
        account_id: account.id,
        name: account.name,
        currency: account.currency_code,
        time_zone: account.timezone,
        credentials: { api_key: apiKey, ...(auth.adAccountId ? { ad_account_id: auth.adAccountId } : {}) },
      });
    }
    return grants;
  },

  async checkHealth(account, call) {
    const credentials = await credentialsOf<ChatAdsCredentials>(account);
    try {
      await chatAdsRequest<WireAdAccount>(authOf(credentials), { method: 'GET', path: '/ad_account' }, call);
    } catch (err) {
      if (err instanceof ChatAdsApiError && (err.status === 401 || err.status === 403)) {
        const reason = refusalReason(err);
        await connectionBroken(account, reason, RECONNECT_FIX);
        return { healthy: false, detail: reason, fix: RECONNECT_FIX };
      }
      throw err;
    }
    await connectionHealthy(account);
    return { healthy: true, detail: 'ok' };
  },
};
