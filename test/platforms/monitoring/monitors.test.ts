/**
 * Monitors: checked against the same figures the platforms' campaign tools show, an alert recorded
 * exactly once per monitor and day however many checks run, and the scheduler's daily claim on a
 * controlled clock.
 */
import { ALL_PLATFORMS } from '../../../functions/all-tools';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLAIM_RESERVE_MS, handler as schedulerHandler } from '../../../functions/scheduler';
import { listAuditEntries } from '../../../functions/runtime/stores/audit';
import { SCHEDULER_EVENT } from '../../../functions/scheduler-event';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../../functions/runtime/config';
import { documentClient } from '../../../functions/runtime/stores/dynamo';
import { dueMonitors, getMonitor, listAlerts, nextCheckAt, recordAlert } from '../../../functions/runtime/stores/monitoring';
import { runDueMonitors } from '../../../platforms/gateway/monitoring/evaluate';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/**
 * A monitor's hour has come: its next check is moved a minute into the past. (Running the scheduler
 * at the future hour instead would ask for figures of a day the sandbox has not simulated yet when
 * that hour falls on the next UTC day.)
 */
const makeDue = (ownerId: string, monitorId: string, now = new Date()) =>
  documentClient().send(
    new UpdateCommand({
      TableName: tableName('monitoring'),
      Key: { owner_id: ownerId, sk: `MONITOR#${monitorId}` },
      UpdateExpression: 'SET next_run_at = :past',
      ExpressionAttributeValues: { ':past': new Date(now.getTime() - 60_000).toISOString() },
    }),
  );

/**
 * A controlled clock for runs whose retry time matters: today at 12:00 UTC, far from the daily check
 * (08:00 UTC), which caps a retry; the wall clock made those tests fail between 07:45 and 08:00 UTC.
 * Same UTC day as the wall clock, so "yesterday" is a day the sandbox has simulated.
 */
