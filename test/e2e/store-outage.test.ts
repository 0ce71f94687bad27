import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../functions/local/dynamodb-local';
import { startNpmStart } from '../support/npm-start';

const dataDir = mkdtempSync(join(tmpdir(), 'gateway-outage-'));
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null) {
    await new Promise((done) => {
      child!.once('exit', done);
      child!.kill('SIGINT');
    });
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const javaPid = () =>
  spawnSync('pgrep', ['-f', dataDir])
    .stdout.toString()
    .trim()
    .split('\n')
    .filter(Boolean)
    .map(Number)
    .find((pid) => pid !== child?.pid);

/** Probes until it answers, however long the machine needs (the test's timeout bounds it). */
async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('npm start when DynamoDB Local dies', () => {
  it('keeps serving: 503 store_unavailable envelopes and a 503 /health while it is down, then recovers by itself', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const started = await startNpmStart(port, dataDir);
    child = started.child;
    const output = started.output;
    const apiKey = started.apiKey;
    const call = () =>
      fetch(`${base}/api/v1/tools/list_campaigns/execute`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
        body: '{"arguments":{}}',
      });
    expect((await fetch(`${base}/health`)).status).toBe(200);

    process.kill(javaPid()!, 'SIGKILL');
    const health = await until(async () => {
      const response = await fetch(`${base}/health`);
      return response.status === 503 ? ((await response.json()) as { code: string }) : undefined;
    });
    expect(health.code).toBe('store_unavailable');
    // The auth cache may still know the key: any answer during the outage is an envelope, 503 once
    // the store is needed.
    const during = await call();
    const body = (await during.json()) as { success: boolean; structured_content?: { code: string } };
    expect(body.success).toBe(false);
    expect(during.status).toBe(503);
    expect(body.structured_content?.code).toBe('store_unavailable');
    expect(child.exitCode).toBeNull();

    await until(async () => ((await fetch(`${base}/health`)).status === 200 ? true : undefined));
    expect(output()).toContain('Restarting it');
    expect((await call()).status).not.toBe(503);
  }, 900_000);
});
