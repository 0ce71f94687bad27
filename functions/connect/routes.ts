import type { Context } from 'aws-lambda';
import { connectLiveAccounts } from './live-accounts';
import { callbackUrl, oauthOf } from './links';
import { ConnectOptionsError, operatorCall } from '../../platforms/live/connector';
import { GatewayError } from '../../core/errors';
import { createLogger } from '../runtime/log';
import { isPlatformWord, type PlatformWord } from '../../core/platforms';
import type { GatewayEvent, GatewayResult } from '../runtime/state';
import {
  connectLinkUsed,
  consumeOAuthState,
  createOAuthState,
  markConnectLinkUsed,
  readConnectLink,
  type Refusal,
} from '../runtime/stores/connect-links';
import { getOwner } from '../runtime/stores/owners';
import { CONNECT_SECURITY_HEADERS, htmlPage, NEW_LINK_ADVICE, type Page } from './pages';

const CONNECT_RESOURCE = '/connect/{platform}';
const CALLBACK_RESOURCE = '/connect/{platform}/callback';

/**
 * The connect-link flow in the browser of the account holder (no API key: the link token is the
 * credential):
 * - GET /connect/{platform}?link=<token>: checks the link, makes a one-time OAuth `state` bound to
 *   it and redirects to the platform's consent page.
 * - GET /connect/{platform}/callback?code=&state=: takes the state back once, exchanges the code,
 *   connects the accounts it reaches (credentials stored encrypted) and spends the link.
 * Every outcome is a small HTML page; nothing secret (link, state, code, token) is shown or logged.
 * Returns undefined for any other path.
 */
export async function connectRoute(event: GatewayEvent, context: Context): Promise<GatewayResult | undefined> {
  // The route API Gateway matched (`resource`), else the path (a custom domain's base path aside).
  const byResource = event.resource === CONNECT_RESOURCE || event.resource === CALLBACK_RESOURCE;
  const match = /^\/connect\/([^/]+)(\/callback)?\/?$/.exec(event.path ?? '');
  if (!byResource && !match) return undefined;
  const requestId = event.requestContext?.requestId ?? '';
  const isCallback = byResource ? event.resource === CALLBACK_RESOURCE : Boolean(match![2]);
  const platformText = (event.pathParameters?.platform ?? safeDecode(match?.[1] ?? '')).slice(0, 40);
  const log = createLogger({ request_id: requestId, route: isCallback ? 'connect_callback' : 'connect' });
  const startedAt = Date.now();
  let result: GatewayResult;
  let outcome: string;
  try {
    ({ result, outcome } = await route(event, context, platformText, isCallback));
  } catch (err) {
    // A bug or an unreachable store: its type only (a message could quote the platform's answer).
    log.error('connect flow failed', { platform: platformText, error: (err as Error)?.name ?? 'Error' });
    result = htmlPage({
      status: 500,
      title: 'Something went wrong',
      paragraphs: [
        `The gateway could not finish connecting your accounts. Nothing was connected. Open your link again in a few minutes; if it keeps failing, report request id ${requestId} to whoever sent you the link.`,
      ],
    });
    outcome = 'internal_error';
  }
  log.info('request', { platform: platformText, status: result.statusCode, outcome, duration_ms: Date.now() - startedAt });
  return { ...result, headers: { ...result.headers, 'X-Request-Id': requestId } };
}

interface Routed {
  result: GatewayResult;
  /** A short word for the log line. */
  outcome: string;
}

async function route(event: GatewayEvent, context: Context, platformText: string, isCallback: boolean): Promise<Routed> {
  const method = (event.httpMethod ?? 'GET').toUpperCase();
  if (method !== 'GET') {
    return page('method_not_allowed', {
      status: 405,
      title: 'Open this address in a browser',
      paragraphs: ['This page only answers GET requests.'],
      headers: { Allow: 'GET' },
    });
  }
  const platform = isPlatformWord(platformText) ? platformText : undefined;
  const oauth = platform ? oauthOf(platform) : undefined;
  if (!platform || !oauth) {
    return page('no_link_platform', {
      status: 404,
      title: 'No such connect page',
      paragraphs: [
        'Accounts of this platform cannot be connected with a link on this gateway. Check that you opened the whole link as you received it.',
        NEW_LINK_ADVICE,
      ],
    });
  }
  const query = event.queryStringParameters ?? {};
  return isCallback ? callback(platform, query, context) : start(platform, query.link);
}

/** GET /connect/{platform}?link=: the link is checked (not spent) and the browser sent to the consent page. */
async function start(platform: PlatformWord, linkToken: string | undefined): Promise<Routed> {
  if (!linkToken) {
    return page('link_missing', {
      status: 400,
      title: 'This link is incomplete',
      paragraphs: ['The address has no link code. Open the whole link as you received it.', NEW_LINK_ADVICE],
    });
  }
  const checked = await readConnectLink(linkToken, platform);
  if ('refused' in checked) return page(`link_${checked.refused}`, linkRefusedPage(checked.refused));
  const state = await createOAuthState(linkToken, checked.link);
  const location = await oauthOf(platform)!.authorizeUrl(state, callbackUrl(platform));
  return { outcome: 'redirected', result: { statusCode: 302, headers: { Location: location, ...CONNECT_SECURITY_HEADERS }, body: '' } };
}

