/**
 * The local data folder (`.data/`: DynamoDB Local's files with every owner's data, held writes and
 * monitors included, the demo key, the credentials key) is created readable by its owner only, and
 * an existing one made so (issue 32: it was world-readable).
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const mode = (path: string) => statSync(path).mode & 0o777;

describe('local data folder', () => {
  const root = mkdtempSync(join(tmpdir(), 'gateway-data-'));
  const dataDir = join(root, 'data');
  let local: typeof import('../../functions/local/local-store');

  beforeAll(() => {
    const before = process.env.GATEWAY_DATA_DIR;
    process.env.GATEWAY_DATA_DIR = dataDir;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      local = require('../../functions/local/local-store');
    });
    if (before === undefined) delete process.env.GATEWAY_DATA_DIR;
    else process.env.GATEWAY_DATA_DIR = before;
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('creates the data folder and the store folder inside it owner-only (0700)', () => {
    local.privateDir(join(dataDir, 'dynamodb'));
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'dynamodb'))).toBe(0o700);
  });

  it('makes an existing world-readable data folder owner-only when the gateway starts', () => {
    chmodSync(dataDir, 0o755);
    mkdirSync(join(dataDir, 'outbox'), { mode: 0o755 });
    chmodSync(join(dataDir, 'outbox'), 0o755);
    local.writeRunningStore({
      dynamodb_endpoint: 'http://127.0.0.1:1',
      table_prefix: 'x-',
      base_url: 'http://127.0.0.1:2',
      pid: process.pid,
    });
    expect(mode(dataDir)).toBe(0o700);
    local.privateDir(join(dataDir, 'outbox'));
    expect(mode(join(dataDir, 'outbox'))).toBe(0o700);
  });
});
