/**
 * Monitors: checked against the same figures the platforms' campaign tools show, an alert recorded
 * exactly once per monitor and day however many checks run, and the scheduler's daily claim on a
 * controlled clock.
 */
import { handler } from '../../../functions/gateway';
import { SCHEDULER_EVENT } from '../../../functions/scheduler-event';
import { getMonitor, listAlerts, recordAlert } from '../../../functions/runtime/stores/monitoring';
import { runDueMonitors } from '../../../platforms/gateway/monitoring/evaluate';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('monitors', () => {
  let apiKey: string;
  let ownerId: string;
  let brand: { id: string; spend: number };

  beforeAll(async () => {
    const owner = await createTestOwner({ accounts: { searchads: 1, chatads: 1 } });
    apiKey = owner.apiKey;
    ownerId = owner.owner.owner_id;
    const day = yesterday();
    const campaigns = (await callToolOk(apiKey, 'list_campaigns', { start_date: day, end_date: day })).structured!.campaigns as { id: string; name: string; metrics: { spend: number } }[];
    const row = campaigns.find((c) => c.name === 'Brand - Exact')!;
    brand = { id: row.id, spend: row.metrics.spend };
    expect(brand.spend).toBeGreaterThan(0);
  });

  const create = async (args: Record<string, unknown>) => (await callToolOk(apiKey, 'create_monitor', args)).structured!.monitor as { monitor_id: string; next_run_at: string };
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
    expect(tested.structured).toMatchObject({ would_alert: true, checked: 1, breaches: [{ platform: 'searchads', campaign_id: brand.id, values: [{ value: brand.spend, holds: true }] }] });
    expect((await callToolOk(apiKey, 'test_monitor', { monitor_id: quiet.monitor_id })).structured).toMatchObject({ would_alert: false, breaches: [] });
    expect(await listAlerts(ownerId, breaching.monitor_id)).toEqual([]);
  });

  it('the scheduler checks a monitor once its hour has come, records exactly one alert under 10 concurrent runs, and a non-breach none', async () => {
    const breaching = await create(spendAbove(brand.spend - 0.01, { name: 'scheduled breach' }));
    const quiet = await create(spendAbove(brand.spend, { name: 'scheduled quiet' }));
    const due = Date.parse(breaching.next_run_at);
    const early = await runDueMonitors(new Date(due - 1000));
    expect((await getMonitor(ownerId, breaching.monitor_id))!.last_run_at).toBeUndefined();
    expect(early.evaluated).toBe(0);

    const at = new Date(due + 60_000);
    const runs = await Promise.all(Array.from({ length: 10 }, () => runDueMonitors(at)));
    const alerts = await listAlerts(ownerId, breaching.monitor_id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ breaches: [{ campaign_id: brand.id, values: [{ value: brand.spend }] }] });
    expect(await listAlerts(ownerId, quiet.monitor_id)).toEqual([]);
    // Each due monitor is claimed by one run only; the others read it as due and step aside. Due
    // were the four monitors of these two tests: two breach (one alert each), two do not.
    expect(runs.reduce((n, r) => n + r.evaluated, 0)).toBe(4);
    expect(runs.reduce((n, r) => n + r.alerts, 0)).toBe(2);
    const after = (await getMonitor(ownerId, breaching.monitor_id))!;
    expect(after).toMatchObject({ trigger_count: 1, last_run_at: at.toISOString() });
    expect(Date.parse(after.next_run_at)).toBe(due + 86_400_000);
    // Run again the same day: nothing is due, nothing is recorded twice.
    expect((await runDueMonitors(new Date(due + 120_000))).alerts).toBe(0);

    const history = await callToolOk(apiKey, 'get_monitor_history', { monitor_id: breaching.monitor_id });
    expect(history.structured).toMatchObject({ total: 1, alerts: [{ breaches: [{ campaign_id: brand.id }] }] });
    expect(history.text).toContain('Brand');
  });

  it('an alert is recorded once per monitor and day even when written concurrently', async () => {
    const { monitor_id } = await create(spendAbove(1, { name: 'race' }));
    const alert = { owner_id: ownerId, monitor_id, monitor_name: 'race', day: '2026-01-01', created_at: new Date().toISOString(), breaches: [] };
    const written = await Promise.all(Array.from({ length: 10 }, () => recordAlert(alert)));
    expect(written.filter(Boolean)).toHaveLength(1);
    expect((await getMonitor(ownerId, monitor_id))!.trigger_count).toBe(1);
  });

  it('relative change, AND/OR and account scope: each account totals its campaigns', async () => {
    const any = await create({ name: 'any', match: 'any', conditions: [{ metric: 'spend', operator: '>', threshold: 1e9, timeframe: 'last_7_days' }, { metric: 'impressions', operator: '>=', threshold: 0, timeframe: 'yesterday' }] });
    const all = await create({ name: 'all', match: 'all', conditions: [{ metric: 'spend', operator: '>', threshold: 1e9, timeframe: 'last_7_days' }, { metric: 'impressions', operator: '>=', threshold: 0, timeframe: 'yesterday' }] });
    const anyTest = (await callToolOk(apiKey, 'test_monitor', { monitor_id: any.monitor_id })).structured!;
    expect(anyTest).toMatchObject({ would_alert: true, checked: 2 });
    expect((anyTest.breaches as { platform: string }[]).map((b) => b.platform).sort()).toEqual(['chatads', 'searchads']);
    expect((await callToolOk(apiKey, 'test_monitor', { monitor_id: all.monitor_id })).structured).toMatchObject({ would_alert: false });
    const change = await create({ name: 'change', platforms: ['searchads'], conditions: [{ metric: 'spend', operator: 'increase_pct', threshold: 1000, timeframe: 'last_7_days' }] });
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
    await runDueMonitors(new Date(Date.now() + 3 * 86_400_000));
    expect((await getMonitor(ownerId, monitor_id))!.last_run_at).toBeUndefined();
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

  it.each([
    ['campaign ids without campaign scope', { name: 'x', campaign_ids: ['1'], conditions: [{ metric: 'spend', operator: '>', threshold: 1, timeframe: 'yesterday' }] }, '`campaign_ids` needs `scope: "campaign"`'],
    ['a relative change of 0 %', { name: 'x', conditions: [{ metric: 'spend', operator: 'decrease_pct', threshold: 0, timeframe: 'last_7_days' }] }, 'threshold above 0 percent'],
    ['no condition', { name: 'x', conditions: [] }, 'at least 1 condition'],
    ['six conditions', { name: 'x', conditions: Array.from({ length: 6 }, () => ({ metric: 'spend', operator: '>', threshold: 1, timeframe: 'yesterday' })) }, 'at most 5'],
    ['an unknown metric', { name: 'x', conditions: [{ metric: 'profit', operator: '>', threshold: 1, timeframe: 'yesterday' }] }, 'metric'],
    ['8 days in a row', { name: 'x', consecutive_days: 8, conditions: [{ metric: 'spend', operator: '>', threshold: 1, timeframe: 'yesterday' }] }, 'at most 7'],
    ['a check hour of 24', { name: 'x', check_hour_utc: 24, conditions: [{ metric: 'spend', operator: '>', threshold: 1, timeframe: 'yesterday' }] }, '0-23'],
  ])('create_monitor refuses %s with a 400', async (_case, args, message) => {
    const result = await callTool(apiKey, 'create_monitor', args);
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });

  it('EventBridge Scheduler invokes the gateway function with the scheduler event, which runs the due checks', async () => {
    const run = (await handler(SCHEDULER_EVENT, {} as never)) as { due: number; evaluated: number };
    expect(run).toEqual(expect.objectContaining({ due: expect.any(Number), evaluated: expect.any(Number), alerts: expect.any(Number), failed: 0 }));
  });
});
