import { mkdtempSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDemoOwner } from '../../functions/local/demo';
import { untilStoreAnswers } from '../../functions/local/patience';
import { findApiKeyByHash, hashApiKey } from '../../functions/runtime/stores/api-keys';
import { OPERATION_BUDGET_MS, withStoreDeadline, type StoreScope } from '../../functions/runtime/stores/dynamo';
import { useTestTables } from '../support/gateway';

useTestTables();

/**
 * A loopback listener in front of DynamoDB Local that accepts its first `stalled` connections and
 * never answers them (a store still starting on a busy machine), then passes connections through.
 */
async function stallingProxy(
  target: string,
  stalled: number,
): Promise<{ endpoint: string; stalledSeen: () => number; close: () => Promise<void> }> {
  const { hostname, port } = new URL(target);
  // Every socket, held or passed through: closing ends them all, or server.close would wait until
  // DynamoDB Local drops the pooled pass-through connections when they idle out (about 30 s).
  const sockets: Socket[] = [];
  let seen = 0;
  const server: Server = createServer((client) => {
    seen++;
    sockets.push(client);
    if (seen <= stalled) {
      client.on('error', () => undefined);
      return;
    }
    const upstream = connect(Number(port), hostname);
    sockets.push(upstream);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    stalledSeen: () => Math.min(seen, stalled),
    close: () =>
      new Promise((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}

describe('Function: untilStoreAnswers (npm start seeding)', () => {
  // Issue 32: `npm start` gave up seeding ("the gateway's storage is not answering") when DynamoDB
  // Local was slow at first on a busy machine.
  it('seeds the demo owner through a store that stalls at first: it waits, says so, and succeeds', async () => {
    // Prepare: the store behind a listener that never answers its first 3 connections.
    const real = process.env.DYNAMODB_ENDPOINT!;
    const proxy = await stallingProxy(real, 3);
    process.env.DYNAMODB_ENDPOINT = proxy.endpoint;
    const said: string[] = [];
    try {
      // Act
      // npm start's seeding gives up on a request after OPERATION_BUDGET_MS (15 s locally); while the
      // store still stalls, the test gives up after 2 s (the same give-up and retry, a seventh of the
      // wait per stalled connection), then allows the full budget as npm start does.
      const budget: StoreScope = {
        get deadline() {
          return Date.now() + (proxy.stalledSeen() < 3 ? 2000 : OPERATION_BUDGET_MS);
        },
      };
      const { demo, created } = await untilStoreAnswers(
        'seeding the demo owner',
        () => withStoreDeadline(budget, () => ensureDemoOwner(join(mkdtempSync(join(tmpdir(), 'slow-start-')), 'demo.json'))),
        { onWait: (message) => said.push(message), pauseMs: 10 },
      );
      // Assess
      expect(created).toBe(true);
      expect(proxy.stalledSeen()).toBe(3);
      expect(said.length).toBeGreaterThanOrEqual(1);
      expect(said[0]).toContain('DynamoDB Local is not answering yet (seeding the demo owner, attempt 1)');
      process.env.DYNAMODB_ENDPOINT = real;
      expect(await findApiKeyByHash(hashApiKey(demo.api_key))).toMatchObject({ owner_id: demo.owner_id });
    } finally {
      process.env.DYNAMODB_ENDPOINT = real;
      await proxy.close();
    }
  }, 300_000);

  it('ends the wait on an error that is not the store’s', async () => {
    await expect(untilStoreAnswers('a step', () => Promise.reject(new Error('bad setup')))).rejects.toThrow('bad setup');
  });
});
