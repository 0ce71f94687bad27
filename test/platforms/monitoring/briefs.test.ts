/**
 * Reports and briefs: generate_report_now shows the figures list_campaigns shows, in json, html or a
 * valid PDF; a scheduled brief is built once at its time (controlled clock) and kept for retrieval.
 */
import { ALL_PLATFORMS } from '../../../functions/all-tools';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dueBriefs } from '../../../functions/runtime/stores/monitoring';
import { nextBriefAt } from '../../../platforms/gateway/monitoring/briefs';
import { runDueTasks } from '../../../platforms/gateway/monitoring/scheduler';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('when a brief runs', () => {
  const created = '2026-11-20T10:00:00.000Z';
  it('daily at an hour in its time zone, weekly on its weekday, every N days from its first day', () => {
    expect(nextBriefAt({ frequency: 'daily', hour: 8, time_zone: 'UTC', created_at: created }, new Date('2026-11-24T07:59:00Z'))).toBe(
      '2026-11-24T08:00:00.000Z',
    );
    expect(nextBriefAt({ frequency: 'daily', hour: 8, time_zone: 'UTC', created_at: created }, new Date('2026-11-24T08:00:00Z'))).toBe(
      '2026-11-25T08:00:00.000Z',
    );
    expect(
      nextBriefAt({ frequency: 'daily', hour: 8, time_zone: 'America/New_York', created_at: created }, new Date('2026-11-24T12:00:00Z')),
    ).toBe('2026-11-24T13:00:00.000Z');
    // 2026-11-30 is a Monday.
    expect(
      nextBriefAt(
        { frequency: 'weekly', weekday: 1, hour: 9, time_zone: 'Europe/Berlin', created_at: created },
        new Date('2026-11-24T12:00:00Z'),
      ),
    ).toBe('2026-11-30T08:00:00.000Z');
    expect(
      nextBriefAt(
        { frequency: 'every_n_days', every_days: 3, hour: 6, time_zone: 'UTC', created_at: created },
        new Date('2026-11-21T12:00:00Z'),
      ),
    ).toBe('2026-11-23T06:00:00.000Z');
  });
});

