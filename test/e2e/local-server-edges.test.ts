/**
 * The local server's edges over real HTTP, where it must behave like API Gateway: body size limit,
 * keep-alive that outlives client pools, slow and endless requests, malformed paths.
 */
import * as http from 'node:http';
import { connect, type Socket } from 'node:net';
import type { ErrorCode } from '../../core/errors';
import { freePort } from '../../functions/local/dynamodb-local';
import { EDGE_LIMITS, startHttpServer } from '../../functions/local/server';
import { setSandboxFailureMode } from '../../platforms/sandbox/platform';
import { createTestOwner, useTestTables } from '../support/gateway';

useTestTables();

const MB = 1024 * 1024;

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parseRaw(text: string): RawAnswer {
  const [head, ...rest] = text.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

/** Opens a socket, lets `write` send what it wants, and collects what comes back until the server closes. */
function rawExchange(port: number, write: (socket: Socket) => void): Promise<{ answer: RawAnswer; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the answer arrived still counts as an answer.
      if (received) resolve({ answer: parseRaw(received), closedAfterMs: Date.now() - started });
      else reject(error);
    });
    socket.on('close', () => resolve({ answer: parseRaw(received), closedAfterMs: Date.now() - started }));
    socket.on('connect', () => write(socket));
  });
}

/** Writes body bytes without end until the socket closes. */
function writeForever(socket: Socket, chunk: Buffer, everyMs: number): void {
  const timer = setInterval(() => {
    if (socket.destroyed || !socket.writable) return clearInterval(timer);
    socket.write(chunk);
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
}

function expectEdgeEnvelope(answer: RawAnswer | { headers: Record<string, string>; body: string }, message: RegExp, code: ErrorCode): void {
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(body).toMatchObject({ success: false, is_error: true, tool: '', structured_content: { code } });
  expect(body.error).toMatch(message);
  expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(answer.headers['x-amzn-requestid']).toBe(body.request_id);
}

describe('Local server edges, with the limits npm start uses', () => {
  let server: http.Server;
  let port: number;
  let base: string;

  beforeAll(async () => {
    port = await freePort();
    server = await startHttpServer(port);
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('keeps idle connections longer than client pools do (60 s), and waits for headers longer still', () => {
    expect(server.keepAliveTimeout).toBe(EDGE_LIMITS.keepAliveTimeoutMs);
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    expect(server.requestTimeout).toBeGreaterThanOrEqual(server.headersTimeout);
  });

  it('serves a pooled keep-alive connection reused after 6 s idle (the old server reset it after 5 s)', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = http.get(`${base}/health`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.on('error', reject);
      });
    try {
      expect(await get()).toEqual({ status: 200, reused: false });
      await new Promise((r) => setTimeout(r, 6000));
      expect(await get()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 20_000);

  it('answers 413 as an envelope when Content-Length says more than 10 MB, before reading the body', async () => {
    const { answer } = await rawExchange(port, (socket) => {
      socket.write(
        `POST /api/v1/tools/list_campaigns/execute HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${50 * MB}\r\n\r\n`,
      );
      socket.write('{"arguments": {');
    });
    expect(answer.status).toBe(413);
    expectEdgeEnvelope(answer, /larger than 10 MB/, 'payload_too_large');
  });

  it('answers 413 to an endless chunked body as soon as it passes 10 MB, without waiting for its end', async () => {
    const { answer } = await rawExchange(port, (socket) => {
      socket.write(
        'POST /api/v1/tools/list_campaigns/execute HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
      );
      const piece = Buffer.alloc(256 * 1024, 'a');
      const chunk = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
      writeForever(socket, chunk, 1);
    });
    expect(answer.status).toBe(413);
    expectEdgeEnvelope(answer, /larger than 10 MB/, 'payload_too_large');
  });

  it('lets a body of exactly 10 MB through to the chain', async () => {
    const padding = 10 * MB - '{"arguments": {}, "pad": ""}'.length;
    const body = `{"arguments": {}, "pad": "${'a'.repeat(padding)}"}`;
    expect(Buffer.byteLength(body)).toBe(10 * MB);
    const response = await fetch(`${base}/api/v1/tools/list_campaigns/execute`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    // The chain answered (no key), not the size limit.
    expect(response.status).toBe(401);
  });

  it.each([
    ['POST', '/api/v1/tools/%E0%A4%A/execute'],
    ['POST', '/api/v1/tools/%/execute'],
    ['GET', '/api/v1/tools/%E0%A4%A'],
    ['GET', '/api/v1/tools/%zz'],
  ])('answers %s %s (broken percent-encoding) with a 400 envelope', async (method, path) => {
    const { answer } = await rawExchange(port, (socket) =>
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    );
    expect(answer.status).toBe(400);
    expectEdgeEnvelope(answer, /path is not valid/, 'invalid_request');
  });

  it('reads Content-Type case-insensitively over HTTP', async () => {
    const { apiKey } = await createTestOwner();
    for (const contentType of ['APPLICATION/JSON', 'application/json; charset=UTF-8']) {
      const response = await fetch(`${base}/api/v1/tools/get_usage_status/execute`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': contentType },
        body: '{"arguments": {}}',
      });
      expect(response.status).toBe(200);
    }
  });
});

describe('Local server edges: slow and endless requests time out with an envelope', () => {
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    // The same server with short timeouts, so the test does not wait 70 s.
    server = await startHttpServer(port, '127.0.0.1', { keepAliveTimeoutMs: 500, headersTimeoutMs: 1000, requestTimeoutMs: 1500 });
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('answers 408 to a body that stops half-way', async () => {
    const { answer, closedAfterMs } = await rawExchange(port, (socket) => {
      socket.write(
        'POST /api/v1/tools/list_campaigns/execute HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"arguments"',
      );
    });
    expect(answer.status).toBe(408);
    expectEdgeEnvelope(answer, /not received completely within 2 seconds/, 'request_timeout');
    expect(closedAfterMs).toBeLessThan(10_000);
  });

  it('answers 408 to a body that trickles without end', async () => {
    const { answer } = await rawExchange(port, (socket) => {
      socket.write(
        'POST /api/v1/tools/list_campaigns/execute HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
      );
      writeForever(socket, Buffer.from('1\r\n \r\n'), 100);
    });
    expect(answer.status).toBe(408);
    expectEdgeEnvelope(answer, /not received completely/, 'request_timeout');
  });

  it('lets a tool run longer than the request timeout once the request is in (the timeout covers receiving only)', async () => {
    const { apiKey, accounts } = await createTestOwner({ accounts: { searchads: 1 } });
    await setSandboxFailureMode(accounts.searchads![0], 'slow', { slowMs: 2500 });
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/tools/list_campaigns/execute`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: '{"arguments": {}}',
    });
    expect(response.status).toBe(200);
  }, 20_000);

  it('answers 408 to headers that never finish', async () => {
    const { answer } = await rawExchange(port, (socket) =>
      socket.write('POST /api/v1/tools/list_campaigns/execute HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '),
    );
    expect(answer.status).toBe(408);
    expectEdgeEnvelope(answer, /not received completely/, 'request_timeout');
  });
});
