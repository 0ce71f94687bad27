/**
 * The port is the only door between a tool and its platform: tools (and the analyses they share)
 * see only what a port returns. Simulation (deterministic metrics, performance tiers, made-up ids)
 * lives in the sandbox adapters; wire formats live in the live adapters.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const PLATFORMS = join(ROOT, 'platforms');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Files that are an adapter, or wire adapters to the registry, may name the sandbox. */
function isAdapterSide(file: string): boolean {
  const rel = relative(PLATFORMS, file).split('\\').join('/');
  return (
    rel.startsWith('sandbox/') ||
    /^[a-z]+\/sandbox(\.ts|\/)/.test(rel) ||
    /^[a-z]+\/live(\.ts|\/)/.test(rel) ||
    /^[a-z]+\/(define|index)\.ts$/.test(rel) ||
    rel === 'platform-module.ts' ||
    rel === 'connect.ts'
  );
}

const toolSide = filesUnder(PLATFORMS).filter((file) => !isAdapterSide(file));

describe('The platform port is the only door', () => {
  it.each(toolSide.map((file) => [relative(ROOT, file)]))('%s imports neither a sandbox adapter nor the simulation', (file) => {
    const source = readFileSync(join(ROOT, file), 'utf8');
    const imports = [...source.matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]!);
    const offending = imports.filter((spec) => /(^|\/)sandbox(\/|$)/.test(spec) || /\/live(\/|$)/.test(spec));
    expect(offending).toEqual([]);
  });

  it.each(toolSide.map((file) => [relative(ROOT, file)]))('%s neither reads a performance tier nor makes entity ids', (file) => {
    const source = readFileSync(join(ROOT, file), 'utf8');
    expect(source).not.toMatch(
      /\bPerformanceTier\b|\bperformance\s*:|\.performance\b|\bprofileFor\(|\bdailyMetrics\(|\bmetricsBetween\(|\bdigits\(|\balphanumeric\(/,
    );
  });
});
