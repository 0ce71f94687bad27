import { REGISTRY } from '../../functions/all-tools';
import { diffSnapshots, readSnapshotFiles, SNAPSHOT_DIR, SNAPSHOT_HINT, snapshotFiles } from '../../functions/catalog/snapshot';

describe('Tool snapshot (catalog/tools/<name>.json)', () => {
  it('holds one file per registered tool, each matching the tool catalog entry', () => {
    // Prepare
    const committed = readSnapshotFiles();
    const current = snapshotFiles(REGISTRY);
    // Assess: a changed contract must be a reviewed diff, not a silent change.
    if (committed === undefined) throw new Error(`${SNAPSHOT_DIR} is missing: ${SNAPSHOT_HINT}.`);
    const { added, removed, changed } = diffSnapshots(committed, current);
    const lines = [
      ...(added.length ? [`New tools without a snapshot file: ${added.join(', ')}`] : []),
      ...(removed.length ? [`Snapshot files of tools no longer registered: ${removed.join(', ')}`] : []),
      ...(changed.length ? [`Changed: ${changed.join(', ')}`] : []),
    ];
    if (lines.length) throw new Error(`The tool snapshot is out of date: ${SNAPSHOT_HINT}.\n${lines.join('\n')}`);
  });

  it('names each file after its tool, one file per tool', () => {
    const files = snapshotFiles(REGISTRY);
    expect(files.size).toBe(REGISTRY.all().length);
    for (const [file, text] of files) expect(`${(JSON.parse(text) as { name: string }).name}.json`).toBe(file);
  });
});
