/**
 * Delivering alerts, briefs and reports to where their owner asked: a chat webhook, email (email.ts),
 * or both. A webhook gets one JSON POST whose `text` is the message (the shape chat tools' incoming
 * webhooks take), plus the data for programs.
 *
 * The URL is checked like every URL the gateway fetches (platforms/video-check.ts): https only, and
 * every address the host resolves to must be public (private, loopback, link-local and metadata
 * addresses are refused); the POST goes to exactly the address that was checked (the guarded
 * fetcher's sendToVettedAddress). Loopback (and plain http to it) is allowed only under the
 * test-only setting UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS.
 */
import { allowLoopbackFetch } from '../../../functions/runtime/config';
import { ToolError } from '../../../core/errors';
import { loadCredentials, saveCredentials } from '../../../functions/runtime/stores/credentials';
import type { Delivery, MonitorAlert } from '../../../functions/runtime/stores/monitoring';
import { sendToVettedAddress, VideoFetchError, vetUrl, type VettedTarget } from '../../video-check';
import { checkEmailConfigured, maskEmail, sendEmail } from './email';

const TIMEOUT_MS = 5000;
export const DELIVERY_ATTEMPTS = 3;

/** Refuses a webhook URL the gateway must not call, with a reason a user can act on. */
export async function checkWebhookUrl(raw: string): Promise<VettedTarget> {
  let target;
  try {
    target = await vetUrl(raw);
  } catch {
    throw new ToolError(
      "The webhook URL is refused: give the https address of your chat tool's incoming webhook on a public host (private, local and link-local addresses are never called).",
      { code: 'invalid_arguments', argument: 'webhook_url' },
    );
  }
  if (target.url.protocol !== 'https:' && !allowLoopbackFetch()) {
    throw new ToolError('The webhook URL must start with https:// (alerts are not sent unencrypted).', {
      code: 'invalid_arguments',
      argument: 'webhook_url',
    });
  }
  return target;
}

type ConditionValue = MonitorAlert['breaches'][number]['values'][number];

/**
 * A condition's figure as said: the number (with what it rests on, when noted: an account CPA from its
 * converting campaigns only), or why there is none ("no conversions" is the worst CPA, not a gap).
 */
const said = (value: number | null | undefined, note: string | undefined) =>
  value === null || value === undefined ? (note ?? 'n/a') : note ? `${value} (${note})` : String(value);
const saidValue = (x: ConditionValue) =>
  `${x.condition}: ${said(x.value, x.note)}${x.previous !== undefined ? ` (before: ${said(x.previous, x.previous_note)})` : ''}`;

/** Each breach on a line: where, and each condition's figures. */
export function breachLines(breaches: MonitorAlert['breaches']): string[] {
  return breaches.map(
    (b) =>
      `- ${b.platform} ${b.account_id}${b.campaign_name ? `, campaign "${b.campaign_name}" (${b.campaign_id})` : ''}: ${b.values.map(saidValue).join('; ')}`,
  );
}

export function alertText(alert: MonitorAlert): string {
  const where = alert.breaches.map(
    (b) =>
      `${b.platform} ${b.account_id}${b.campaign_name ? ` "${b.campaign_name}"` : ''} (${b.values
        .filter((v) => v.holds)
        .map(saidValue)
        .join('; ')})`,
  );
  return `Monitor "${alert.monitor_name}" alerted for ${alert.day}: ${where.join(', ')}.`;
}

async function post(target: VettedTarget, body: string): Promise<number> {
  const response = await sendToVettedAddress(target, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'ad-gateway-monitor/1.0', 'Content-Length': Buffer.byteLength(body) },
    body,
    timeoutMs: TIMEOUT_MS,
    maxBytes: 0,
  });
  return response.status;
}

/** Posts a JSON body (with a `text` chat tools show) up to DELIVERY_ATTEMPTS times (1 s, then 2 s apart); a 2xx answer is delivered. */
export async function deliverJson(
  webhookUrl: string,
  payload: { text: string } & Record<string, unknown>,
  pause: (ms: number) => Promise<unknown> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<Delivery> {
  const body = JSON.stringify(payload);
  let error = '';
  for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS; attempt++) {
    try {
      // Checked again at each send: the host's addresses may have changed since the URL was given.
      const status = await post(await checkWebhookUrl(webhookUrl), body);
      if (status >= 200 && status < 300) return { status: 'delivered', attempts: attempt };
      error = `the webhook answered HTTP ${status}`;
    } catch (err) {
      error =
        err instanceof ToolError
          ? err.message
          : err instanceof VideoFetchError
            ? err.message.replace(/^The server /, 'the webhook ').replace(/\.$/, '')
            : `the webhook could not be reached (${(err as Error).message})`;
    }
    if (attempt < DELIVERY_ATTEMPTS) await pause(1000 * attempt);
  }
  return { status: 'failed', attempts: DELIVERY_ATTEMPTS, error };
}

/** Where a monitor's alerts or a brief's runs go. Kept encrypted (stores/credentials.ts, platform `monitor`). */
export interface Destinations {
  webhook_url?: string;
  email_to?: string[];
}

