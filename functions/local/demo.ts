import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { privateDir } from './local-store';
import { dirname } from 'node:path';
import { PLATFORM_WORDS } from '../../core/platforms';
import { createApiKey, findApiKeyByHash, hashApiKey } from '../runtime/stores/api-keys';
import { createOwner, getOwner } from '../runtime/stores/owners';
import { connectSandboxAccounts } from '../connect/accounts';

export interface DemoOwner {
  owner_id: string;
  api_key: string;
}

/**
 * The demo owner of `npm start`: tier pro with one sandbox account per platform, created on the
 * first start. Its key is kept in plaintext only in the local, git-ignored `.data/demo.json`, so a
 * restart prints the same key; the table holds only its hash, as everywhere.
 */
export async function ensureDemoOwner(file: string): Promise<{ demo: DemoOwner; created: boolean }> {
  if (existsSync(file)) {
    const demo = JSON.parse(readFileSync(file, 'utf8')) as DemoOwner;
    const key = await findApiKeyByHash(hashApiKey(demo.api_key));
    if (key && !key.revoked_at && (await getOwner(demo.owner_id))) return { demo, created: false };
  }
  const owner = await createOwner({ tier: 'pro', name: 'Demo owner' });
  for (const platform of PLATFORM_WORDS) await connectSandboxAccounts(owner.owner_id, platform, 1);
  const { api_key } = await createApiKey(owner.owner_id);
  const demo = { owner_id: owner.owner_id, api_key };
  privateDir(dirname(file));
  writeFileSync(file, JSON.stringify(demo, null, 2), { mode: 0o600 });
  return { demo, created: true };
}
