/**
 * Checks that a URL is a direct download of a video a platform will accept, without downloading
 * it: a HEAD request (a one-byte ranged GET when HEAD is refused) tells the content type, the size
 * and, through redirects, where the file really is. Used by the validate_video tool and by the
 * shortvideo sandbox's upload-by-URL step, so both give the same verdict.
 *
 * Security (server-side request forgery): only http and https; the host name is resolved first
 * and every address must be public: private, loopback, link-local (cloud metadata), unique-local,
 * unspecified, carrier-grade NAT, multicast and reserved ranges are refused before any connection
 * is made, in every spelling (`0x7f000001`, `2130706433`, `127.1`, octal, IPv4-mapped and
 * -compatible IPv6 such as `::ffff:7f00:1` or `::127.0.0.1`). The connection then goes to exactly
 * the address that was checked (no second DNS answer), and every redirect target is checked the
 * same way (at most 3 redirects). Loopback is allowed only when the test-only setting
 * UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS is true (`allowLoopbackFetch()`); private ranges never are.
 */
import * as dns from 'node:dns/promises';
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { classifyAddress, ipv4Text, parseIpv4 } from '../core/addresses';
import { quoted } from '../core/errors';
import { allowLoopbackFetch } from '../functions/runtime/config';
import type { PlatformWord } from '../core/platforms';

export { classifyAddress, parseIpv4, type AddressClass } from '../core/addresses';

export const MAX_REDIRECTS = 3;
export const DEFAULT_TIMEOUT_MS = 5000;

export type VideoFormat = 'MP4' | 'MOV' | 'MPEG' | 'AVI' | 'WEBM' | '3GP' | 'MKV' | 'WMV' | 'FLV';

/** What each platform accepts for a video ad (its published creative specifications). */
export interface VideoLimits {
  formats: VideoFormat[];
  max_size_mb: number;
  min_seconds: number;
  max_seconds: number;
  aspect_ratios: string;
  note?: string;
}

export const VIDEO_LIMITS: Record<PlatformWord, VideoLimits> = {
  shortvideo: {
    formats: ['MP4', 'MOV', 'MPEG', 'AVI'],
    max_size_mb: 500,
    min_seconds: 5,
    max_seconds: 60,
    aspect_ratios: '9:16 preferred (also 1:1, 16:9), at least 540x960',
  },
  socialads: {
    formats: ['MP4', 'MOV'],
    max_size_mb: 4096,
    min_seconds: 1,
    max_seconds: 14_460,
    aspect_ratios: '9:16 for stories/reels, 1:1 or 4:5 for feed',
  },
  proads: { formats: ['MP4'], max_size_mb: 200, min_seconds: 3, max_seconds: 1800, aspect_ratios: '16:9, 1:1 or 9:16' },
  searchads: {
    formats: ['MP4', 'MOV', 'AVI', 'MPEG', 'WMV', 'FLV', 'WEBM'],
    max_size_mb: 1024,
    min_seconds: 6,
    max_seconds: 180,
    aspect_ratios: '16:9, 1:1 or 9:16',
    note: 'video ads run from a hosted video; upload it to the video host first',
  },
  retailads: { formats: ['MP4', 'MOV'], max_size_mb: 500, min_seconds: 6, max_seconds: 45, aspect_ratios: '16:9' },
  deskads: { formats: ['MP4', 'MOV'], max_size_mb: 1024, min_seconds: 6, max_seconds: 60, aspect_ratios: '16:9, 1:1 or 9:16' },
  chatads: {
    formats: ['MP4'],
    max_size_mb: 100,
    min_seconds: 5,
    max_seconds: 60,
    aspect_ratios: '16:9 or 1:1',
    note: 'chat-card ads are image-first; video support is limited',
  },
};

const CONTENT_TYPE_FORMATS: Record<string, VideoFormat> = {
  'video/mp4': 'MP4',
  'video/x-m4v': 'MP4',
  'video/quicktime': 'MOV',
  'video/mpeg': 'MPEG',
  'video/x-msvideo': 'AVI',
  'video/avi': 'AVI',
  'video/msvideo': 'AVI',
  'video/webm': 'WEBM',
  'video/3gpp': '3GP',
  'video/x-matroska': 'MKV',
  'video/x-ms-wmv': 'WMV',
  'video/x-flv': 'FLV',
};

