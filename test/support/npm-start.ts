import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..');

/**
 * Runs `npm start` (bin/start.ts) on `port` with its data in `dataDir`, and waits until it prints the
 * demo key, however long that takes on a busy machine (the test's own timeout bounds it); it fails at
 * once, with what it printed, if npm start exits first.
 */
export async function startNpmStart(
  port: number,
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ child: ChildProcess; output: () => string; apiKey: string }> {
  const child = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'bin/start.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port), GATEWAY_DATA_DIR: dataDir, TABLE_PREFIX: 'gateway-', DYNAMODB_ENDPOINT: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const key = () => /Demo API key:\s+(sk_live_\S+)/.exec(output)?.[1];
  while (!key()) {
    if (child.exitCode !== null) throw new Error(`npm start did not come up:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, output: () => output, apiKey: key()! };
}
