/**
 * AWS Secrets Manager faked on 127.0.0.1, as far as the live adapters' secret settings use it
 * (platforms/live/settings.ts): GetSecretValue over the service's JSON protocol (AWS JSON 1.1), written
 * from the published API reference. `POST /` with `X-Amz-Target: secretsmanager.GetSecretValue` and a
 * body `{"SecretId": "<ARN or name>"}` answers `{"ARN", "Name", "VersionId", "SecretString",
 * "VersionStages", "CreatedDate"}`; an unknown SecretId is refused with HTTP 400 and
 * `{"__type": "ResourceNotFoundException", "message": ...}`, as the real service does. A request without
 * a SigV4 Authorization header is refused (the SDK signs every request, dummy credentials included).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const TARGET_PREFIX = 'secretsmanager.';
const JSON_1_1 = 'application/x-amz-json-1.1';

export class FakeSecretsManager {
  private server?: Server;
  private readonly secrets = new Map<string, { name: string; value: string }>();
  /** Every request's target and SecretId, in order. */
  readonly requests: { target: string; secretId?: string }[] = [];

  /** Stores a secret under its ARN (an object as JSON, as the stack's secret holds; a string as it is); answers the ARN. */
  putSecret(name: string, value: Record<string, string> | string): string {
    const arn = `arn:aws:secretsmanager:us-east-1:123456789012:secret:${name}-AbCdEf`;
    this.secrets.set(arn, { name, value: typeof value === 'string' ? value : JSON.stringify(value) });
    return arn;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      void this.answer(req).then(({ status, body }) => {
        res.writeHead(status, { 'Content-Type': JSON_1_1, 'x-amzn-RequestId': 'fake-request-id' });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async answer(req: IncomingMessage): Promise<{ status: number; body: Record<string, unknown> }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = String(req.headers['x-amz-target'] ?? '');
    let input: { SecretId?: unknown } = {};
    try {
      input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as typeof input;
    } catch {
      return { status: 400, body: { __type: 'SerializationException', message: 'Malformed JSON body' } };
    }
    this.requests.push({ target, secretId: typeof input.SecretId === 'string' ? input.SecretId : undefined });
    if (req.method !== 'POST' || req.url !== '/' || !String(req.headers['content-type']).startsWith(JSON_1_1))
      return { status: 400, body: { __type: 'SerializationException', message: 'Expected POST / with an AWS JSON 1.1 body' } };
    if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 '))
      return { status: 400, body: { __type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' } };
    if (target !== `${TARGET_PREFIX}GetSecretValue`)
      return { status: 400, body: { __type: 'UnknownOperationException', message: `Unknown operation ${target}` } };
    if (typeof input.SecretId !== 'string' || !input.SecretId)
      return { status: 400, body: { __type: 'InvalidParameterException', message: 'You must provide a value for SecretId.' } };
    const secret = this.secrets.get(input.SecretId) ?? [...this.secrets.entries()].find(([, s]) => s.name === input.SecretId)?.[1];
    if (!secret)
      return { status: 400, body: { __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret." } };
    const arn = [...this.secrets.entries()].find(([, s]) => s === secret)![0];
    return {
      status: 200,
      body: {
        ARN: arn,
        Name: secret.name,
        VersionId: 'a1b2c3d4-5678-90ab-cdef-EXAMPLE11111',
        SecretString: secret.value,
        VersionStages: ['AWSCURRENT'],
        CreatedDate: 1_764_000_000,
      },
    };
  }
}
