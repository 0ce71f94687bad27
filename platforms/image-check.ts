/**
 * Downloads an image from a caller's link and reads its real format and size from its bytes (PNG,
 * JPEG, GIF and WebP headers), through the guarded fetcher (video-check.ts `guardedFetch`): only
 * http(s), every resolved address public (loopback only with the test-only setting), the connection
 * pinned to the checked address, each redirect hop (at most 3) checked again. The download stops at MAX_IMAGE_BYTES. Used by validate_and_prepare_assets, the
 * Performance Max image tools and the searchads live adapter (the platform takes the bytes).
 */
import { DEFAULT_TIMEOUT_MS, guardedFetch, MAX_REDIRECTS, VideoFetchError, VideoUrlError } from './video-check';

/** The platform's largest image asset (5 MB). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export type ImageFormat = 'PNG' | 'JPEG' | 'GIF' | 'WEBP';

export interface ImageFetchResult {
  ok: boolean;
  url: string;
  final_url: string;
  http_status?: number;
  content_type?: string;
  format?: ImageFormat;
  width?: number;
  height?: number;
  size_bytes?: number;
  /** Why the image cannot be used (empty when ok). */
  problems: string[];
  /** The bytes, when the image was read in full (not serialised into answers). */
  bytes?: Buffer;
}

/** Format and pixel size from the first bytes of an image; undefined when they are no image this knows. */
export function imageSize(bytes: Buffer): { format: ImageFormat; width: number; height: number } | undefined {
  if (
    bytes.length >= 24 &&
    bytes.readUInt32BE(0) === 0x89504e47 &&
    bytes.readUInt32BE(4) === 0x0d0a1a0a &&
    bytes.toString('ascii', 12, 16) === 'IHDR'
  ) {
    return { format: 'PNG', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 10 && /^GIF8[79]a$/.test(bytes.toString('ascii', 0, 6))) {
    return { format: 'GIF', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (bytes.length >= 30 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') {
    const chunk = bytes.toString('ascii', 12, 16);
    if (chunk === 'VP8X') return { format: 'WEBP', width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
    if (chunk === 'VP8 ') return { format: 'WEBP', width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L') {
      const b = bytes.readUInt32LE(21);
      return { format: 'WEBP', width: (b & 0x3fff) + 1, height: ((b >> 14) & 0x3fff) + 1 };
    }
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    // Walk the JPEG segments to the first start-of-frame marker (SOF0-SOF15 except DHT, JPG and DAC).
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return undefined;
      const marker = bytes[at + 1]!;
      if (marker === 0xff) {
        at += 1;
        continue;
      }
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        at += 2;
        continue;
      }
      const length = bytes.readUInt16BE(at + 2);
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { format: 'JPEG', height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
      }
      at += 2 + length;
    }
  }
  return undefined;
}

/** Downloads and reads one image; never throws for what the link or the server does wrong (see `problems`). */
export async function fetchImage(rawUrl: string, options: { timeoutMs?: number } = {}): Promise<ImageFetchResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const result: ImageFetchResult = { ok: false, url: rawUrl, final_url: rawUrl, problems: [] };
  const say = (message: string) => message.replace(/the video/g, 'the image').replace(/a video/g, 'an image');
  try {
    const response = await guardedFetch(rawUrl, { maxBytes: MAX_IMAGE_BYTES, timeoutMs, headers: { Accept: 'image/*' } });
    result.http_status = response.status;
    result.final_url = response.final_url;
    if (response.status >= 300 && response.status < 400 && response.headers.location) {
      result.problems.push(`The link redirects more than ${MAX_REDIRECTS} times; give the final direct link to the image.`);
      return result;
    }
    result.content_type = response.headers['content-type'];
    if (response.status !== 200) {
      result.problems.push(
        `The server answered HTTP ${response.status}${response.status === 403 || response.status === 401 ? ' (the image is not public: share it publicly or host it elsewhere)' : ''}.`,
      );
      return result;
    }
    if (!response.complete) {
      result.problems.push(`The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB, the platform's limit for an image asset.`);
      return result;
    }
    result.size_bytes = response.body.length;
    const size = imageSize(response.body);
    if (!size) {
      const page = /text\/html/i.test(result.content_type ?? '');
      result.problems.push(
        page
          ? 'The link opens a web page, not the image itself; use the direct link to the image file (it usually ends in .jpg or .png).'
          : `The file is not a PNG, JPEG, GIF or WebP image${result.content_type ? ` (content type ${result.content_type})` : ''}.`,
      );
      return result;
    }
    Object.assign(result, size, { bytes: response.body, ok: true });
    return result;
  } catch (err) {
    if (err instanceof VideoUrlError) result.problems.push(say(err.message));
    else if (err instanceof VideoFetchError) result.problems.push(`The image could not be downloaded: ${err.message}`);
    else result.problems.push(`The image could not be downloaded: ${(err as Error).message}.`);
    return result;
  }
}