/** What stored items and outputs show of the destinations: the webhook's host, masked addresses. */
export interface DestinationView {
  webhook_host?: string;
  email_recipients?: string[];
}

/** Checks destinations before anything is stored (refused webhook URL, email not set up) and returns what outputs show. */
export async function checkDestinations(d: Destinations): Promise<DestinationView> {
  if (d.email_to) checkEmailConfigured();
  return {
    ...(d.webhook_url ? { webhook_host: (await checkWebhookUrl(d.webhook_url)).url.host } : {}),
    ...(d.email_to ? { email_recipients: d.email_to.map(maskEmail) } : {}),
  };
}

/** Plan `fields` for the destinations a write sets. */
export function destinationFields(view: DestinationView): Record<string, { after: string }> {
  return {
    ...(view.webhook_host ? { webhook: { after: view.webhook_host } } : {}),
    ...(view.email_recipients ? { email: { after: view.email_recipients.join(', ') } } : {}),
  };
}

const destinationsRef = (ownerId: string, taskId: string) => ({ owner_id: ownerId, platform: 'monitor' as const, account_id: taskId });

export async function saveDestinations(ownerId: string, taskId: string, d: Destinations): Promise<void> {
  if (!d.webhook_url && !d.email_to) return;
  await saveCredentials(destinationsRef(ownerId, taskId), {
    ...(d.webhook_url ? { webhook_url: d.webhook_url } : {}),
    ...(d.email_to ? { email_to: d.email_to.join(',') } : {}),
  });
}

export async function loadDestinations(ownerId: string, taskId: string): Promise<Destinations> {
  const stored = await loadCredentials<{ webhook_url?: string; email_to?: string }>(destinationsRef(ownerId, taskId));
  return {
    ...(stored?.webhook_url ? { webhook_url: stored.webhook_url } : {}),
    ...(stored?.email_to ? { email_to: stored.email_to.split(',') } : {}),
  };
}

/** How one message went out: to the webhook (`delivery`) and by email (`email_delivery`). */
export interface Deliveries {
  delivery?: Delivery;
  email_delivery?: Delivery;
}

/** Sends a message to each destination; a failure at one never stops the other. */
export async function deliverTo(
  d: Destinations,
  message: { subject: string; text: string; html?: string; payload: Record<string, unknown> },
  pause?: (ms: number) => Promise<unknown>,
): Promise<Deliveries> {
  const [delivery, email] = await Promise.all([
    d.webhook_url ? deliverJson(d.webhook_url, { text: message.text, ...message.payload }, pause) : undefined,
    d.email_to ? sendEmail(d.email_to, message) : undefined,
  ]);
  return { ...(delivery ? { delivery } : {}), ...(email ? { email_delivery: email } : {}) };
}

/** The destinations whose delivery failed (to send again), and what failed in words. */
export function failedDeliveries(d: Destinations, done: Deliveries): { again: Destinations; problem?: string } {
  const again: Destinations = {
    ...(d.webhook_url && done.delivery?.status === 'failed' ? { webhook_url: d.webhook_url } : {}),
    ...(d.email_to && done.email_delivery?.status === 'failed' ? { email_to: d.email_to } : {}),
  };
  const failed = deliveryText({
    ...(again.webhook_url ? { delivery: done.delivery } : {}),
    ...(again.email_to ? { email_delivery: done.email_delivery } : {}),
  });
  return { again, ...(failed ? { problem: `not delivered (${failed})` } : {}) };
}

/** Adds a later try's attempts to the earlier ones, per destination. */
export function addAttempts(before: Deliveries, after: Deliveries): Deliveries {
  const sum = (a?: Delivery, b?: Delivery) => (b ? { ...b, attempts: (a?.attempts ?? 0) + b.attempts } : undefined);
  const delivery = sum(before.delivery, after.delivery);
  const email = sum(before.email_delivery, after.email_delivery);
  return { ...(delivery ? { delivery } : {}), ...(email ? { email_delivery: email } : {}) };
}

/** A delivery in a few words for Markdown (\`webhook: delivered; email: failed, reason\`). */
export function deliveryText(d: Deliveries): string {
  const one = (label: string, x?: Delivery) => (x ? [`${label}: ${x.status}${x.error ? `, ${x.error}` : ''}`] : []);
  return [...one('webhook', d.delivery), ...one('email', d.email_delivery)].join('; ');
}

export function deliverAlert(d: Destinations, alert: MonitorAlert, pause?: (ms: number) => Promise<unknown>): Promise<Deliveries> {
  const text = alertText(alert);
  return deliverTo(
    d,
    {
      subject: `Alert: ${alert.monitor_name} (${alert.day})`,
      text: `${text}\n\n${breachLines(alert.breaches).join('\n')}\n\nget_monitor_history with monitor_id ${alert.monitor_id} shows every alert of this monitor.`,
      // Chat tools show `text`: the alert in one sentence.
      payload: { text, monitor_id: alert.monitor_id, monitor_name: alert.monitor_name, day: alert.day, breaches: alert.breaches },
    },
    pause,
  );
}
