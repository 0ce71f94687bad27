import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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

/** Written by `npm start` so the `gateway` command finds the running store with no setup. */
export function writeRunningStore(store: RunningStore): void {
  mkdirSync(DATA_DIR, { recursive: true });
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
