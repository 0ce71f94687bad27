import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/**
 * With JEST_CPU_LOG=<file>, each test file appends one line to it: its path from the project's root, the CPU seconds its
 * worker spent from loading the file's modules to its last test (user + system; the worker runs one
 * file at a time), and the CPU seconds of the processes the file started and waited for (`npm start`,
 * the `gateway` command, Chromium; Linux only, else 0). What DynamoDB Local spends is not counted.
 * Wall time on a shared machine says little; CPU seconds say where the suite's work is
 * (bench/suite-cpu.ts sums them).
 */
const log = process.env.JEST_CPU_LOG;

/** CPU seconds of the waited-for children of this process so far (cutime + cstime of /proc/self/stat). */
function childrenCpuSeconds(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // After "pid (comm) ", field 3 (state) is index 0: cutime and cstime are fields 16 and 17.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

if (log) {
  const start = process.cpuUsage();
  const children = childrenCpuSeconds();
  afterAll(() => {
    const used = process.cpuUsage(start);
    const own = (used.user + used.system) / 1e6;
    // The path from the project's root (Jest's rootDir is the workers' working directory).
    const file = relative(process.cwd(), expect.getState().testPath!);
    appendFileSync(log, `${file}\t${own.toFixed(2)}\t${(childrenCpuSeconds() - children).toFixed(2)}\n`);
  });
}
