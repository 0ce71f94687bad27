import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCatalog } from './catalog';
import type { ToolRegistry } from '../runtime/registry';

/**
 * The committed snapshot of every tool's catalog entry (github-mcp-server keeps its tool schemas
 * the same way): a change to any tool's contract shows up as a diff in review.
 */
export const SNAPSHOT_PATH = join(__dirname, '..', '..', 'catalog', 'tools.snapshot.json');

export const SNAPSHOT_HINT = 'run npm run snapshot:tools and commit the diff';

/** The snapshot text of a registry: its catalog sorted by name, two-space JSON, final newline. */
export function snapshotText(registry: Pick<ToolRegistry, 'all'>): string {
  return `${JSON.stringify(buildCatalog(registry), null, 2)}\n`;
}

export function readSnapshot(path = SNAPSHOT_PATH): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

export function writeSnapshot(text: string, path = SNAPSHOT_PATH): void {
  writeFileSync(path, text);
}
