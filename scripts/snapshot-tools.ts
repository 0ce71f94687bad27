/**
 * npm run snapshot:tools          rewrites catalog/tools.snapshot.json from the registry
 * npm run snapshot:tools -- --check   exits 1 when the committed snapshot is out of date
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { REGISTRY } from '../functions/all-tools';
import { readSnapshot, SNAPSHOT_HINT, SNAPSHOT_PATH, snapshotText, writeSnapshot } from '../functions/catalog/snapshot';

const text = snapshotText(REGISTRY);
const count = REGISTRY.all().length;
if (process.argv.includes('--check')) {
  if (readSnapshot() !== text) {
    console.error(`${SNAPSHOT_PATH} does not match the ${count} registered tools: ${SNAPSHOT_HINT}.`);
    process.exit(1);
  }
  console.log(`Tool snapshot up to date (${count} tools).`);
} else {
  mkdirSync(dirname(SNAPSHOT_PATH), { recursive: true });
  const changed = readSnapshot() !== text;
  writeSnapshot(text);
  console.log(`${changed ? 'Wrote' : 'Unchanged:'} ${SNAPSHOT_PATH} (${count} tools).`);
}
