import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * `.data/` of the checkout (or GATEWAY_DATA_DIR): DynamoDB Local's files, the demo key, and where
 * the running store listens.
 */
export const DATA_DIR = process.env.GATEWAY_DATA_DIR ? resolve(process.env.GATEWAY_DATA_DIR) : resolve(__dirname, '..', '..', '.data');
export const RUNNING_FILE = join(DATA_DIR, 'running.json');
export const CREDENTIALS_KEY_FILE = join(DATA_DIR, 'credentials.key');

export interface RunningStore {
  dynamodb_endpoint: string;
  table_prefix: string;
  base_url: string;
  /** PUBLIC_BASE_URL of the running gateway: where connect links point (base_url unless overridden). */
  public_base_url?: string;
  pid: number;
  /** The local key of the credentials keyring (live connections). */
  credentials_key_file?: string;
}

/**
 * Creates a folder of local data readable by its owner only (0700), and makes an existing one so:
 * DynamoDB Local's files hold owners' data (held writes, monitors, audit), the demo key and the
 * credentials key. Inside DATA_DIR, DATA_DIR itself is made owner-only too.
 */
export function privateDir(path: string): string {
  const full = resolve(path);
  mkdirSync(full, { recursive: true, mode: 0o700 });
  for (let dir = full; ; dir = dirname(dir)) {
    chmodSync(dir, 0o700);
    if (dir === DATA_DIR || !dir.startsWith(`${DATA_DIR}/`)) break;
  }
  return full;
}

/** Written by `npm start` so the `gateway` command finds the running store with no setup. */
export function writeRunningStore(store: RunningStore): void {
  privateDir(DATA_DIR);
  writeFileSync(RUNNING_FILE, JSON.stringify(store, null, 2));
}

export function readRunningStore(): RunningStore | undefined {
  if (!existsSync(RUNNING_FILE)) return undefined;
  const store = JSON.parse(readFileSync(RUNNING_FILE, 'utf8')) as RunningStore;
  try {
    process.kill(store.pid, 0);
    return store;
  } catch {
    return undefined;
  }
}
