/** Working arguments of the monitoring tools (test/support/working-arguments.ts): one monitor for the reads, one each for the writes. */
import { callToolOk } from '../../support/gateway';

export async function monitoringScanArguments(apiKey: string): Promise<Record<string, Record<string, unknown>>> {
  const monitor = { name: 'Scan monitor', conditions: [{ metric: 'spend', operator: '>', threshold: 100, timeframe: 'last_7_days' }] };
  // One after another: the ids the examples recording draws follow the calls' order (test/e2e/examples.test.ts).
  const ids: string[] = [];
  for (const role of ['read', 'delete', 'manage']) {
    const created = await callToolOk(apiKey, 'create_monitor', { ...monitor, name: `Scan monitor (${role})` });
    ids.push((created.structured!.monitor as { monitor_id: string }).monitor_id);
  }
  const [read, toDelete, toManage] = ids;
  const research = ((await callToolOk(apiKey, 'start_research', { topic: 'campaigns' })).structured!.job as { research_id: string })
    .research_id;
  return {
    start_research: { topic: 'keywords', seeds: ['boots'] },
    get_research_status: { research_id: research },
    create_monitor: monitor,
    test_monitor: { monitor_id: read },
    get_monitor_history: { monitor_id: read },
    delete_monitor: { monitor_id: toDelete },
    manage_scheduled_task: { task_id: toManage, action: 'pause' },
    schedule_brief: { name: 'Scan brief', frequency: 'weekly', weekday: 1 },
    generate_report_now: { lookback_days: 7, format: 'html' },
  };
}

/**
 * Working arguments of the watch tools: a fresh scan's signals, choosing for apply_signal_actions one
 * whose fix touches no entity another write of the table acts on (so it still has work to stage).
 */
export async function watchScanArguments(
  apiKey: string,
  table: Record<string, Record<string, unknown>>,
): Promise<Record<string, Record<string, unknown>>> {
  const signals = (await callToolOk(apiKey, 'run_watch_now')).structured!.signals as {
    signal_id: string;
    fixes: { arguments: Record<string, unknown> }[];
  }[];
  const used = new Set(Object.values(table).flatMap((args) => JSON.stringify(args).match(/"\d{5,}"/g) ?? []));
  const free = signals.find(
    (s) => s.fixes.length && s.fixes.every((f) => !(JSON.stringify(f.arguments).match(/"\d{5,}"/g) ?? []).some((id) => used.has(id))),
  );
  return {
    get_signal_briefing: { signal_id: signals[0]!.signal_id },
    ...(free ? { apply_signal_actions: { signal_id: free.signal_id } } : {}),
  };
}
