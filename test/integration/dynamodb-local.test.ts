/**
 * DynamoDB Local holds keys, quotas and claims without any authentication, so it must be reachable
 * from this machine only. The run's instance (started by the test setup with the same code as
 * `npm start`) is checked.
 */
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';

const port = Number(new URL(process.env.DYNAMODB_ENDPOINT!).port);

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 3000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Local addresses of the listening sockets on `port`, from the kernel's tables (Linux). */
function listeningAddresses(): string[] {
  const found: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue; // 0A = LISTEN
      const [hexAddress, hexPort] = local.split(':');
      if (parseInt(hexPort, 16) === port) found.push(hexAddress);
    }
  }
  return found;
}

describe('DynamoDB Local', () => {
  it('accepts connections on 127.0.0.1', async () => {
    expect(await accepts('127.0.0.1')).toBe(true);
  });

  it('listens on the loopback address only (kernel socket table)', () => {
    if (!existsSync('/proc/net/tcp')) return; // not Linux: the connection test below still runs
    const addresses = listeningAddresses();
    expect(addresses.length).toBeGreaterThan(0);
    // 127.0.0.1 as /proc writes it: little-endian IPv4, or inside an IPv4-mapped IPv6 address.
    for (const address of addresses) expect(['0100007F', '0000000000000000FFFF00000100007F']).toContain(address);
  });

  it("refuses connections to this machine's other addresses", async () => {
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a): a is NonNullable<typeof a> => Boolean(a && !a.internal && (a.family === 'IPv4' || !a.address.startsWith('fe80'))))
      .map((a) => a.address);
    for (const address of others) expect([address, await accepts(address)]).toEqual([address, false]);
  });
});
