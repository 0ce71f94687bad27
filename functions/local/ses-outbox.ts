/**
 * A local Amazon SES (API v2) endpoint on 127.0.0.1: `npm start`'s outbox for alert and brief
 * emails, and the tests' SES. It takes SendEmail as the real API does (POST
 * /v2/email/outbound-emails, SigV4-signed, JSON body with FromEmailAddress, Destination and
 * Content.Simple, or Content.Raw: a MIME message, base64 in the JSON, whose text/plain and text/html
 * parts it reads) and refuses what SES refuses, with SES's error types and messages:
 * - an unsigned request (403 MissingAuthenticationTokenException);
 * - a sender that is not a verified identity (address or its domain): 400 MessageRejected,
 *   "Email address is not verified. The following identities failed the check in region ...";
 * - in sandbox mode (a new SES account), recipients that are not verified either;
 * - no recipient, more than 50 across To/Cc/Bcc, a malformed address, a missing subject or body
 *   (400 BadRequestException), a message over 10 MB (400 MessageRejected);
 * - and on request the next N sends fail with 429 TooManyRequestsException (SDKs retry it).
 * Accepted messages are kept in `sent` and, with `dir`, written there as one .eml file each.
 */
import { writeFileSync } from 'node:fs';
import { privateDir } from './local-store';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

export interface SentEmail {
  message_id: string;
  from: string;
  to: string[];
  subject: string;
  text?: string;
  html?: string;
  /** The MIME message as sent (Content.Raw), byte for byte. */
  raw?: string;
  sent_at: string;
}

export interface SesOutboxOptions {
  /** Verified identities: addresses, or domains (every address at them). */
  verified: string[];
  /** SES sandbox: recipients must be verified identities too. */
  sandbox?: boolean;
  region?: string;
  /** Write each accepted message as an .eml file here. */
  dir?: string;
  port?: number;
}

const MAX_RECIPIENTS = 50;
const MAX_BYTES = 10 * 1024 * 1024;
const ADDRESS = /^[^\s@<>(),;:"]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

/** A MIME entity's headers (names lower-cased, folded lines joined) and body. */
function entity(text: string): { headers: Map<string, string>; body: string } {
  const at = text.indexOf('\r\n\r\n');
  const head = at < 0 ? text : text.slice(0, at);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: at < 0 ? '' : text.slice(at + 4) };
}

/** A header value with its UTF-8 encoded words (=?UTF-8?B?...?=) decoded. */
const decodeWords = (value: string) =>
  value.replace(/=\?UTF-8\?B\?([A-Za-z0-9+/=]*)\?=/gi, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));

/** The subject, text and HTML of a raw message: a single part, or the parts of a multipart/alternative. */
function readRaw(raw: string): { subject?: string; text?: string; html?: string } {
  const message = entity(raw);
  const subject = message.headers.get('subject');
  const out: { subject?: string; text?: string; html?: string } = { subject: subject === undefined ? undefined : decodeWords(subject) };
  const parts = [message];
  const type = message.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    parts.length = 0;
    for (const chunk of message.body.split(`--${boundary}`).slice(1))
      if (!chunk.startsWith('--')) parts.push(entity(chunk.replace(/^\r\n/, '')));
  }
  for (const p of parts) {
    const body = /base64/i.test(p.headers.get('content-transfer-encoding') ?? '')
      ? Buffer.from(p.body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : p.body;
    const partType = p.headers.get('content-type') ?? 'text/plain';
    if (/^text\/html/i.test(partType)) out.html ??= body;
    else if (/^text\/plain/i.test(partType)) out.text ??= body;
  }
  return out;
}

class SesError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

