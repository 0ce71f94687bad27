/**
 * The generated OpenAPI document passes both linters API consumers run, Redocly (recommended) and
 * Spectral (spectral:oas), with zero errors. scripts/lint-openapi.mjs runs them (both are ESM or
 * load ESM, so in a child process); the rules switched off are listed there with their reasons.
 * One test file per linter (openapi-lint-<linter>.test.ts), so the two run on separate Jest workers.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApiJson } from '../../functions/catalog/openapi';

interface Problem {
  rule: string;
  severity: string;
  message: string;
  where?: string;
}

export function describeOpenApiLint(linter: 'redocly' | 'spectral'): void {
  it(`${linter === 'redocly' ? 'Redocly' : 'Spectral'} reports no error and no warning on the generated document`, () => {
    const file = join(mkdtempSync(join(tmpdir(), 'openapi-lint-')), 'openapi.json');
    writeFileSync(file, openApiJson('http://127.0.0.1:3000'));
    const output = execFileSync(process.execPath, ['scripts/lint-openapi.mjs', file, linter], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const problems = (JSON.parse(output) as Record<string, Problem[]>)[linter]!;
    expect(problems.filter((p) => p.severity === 'error').slice(0, 20)).toEqual([]);
    // Warnings stay visible here; none is expected either (the few rules not applicable are off, with reasons).
    expect(problems.filter((p) => p.severity === 'warn').map((p) => `${p.rule} at ${p.where}`)).toEqual([]);
  }, 180_000);
}
