import type { ErrorCode } from '../../core/errors';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { dispatch, edgeError } from './router';
import { publicBaseUrl } from '../runtime/config';

/**
 * What API Gateway does at its edges, which the local server copies:
 * - a request body over 10 MB is refused with 413 (API Gateway's payload limit);
 * - idle keep-alive connections stay open longer than common client pools keep theirs (60 s), so a
 *   pooled connection is never reset under a client that reuses it; headers must arrive within a
 *   little more than that;
 * - a request whose body is too slow or never ends is answered 408 once `requestTimeoutMs` has
 *   passed since it started.
 * Tests may shorten the timeouts.
 */
export const EDGE_LIMITS = {
  maxBodyBytes: 10 * 1024 * 1024,
  keepAliveTimeoutMs: 65_000,
  headersTimeoutMs: 66_000,
  requestTimeoutMs: 70_000,
};

export type EdgeLimits = typeof EDGE_LIMITS;

/** A raw HTTP answer for a socket whose request never reached a handler (timeouts, bad framing). */
function rawEdgeAnswer(status: number, reason: string, message: string, code: ErrorCode): string {
  const result = edgeError(status, message, code);
  const body = Buffer.from(result.body);
  const headers = Object.entries(result.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${status} ${reason}\r\n${headers}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${result.body}`;
}

/** A plain HTTP server that hands every request to the Lambda handlers via `dispatch`. */
/**
 * Host names the local server answers under: the loopback names, and the host of PUBLIC_BASE_URL when
 * set. A request without Host (HTTP/1.0, raw sockets) is not a browser's, so not a rebinding attack.
 */
export function localHostAllowed(hostHeader: string | undefined): boolean {
  if (hostHeader === undefined) return true;
  let hostname: string;
  try {
    hostname = new URL(`http://${hostHeader}`).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (['localhost', '127.0.0.1', '[::1]'].includes(hostname)) return true;
  const configured = publicBaseUrl();
  try {
    return configured !== undefined && new URL(configured).hostname.toLowerCase() === hostname;
  } catch {
    return false;
  }
}

export function startHttpServer(port: number, host = '127.0.0.1', limits: Partial<EdgeLimits> = {}): Promise<Server> {
  const edge = { ...EDGE_LIMITS, ...limits };
  // Each request still reading its body: its response (has anything been sent?) and how to stop
  // keeping what still arrives.
  const inFlight = new WeakMap<Socket, { res: ServerResponse; stop(): void }>();

  const send = (
    res: ServerResponse,
    result: { statusCode: number; headers?: Record<string, string | number | boolean>; body: string; isBase64Encoded?: boolean },
  ) => {
    const body = result.isBase64Encoded ? Buffer.from(result.body, 'base64') : Buffer.from(result.body);
    res.writeHead(result.statusCode, { ...(result.headers as Record<string, string>), 'Content-Length': String(body.length) });
    res.end(body);
  };

  const tooLarge = (res: ServerResponse) => {
    const answer = edgeError(
      413,
      `The request body is larger than ${edge.maxBodyBytes / 1024 / 1024} MB, the most the gateway accepts. Send a smaller request.`,
      'payload_too_large',
    );
    // The rest of the body is not wanted: the connection closes after this answer.
    send(res, { ...answer, headers: { ...answer.headers, Connection: 'close' } });
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    // DNS-rebinding protection: a web page can make a browser resolve its own name to 127.0.0.1, but
    // the browser then still sends that name as Host. Only the local machine's names are served.
    if (!localHostAllowed(req.headers.host)) {
      send(
        res,
        edgeError(
          403,
          'This local gateway answers only under localhost, 127.0.0.1 or [::1] (the Host header names another host). Use the address npm start prints.',
          'host_not_allowed',
        ),
      );
      req.resume();
      return;
    }
    // Refused before a byte of the body is read when the client says how long it is.
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > edge.maxBodyBytes) {
      tooLarge(res);
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    let refused = false;
    inFlight.set(req.socket, {
      res,
      stop: () => {
        refused = true;
        chunks.length = 0;
      },
    });
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      received += chunk.length;
      if (received > edge.maxBodyBytes) {
        // Nothing more is kept: the rest of the body is read and thrown away until the socket closes.
        refused = true;
        chunks.length = 0;
        tooLarge(res);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', async () => {
      inFlight.delete(req.socket);
      if (refused) return;
      // Header names as the client sent them, like API Gateway passes them on.
      const headers: Record<string, string> = {};
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers[req.rawHeaders[i]] = req.rawHeaders[i + 1];
      try {
        send(
          res,
          await dispatch({ method: req.method ?? 'GET', url: req.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      } catch {
        // The handlers answer every error themselves; this is the last resort.
        send(res, edgeError(500, 'Internal error in the local server.', 'internal_error'));
      }
    });
  };

  const server = createServer(
    {
      keepAliveTimeout: edge.keepAliveTimeoutMs,
      headersTimeout: edge.headersTimeoutMs,
      requestTimeout: edge.requestTimeoutMs,
      // How often the timeouts above are checked (Node's default, 30 s, would let a request run 30 s over).
      connectionsCheckingInterval: Math.min(1000, edge.headersTimeoutMs),
    },
    onRequest,
  );
  // Errors of a connection before or while its request is read: answered as envelopes, like
  // API Gateway answers them, when nothing has been written to the socket yet.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const request = inFlight.get(socket);
    request?.stop();
    inFlight.delete(socket);
    let answer: string | undefined;
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      answer = rawEdgeAnswer(
        408,
        'Request Timeout',
        `The request was not received completely within ${Math.round(edge.requestTimeoutMs / 1000)} seconds. Send the whole request at once and retry.`,
        'request_timeout',
      );
    } else if (error.code === 'HPE_HEADER_OVERFLOW') {
      answer = rawEdgeAnswer(
        431,
        'Request Header Fields Too Large',
        'The request headers are too large. Send fewer or shorter headers.',
        'invalid_request',
      );
    } else if (error.code !== 'ECONNRESET') {
      answer = rawEdgeAnswer(400, 'Bad Request', 'The request is not valid HTTP.', 'invalid_request');
    }
    if (!answer || !socket.writable || request?.res.headersSent) {
      socket.destroy();
      return;
    }
    // Answer, then close gently: what the client still sends is read and dropped for a moment,
    // so the answer is not lost to a reset.
    socket.end(answer);
    socket.resume();
    setTimeout(() => socket.destroy(), 2000).unref();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
