import { createServer, type Server } from 'node:http';
import { dispatch } from './router';

/** A plain HTTP server that hands every request to the Lambda handlers via `dispatch`. */
export function startHttpServer(port: number, host = '127.0.0.1'): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      // Header names as the client sent them, like API Gateway passes them on.
      const headers: Record<string, string> = {};
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers[req.rawHeaders[i]] = req.rawHeaders[i + 1];
      try {
        const result = await dispatch({ method: req.method ?? 'GET', url: req.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(result.statusCode, result.headers);
        res.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
      } catch {
        // The handlers answer every error themselves; this is the last resort.
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ success: false, error: 'Internal error in the local server.', tool: '', is_error: true }));
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
