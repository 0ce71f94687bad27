import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCatalog } from './catalog';
import type { ToolRegistry } from '../runtime/registry';

/**
 * The committed snapshot of every tool's catalog entry, one file per tool (`catalog/tools/<name>.json`,
 * as github-mcp-server keeps its tool schemas): a changed contract shows up in review as a small diff
 * of that tool's file, a new or removed tool as a file added or removed.
 */
export const SNAPSHOT_DIR = join(__dirname, '..', '..', 'catalog', 'tools');

export const SNAPSHOT_HINT = 'run npm run snapshot:tools and commit the diff';

/** The snapshot files of a registry: file name (`<tool>.json`) to text (two-space JSON, final newline), sorted by name. */
export function snapshotFiles(registry: Pick<ToolRegistry, 'all'>): Map<string, string> {
  return new Map(buildCatalog(registry).map((entry) => [`${entry.name}.json`, `${JSON.stringify(entry, null, 2)}\n`]));
}

/** The committed snapshot files (undefined when the folder is missing). */
export function readSnapshotFiles(dir = SNAPSHOT_DIR): Map<string, string> | undefined {
  if (!existsSync(dir)) return undefined;
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  return new Map(names.map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
}

export interface SnapshotDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

/** Tool names whose file is new, gone or different in `current` compared with `committed`. */
export function diffSnapshots(committed: Map<string, string>, current: Map<string, string>): SnapshotDiff {
  const tool = (file: string) => file.replace(/\.json$/, '');
  return {
    added: [...current.keys()].filter((file) => !committed.has(file)).map(tool),
    removed: [...committed.keys()].filter((file) => !current.has(file)).map(tool),
    changed: [...current.keys()].filter((file) => committed.has(file) && committed.get(file) !== current.get(file)).map(tool),
  };
}

/** Writes the files that differ and removes the files of tools no longer registered; returns what changed. */
export function writeSnapshotFiles(files: Map<string, string>, dir = SNAPSHOT_DIR): SnapshotDiff {
  mkdirSync(dir, { recursive: true });
  const diff = diffSnapshots(readSnapshotFiles(dir) ?? new Map<string, string>(), files);
  for (const name of [...diff.added, ...diff.changed]) writeFileSync(join(dir, `${name}.json`), files.get(`${name}.json`)!);
  for (const name of diff.removed) rmSync(join(dir, `${name}.json`));
  return diff;
}
