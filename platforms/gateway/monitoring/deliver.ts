/**
 * Delivering alerts to a chat webhook: one JSON POST whose `text` is the alert in a sentence (the
 * shape chat tools' incoming webhooks take), plus the monitor, day and breaches for programs.
 *
 * The URL is checked like every URL the gateway fetches (platforms/video-check.ts): https only, and
 * every address the host resolves to must be public (private, loopback, link-local and metadata
 * addresses are refused); the POST goes to exactly the address that was checked. Loopback (and
 * plain http to it) is allowed only under the test-only setting UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { LookupFunction } from 'node:net';
import { allowLoopbackFetch } from '../../../functions/runtime/config';
import { ToolError } from '../../../functions/runtime/errors';
import type { MonitorAlert } from '../../../functions/runtime/stores/monitoring';
import { vetUrl } from '../../video-check';

const TIMEOUT_MS = 5000;
export const DELIVERY_ATTEMPTS = 3;

/** Refuses a webhook URL the gateway must not call, with a reason a user can act on. */
export async function checkWebhookUrl(raw: string): Promise<{ url: URL; address: string; family: number }> {
  let target;
  try {
    target = await vetUrl(raw);
  } catch {
    throw new ToolError('The webhook URL is refused: give the https address of your chat tool\'s incoming webhook on a public host (private, local and link-local addresses are never called).', { code: 'invalid_argument', argument: 'webhook_url' });
  }
  if (target.url.protocol !== 'https:' && !allowLoopbackFetch()) {
    throw new ToolError('The webhook URL must start with https:// (alerts are not sent unencrypted).', { code: 'invalid_argument', argument: 'webhook_url' });
  }
  return target;
}

export function alertText(alert: MonitorAlert): string {
  const where = alert.breaches.map((b) => `${b.platform} ${b.account_id}${b.campaign_name ? ` "${b.campaign_name}"` : ''} (${b.values.filter((v) => v.holds).map((v) => `${v.condition}: ${v.value}`).join('; ')})`);
  return `Monitor "${alert.monitor_name}" alerted for ${alert.day}: ${where.join(', ')}.`;
}

function post(target: { url: URL; address: string; family: number }, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const lookup: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const client = target.url.protocol === 'https:' ? https : http;
    const request = client.request(target.url, { method: 'POST', lookup, agent: false, timeout: TIMEOUT_MS, headers: { 'Content-Type': 'application/json', 'User-Agent': 'ad-gateway-monitor/1.0', 'Content-Length': Buffer.byteLength(body) } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy(new Error('no answer within 5 seconds')));
    request.on('error', reject);
    request.end(body);
  });
}

export interface Delivery {
  status: 'delivered' | 'failed';
  attempts: number;
  error?: string;
}

/** Posts a JSON body (with a `text` chat tools show) up to DELIVERY_ATTEMPTS times (1 s, then 2 s apart); a 2xx answer is delivered. */
export async function deliverJson(webhookUrl: string, payload: { text: string } & Record<string, unknown>, pause: (ms: number) => Promise<unknown> = (ms) => new Promise((r) => setTimeout(r, ms))): Promise<Delivery> {
  const body = JSON.stringify(payload);
  let error = '';
  for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS; attempt++) {
    try {
      // Checked again at each send: the host's addresses may have changed since the URL was given.
      const status = await post(await checkWebhookUrl(webhookUrl), body);
      if (status >= 200 && status < 300) return { status: 'delivered', attempts: attempt };
      error = `the webhook answered HTTP ${status}`;
    } catch (err) {
      error = err instanceof ToolError ? err.message : `the webhook could not be reached (${(err as Error).message})`;
    }
    if (attempt < DELIVERY_ATTEMPTS) await pause(1000 * attempt);
  }
  return { status: 'failed', attempts: DELIVERY_ATTEMPTS, error };
}

export function deliverAlert(webhookUrl: string, alert: MonitorAlert, pause?: (ms: number) => Promise<unknown>): Promise<Delivery> {
  return deliverJson(webhookUrl, { text: alertText(alert), monitor_id: alert.monitor_id, monitor_name: alert.monitor_name, day: alert.day, breaches: alert.breaches }, pause);
}
