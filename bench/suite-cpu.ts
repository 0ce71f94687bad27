/**
 * Where the suite's work is: runs Jest (the whole suite, or the paths given) with JEST_CPU_LOG, so
 * each test file logs the CPU seconds its worker spent on it (test/support/cpu-per-file.ts), and
 * prints the total, the share per folder and the 25 costliest files. CPU seconds, not wall time: on a
 * shared machine a file's wall time mostly says how busy the machine was.
 *
 *   npx tsx bench/suite-cpu.ts [jest paths…]      (or: --from <log> to print an earlier run's log)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..');
const args = process.argv.slice(2);
let log: string;
if (args[0] === '--from') {
  log = args[1];
} else {
  log = join(mkdtempSync(join(tmpdir(), 'suite-cpu-')), 'cpu.tsv');
  const started = Date.now();
  const jest = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), ...args], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, JEST_CPU_LOG: log },
  });
  console.log(`jest exit ${jest.status}, ${((Date.now() - started) / 1000).toFixed(0)} s wall; log ${log}`);
}

const rows = readFileSync(log, 'utf8')
  .trim()
  .split('\n')
  .map((line) => {
    const [file, own, children = '0'] = line.split('\t');
    return {
      file,
      cpu: Number(own) + Number(children),
      children: Number(children),
    };
  })
  .sort((a, b) => b.cpu - a.cpu);
const total = rows.reduce((sum, r) => sum + r.cpu, 0);
const inChildren = rows.reduce((sum, r) => sum + r.children, 0);
console.log(
  `${rows.length} files, ${total.toFixed(0)} CPU s (${(total / rows.length).toFixed(1)} s a file), of which ${inChildren.toFixed(0)} in processes the files started\n`,
);

const byFolder = new Map<string, { cpu: number; files: number }>();
for (const r of rows) {
  const folder = r.file.split('/').slice(0, -1).join('/');
  const f = byFolder.get(folder) ?? { cpu: 0, files: 0 };
  f.cpu += r.cpu;
  f.files += 1;
  byFolder.set(folder, f);
}
console.log('| folder | files | CPU s | share |\n|---|---:|---:|---:|');
for (const [folder, f] of [...byFolder].sort((a, b) => b[1].cpu - a[1].cpu))
  console.log(`| ${folder} | ${f.files} | ${f.cpu.toFixed(0)} | ${((f.cpu / total) * 100).toFixed(1)} % |`);
console.log('\n| file | CPU s | of which in started processes |\n|---|---:|---:|');
for (const r of rows.slice(0, 25)) console.log(`| ${r.file} | ${r.cpu.toFixed(1)} | ${r.children.toFixed(1)} |`);
