import { createServer, type Server, type Socket } from 'node:net';
import { StoreUnavailableError } from '../../core/errors';
import { ensureTables } from '../../functions/local/dynamodb-local';

/** A loopback listener that accepts connections and never answers them (a stalled store). */
async function stallingListener(): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const held: Socket[] = [];
  const server: Server = createServer((socket) => {
    held.push(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () =>
      new Promise((resolve) => {
        held.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}

describe('Function: ensureTables against a stalled store', () => {
  // Issue 32: ensureTables used a DynamoDB client without timeouts, so a store that accepts
  // connections and never answers hung it forever.
  it('waits patiently but finitely: each stalled attempt is said, then it gives up with store_unavailable', async () => {
    const stalled = await stallingListener();
    const said: string[] = [];
    try {
      const result = ensureTables(stalled.endpoint, {
        patience: { connectionTimeoutMs: 200, requestTimeoutMs: 300, giveUpAfterMs: 1500 },
        onWait: (message) => said.push(message),
        pauseMs: 10,
      });
      await expect(result).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(said.length).toBeGreaterThanOrEqual(1);
      expect(said[0]).toContain('DynamoDB Local is not answering yet (creating the tables, attempt 1); waiting up to 2 s in all');
    } finally {
      await stalled.close();
    }
  }, 60_000);
});
