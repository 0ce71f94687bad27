import { ToolError } from '../../../core/errors';
import { connectionBroken, connectionHealthy, ConnectOptionsError, credentialsOf } from '../../live/connector';
import type { LiveConnector } from '../../../core/platform';
import { RECONNECT_FIX, refusalReason, type ChatAdsCredentials } from './adapter';
import { ChatAdsApiError, chatAdsRequest, type WireAdAccount } from './wire';

/** Ads API keys: printable, no spaces (the platform issues opaque tokens). */
const API_KEY = /^[\x21-\x7e]{8,512}$/;

/**
 * Connecting live chatads accounts: the platform issues one API key per ad account, so a key
 * connects exactly the account GET /ad_account names.
 */
export const chatAdsConnector: LiveConnector = {
  usage: "--api-key <Ads API key from the ad account's Settings tab> (connects that one ad account)",
  settings: [{ name: 'CHATADS_API_URL', kind: 'url' }],

  async connect(options, call) {
    const unknown = Object.keys(options).filter((name) => name !== 'api-key');
    if (unknown.length) throw new ConnectOptionsError(`chatads takes only --api-key; remove ${unknown.map((n) => `--${n}`).join(', ')}.`);
    const apiKey = options['api-key']?.trim();
    if (!apiKey) throw new ConnectOptionsError('chatads needs --api-key <key>: create one in the Settings tab of the ad account.');
    if (!API_KEY.test(apiKey))
      throw new ConnectOptionsError('--api-key does not look like an Ads API key (8-512 printable characters, no spaces).');
    let account: WireAdAccount;
    try {
      account = await chatAdsRequest<WireAdAccount>(apiKey, { method: 'GET', path: '/ad_account' }, call);
    } catch (err) {
      if (err instanceof ChatAdsApiError) {
        throw new ToolError(
          `The chatads platform did not accept this API key: ${err.message}. Check that it is an Ads API key of the ad account (not a platform API key) and not revoked.`,
          {
            code: 'invalid_credentials',
            platform_error: err.code ?? err.type ?? `http_${err.status}`,
          },
        );
      }
      throw err;
    }
    return [
      {
        account_id: account.id,
        name: account.name,
        currency: account.currency_code,
        time_zone: account.timezone,
        credentials: { api_key: apiKey },
      },
    ];
  },

  async checkHealth(account, call) {
    const { api_key } = await credentialsOf<ChatAdsCredentials>(account);
    try {
      await chatAdsRequest<WireAdAccount>(api_key, { method: 'GET', path: '/ad_account' }, call);
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
