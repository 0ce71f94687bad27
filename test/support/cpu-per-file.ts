import { appendFileSync } from 'node:fs';

/**
 * With JEST_CPU_LOG=<file>, each test file appends one line to it: its path and the CPU seconds its
 * worker spent from loading the file's modules to its last test (user + system; the worker runs one
 * file at a time). What DynamoDB Local or a spawned process spends is not counted. Wall time on a
 * shared machine says little; CPU seconds say where the suite's work is (bench/suite-cpu.ts sums them).
 */
const log = process.env.JEST_CPU_LOG;
if (log) {
  const start = process.cpuUsage();
  afterAll(() => {
    const used = process.cpuUsage(start);
    appendFileSync(log, `${expect.getState().testPath}\t${((used.user + used.system) / 1e6).toFixed(2)}\n`);
  });
}
