import { REGISTRY } from '../../functions/all-tools';
import { readSnapshot, SNAPSHOT_HINT, SNAPSHOT_PATH, snapshotText } from '../../functions/catalog/snapshot';

describe('Tool snapshot (catalog/tools.snapshot.json)', () => {
  it('matches the schema of every registered tool', () => {
    // Prepare
    const committed = readSnapshot();
    const current = snapshotText(REGISTRY);
    // Assess: a changed contract must be a reviewed diff, not a silent change.
    if (committed === undefined) throw new Error(`${SNAPSHOT_PATH} is missing: ${SNAPSHOT_HINT}.`);
    if (committed !== current) {
      const before = new Map((JSON.parse(committed) as { name: string }[]).map((e) => [e.name, JSON.stringify(e)]));
      const after = new Map((JSON.parse(current) as { name: string }[]).map((e) => [e.name, JSON.stringify(e)]));
      const added = [...after.keys()].filter((name) => !before.has(name));
      const removed = [...before.keys()].filter((name) => !after.has(name));
      const changed = [...after.keys()].filter((name) => before.has(name) && before.get(name) !== after.get(name));
      throw new Error(
        `The tool snapshot is out of date: ${SNAPSHOT_HINT}.\n` +
          (added.length ? `Added: ${added.join(', ')}\n` : '') +
          (removed.length ? `Removed: ${removed.join(', ')}\n` : '') +
          (changed.length ? `Changed: ${changed.join(', ')}\n` : '') +
          (!added.length && !removed.length && !changed.length ? 'Only the formatting differs.\n' : ''),
      );
    }
  });

  it('is sorted by name and holds each tool once', () => {
    const names = (JSON.parse(snapshotText(REGISTRY)) as { name: string }[]).map((e) => e.name);
    expect(names).toEqual([...new Set(names)].sort());
  });
});