describe('reports and briefs', () => {
  let apiKey: string;
  let server: Server;
  let url: string;
  const received: any[] = [];

  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { searchads: 1, chatads: 1 } })).apiKey;
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('generate_report_now reports each account with the figures its campaign tool shows', async () => {
    const report = (await callToolOk(apiKey, 'generate_report_now', { lookback_days: 7 })).structured!;
    expect(report).toMatchObject({
      format: 'json',
      content_type: 'application/json',
      report: { start_date: day(-7), end_date: day(-1), skipped: [] },
    });
    const accounts = report.report.accounts as {
      platform: string;
      totals: { spend: number };
      top_campaigns: { name: string; spend: number }[];
    }[];
    expect(accounts.map((a) => a.platform).sort()).toEqual(['chatads', 'searchads']);
    const campaigns = (await callToolOk(apiKey, 'list_campaigns', { start_date: day(-7), end_date: day(-1) })).structured!.campaigns as {
      name: string;
      metrics: { spend: number };
    }[];
    const search = accounts.find((a) => a.platform === 'searchads')!;
    expect(search.totals.spend).toBeCloseTo(
      campaigns.reduce((t, c) => t + c.metrics.spend, 0),
      2,
    );
    const top = [...campaigns].sort((a, b) => b.metrics.spend - a.metrics.spend)[0]!;
    expect(search.top_campaigns[0]).toMatchObject({ name: top.name, spend: top.metrics.spend });
  });

  it('renders html and a valid PDF (header, objects, a cross-reference table at startxref, trailer)', async () => {
    const html = (await callToolOk(apiKey, 'generate_report_now', { format: 'html', platforms: ['searchads'] })).structured!;
    expect(html.content_type).toBe('text/html; charset=utf-8');
    expect(html.content).toMatch(/^<!doctype html>.*<table>.*Brand - Exact.*<\/table>/s);
    const pdf = Buffer.from(
      (await callToolOk(apiKey, 'generate_report_now', { format: 'pdf' })).structured!.content as string,
      'base64',
    ).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
    const size = Number(/\/Size (\d+)/.exec(pdf)![1]);
    // Every object's offset in the table points at "<n> 0 obj".
    const offsets = pdf
      .slice(startxref)
      .split('\n')
      .slice(3, 2 + size)
      .map((line) => Number(line.slice(0, 10)));
    offsets.forEach((offset, i) => expect(pdf.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    expect(pdf).toContain('(Brand - Exact');
  });

  it('a daily brief is built once at its hour (controlled clock), kept for retrieval and posted to its webhook', async () => {
    const brief = (
      await callToolOk(apiKey, 'schedule_brief', {
        name: 'Morning brief',
        frequency: 'daily',
        hour: 6,
        time_zone: 'Europe/Berlin',
        lookback_days: 7,
        webhook_url: url,
      })
    ).structured!.brief as { brief_id: string; next_run_at: string; webhook_host: string };
    expect(brief.webhook_host).toBe(new URL(url).host);
    const at = Date.parse(brief.next_run_at);
    expect(new Date(at).toISOString().slice(11, 16)).toMatch(/^0[45]:00$/);
    const early = await runDueTasks(ALL_PLATFORMS, new Date(at - 1000), { pause: () => Promise.resolve() });
    expect(early.briefs.generated).toBe(0);
    const runs = await Promise.all(
      Array.from({ length: 5 }, () => runDueTasks(ALL_PLATFORMS, new Date(at + 30_000), { pause: () => Promise.resolve() })),
    );
    expect(runs.reduce((n, r) => n + r.briefs.generated, 0)).toBe(1);
    const task = (await callToolOk(apiKey, 'list_scheduled_tasks', { task_id: brief.brief_id })).structured!.tasks[0];
    expect(task).toMatchObject({
      kind: 'brief',
      schedule: 'daily at 06:00 Europe/Berlin',
      last_run_at: new Date(at + 30_000).toISOString(),
      next_run_at: new Date(at + 86_400_000).toISOString(),
    });
    expect(task.runs).toHaveLength(1);
    expect(task.runs[0]).toMatchObject({
      scheduled_for: brief.next_run_at,
      delivery: { status: 'delivered', attempts: 1 },
      report: { title: 'Morning brief' },
    });
    expect(task.runs[0].text).toContain('## Morning brief');
    expect(received.filter((r) => r.brief_id === brief.brief_id)).toHaveLength(1);
    // Paused, it is not due; resumed, it is again.
    await callToolOk(apiKey, 'manage_scheduled_task', { task_id: brief.brief_id, action: 'pause' });
    expect((await dueBriefs(new Date(at + 3 * 86_400_000))).map((b) => b.brief_id)).not.toContain(brief.brief_id);
    await callToolOk(apiKey, 'manage_scheduled_task', { task_id: brief.brief_id, action: 'resume' });
    expect((await dueBriefs(new Date(at + 3 * 86_400_000))).map((b) => b.brief_id)).toContain(brief.brief_id);
    await callToolOk(apiKey, 'manage_scheduled_task', { task_id: brief.brief_id, action: 'delete' });
    expect((await callTool(apiKey, 'list_scheduled_tasks', { task_id: brief.brief_id })).body.structured_content).toMatchObject({
      code: 'not_found',
    });
  });

  it.each([
    ['schedule_brief', { name: 'x', frequency: 'weekly' }, '`weekday` is required'],
    ['schedule_brief', { name: 'x', frequency: 'daily', weekday: 1 }, '`weekday` goes only with frequency weekly'],
    ['schedule_brief', { name: 'x', frequency: 'every_n_days' }, '`every_days` is required'],
    ['schedule_brief', { name: 'x', frequency: 'daily', time_zone: 'Mars/Base' }, 'IANA time zone'],
    ['schedule_brief', { name: 'x', frequency: 'daily', webhook_url: 'https://10.1.2.3/hook' }, '`webhook_url` is refused: 10.1.2.3'],
    ['schedule_brief', { name: 'x', frequency: 'daily', webhook_url: 'ftp://example.com/hook' }, 'webhook URL is refused'],
    ['generate_report_now', { start_date: day(-3) }, 'give both'],
    ['generate_report_now', { start_date: day(-3), end_date: day(0) }, 'is today'],
    ['generate_report_now', { format: 'docx' }, 'format'],
  ])('%s refuses %j with a 400', async (tool, args, message) => {
    const result = await callTool(apiKey, tool, args);
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });
});
