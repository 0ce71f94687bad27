import * as http from 'node:http';
import * as https from 'node:https';
import type { LookupFunction } from 'node:net';
import { allowLoopbackFetch } from '../runtime/config';
import { vetUrl } from '../../platforms/video-check';
import { findRegisteredClient, type OAuthClient } from './store';

/** At most this many redirect URIs per client. */
const MAX_REDIRECT_URIS = 10;
/** A client ID metadata document is small; more than this is refused unread. */
const MAX_METADATA_BYTES = 5 * 1024;
const METADATA_TIMEOUT_MS = 5000;

/**
 * Redirect URIs a client may register (OAuth 2.1 §2.3.1, RFC 8252): https, http on the loopback
 * interface (desktop clients listening on a local port), or an app's private scheme
 * (`com.example.app:/callback`, `cursor://...`). No fragments; no scheme that runs code.
 */
export function validateRedirectUris(value: unknown): string[] | string {
  if (!Array.isArray(value) || !value.length || value.length > MAX_REDIRECT_URIS || value.some((uri) => typeof uri !== 'string')) {
    return `redirect_uris must be a list of 1 to ${MAX_REDIRECT_URIS} addresses.`;
  }
  for (const uri of value as string[]) {
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      return `"${uri.slice(0, 80)}" is not a valid redirect URI.`;
    }
    if (url.hash) return `"${uri.slice(0, 80)}" has a fragment (#...); redirect URIs cannot.`;
    const scheme = url.protocol.replace(/:$/, '').toLowerCase();
    if (['javascript', 'data', 'file', 'vbscript', 'blob', 'about'].includes(scheme))
      return `Redirect URIs with the scheme ${scheme} are refused.`;
    const loopback = /^(localhost|127\.0\.0\.1|\[::1\])$/i.test(url.hostname);
    if (scheme === 'http' && !loopback)
      return `"${uri.slice(0, 80)}": plain http is only allowed on the loopback interface (127.0.0.1, [::1], localhost). Use https.`;
  }
  return value as string[];
}

/**
 * The client a client_id names: one registered here, or, for an https URL, the client ID metadata
 * document at that URL (read now, from a public address only, without redirects). A message saying
 * why not otherwise.
 */
export async function resolveClient(clientId: string): Promise<OAuthClient | string> {
  if (/^https?:\/\//i.test(clientId)) return metadataDocumentClient(clientId);
  const registered = await findRegisteredClient(clientId);
  return (
    registered ??
    'The app that sent you here is not registered with this gateway (unknown client_id). Start the sign-in again from your MCP client; it registers itself.'
  );
}

async function metadataDocumentClient(clientId: string): Promise<OAuthClient | string> {
  let target: Awaited<ReturnType<typeof vetUrl>>;
  try {
    target = await vetUrl(clientId);
  } catch (error) {
    return `The app's client ID address cannot be read: ${(error as Error).message}`;
  }
  if (target.url.protocol !== 'https:' && !allowLoopbackFetch()) return 'A client ID metadata document must be served over https.';
  if (target.url.pathname === '/' || target.url.pathname === '')
    return 'A client ID URL must have a path (e.g. https://app.example.com/oauth/client.json).';
  let text: string;
  try {
    text = await fetchSmall(target);
  } catch (error) {
    return `The app's client ID metadata document could not be read (${(error as Error).message}).`;
  }
  let document: Record<string, unknown>;
  try {
    document = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return "The app's client ID metadata document is not JSON.";
  }
  if (document.client_id !== clientId) return "The app's client ID metadata document names another client_id than its own address.";
  const uris = validateRedirectUris(document.redirect_uris);
  if (typeof uris === 'string') return `The app's client ID metadata document: ${uris}`;
  return {
    client_id: clientId,
    ...(typeof document.client_name === 'string' ? { client_name: document.client_name.slice(0, 100) } : {}),
    redirect_uris: uris,
    created_at: new Date().toISOString(),
    source: 'metadata_document',
  };
}

/** GET of a vetted address (connecting to exactly that address), JSON of at most a few KB, no redirects. */
function fetchSmall({ url, address, family }: { url: URL; address: string; family: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    const lookup: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all)
        (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'GET',
        lookup,
        agent: false,
        timeout: METADATA_TIMEOUT_MS,
        headers: { Accept: 'application/json', 'User-Agent': 'ad-gateway-oauth/1.0' },
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.destroy();
          reject(new Error(`status ${response.statusCode ?? 0}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_METADATA_BYTES) {
            response.destroy();
            reject(new Error(`larger than ${MAX_METADATA_BYTES} bytes`));
          } else chunks.push(chunk);
        });
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in time')));
    request.on('error', reject);
    request.end();
  });
}
