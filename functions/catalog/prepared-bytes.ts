import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';
import { header, type GatewayEvent, type GatewayResult } from '../runtime/state';

/**
 * Prepared bytes: documents whose text is fixed but for a short end (the OpenAPI `servers` URL, the
 * JSON-RPC `id` of a tools/list answer) served gzip without compressing the fixed part again. The
 * fixed part is compressed once (at build time for the catalog artifact, once per process for MCP
 * pages) as raw deflate that ends with a sync flush: byte-aligned and without a final block, so the
 * end, deflated per request, follows it as the stream's last block. The gzip trailer's CRC-32 goes on
 * from the fixed part's, so the fixed part is never read again either.
 */
export interface PreparedGzip {
  /** The fixed part as raw deflate, ended with a sync flush (no final block). */
  deflated: Buffer;
  /** CRC-32 of the fixed part's UTF-8 bytes. */
  crc32: number;
  /** Length of the fixed part in bytes. */
  bytes: number;
}

export function prepareGzip(fixed: string): PreparedGzip {
  const bytes = Buffer.from(fixed, 'utf8');
  return { deflated: deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }), crc32: crc32(bytes), bytes: bytes.length };
}

/** A prepared part as one file of the catalog artifact: CRC-32 and length (4 bytes each, little-endian), then the deflate data. */
export function preparedGzipFile(prepared: PreparedGzip): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32LE(prepared.crc32 >>> 0, 0);
  head.writeUInt32LE(prepared.bytes, 4);
  return Buffer.concat([head, prepared.deflated]);
}

export function readPreparedGzipFile(file: Buffer): PreparedGzip {
  return { crc32: file.readUInt32LE(0), bytes: file.readUInt32LE(4), deflated: file.subarray(8) };
}

/** gzip header: deflate, no flags, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The gzip of the fixed part followed by `end`: only `end` is compressed here. */
export function gzipWithEnd(prepared: PreparedGzip, end: string): Buffer {
  const endBytes = Buffer.from(end, 'utf8');
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(endBytes, prepared.crc32) >>> 0, 0);
  trailer.writeUInt32LE((prepared.bytes + endBytes.length) % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, prepared.deflated, deflateRawSync(endBytes), trailer]);
}

/** A whole text gzipped (bodies made once per process, such as a filtered catalog). */
export function gzipText(text: string): Buffer {
  return gzipSync(Buffer.from(text, 'utf8'));
}

/**
 * Whether the request's Accept-Encoding allows gzip (RFC 9110 section 12.5.3): `gzip` (or `x-gzip`)
 * with a weight above 0, or else `*` with one. Without the header: identity. Also identity for a
 * request without an Accept header: API Gateway turns a base64 body back into bytes by the request's
 * first Accept type (the binary media types are all types), so without one the client would get base64 text.
 */
export function acceptsGzip(event: GatewayEvent): boolean {
  const value = header(event, 'accept-encoding');
  if (!value || !header(event, 'accept')) return false;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of value.split(',')) {
    const [coding, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (coding === 'gzip' || coding === 'x-gzip') gzip = weight;
    else if (coding === '*') any = weight;
  }
  const weight = gzip ?? any ?? 0;
  return Number.isFinite(weight) && weight > 0;
}

/**
 * A 200 of prepared bytes in the encoding the request accepts: gzip (base64 with isBase64Encoded,
 * as API Gateway and the local server expect binary bodies; Content-Encoding set, so API Gateway
 * does not compress it again) or identity. Only the body sent is made: a gzip answer never builds
 * the identity text. `Vary: Accept-Encoding` either way; a gzip answer's ETag is its own (the
 * identity tag with `-gzip`), as the bytes differ.
 */
export function encodedResponse(
  event: GatewayEvent,
  identityHeaders: Record<string, string>,
  identity: () => string,
  gzip: () => Buffer | string,
): GatewayResult {
  const headers: Record<string, string> = { ...identityHeaders, Vary: 'Accept-Encoding' };
  if (!acceptsGzip(event)) return { statusCode: 200, headers, body: identity() };
  const zipped = gzip();
  const etag = headers.ETag?.replace(/"$/, '-gzip"');
  return {
    statusCode: 200,
    headers: { ...headers, 'Content-Encoding': 'gzip', ...(etag ? { ETag: etag } : {}) },
    body: typeof zipped === 'string' ? zipped : zipped.toString('base64'),
    isBase64Encoded: true,
  };
}
