import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../functions/local/dynamodb-local';
import { startNpmStart } from '../support/npm-start';

const dataDir = mkdtempSync(join(tmpdir(), 'gateway-start-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm start` in its own data folder until it prints the demo key. */
function start(port: number): ReturnType<typeof startNpmStart> {
  // As a developer runs it: without the test-only settings this test process may carry.
  const { UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS: _testOnly, ALERT_EMAIL_FROM: _from, SES_ENDPOINT: _ses, ...env } = process.env;
  return startNpmStart(port, dataDir, { ...env, PUBLIC_BASE_URL: '' });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGINT');
  });
}

const javaRunningFor = (dir: string) => spawnSync('pgrep', ['-f', dir]).stdout.toString().trim() !== '';

describe('npm start', () => {
  it('serves the demo owner on localhost, keeps the same key across a restart, and Ctrl-C stops DynamoDB Local', async () => {
    const port = await freePort();
    const first = await start(port);
    expect(first.output()).toContain(`http://127.0.0.1:${port}`);
    expect(first.output()).toContain('curl -s -X POST');
    // Connect links made by the `gateway` command point at this server.
    expect(JSON.parse(readFileSync(join(dataDir, 'running.json'), 'utf8'))).toMatchObject({
      base_url: `http://127.0.0.1:${port}`,
      public_base_url: `http://127.0.0.1:${port}`,
    });

    const accounts = await fetch(`http://127.0.0.1:${port}/api/v1/tools/get_connections_status/execute`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${first.apiKey}`, 'Content-Type': 'application/json' },
      body: '{"arguments":{}}',
    });
    const body = (await accounts.json()) as {
      data: { quota: { tier: string }; structured: { platforms: { account_count: number; mode: string }[] } };
    };
    expect(body.data.quota.tier).toBe('pro');
    expect(body.data.structured.platforms.every((p) => p.account_count === 1 && p.mode === 'sandbox')).toBe(true);

    // validate_video is no port scanner: the gateway's own port, in any spelling, is refused.
    for (const url of [`http://127.0.0.1:${port}/health`, `http://0x7f000001:${port}/`, `http://[::ffff:7f00:1]:${port}/`]) {
      const refused = await fetch(`http://127.0.0.1:${port}/api/v1/tools/validate_video/execute`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${first.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ arguments: { video_url: url } }),
      });
      expect([url, refused.status]).toEqual([url, 400]);
      expect(((await refused.json()) as { error: string }).error).toMatch(/refused.*loopback/i);
    }

    // Emails go to the local outbox: one .eml file per message, in the data folder.
    expect(first.output()).toMatch(/Emails:\s+alert and brief emails are written to \S*outbox/);
    const report = await fetch(`http://127.0.0.1:${port}/api/v1/tools/generate_report_now/execute`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${first.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ arguments: { lookback_days: 7, email_to: ['me@example.com'] } }),
    });
    expect(((await report.json()) as { data: { structured: { email_delivery: unknown } } }).data.structured.email_delivery).toEqual({
      status: 'delivered',
      attempts: 1,
    });
    const [eml] = readdirSync(join(dataDir, 'outbox'));
    expect(readFileSync(join(dataDir, 'outbox', eml!), 'utf8')).toMatch(
      /^From: alerts@gateway\.localhost\r\nTo: me@example\.com\r\nSubject: Cross-platform report: /,
    );

    expect(javaRunningFor(dataDir)).toBe(true);
    expect(await stop(first.child)).toBe(0);
    expect(javaRunningFor(dataDir)).toBe(false);

    const second = await start(port);
    expect(second.apiKey).toBe(first.apiKey);
    const usage = await fetch(`http://127.0.0.1:${port}/api/v1/tools/get_usage_status/execute`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${second.apiKey}` },
    });
    expect(usage.status).toBe(200);
    await stop(second.child);
    expect(javaRunningFor(dataDir)).toBe(false);
  }, 900_000);
});