const EXTENSION_FORMATS: Record<string, VideoFormat> = {
  mp4: 'MP4',
  m4v: 'MP4',
  mov: 'MOV',
  qt: 'MOV',
  mpeg: 'MPEG',
  mpg: 'MPEG',
  avi: 'AVI',
  webm: 'WEBM',
  '3gp': '3GP',
  mkv: 'MKV',
  wmv: 'WMV',
  flv: 'FLV',
};

/**
 * The URL cannot be checked, and nothing was sent: it is malformed, its host name does not resolve,
 * or it was refused for safety (UnsafeVideoUrlError). Tools answer it with a 400.
 */
export class VideoUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VideoUrlError';
  }
}

/** Why a URL was refused for safety before anything was sent. */
export class UnsafeVideoUrlError extends VideoUrlError {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeVideoUrlError';
  }
}

/** Throws UnsafeVideoUrlError unless the address may be fetched. */
export function assertFetchableAddress(address: string, host: string): void {
  const kind = classifyAddress(address);
  if (kind === 'public') return;
  if (kind === 'loopback' && allowLoopbackFetch()) return;
  const what = kind === 'loopback' ? 'a loopback (local machine) address' : 'a private, link-local or reserved network address';
  throw new UnsafeVideoUrlError(
    `Refused to fetch ${host}: it resolves to ${address}, ${what}. Only public internet addresses can be checked; give a public direct-download link to the video.`,
  );
}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

// Looked up through the module at call time, so a test can stand in for DNS.
const systemResolver: Resolver = (host) => dns.lookup(host, { all: true, verbatim: true });

/**
 * Parses and vets one URL: scheme, host, every resolved address. Nothing is sent to the host.
 * Returns the URL and the address to connect to.
 */
