/**
 * The raw email the gateway hands to SES (SendEmail with Content.Raw): one MIME message, UTF-8.
 * With HTML it is multipart/alternative: a text/plain part (the Markdown) then a text/html part (the
 * page), so a mail client shows the page and a plain-text client the text. Each part is base64 with
 * lines of 76 characters (RFC 2045); a non-ASCII subject is an encoded word (RFC 2047).
 */
import { createHash } from 'node:crypto';

export interface MimeMessage {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  date: Date;
}

/** base64 of UTF-8 text in lines of at most 76 characters. */
function base64Lines(text: string): string {
  return (
    Buffer.from(text, 'utf8')
      .toString('base64')
      .match(/.{1,76}/g) ?? ['']
  ).join('\r\n');
}

/** A header value: as is when plain ASCII, else a UTF-8 encoded word. */
function headerValue(value: string): string {
  const flat = value.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(flat) ? flat : `=?UTF-8?B?${Buffer.from(flat, 'utf8').toString('base64')}?=`;
}

function part(contentType: string, body: string): string[] {
  return [`Content-Type: ${contentType}; charset=UTF-8`, 'Content-Transfer-Encoding: base64', '', base64Lines(body)];
}

/** The message as SES's Content.Raw takes it (CRLF line ends). */
export function mimeMessage(m: MimeMessage): string {
  const headers = [
    `From: ${m.from}`,
    `To: ${m.to.join(', ')}`,
    `Subject: ${headerValue(m.subject)}`,
    `Date: ${m.date.toUTCString()}`,
    'MIME-Version: 1.0',
  ];
  if (!m.html) return [...headers, ...part('text/plain', m.text)].join('\r\n');
  // "=_" never occurs in base64, so the boundary cannot occur in a part.
  const boundary = `=_alt_${createHash('sha256').update(m.text).update(m.html).digest('hex').slice(0, 24)}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    ...part('text/plain', m.text),
    `--${boundary}`,
    ...part('text/html', m.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