export class SesOutbox {
  readonly sent: SentEmail[] = [];
  private throttled = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly options: SesOutboxOptions,
  ) {}

  static async start(options: SesOutboxOptions): Promise<SesOutbox> {
    // The handler runs only once requests arrive, after `outbox` is set below.
    const server = createServer((req, res) => void outbox.handle(req, res));
    await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
    const outbox = new SesOutbox(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, options);
    if (options.dir) privateDir(options.dir);
    return outbox;
  }

  /** The next `count` sends answer 429 TooManyRequestsException ("Maximum sending rate exceeded."). */
  throttleNext(count: number): void {
    this.throttled = count;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private verified(address: string): boolean {
    const lower = address.toLowerCase();
    return this.options.verified.some((identity) => identity.toLowerCase() === lower || lower.endsWith(`@${identity.toLowerCase()}`));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    try {
      if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v2/email/outbound-emails')
        throw new SesError(404, 'NotFoundException', 'The resource you attempted to access does not exist.');
      if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 Credential='))
        throw new SesError(403, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
      const sent = this.send(raw);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ MessageId: sent.message_id }));
    } catch (err) {
      const e = err instanceof SesError ? err : new SesError(400, 'BadRequestException', 'Could not parse the request body.');
      res
        .writeHead(e.status, { 'Content-Type': 'application/json', 'x-amzn-ErrorType': e.type })
        .end(JSON.stringify({ message: e.message }));
    }
  }

  private send(raw: Buffer): SentEmail {
    if (this.throttled > 0) {
      this.throttled--;
      throw new SesError(429, 'TooManyRequestsException', 'Maximum sending rate exceeded.');
    }
    if (raw.length > MAX_BYTES) throw new SesError(400, 'MessageRejected', `Message length is more than ${MAX_BYTES} bytes long.`);
    const body = JSON.parse(raw.toString('utf8')) as {
      FromEmailAddress?: string;
      Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
      Content?: {
        Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string }; Html?: { Data?: string } } };
        Raw?: { Data?: string };
      };
    };
    const from = body.FromEmailAddress;
    if (!from) throw new SesError(400, 'BadRequestException', 'Missing required parameter FromEmailAddress.');
    const to = body.Destination?.ToAddresses ?? [];
    const all = [...to, ...(body.Destination?.CcAddresses ?? []), ...(body.Destination?.BccAddresses ?? [])];
    if (!all.length)
      throw new SesError(400, 'BadRequestException', 'Missing required parameter Destination: at least one recipient is required.');
    if (all.length > MAX_RECIPIENTS) throw new SesError(400, 'BadRequestException', `Recipient count exceeds ${MAX_RECIPIENTS}.`);
    const malformed = [from, ...all].find((a) => !ADDRESS.test(a));
    if (malformed !== undefined) throw new SesError(400, 'BadRequestException', `Illegal address: ${malformed}`);
    const rawMessage = body.Content?.Raw?.Data === undefined ? undefined : Buffer.from(body.Content.Raw.Data, 'base64').toString('utf8');
    const read = rawMessage === undefined ? undefined : readRaw(rawMessage);
    const simple = read
      ? { Subject: { Data: read.subject }, Body: { Text: { Data: read.text }, Html: { Data: read.html } } }
      : body.Content?.Simple;
    if (!simple?.Subject?.Data) throw new SesError(400, 'BadRequestException', 'Missing required parameter Content.Simple.Subject.');
    if (/[\r\n]/.test(simple.Subject.Data)) throw new SesError(400, 'BadRequestException', 'Illegal header value in Subject.');
    if (!simple.Body?.Text?.Data && !simple.Body?.Html?.Data)
      throw new SesError(400, 'BadRequestException', 'Missing required parameter Content.Simple.Body.');
    const region = (this.options.region ?? 'us-east-1').toUpperCase();
    const unverified = [from, ...(this.options.sandbox ? all : [])].filter((a) => !this.verified(a));
    if (unverified.length)
      throw new SesError(
        400,
        'MessageRejected',
        `Email address is not verified. The following identities failed the check in region ${region}: ${unverified.join(', ')}`,
      );
    const email: SentEmail = {
      message_id: `0100${randomUUID().replace(/-/g, '')}-000000`,
      from,
      to,
      subject: simple.Subject.Data,
      text: simple.Body?.Text?.Data,
      html: simple.Body?.Html?.Data,
      ...(rawMessage === undefined ? {} : { raw: rawMessage }),
      sent_at: new Date().toISOString(),
    };
    this.sent.push(email);
    if (this.options.dir) {
      const eml =
        email.raw ??
        [
          `From: ${email.from}`,
          `To: ${email.to.join(', ')}`,
          `Subject: ${email.subject}`,
          `Date: ${new Date(email.sent_at).toUTCString()}`,
          `Message-ID: <${email.message_id}@local>`,
          'Content-Type: text/plain; charset=UTF-8',
          '',
          email.text ?? email.html ?? '',
        ].join('\r\n');
      writeFileSync(join(this.options.dir, `${email.sent_at.replace(/[:.]/g, '-')}-${email.message_id.slice(4, 12)}.eml`), eml);
    }
    return email;
  }
}