/** GET /connect/{platform}/callback: where the platform sends the account holder back. */
async function callback(platform: PlatformWord, query: Record<string, string | undefined>, context: Context): Promise<Routed> {
  if (query.error) {
    // The state is spent either way, so this consent cannot be finished later; the link still works.
    if (query.state) await consumeOAuthState(query.state, platform);
    if (query.error === 'access_denied') {
      return page('access_denied', {
        status: 400,
        title: 'Nothing was connected',
        paragraphs: [
          `Access to your ${platform} accounts was not allowed on the consent page, so no account was connected and the gateway received no access.`,
          'To connect after all, open your link again within its 15 minutes and allow access; after that, ask for a new link.',
        ],
      });
    }
    return page('consent_error', {
      status: 400,
      title: 'Nothing was connected',
      paragraphs: [
        `The ${platform} consent page ended with the error "${query.error.slice(0, 100)}", so no account was connected.`,
        'Open your link again to retry within its 15 minutes; if it happens again, send this message to whoever sent you the link.',
      ],
    });
  }
  if (!query.code || !query.state) {
    return page('callback_incomplete', {
      status: 400,
      title: 'This page cannot be opened directly',
      paragraphs: [`The ${platform} consent page sends you here after you allow access. Start from your link instead.`, NEW_LINK_ADVICE],
    });
  }
  const consumed = await consumeOAuthState(query.state, platform);
  if ('refused' in consumed) {
    return page(`state_${consumed.refused}`, {
      status: consumed.refused === 'expired' ? 410 : 400,
      title: consumed.refused === 'expired' ? 'This sign-in took too long' : 'This sign-in cannot be used',
      paragraphs: [
        consumed.refused === 'expired'
          ? 'More than 15 minutes passed between opening your link and coming back from the consent page. Nothing was connected.'
          : 'This answer from the consent page does not belong to a sign-in started here, or it was used already. Nothing was connected.',
        'Open your link again to start over; if it no longer works, ask for a new one (links work once, for 15 minutes).',
      ],
    });
  }
  const { state } = consumed;
  if (await connectLinkUsed(state.link_hash)) return page('link_used', linkRefusedPage('used'));
  if (!(await getOwner(state.owner_id))) {
    return page('owner_gone', {
      status: 410,
      title: 'This link no longer works',
      paragraphs: ['The gateway account this link was made for no longer exists. Nothing was connected.', NEW_LINK_ADVICE],
    });
  }
  const call = operatorCall(Math.max(1_000, Math.min(25_000, context.getRemainingTimeInMillis() - 2_000)));
  try {
    const options = await oauthOf(platform)!.exchangeCode(query.code, callbackUrl(platform), call);
    const accounts = await connectLiveAccounts(state.owner_id, platform, options, call);
    await markConnectLinkUsed(state.link_hash);
    return page('connected', {
      status: 200,
      title: `Connected ${accounts.length} ${platform} account${accounts.length === 1 ? '' : 's'}`,
      paragraphs: [
        `These ${platform} accounts are now connected to the gateway:`,
        'You can close this page. The link is used up; to connect more accounts later, ask for a new link.',
      ],
      items: accounts.map((account) => `${account.name} (${account.account_id})`),
    });
  } catch (err) {
    if (err instanceof ConnectOptionsError || (err instanceof GatewayError && err.statusCode < 500)) {
      return page('refused_by_platform', {
        status: 400,
        title: 'Nothing was connected',
        paragraphs: [
          `The ${platform} platform did not accept this sign-in: ${err.message}`,
          'Open your link again to retry within its 15 minutes, or ask for a new link.',
        ],
      });
    }
    if (err instanceof GatewayError) {
      return page('platform_unavailable', {
        status: 502,
        title: 'The platform could not be reached',
        paragraphs: [
          `The ${platform} platform did not answer in time, so nothing was connected.`,
          'Open your link again in a few minutes to retry within its 15 minutes, or ask for a new link.',
        ],
      });
    }
    throw err;
  }
}

function linkRefusedPage(refused: Refusal): Page {
  if (refused === 'used') {
    return {
      status: 410,
      title: 'This link was already used',
      paragraphs: ['Its accounts are connected already; a link works only once.', NEW_LINK_ADVICE],
    };
  }
  if (refused === 'expired') {
    return { status: 410, title: 'This link has expired', paragraphs: ['Links work for 15 minutes after they are made.', NEW_LINK_ADVICE] };
  }
  return {
    status: 400,
    title: 'This link is not valid',
    paragraphs: ['The gateway does not know this link. Check that you opened the whole link as you received it.', NEW_LINK_ADVICE],
  };
}

function page(outcome: string, content: Page): Routed {
  return { outcome, result: htmlPage(content) };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
