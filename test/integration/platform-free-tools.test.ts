import type { Context } from 'aws-lambda';
import { gatewayTools } from '../../platforms/gateway';
import { PLATFORM_FREE_TOOLS } from '../../functions/platform-free-tools';
import { platformFreeToolHandler } from '../../functions/platform-free-tool-code';
import { callToolOk, createTestOwner, useTestTables } from '../support/gateway';
import { useMiddayClock } from '../support/clock';

/**
 * The gateway's tools that open no platform (functions/platform-free-tools.ts) run from a file without any
 * platform's code (functions/platform-free-tool-code.ts): its chain serves no platform, so a tool of the list
 * that reached one (a port, figures, health, another tool's definition) would answer 500 there. Each runs
 * here through that handler, on an owner whose sandbox accounts, monitors, research job, watch signal and
 * audit trail were made through the whole gateway.
 */
useTestTables();
useMiddayClock();

const context = { awsRequestId: 'platform-free', functionName: 'gateway', getRemainingTimeInMillis: () => 60_000 } as unknown as Context;

async function runPlatformFree(apiKey: string, tool: string, args: Record<string, unknown>) {
  const response = await platformFreeToolHandler()(
    {
      httpMethod: 'POST',
      path: `/api/v1/tools/${tool}/execute`,
      resource: `/api/v1/tools/${tool}/execute`,
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ arguments: args }),
      isBase64Encoded: false,
      queryStringParameters: null,
      requestContext: { requestId: `platform-free-${tool}` },
    } as never,
    context,
  );
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as { success: boolean; error?: string; structured_content?: { code?: string } },
  };
}

test('every platform-free tool is a gateway tool', () => {
  const names = new Set(gatewayTools.map((tool) => tool.name));
  expect([...PLATFORM_FREE_TOOLS].filter((name) => !names.has(name))).toEqual([]);
});

test('each platform-free tool answers its call with no platform served', async () => {
  const { apiKey, accounts } = await createTestOwner({ accounts: { searchads: 2, chatads: 1 } });
  const monitor = { name: 'Free monitor', conditions: [{ metric: 'spend', operator: '>', threshold: 100, timeframe: 'last_7_days' }] };
  const monitorId = async (name: string) =>
    ((await callToolOk(apiKey, 'create_monitor', { ...monitor, name })).structured!.monitor as { monitor_id: string }).monitor_id;
  const [read, toDelete, toManage] = [await monitorId('read'), await monitorId('delete'), await monitorId('manage')];
  const research = ((await callToolOk(apiKey, 'start_research', { topic: 'campaigns' })).structured!.job as { research_id: string })
    .research_id;
  const signals = (await callToolOk(apiKey, 'run_watch_now')).structured!.signals as { signal_id: string }[];
  const args: Record<string, Record<string, unknown>> = {
    switch_primary_account: { platform: 'searchads', account_id: accounts.searchads![1].account_id },
    explain_platform_error: { error: 'RESOURCE_EXHAUSTED: too many requests' },
    save_business_profile: { business_name: 'Free Outdoor' },
    create_monitor: monitor,
    get_monitor_history: { monitor_id: read },
    delete_monitor: { monitor_id: toDelete },
    manage_scheduled_task: { task_id: toManage, action: 'pause' },
    get_signal_briefing: { signal_id: signals[0]!.signal_id },
    get_research_status: { research_id: research },
    // A loopback link is refused before anything is fetched (the answer says so).
    validate_video: { video_url: 'http://127.0.0.1/video.mp4' },
    get_campaign_spec: { platform: 'searchads' },
    start_research: { topic: 'keywords', seeds: ['boots'] },
  };
  const answers: [string, number, string | undefined][] = [];
  for (const tool of gatewayTools.filter((tool) => PLATFORM_FREE_TOOLS.has(tool.name))) {
    const { status, body } = await runPlatformFree(apiKey, tool.name, args[tool.name] ?? tool.examples?.[0] ?? {});
    answers.push([tool.name, status, body.success ? undefined : body.error]);
  }
  expect(answers.sort(([a], [b]) => a.localeCompare(b))).toEqual([...PLATFORM_FREE_TOOLS].sort().map((name) => [name, 200, undefined]));
  // The same answer as the whole tool code's, account parameters included (from the platforms' own definers).
  const listed = await runPlatformFree(apiKey, 'list_connected_accounts', {});
  expect((listed.body as { data?: unknown }).data).toEqual(await callToolOk(apiKey, 'list_connected_accounts'));
}, 120_000);
