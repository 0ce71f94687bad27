/**
 * The checks `npm test` runs before Jest, side by side: the type check (`tsc --noEmit`) and
 * `npm run lint` (Prettier, then ESLint). Each is one single-threaded process, so on two cores the
 * pair takes about as long as the lint alone instead of the sum (docs/contributing.md). Each
 * check's output is printed whole when it ends; the exit code is 1 when either fails.
 *
 *   npm run check
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..');

const CHECKS: { name: string; command: string; args: string[] }[] = [
  {
    name: 'tsc --noEmit -p tsconfig.json',
    command: process.execPath,
    args: [require.resolve('typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'],
  },
  { name: 'npm run lint', command: 'npm', args: ['run', '--silent', 'lint'] },
];

function run(check: (typeof CHECKS)[number]): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(check.command, check.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`> ${check.name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n${Buffer.concat(output).toString()}`);
      resolve(code === 0);
    });
  });
}

void Promise.all(CHECKS.map(run)).then((passed) => {
  process.exitCode = passed.every(Boolean) ? 0 : 1;
});
