/**
 * The live adapters' secret settings from AWS Secrets Manager (platforms/live/settings.ts), the path every deployed
 * function takes: LIVE_SECRETS_ARN names the stack's secret, the real Secrets Manager client (functions/secrets-client.ts,
 * loaded through functions/load-library.ts) reads it from a fake Secrets Manager on 127.0.0.1 (test/fakes/secrets-manager.ts)
 * with dummy credentials, and a deskads live account (test/fakes/deskads-api.ts) is served with the developer token and
 * client secret the secret holds, which the environment does not.
 */
import { FakeSecretsManager } from '../../fakes/secrets-manager';
import { deskAdsLiveOwner, useFakeDeskAds } from '../deskads/live-support';
import { callTool, useTestTables } from '../../support/gateway';

useTestTables();
const platform = useFakeDeskAds();
const secrets = new FakeSecretsManager();

/** The app's secrets, only in the secret: the fake platform takes these and no others. */
const DEVELOPER_TOKEN = 'SECRET-ONLY-DEVTOKEN-7f3a9c';
const CLIENT_SECRET = 'secret-only-client-secret-51d2e8';
const SECRET_NAMES = ['DESKADS_DEVELOPER_TOKEN', 'DESKADS_CLIENT_SECRET'];
/** A secret's value that is no JSON object (a pasted token), which a JSON parser's message would quote. */
const NOT_JSON_SECRET = 'pasted-token-9c41be';
const NOT_JSON = `DESKADS_DEVELOPER_TOKEN=${NOT_JSON_SECRET}`;

const ENV = [
  'LIVE_SECRETS_ARN',
  'AWS_ENDPOINT_URL_SECRETS_MANAGER',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_REGION',
  'LOG_LEVEL',
];
const saved: Record<string, string | undefined> = {};
let arn = '';

beforeAll(async () => {
  for (const name of [...ENV, ...SECRET_NAMES]) saved[name] = process.env[name];
  const url = await secrets.start();
  arn = secrets.putSecret('gateway-live-app-secrets', {
    DESKADS_DEVELOPER_TOKEN: DEVELOPER_TOKEN,
    DESKADS_CLIENT_SECRET: CLIENT_SECRET,
  });
  platform.developerToken = DEVELOPER_TOKEN;
  platform.clientSecret = CLIENT_SECRET;
  for (const name of SECRET_NAMES) delete process.env[name];
  Object.assign(process.env, {
    LIVE_SECRETS_ARN: arn,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: url,
    AWS_ACCESS_KEY_ID: 'AKIDFAKEFORTESTS',
    AWS_SECRET_ACCESS_KEY: 'fake-secret-access-key-for-tests',
    AWS_REGION: 'us-east-1',
  });
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await secrets.close();
});

/** Everything written to stdout and stderr while `work` runs, with logging on. */
async function captureLogs<T>(work: () => Promise<T>): Promise<{ result: T; logs: string }> {
  const lines: string[] = [];
  process.env.LOG_LEVEL = 'info';
  const out = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: any) => (lines.push(String(chunk)), true));
  const err = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => (lines.push(String(chunk)), true));
  try {
    return { result: await work(), logs: lines.join('') };
  } finally {
    out.mockRestore();
    err.mockRestore();
    process.env.LOG_LEVEL = saved.LOG_LEVEL;
    if (saved.LOG_LEVEL === undefined) delete process.env.LOG_LEVEL;
  }
}

describe('live secret settings from Secrets Manager', () => {
  it('a setting read from the secret reaches the adapter; its value shows in no answer or log line', async () => {
    const owner = await deskAdsLiveOwner(platform);
    const { result, logs } = await captureLogs(() => callTool(owner.apiKey, 'list_deskads_campaigns', {}));
    expect({ status: result.status, error: result.body.error }).toEqual({ status: 200, error: undefined });
    // The secret was read from the fake, by its ARN, over the service's own operation.
    expect(secrets.requests).toContainEqual({ target: 'secretsmanager.GetSecretValue', secretId: arn });
    const shown = JSON.stringify(result) + logs;
    for (const value of [DEVELOPER_TOKEN, CLIENT_SECRET]) expect(shown).not.toContain(value);
  });

  it.each([
    ['a missing secret', () => 'arn:aws:secretsmanager:us-east-1:123456789012:secret:deleted-secret-XyZ123', 'ResourceNotFoundException'],
    ['a secret whose value is not a JSON object', () => secrets.putSecret('gateway-live-app-secrets-plain', NOT_JSON), 'not a JSON object'],
  ])('%s answers a clear setup error envelope, with no stack and no secret text', async (_case, secretArn, said) => {
    const owner = await deskAdsLiveOwner(platform);
    process.env.LIVE_SECRETS_ARN = secretArn();
    try {
      const { result, logs } = await captureLogs(() => callTool(owner.apiKey, 'list_deskads_campaigns', {}));
      expect({ status: result.status, code: result.body.structured_content?.code }).toEqual({ status: 400, code: 'live_setup_incomplete' });
      expect(result.body.error).toContain('LIVE_SECRETS_ARN');
      expect(result.body.error).toContain(said);
      const shown = JSON.stringify(result) + logs;
      // No stack: neither in the answer nor in a log line (where JSON escapes its line breaks).
      expect(shown).not.toMatch(/(\\n|\n)\s+at |"stack"/);
      for (const value of [DEVELOPER_TOKEN, CLIENT_SECRET, NOT_JSON_SECRET]) expect(shown).not.toContain(value);
      // An operator's problem: the connection's status says so and asks nothing of the owner.
      const status = (await callTool(owner.apiKey, 'get_connections_status', {})).body.data!;
      expect(status.text).toContain(`The gateway's operator must fix its setup for this platform`);
      // Once the operator fixes it, the same account answers at once: the connection was not marked broken, nothing failed was cached.
      process.env.LIVE_SECRETS_ARN = arn;
      expect((await callTool(owner.apiKey, 'list_deskads_campaigns', {})).status).toBe(200);
    } finally {
      process.env.LIVE_SECRETS_ARN = arn;
    }
  });
});
