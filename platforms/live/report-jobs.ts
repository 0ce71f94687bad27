import { createHash } from 'node:crypto';
import type { ConnectedAccount } from '../../core/accounts';
import { ReportPendingError, UpstreamUnavailableError } from '../../core/errors';
import type { PortCall } from '../../core/tool';
import { deleteReportJob, getReportJob, putReportJob } from '../../functions/runtime/stores/report-jobs';

/**
 * Asynchronous platform reports (create, poll, download), the one way every live adapter runs them
 * (LIVE.md, "Reports"). Within the call's deadline the report is created (or the pending one of the
 * same request found), polled with backoff and downloaded. When the deadline comes first, the
 * platform's report id is kept (24 hours) and the call answers 503 `report_pending` with Retry-After:
 * nothing is billed, and the same call made again collects the same report instead of asking for a
 * new one.
 */
export interface AsyncReport<Rows> {
  /** Asks the platform for the report; returns its id. */
  create(): Promise<string>;
  /** Where the report stands: done (with what `download` needs), still running, or failed (the platform's reason). */
  poll(reportId: string): Promise<{ state: 'done'; location: string } | { state: 'running' } | { state: 'failed'; reason: string }>;
  /** Reads the finished report. */
  download(location: string): Promise<Rows>;
}

/** Time kept back at the end of the call to answer after the last poll. */
const ANSWER_MARGIN_MS = 1_500;
const FIRST_POLL_MS = 500;
const MAX_POLL_MS = 5_000;

/** A key for one report request of an account: the same request (the same JSON) gives the same key. */
export function reportRequestKey(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex').slice(0, 32);
}

export async function runAsyncReport<Rows>(
  account: ConnectedAccount,
  request: unknown,
  report: AsyncReport<Rows>,
  call: PortCall,
  options: { sleep?: (ms: number) => Promise<void> } = {},
): Promise<Rows> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const key = reportRequestKey(request);
  let job = await getReportJob(account, key);
  if (!job) {
    job = { report_id: await report.create(), requested_at: new Date().toISOString() };
    await putReportJob(account, key, job);
  }
  let wait = FIRST_POLL_MS;
  for (;;) {
    const status = await report.poll(job.report_id);
    if (status.state === 'done') {
      const rows = await report.download(status.location);
      await deleteReportJob(account, key);
      return rows;
    }
    if (status.state === 'failed') {
      await deleteReportJob(account, key);
      throw new UpstreamUnavailableError(account.platform, `could not prepare the report (${status.reason})`);
    }
    if (Date.now() + wait + ANSWER_MARGIN_MS > call.deadline || call.signal.aborted) {
      // Long since asked: suggest a longer wait; a fresh report usually takes seconds.
      const ageSeconds = (Date.now() - Date.parse(job.requested_at)) / 1000;
      throw new ReportPendingError(account.platform, Math.min(60, Math.max(5, Math.round(ageSeconds / 2))));
    }
    await sleep(wait);
    wait = Math.min(MAX_POLL_MS, wait * 2);
  }
}

/**
 * Downloads a finished report file from the address the platform handed out, only from the hosts
 * the deployment allows (`<P>_DOWNLOAD_HOSTS`: the platform's own file hosts by default), over
 * https (plain http only to a loopback host, which only tests configure), with no credential
 * attached and no redirect followed. Returns the raw bytes (gzip or zip as the platform sends them).
 */
export async function downloadReportFile(
  platform: string,
  location: string,
  allowedHosts: readonly string[],
  call: PortCall,
): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    throw new UpstreamUnavailableError(platform, 'handed out a report address that is not a URL');
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  const allowed = allowedHosts.some((host) => url.host === host || url.hostname === host);
  if (!allowed || (url.protocol !== 'https:' && !(loopback && url.protocol === 'http:'))) {
    throw new UpstreamUnavailableError(
      platform,
      `handed out a report address on a host this gateway does not download from (${url.hostname})`,
    );
  }
  const remaining = call.deadline - Date.now();
  if (remaining <= 0) throw new UpstreamUnavailableError(platform, 'did not answer in time');
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.any([call.signal, AbortSignal.timeout(remaining)]), redirect: 'error' });
  } catch {
    throw new UpstreamUnavailableError(platform, 'could not hand over the report file');
  }
  if (!response.ok) throw new UpstreamUnavailableError(platform, `answered HTTP ${response.status} for the report file`);
  return Buffer.from(await response.arrayBuffer());
}