export async function vetUrl(
  raw: string,
  resolve: Resolver = systemResolver,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<{ url: URL; address: string; family: number }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new VideoUrlError(`"${quoted(raw)}" is not a valid URL. Give a full http(s) link, e.g. https://cdn.example.com/ad.mp4.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UnsafeVideoUrlError(
      `Only http and https links can be checked; "${quoted(url.protocol.replace(/:$/, ''))}" links are refused.`,
    );
  }
  if (url.username || url.password) {
    throw new UnsafeVideoUrlError('Links with a user name or password in them are refused; use a public direct-download link.');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw new VideoUrlError('The link has no host name.');
  // The URL parser already writes every IPv4 spelling as dotted decimal; parseIpv4 catches any
  // spelling that reaches here some other way.
  const v4 = parseIpv4(host);
  const literal = isIP(host) ? host : v4 !== undefined ? ipv4Text(v4) : undefined;
  if (literal) {
    assertFetchableAddress(literal, host);
    return { url, address: literal, family: isIP(literal) };
  }
  if (/^(.+\.)?localhost\.?$/i.test(host) && !allowLoopbackFetch()) {
    throw new UnsafeVideoUrlError(`Refused to fetch ${host}: it names the local machine. Give a public direct-download link to the video.`);
  }
  let addresses: { address: string; family: number }[];
  let timer: NodeJS.Timeout | undefined;
  try {
    addresses = await Promise.race([
      resolve(host),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
  } catch {
    throw new VideoUrlError(
      `The host name ${host} could not be resolved, so the video cannot be downloaded from it. Check the link for typos.`,
    );
  } finally {
    clearTimeout(timer);
  }
  if (!addresses.length)
    throw new VideoUrlError(`The host name ${host} has no address, so the video cannot be downloaded from it. Check the link for typos.`);
  // Every answer must be acceptable: a name that also points at a private address is refused.
  for (const a of addresses) assertFetchableAddress(a.address, host);
  return { url, address: addresses[0].address, family: addresses[0].family };
}

/** The host could not be reached or did not answer in time (not a security refusal). */
export class VideoFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VideoFetchError';
  }
}

// ---------------------------------------------------------------------------------------------
// Fetching headers

export interface HeadResponse {
  status: number;
  headers: Record<string, string | undefined>;
}

/** Sends one request to a vetted address and returns status and headers only (the body is never read). */
export type HeadRequester = (
  target: { url: URL; address: string; family: number },
  method: 'HEAD' | 'GET',
  timeoutMs: number,
) => Promise<HeadResponse>;

/** A URL that was vetted (vetUrl): the address to connect to, whatever DNS would say now. */
export interface VettedTarget {
  url: URL;
  address: string;
  family: number;
}

export interface SentResponse {
  status: number;
  headers: Record<string, string | undefined>;
  /** At most `maxBytes` bytes of the body (empty when `maxBytes` is 0). */
  body: Buffer;
  /** The whole body was read (it was not longer than `maxBytes`). */
  complete: boolean;
}

/**
 * The one place the gateway connects to an address a caller gave (video and image checks, uploads
 * from a URL, webhooks): one request to a vetted target, connected to exactly the address that was
 * checked (no second DNS answer), no agent, no proxy, no redirect followed. Reads at most `maxBytes`
 * of the body, then closes. Rejects with VideoFetchError when the host cannot be reached in time.
 */
export function sendToVettedAddress(
  target: VettedTarget,
  options: {
    method: 'GET' | 'HEAD' | 'POST';
    headers?: Record<string, string | number>;
    body?: string;
    timeoutMs: number;
    maxBytes: number;
    signal?: AbortSignal;
  },
): Promise<SentResponse> {
  const { url, address, family } = target;
  const { timeoutMs } = options;
  return new Promise<SentResponse>((resolvePromise, reject) => {
    const pinnedLookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      if ((lookupOptions as { all?: boolean }).all)
        (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const client = url.protocol === 'https:' ? https : http;
    const tooSlow = () => new VideoFetchError(`The server did not answer within ${Math.round(timeoutMs / 1000)} seconds.`);
    const request = client.request(
      url,
      { method: options.method, lookup: pinnedLookup, headers: options.headers, timeout: timeoutMs, agent: false, signal: options.signal },
      (response) => {
        const headers: Record<string, string | undefined> = {};
        for (const [k, value] of Object.entries(response.headers))
          headers[k.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
        const chunks: Buffer[] = [];
        let size = 0;
        let complete = false;
        const done = () => {
          clearTimeout(timer);
          const body = Buffer.concat(chunks);
          resolvePromise({ status: response.statusCode ?? 0, headers, body: body.subarray(0, options.maxBytes), complete });
        };
        if (options.maxBytes <= 0 || options.method === 'HEAD') {
          complete = options.method === 'HEAD';
          response.destroy();
          done();
          return;
        }
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size > options.maxBytes) response.destroy();
        });
        response.on('end', () => {
          complete = size <= options.maxBytes;
          done();
        });
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => request.destroy(tooSlow()), timeoutMs);
    request.on('timeout', () => request.destroy(tooSlow()));
    request.on('error', (err) => {
      clearTimeout(timer);
      reject(
        err instanceof VideoFetchError
          ? err
          : new VideoFetchError(`The server could not be reached (${(err as NodeJS.ErrnoException).code ?? err.message}).`),
      );
    });
    request.on('close', () => clearTimeout(timer));
    request.end(options.body);
  });
}

const nodeRequester: HeadRequester = async (target, method, timeoutMs) => {
  const { status, headers } = await sendToVettedAddress(target, {
    method,
    headers: {
      'User-Agent': 'ad-gateway-video-check/1.0',
      Accept: 'video/*,*/*;q=0.5',
      ...(method === 'GET' ? { Range: 'bytes=0-0' } : {}),
    },
    timeoutMs,
    maxBytes: 0,
  });
  return { status, headers };
};

/** What guardedFetch answers: the last response, where it came from, and the redirects taken. */
export interface GuardedResponse extends SentResponse {
  final_url: string;
  redirects: string[];
}

/**
 * The guarded fetcher: a GET of a caller's URL under the outbound rules (vetUrl: http or https only,
 * every resolved address public, in every spelling), connected to the checked address, each redirect
 * (at most MAX_REDIRECTS) vetted again before it is followed. Throws VideoUrlError (UnsafeVideoUrlError
 * when refused for safety) before anything is sent to a refused address; VideoFetchError when the
 * host cannot be reached. A `data:` URL is read locally when `allowDataUrl`, without any connection.
 */
export async function guardedFetch(
  rawUrl: string,
  options: { maxBytes: number; timeoutMs?: number; signal?: AbortSignal; headers?: Record<string, string>; allowDataUrl?: boolean },
): Promise<GuardedResponse> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (options.allowDataUrl && /^data:/i.test(rawUrl)) return readDataUrl(rawUrl, options.maxBytes);
  const started = Date.now();
  const remaining = () => Math.max(500, timeoutMs - (Date.now() - started));
  let target = await vetUrl(rawUrl, systemResolver, timeoutMs);
  const redirects: string[] = [];
  for (let hop = 0; ; hop++) {
    const response = await sendToVettedAddress(target, {
      method: 'GET',
      headers: { 'User-Agent': 'ad-gateway-fetch/1.0', ...options.headers },
      timeoutMs: remaining(),
      maxBytes: options.maxBytes,
      signal: options.signal,
    });
    const location = response.headers.location;
    if (response.status < 300 || response.status >= 400 || !location || hop >= MAX_REDIRECTS) {
      return { ...response, final_url: target.url.toString(), redirects };
    }
    const next = new URL(location, target.url).toString();
    redirects.push(next);
    // Every hop is vetted like the first URL: a public link must not bounce to an internal one.
    target = await vetUrl(next, systemResolver, remaining());
  }
}

function readDataUrl(raw: string, maxBytes: number): GuardedResponse {
  const match = /^data:([^,;]*)((?:;[^,;]*)*),(.*)$/is.exec(raw);
  if (!match) throw new VideoUrlError('The data: URL is malformed.');
  const base64 = /;base64/i.test(match[2] ?? '');
  const bytes = base64 ? Buffer.from(match[3]!, 'base64') : Buffer.from(decodeURIComponent(match[3]!));
  return {
    status: 200,
    headers: { 'content-type': match[1] || 'text/plain', 'content-length': String(bytes.length) },
    body: bytes.subarray(0, maxBytes),
    complete: bytes.length <= maxBytes,
    final_url: raw,
    redirects: [],
  };
}

// ---------------------------------------------------------------------------------------------
// The verdict

export interface VideoCheckResult {
  /** True when nothing found stops the platform from downloading this video. */
  ok: boolean;
  url: string;
  /** Where the file really is, after redirects. */
  final_url: string;
  redirects: string[];
  http_status?: number;
  method_used?: 'HEAD' | 'GET';
  content_type?: string;
  size_bytes?: number;
  format?: VideoFormat;
  platform: PlatformWord;
  limits: VideoLimits;
  /** Blocking problems (the upload would fail). */
  problems: string[];
  /** Things that may still cause trouble. */
  warnings: string[];
  /** Limits that cannot be checked without downloading the file. */
  not_checked: string[];
}

export interface VideoCheckOptions {
  platform?: PlatformWord;
  timeoutMs?: number;
  resolve?: Resolver;
  request?: HeadRequester;
}

function formatFromPath(url: URL): VideoFormat | undefined {
  const match = /\.([a-z0-9]{2,5})$/i.exec(url.pathname);
  return match ? EXTENSION_FORMATS[match[1].toLowerCase()] : undefined;
}

function sizeFrom(headers: Record<string, string | undefined>, method: 'HEAD' | 'GET'): number | undefined {
  const range = headers['content-range'];
  const total = range ? /\/(\d+)\s*$/.exec(range)?.[1] : undefined;
  if (total) return Number(total);
  const length = headers['content-length'];
  // A ranged GET answered 200 sends the whole file: its length is the size too.
  if (length && /^\d+$/.test(length) && (method === 'HEAD' || !range)) return Number(length);
  return undefined;
}

function webPageHint(url: URL): string {
  const host = url.hostname.toLowerCase();
  if (host.endsWith('drive.google.com'))
    return ' For Google Drive, use https://drive.google.com/uc?export=download&id=<FILE_ID> and share the file publicly.';
  if (host.endsWith('dropbox.com')) return ' For Dropbox, change ?dl=0 to ?dl=1 (or use dl.dropboxusercontent.com).';
  if (/(^|\.)(youtube\.com|youtu\.be|vimeo\.com|tiktok\.com|instagram\.com)$/.test(host))
    return ' Video-sharing pages cannot be used; upload the original file to storage that gives a direct link.';
  return ' Use the link of the file itself (it usually ends in .mp4 or .mov), e.g. from a CDN or cloud storage bucket.';
}

/**
 * Checks a video URL. Throws VideoUrlError (UnsafeVideoUrlError when refused for safety) when the
 * URL or any redirect target cannot be checked (nothing is sent to such an address). Everything
 * else is reported in the result.
 */
export async function checkVideoUrl(rawUrl: string, options: VideoCheckOptions = {}): Promise<VideoCheckResult> {
  const platform = options.platform ?? 'shortvideo';
  const limits = VIDEO_LIMITS[platform];
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const request = options.request ?? nodeRequester;
  const resolve = options.resolve ?? systemResolver;
  const result: VideoCheckResult = {
    ok: false,
    url: rawUrl,
    final_url: rawUrl,
    redirects: [],
    platform,
    limits,
    problems: [],
    warnings: [],
    not_checked: [
      `duration (must be ${limits.min_seconds}-${limits.max_seconds} seconds)`,
      `aspect ratio and resolution (${limits.aspect_ratios})`,
      'bitrate, codec and audio track',
    ],
  };
  const started = Date.now();
  const remaining = () => Math.max(500, timeoutMs - (Date.now() - started));

  let target = await vetUrl(rawUrl, resolve, timeoutMs);
  let response: HeadResponse | undefined;
  let method: 'HEAD' | 'GET';
  for (let hop = 0; ; hop++) {
    try {
      method = 'HEAD';
      response = await request(target, 'HEAD', remaining());
      // Some servers refuse HEAD or answer it without the real headers: ask for the first byte instead.
      if ([400, 403, 405, 406, 501].includes(response.status) || (response.status < 300 && !response.headers['content-type'])) {
        method = 'GET';
        response = await request(target, 'GET', remaining());
      }
    } catch (err) {
      if (err instanceof VideoFetchError) {
        result.problems.push(`${err.message} The platform could not download the video either.`);
        return result;
      }
      throw err;
    }
    if (response.status >= 300 && response.status < 400 && response.headers.location) {
      if (hop >= MAX_REDIRECTS) {
        result.problems.push(`The link redirects more than ${MAX_REDIRECTS} times; give the final direct-download link.`);
        result.http_status = response.status;
        return result;
      }
      const next = new URL(response.headers.location, target.url).toString();
      result.redirects.push(next);
      // Every hop is vetted like the first URL: a public link must not bounce to an internal one.
      target = await vetUrl(next, resolve, remaining());
      result.final_url = next;
      continue;
    }
    break;
  }

  result.http_status = response.status;
  result.method_used = method;
  if (response.status >= 400) {
    result.problems.push(
      response.status === 401 || response.status === 403
        ? `The server refused access (HTTP ${response.status}): the file is not public. Share it publicly or use a link that needs no sign-in.`
        : response.status === 404
          ? 'The file was not found (HTTP 404). Check the link.'
          : `The server answered HTTP ${response.status}.`,
    );
    return result;
  }

  const contentType = response.headers['content-type']?.split(';')[0].trim().toLowerCase();
  result.content_type = contentType;
  result.size_bytes = sizeFrom(response.headers, method);
  const finalUrl = new URL(result.final_url);
  const pathFormat = formatFromPath(finalUrl) ?? formatFromPath(new URL(rawUrl));

  if (contentType === 'text/html' || contentType === 'application/xhtml+xml') {
    result.problems.push(`The link serves text/html: this is a web page, not a direct download link.${webPageHint(finalUrl)}`);
  } else if (contentType && CONTENT_TYPE_FORMATS[contentType]) {
    result.format = CONTENT_TYPE_FORMATS[contentType];
  } else if (contentType?.startsWith('video/')) {
    result.format = pathFormat;
    if (!pathFormat)
      result.problems.push(`The content type ${contentType} is not a video format the platform accepts (${limits.formats.join(', ')}).`);
  } else if ((contentType === 'application/octet-stream' || contentType === 'binary/octet-stream' || !contentType) && pathFormat) {
    result.format = pathFormat;
    result.warnings.push(
      `The server does not declare a video content type (${contentType ?? 'none'}); the file name says ${pathFormat}. Platforms usually accept it, but serving it as video/${pathFormat === 'MOV' ? 'quicktime' : pathFormat.toLowerCase()} is safer.`,
    );
  } else {
    result.problems.push(
      `The link serves ${contentType ?? 'no content type'}, not a video. Give a direct link to an ${limits.formats.join(', ')} file.`,
    );
  }

  if (result.format && !limits.formats.includes(result.format)) {
    result.problems.push(`${result.format} is not accepted on ${platform}: use ${limits.formats.join(', ')}.`);
  } else if (result.format && pathFormat && pathFormat !== result.format) {
    result.warnings.push(`The file name says ${pathFormat} but the server says ${result.format}.`);
  }

  const maxBytes = limits.max_size_mb * 1024 * 1024;
  if (result.size_bytes !== undefined) {
    if (result.size_bytes > maxBytes)
      result.problems.push(`The file is ${formatBytes(result.size_bytes)}, above the ${limits.max_size_mb} MB limit of ${platform}.`);
    else if (result.size_bytes === 0) result.problems.push('The server reports an empty file (0 bytes).');
  } else {
    result.not_checked.unshift(`file size (the server did not say; must be at most ${limits.max_size_mb} MB)`);
  }
  if (finalUrl.protocol === 'http:') result.warnings.push('The link is plain http; platforms prefer https links.');
  result.ok = result.problems.length === 0;
  return result;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}
