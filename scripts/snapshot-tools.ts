/**
 * npm run snapshot:tools              rewrites catalog/tools/<name>.json (one file per tool) from the registry
 * npm run snapshot:tools -- --check   exits 1 when the committed snapshot is out of date
 */
import { relative } from 'node:path';
import { REGISTRY } from '../functions/all-tools';
import {
  diffSnapshots,
  readSnapshotFiles,
  SNAPSHOT_DIR,
  SNAPSHOT_HINT,
  snapshotFiles,
  writeSnapshotFiles,
} from '../functions/catalog/snapshot';

const files = snapshotFiles(REGISTRY);
const where = relative(process.cwd(), SNAPSHOT_DIR) || SNAPSHOT_DIR;
const summary = ({ added, removed, changed }: { added: string[]; removed: string[]; changed: string[] }) =>
  [`${added.length} added`, `${removed.length} removed`, `${changed.length} changed`].join(', ');

if (process.argv.includes('--check')) {
  const diff = diffSnapshots(readSnapshotFiles() ?? new Map<string, string>(), files);
  if (diff.added.length || diff.removed.length || diff.changed.length) {
    console.error(`${where}/ does not match the ${files.size} registered tools (${summary(diff)}): ${SNAPSHOT_HINT}.`);
    process.exit(1);
  }
  console.log(`Tool snapshot up to date (${files.size} tools).`);
} else {
  const diff = writeSnapshotFiles(files);
  console.log(`${where}/: ${files.size} tools, ${summary(diff)}.`);
}
