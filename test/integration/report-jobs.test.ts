/**
 * Asynchronous platform reports (platforms/live/report-jobs.ts) over DynamoDB Local: created once,
 * polled within the call's deadline, kept when the deadline comes first so that the same call made
 * again collects the same report.
 */
import type { ConnectedAccount } from '../../core/accounts';
import { GatewayError } from '../../core/errors';
import { standaloneCall } from '../../core/tool';
import { runAsyncReport, type AsyncReport } from '../../platforms/live/report-jobs';
import { useTestTables } from '../support/gateway';

useTestTables();

const quiet = { info() {}, warn() {}, error() {} };
const account = (id: string): ConnectedAccount => ({
  owner_id: 'own_reports',
  platform: 'retailads',
  account_id: id,
  name: 'Report test',
  mode: 'live',
  currency: 'USD',
  time_zone: 'UTC',
  connected_at: '2026-11-01T00:00:00Z',
});

/** A platform whose report is ready after `readyAfterPolls` polls. */
function platformReport(readyAfterPolls: number, failWith?: string) {
  const calls = { create: 0, poll: 0, download: 0 };
  let polls = 0;
  const report: AsyncReport<string[]> = {
    async create() {
      calls.create++;
      return `rep-${calls.create}`;
    },
    async poll(id) {
      calls.poll++;
      polls++;
      if (failWith) return { state: 'failed', reason: failWith };
      return polls >= readyAfterPolls ? { state: 'done', location: `https://files.example/${id}` } : { state: 'running' };
    },
    async download(location) {
      calls.download++;
      return [location];
    },
  };
  return { report, calls };
}

const noSleep = { sleep: () => Promise.resolve() };

describe('Function: runAsyncReport', () => {
  it('creates, polls and downloads a report that is ready within the call', async () => {
    // Prepare
    const { report, calls } = platformReport(3);
    // Act
    const rows = await runAsyncReport(
      account('a1'),
      { type: 'campaigns', start: '2026-11-01' },
      report,
      standaloneCall(20_000, quiet),
      noSleep,
    );
    // Assess
    expect(rows).toEqual(['https://files.example/rep-1']);
    expect(calls).toEqual({ create: 1, poll: 3, download: 1 });
  });

  it('answers report_pending with Retry-After when the deadline comes first, and the same call collects the same report later', async () => {
    // Prepare: the platform needs more polls than the first call has time for.
    const { report, calls } = platformReport(4);
    const request = { type: 'keywords', start: '2026-10-01', end: '2026-10-31' };
    const shortCall = standaloneCall(1_600, quiet);
    // Act
    const first = await runAsyncReport(account('a2'), request, report, shortCall, noSleep).catch((err: unknown) => err);
    const second = await runAsyncReport(account('a2'), request, report, standaloneCall(20_000, quiet), noSleep);
    // Assess
    expect(first).toBeInstanceOf(GatewayError);
    const pending = first as GatewayError;
    expect({ status: pending.statusCode, code: pending.structuredContent.code }).toEqual({ status: 503, code: 'report_pending' });
    expect(Number(pending.headers['Retry-After'])).toBeGreaterThanOrEqual(5);
    expect(second).toEqual(['https://files.example/rep-1']);
    expect(calls.create).toBe(1);
  });

  it('asks again for a report after the last one was collected, and per account', async () => {
    const { report, calls } = platformReport(1);
    const request = { type: 'campaigns' };
    await runAsyncReport(account('a3'), request, report, standaloneCall(20_000, quiet), noSleep);
    await runAsyncReport(account('a3'), request, report, standaloneCall(20_000, quiet), noSleep);
    await runAsyncReport(account('a4'), request, report, standaloneCall(20_000, quiet), noSleep);
    expect(calls.create).toBe(3);
  });

  it('answers upstream_unavailable naming the platform reason when the report failed, and forgets it', async () => {
    const failing = platformReport(1, 'the date range is too long');
    const error = (await runAsyncReport(account('a5'), { type: 'x' }, failing.report, standaloneCall(20_000, quiet), noSleep).catch(
      (err: unknown) => err,
    )) as GatewayError;
    expect({ status: error.statusCode, code: error.structuredContent.code }).toEqual({ status: 500, code: 'upstream_unavailable' });
    expect(error.message).toContain('the date range is too long');
    const again = platformReport(1);
    await runAsyncReport(account('a5'), { type: 'x' }, again.report, standaloneCall(20_000, quiet), noSleep);
    expect(again.calls.create).toBe(1);
  });
});

describe('Function: downloadReportFile', () => {
  let server: import('node:http').Server;
  let base: string;
  const seen: { authorization?: string }[] = [];
  beforeAll(async () => {
    const http = await import('node:http');
    server = http.createServer((req, res) => {
      seen.push({ authorization: req.headers.authorization });
      if (req.url === '/moved') {
        res.writeHead(302, { Location: '/report.gz' });
        res.end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      res.end(Buffer.from('report bytes'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('downloads from an allowed host without any credential', async () => {
    const { downloadReportFile } = await import('../../platforms/live/report-jobs');
    const bytes = await downloadReportFile('retailads', `${base}/report.gz`, [new URL(base).host], standaloneCall(5_000, quiet));
    expect(bytes.toString()).toBe('report bytes');
    expect(seen.at(-1)).toEqual({ authorization: undefined });
  });

  it('refuses a host that is not allowed, and a redirect', async () => {
    const { downloadReportFile } = await import('../../platforms/live/report-jobs');
    const before = seen.length;
    const other = await downloadReportFile('retailads', `${base}/report.gz`, ['files.example.com'], standaloneCall(5_000, quiet)).catch(
      (err: GatewayError) => err.message,
    );
    expect(other).toContain('does not download from (127.0.0.1)');
    expect(seen.length).toBe(before);
    const moved = await downloadReportFile('retailads', `${base}/moved`, [new URL(base).host], standaloneCall(5_000, quiet)).catch(
      (err: GatewayError) => err.message,
    );
    expect(moved).toContain('could not hand over the report file');
  });
});