const middayToday = () => new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00.000Z`);

describe('monitors', () => {
  let apiKey: string;
  let ownerId: string;
  let brand: { id: string; spend: number };

  beforeAll(async () => {
    const owner = await createTestOwner({ accounts: { searchads: 1, chatads: 1 } });
    apiKey = owner.apiKey;
    ownerId = owner.owner.owner_id;
    const day = yesterday();
    const campaigns = (await callToolOk(apiKey, 'list_campaigns', { start_date: day, end_date: day })).structured!.campaigns as {
      id: string;
      name: string;
      metrics: { spend: number };
    }[];
    const row = campaigns.find((c) => c.name === 'Brand - Exact')!;
    brand = { id: row.id, spend: row.metrics.spend };
    expect(brand.spend).toBeGreaterThan(0);
  });

  const create = async (args: Record<string, unknown>) =>
    (await callToolOk(apiKey, 'create_monitor', args)).structured!.monitor as { monitor_id: string; next_run_at: string };
  const spendAbove = (threshold: number, extra: Record<string, unknown> = {}) => ({
    name: `Brand spend above ${threshold}`,
    scope: 'campaign',
    platforms: ['searchads'],
    campaign_ids: [brand.id],
    conditions: [{ metric: 'spend', operator: '>', threshold, timeframe: 'yesterday' }],
    ...extra,
  });

  it('test_monitor checks the figures list_campaigns shows, and records nothing', async () => {
    const breaching = await create(spendAbove(brand.spend - 0.01));
    const quiet = await create(spendAbove(brand.spend));
    const tested = await callToolOk(apiKey, 'test_monitor', { monitor_id: breaching.monitor_id });
    expect(tested.structured).toMatchObject({
      would_alert: true,
      checked: 1,
      breaches: [{ platform: 'searchads', campaign_id: brand.id, values: [{ value: brand.spend, holds: true }] }],
    });
    expect((await callToolOk(apiKey, 'test_monitor', { monitor_id: quiet.monitor_id })).structured).toMatchObject({
      would_alert: false,
      breaches: [],
    });
    expect(await listAlerts(ownerId, breaching.monitor_id)).toEqual([]);
  });

  it('the scheduler checks a monitor once its hour has come, records exactly one alert under 10 concurrent runs, and a non-breach none', async () => {
    const breaching = await create(spendAbove(brand.spend - 0.01, { name: 'scheduled breach' }));
    const quiet = await create(spendAbove(brand.spend, { name: 'scheduled quiet' }));
    const due = Date.parse(breaching.next_run_at);
    expect(due).toBe(Date.parse(nextCheckAt(new Date(), 8)));
    // Before its hour nothing is checked.
    const early = await runDueMonitors(ALL_PLATFORMS, new Date(Date.now() - 1000));
    expect(early.evaluated).toBe(0);
    expect((await getMonitor(ownerId, breaching.monitor_id))!.last_run_at).toBeUndefined();

    await Promise.all([makeDue(ownerId, breaching.monitor_id), makeDue(ownerId, quiet.monitor_id)]);
    const at = new Date();
    const runs = await Promise.all(Array.from({ length: 10 }, () => runDueMonitors(ALL_PLATFORMS, at)));
    const alerts = await listAlerts(ownerId, breaching.monitor_id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ day: yesterday(), breaches: [{ campaign_id: brand.id, values: [{ value: brand.spend }] }] });
    expect(await listAlerts(ownerId, quiet.monitor_id)).toEqual([]);
    // Each due monitor is claimed by one run only; the others read it as due and step aside.
    expect(runs.reduce((n, r) => n + r.evaluated, 0)).toBe(2);
    expect(runs.reduce((n, r) => n + r.alerts, 0)).toBe(1);
    const after = (await getMonitor(ownerId, breaching.monitor_id))!;
    expect(after).toMatchObject({ trigger_count: 1, last_run_at: at.toISOString(), next_run_at: nextCheckAt(at, 8) });
    // Run again: nothing is due, nothing is recorded twice.
    expect((await runDueMonitors(ALL_PLATFORMS, new Date())).evaluated).toBe(0);

    const history = await callToolOk(apiKey, 'get_monitor_history', { monitor_id: breaching.monitor_id });
    expect(history.structured).toMatchObject({ total: 1, alerts: [{ breaches: [{ campaign_id: brand.id }] }] });
    expect(history.text).toContain('Brand');
  });

  it('an alert is recorded once per monitor and day even when written concurrently', async () => {
    const { monitor_id } = await create(spendAbove(1, { name: 'race' }));
    const alert = {
      owner_id: ownerId,
      monitor_id,
      monitor_name: 'race',
      day: '2026-01-01',
      created_at: new Date().toISOString(),
      breaches: [],
    };
    const written = await Promise.all(Array.from({ length: 10 }, () => recordAlert(alert)));
    expect(written.filter(Boolean)).toHaveLength(1);
    expect((await getMonitor(ownerId, monitor_id))!.trigger_count).toBe(1);
  });

  it('relative change, AND/OR and account scope: each account totals its campaigns', async () => {
    const any = await create({
      name: 'any',
      match: 'any',
      conditions: [
        { metric: 'spend', operator: '>', threshold: 1e9, timeframe: 'last_7_days' },
        { metric: 'impressions', operator: '>=', threshold: 0, timeframe: 'yesterday' },
      ],
    });
    const all = await create({
      name: 'all',
      match: 'all',
      conditions: [
        { metric: 'spend', operator: '>', threshold: 1e9, timeframe: 'last_7_days' },
        { metric: 'impressions', operator: '>=', threshold: 0, timeframe: 'yesterday' },
      ],
    });
    const anyTest = (await callToolOk(apiKey, 'test_monitor', { monitor_id: any.monitor_id })).structured!;
    expect(anyTest).toMatchObject({ would_alert: true, checked: 2 });
    expect((anyTest.breaches as { platform: string }[]).map((b) => b.platform).sort()).toEqual(['chatads', 'searchads']);
    expect((await callToolOk(apiKey, 'test_monitor', { monitor_id: all.monitor_id })).structured).toMatchObject({ would_alert: false });
    const change = await create({
      name: 'change',
      platforms: ['searchads'],
      conditions: [{ metric: 'spend', operator: 'increase_pct', threshold: 1000, timeframe: 'last_7_days' }],
    });
    const tested = (await callToolOk(apiKey, 'test_monitor', { monitor_id: change.monitor_id })).structured!;
    expect(tested).toMatchObject({ would_alert: false, checked: 1 });
  });

  it('pausing, resuming and deleting through the scheduled-task tools; list_monitors and list_scheduled_tasks agree', async () => {
    const { monitor_id } = await create(spendAbove(1, { name: 'to manage' }));
    const tasks = (await callToolOk(apiKey, 'list_scheduled_tasks')).structured!.tasks as { task_id: string; status: string }[];
    expect(tasks.find((t) => t.task_id === monitor_id)).toMatchObject({ status: 'active' });
    await callToolOk(apiKey, 'manage_scheduled_task', { task_id: monitor_id, action: 'pause' });
    expect((await getMonitor(ownerId, monitor_id))!.status).toBe('paused');
    // A paused monitor is never due.
    expect((await dueMonitors(new Date(Date.now() + 3 * 86_400_000))).map((m) => m.monitor_id)).not.toContain(monitor_id);
    await callToolOk(apiKey, 'manage_scheduled_task', { task_id: monitor_id, action: 'resume' });
    const listed = (await callToolOk(apiKey, 'list_monitors')).structured!.monitors as { monitor_id: string; status: string }[];
    expect(listed.find((m) => m.monitor_id === monitor_id)).toMatchObject({ status: 'active' });
    const dry = await callToolOk(apiKey, 'delete_monitor', { monitor_id, dry_run: true });
    expect(dry.structured).toMatchObject({ dry_run: true });
    expect(await getMonitor(ownerId, monitor_id)).toBeDefined();
    await callToolOk(apiKey, 'delete_monitor', { monitor_id });
    expect(await getMonitor(ownerId, monitor_id)).toBeUndefined();
    expect((await callTool(apiKey, 'test_monitor', { monitor_id })).body.structured_content).toMatchObject({ code: 'not_found' });
  });

  it("one owner never sees another's monitors", async () => {
    const { monitor_id } = await create(spendAbove(1, { name: 'private' }));
    const other = await createTestOwner({ accounts: { searchads: 1 } });
    expect((await callToolOk(other.apiKey, 'list_monitors')).structured!.count).toBe(0);
    const refused = await callTool(other.apiKey, 'get_monitor_history', { monitor_id });
    expect(refused.status).toBe(400);
    expect(refused.body.structured_content).toMatchObject({ code: 'not_found' });
  });

  describe('webhook delivery', () => {
    let server: Server;
    let url: string;
    const received: { path: string; body: any }[] = [];
    let answer = 200;
    beforeAll(async () => {
      server = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          received.push({ path: req.url ?? '', body: JSON.parse(body) });
          res.writeHead(answer).end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));
    const noPause = () => Promise.resolve();

    it('posts each alert once to the chat webhook, keeps the URL encrypted, and records the delivery', async () => {
      const { monitor_id } = (
        await callToolOk(apiKey, 'create_monitor', {
          ...spendAbove(brand.spend - 0.01, { name: 'to chat' }),
          webhook_url: `${url}/hooks/T000/SECRET-TOKEN`,
        })
      ).structured!.monitor as { monitor_id: string };
      expect((await callToolOk(apiKey, 'list_monitors')).text).not.toContain('SECRET-TOKEN');
      const audit = await listAuditEntries(ownerId, { limit: 1000, filter: (e) => e.tool === 'create_monitor' });
      expect(JSON.stringify(audit)).not.toContain('SECRET-TOKEN');
      await makeDue(ownerId, monitor_id);
      const at = new Date();
      await Promise.all(Array.from({ length: 5 }, () => runDueMonitors(ALL_PLATFORMS, at, { pause: noPause })));
      const mine = received.filter((r) => r.body.monitor_id === monitor_id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        path: '/hooks/T000/SECRET-TOKEN',
        body: { monitor_name: 'to chat', breaches: [{ campaign_id: brand.id }] },
      });
      expect(mine[0]!.body.text).toContain('Monitor "to chat" alerted');
      expect((await listAlerts(ownerId, monitor_id))[0]!.delivery).toEqual({ status: 'delivered', attempts: 1 });
    });

    it('records a failed delivery after 3 attempts', async () => {
      answer = 500;
      const { monitor_id } = (
        await callToolOk(apiKey, 'create_monitor', {
          ...spendAbove(brand.spend - 0.01, { name: 'broken hook' }),
          webhook_url: `${url}/broken`,
        })
      ).structured!.monitor as { monitor_id: string };
      const now = middayToday();
      await makeDue(ownerId, monitor_id, now);
      await runDueMonitors(ALL_PLATFORMS, now, { pause: noPause });
      expect(received.filter((r) => r.body.monitor_id === monitor_id)).toHaveLength(3);
      expect((await listAlerts(ownerId, monitor_id))[0]!.delivery).toEqual({
        status: 'failed',
        attempts: 3,
        error: 'the webhook answered HTTP 500',
      });
      const history = await callToolOk(apiKey, 'get_monitor_history', { monitor_id });
      expect(history.text).toContain('webhook: failed');
      // The check is retried 15 minutes later; the retry sends the alert again, once it is answered.
      const failed = (await getMonitor(ownerId, monitor_id))!;
      expect(failed.retry).toMatchObject({ attempt: 1 });
      expect(failed.last_error).toBe('not delivered (webhook: failed, the webhook answered HTTP 500)');
      expect(Date.parse(failed.next_run_at) - Date.parse(failed.last_run_at!)).toBe(15 * 60_000);
      answer = 200;
      const retryAt = new Date(failed.next_run_at);
      await Promise.all([
        runDueMonitors(ALL_PLATFORMS, retryAt, { pause: noPause }),
        runDueMonitors(ALL_PLATFORMS, retryAt, { pause: noPause }),
      ]);
      expect(received.filter((r) => r.body.monitor_id === monitor_id)).toHaveLength(4);
      const [alert] = await listAlerts(ownerId, monitor_id);
      expect(alert!.delivery).toEqual({ status: 'delivered', attempts: 4 });
      expect(await listAlerts(ownerId, monitor_id)).toHaveLength(1);
      const healed = (await getMonitor(ownerId, monitor_id))!;
      expect([healed.retry, healed.last_error]).toEqual([undefined, undefined]);
    });

    it.each(['http://10.0.0.5/hook', 'https://169.254.169.254/latest', 'https://192.168.1.10/hook', 'ftp://example.com/hook'])(
      'refuses the webhook URL %s before anything is stored',
      async (bad) => {
        const result = await callTool(apiKey, 'create_monitor', { ...spendAbove(1, { name: 'bad hook' }), webhook_url: bad });
        expect(result.status).toBe(400);
        // Addresses written as private ones are refused with the arguments (every URL argument is), others by the tool.
        expect(result.body.error).toMatch(/webhook URL is refused|`webhook_url` is refused: .* private/);
      },
    );
  });

  it.each([
    [
      'campaign ids without campaign scope',
      { name: 'x', campaign_ids: ['1'], conditions: [{ metric: 'spend', operator: '>', threshold: 1, timeframe: 'yesterday' }] },
      '`campaign_ids` needs `scope: "campaign"`',
    ],
    [
      'a relative change of 0 %',
      { name: 'x', conditions: [{ metric: 'spend', operator: 'decrease_pct', threshold: 0, timeframe: 'last_7_days' }] },
      'threshold above 0 percent',
    ],
    ['no condition', { name: 'x', conditions: [] }, 'at least 1 condition'],
    [
      'six conditions',
      {
        name: 'x',
        conditions: Array.from({ length: 6 }, () => ({ metric: 'spend', operator: '>', threshold: 1, timeframe: 'yesterday' })),
      },
      'at most 5',
    ],
    ['an unknown metric', { name: 'x', conditions: [{ metric: 'profit', operator: '>', threshold: 1, timeframe: 'yesterday' }] }, 'metric'],
    [
      '8 days in a row',
      { name: 'x', consecutive_days: 8, conditions: [{ metric: 'spend', operator: '>', threshold: 1, timeframe: 'yesterday' }] },
      'at most 7',
    ],
    [
      'a check hour of 24',
      { name: 'x', check_hour_utc: 24, conditions: [{ metric: 'spend', operator: '>', threshold: 1, timeframe: 'yesterday' }] },
      '0-23',
    ],
  ])('create_monitor refuses %s with a 400', async (_case, args, message) => {
    const result = await callTool(apiKey, 'create_monitor', args);
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });

  it('EventBridge Scheduler invokes the scheduler function with the scheduler event, which runs the due checks within its time', async () => {
    const run = await schedulerHandler(SCHEDULER_EVENT, { getRemainingTimeInMillis: () => 300_000 } as never);
    expect(run.monitors).toEqual(
      expect.objectContaining({
        due: expect.any(Number),
        evaluated: expect.any(Number),
        alerts: expect.any(Number),
        failed: 0,
        deferred: 0,
      }),
    );
    expect(run.briefs).toEqual(expect.objectContaining({ due: expect.any(Number), generated: expect.any(Number), failed: 0, deferred: 0 }));
    await expect(
      schedulerHandler({ httpMethod: 'GET', path: '/health' }, { getRemainingTimeInMillis: () => 300_000 } as never),
    ).rejects.toThrow('only the scheduler event');
  });

  it('an invocation without time left claims nothing: the due check stays due for the next tick', async () => {
    const { monitor_id } = (await callToolOk(apiKey, 'create_monitor', spendAbove(brand.spend - 0.01, { name: 'late tick' }))).structured!
      .monitor as { monitor_id: string };
    await makeDue(ownerId, monitor_id);
    const before = (await getMonitor(ownerId, monitor_id))!.next_run_at;
    const late = await schedulerHandler(SCHEDULER_EVENT, { getRemainingTimeInMillis: () => CLAIM_RESERVE_MS - 1 } as never);
    expect(late.monitors.deferred).toBeGreaterThanOrEqual(1);
    expect(late.monitors.evaluated).toBe(0);
    expect((await getMonitor(ownerId, monitor_id))!.next_run_at).toBe(before);
    expect(await listAlerts(ownerId, monitor_id)).toEqual([]);
    const onTime = await schedulerHandler(SCHEDULER_EVENT, { getRemainingTimeInMillis: () => 300_000 } as never);
    expect(onTime.monitors.evaluated).toBeGreaterThanOrEqual(1);
    expect(await listAlerts(ownerId, monitor_id)).toHaveLength(1);
  });
});
