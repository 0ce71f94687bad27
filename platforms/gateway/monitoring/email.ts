/**
 * Delivering alerts and briefs by email, through Amazon SES (API v2, SendEmail with the raw MIME
 * message of mime.ts: a report goes as multipart/alternative, text and HTML) from the sender the
 * gateway's operator verified (ALERT_EMAIL_FROM; the stack's `alertEmailFrom` setting). Locally
 * SES_ENDPOINT points at a local SES endpoint (`npm start`'s outbox, the tests' SES).
 *
 * Recipients are given per monitor, brief or report; they are stored encrypted with the webhook URL
 * and shown masked (j…@example.com). The SDK retries throttling and server errors (3 attempts); a
 * refusal (unverified sender, or a recipient SES's sandbox does not allow) is recorded with SES's
 * reason, never thrown at the scheduler.
 */
import * as v from 'valibot';
import { alertEmailFrom, sesEndpoint } from '../../../functions/runtime/config';
import { ToolError } from '../../../core/errors';
import { mimeMessage } from './mime';
import type { Delivery } from '../../../functions/runtime/stores/monitoring';
import type { SESv2Client } from '../../../functions/email-client';
import { loadEmailClient } from '../../../functions/load-library';

export const MAX_EMAIL_RECIPIENTS = 10;

/** A plain address (name@domain.tld), the form SES accepts; stored lower-cased. */
const ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const emailRecipientsArg = v.optional(
  v.pipe(
    v.array(
      v.pipe(
        v.string(),
        v.trim(),
        v.toLowerCase(),
        v.maxLength(254, 'must be at most 254 characters'),
        v.regex(ADDRESS, 'must be an email address (name@example.com)'),
      ),
    ),
    v.minLength(1, 'needs at least 1 address'),
    v.maxLength(MAX_EMAIL_RECIPIENTS, `takes at most ${MAX_EMAIL_RECIPIENTS} addresses`),
    v.description(
      `1-${MAX_EMAIL_RECIPIENTS} email addresses to send it to (sent by the gateway's own email sender, AWS SES). Stored encrypted; shown masked.`,
    ),
  ),
);

/** An address as outputs show it: first letter and domain (j…@example.com). */
export function maskEmail(address: string): string {
  const [local, domain] = address.split('@');
  return `${local!.slice(0, 1)}…@${domain}`;
}

/** Refuses email recipients when this gateway has no sender set up, with what its operator must do. */
export function checkEmailConfigured(): void {
  if (!alertEmailFrom()) {
    throw new ToolError(
      'Email delivery is not set up on this gateway: its operator sets a sender address verified in AWS SES (the stack setting alertEmailFrom). Use webhook_url for a chat tool meanwhile.',
      { code: 'invalid_arguments', argument: 'email_to' },
    );
  }
}

let client: { endpoint: string | undefined; ses: SESv2Client } | undefined;

/** The SES client (its library loaded at the first email: functions/load-library.ts). */
async function ses(): Promise<SESv2Client> {
  const endpoint = sesEndpoint();
  if (!client || client.endpoint !== endpoint) {
    const { SESv2Client } = await loadEmailClient();
    const limits = { maxAttempts: 3, requestHandler: { connectionTimeout: 2000, requestTimeout: 5000 } };
    client = {
      endpoint,
      ses: endpoint
        ? new SESv2Client({
            endpoint,
            region: process.env.AWS_REGION ?? 'us-east-1',
            credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
            ...limits,
          })
        : new SESv2Client(limits),
    };
  }
  return client.ses;
}

/** SES's reason in a sentence; addresses are the owner's own recipients and sender, nothing secret. */
function reasonOf(err: unknown): string {
  const e = err as { name?: string; message?: string };
  if (e.name === 'MessageRejected' || e.name === 'MailFromDomainNotVerifiedException')
    return `the email service refused the message: ${e.message}`;
  if (
    e.name === 'TooManyRequestsException' ||
    e.name === 'LimitExceededException' ||
    e.name === 'SendingPausedException' ||
    e.name === 'AccountSuspendedException'
  )
    return `the email service is not sending now (${e.name}): ${e.message}`;
  return `the email service could not be reached (${e.name ?? 'error'})`;
}

/** Sends one message to the recipients (one SES call, To: all of them). */
export async function sendEmail(to: string[], message: { subject: string; text: string; html?: string }): Promise<Delivery> {
  const from = alertEmailFrom();
  if (!from) return { status: 'failed', attempts: 0, error: 'email delivery is not set up on this gateway (no sender address)' };
  try {
    const { SendEmailCommand } = await loadEmailClient();
    const sent = await (
      await ses()
    ).send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: to },
        Content: {
          Raw: {
            Data: Buffer.from(
              mimeMessage({ from, to, subject: message.subject.slice(0, 200), text: message.text, html: message.html, date: new Date() }),
              'utf8',
            ),
          },
        },
      }),
    );
    return { status: 'delivered', attempts: sent.$metadata.attempts ?? 1 };
  } catch (err) {
    return { status: 'failed', attempts: (err as { $metadata?: { attempts?: number } }).$metadata?.attempts ?? 1, error: reasonOf(err) };
  }
}
