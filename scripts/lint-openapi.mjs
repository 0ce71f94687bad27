/**
 * Lints the generated OpenAPI document with both linters a consumer would run: Redocly
 * (`recommended`) and Spectral (`spectral:oas`). No network: both run from node_modules on a file.
 * Usage: node scripts/lint-openapi.mjs openapi.json [redocly|spectral]
 *   (prints JSON: { redocly: [...], spectral: [...] }; with a linter named, only that one runs and
 *   the other's list is empty: the tests run them in two files, on two Jest workers)
 * `npm run lint:openapi` writes the document first and prints the problems; the test suite runs it
 * (test/catalog/openapi-lint-redocly.test.ts and -spectral.test.ts) and requires zero errors.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { createConfig, lintFromString } from '@redocly/openapi-core';

const require = createRequire(import.meta.url);
const { Spectral, Document } = require('@stoplight/spectral-core');
const { Json } = require('@stoplight/spectral-parsers');
const { oas } = require('@stoplight/spectral-rulesets');

/**
 * Rules switched off or down, each with its reason. Everything else runs as the linters ship it.
 */
export const REDOCLY_RULES = {
  // Not an open-source API: no license applies (keys are issued per owner).
  'info-license': 'off',
  'info-license-strict': 'off',
};

export const SPECTRAL_RULES = {
  // Not an open-source API: no license or contact to publish beyond the operator's key page.
  'info-license': 'off',
  'info-contact': 'off',
  'license-url': 'off',
};

export async function lintOpenApi(json, linters = ['redocly', 'spectral']) {
  return {
    redocly: linters.includes('redocly') ? await lintWithRedocly(json) : [],
    spectral: linters.includes('spectral') ? await lintWithSpectral(json) : [],
  };
}

async function lintWithRedocly(json) {
  const config = await createConfig({ extends: ['recommended'], rules: REDOCLY_RULES });
  return (await lintFromString({ source: json, absoluteRef: pathToFileURL('/openapi.json').href, config })).map((p) => ({
    rule: p.ruleId,
    severity: p.severity,
    message: p.message,
    where: p.location?.[0]?.pointer,
  }));
}

async function lintWithSpectral(json) {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas, 'recommended']], rules: SPECTRAL_RULES });
  const results = await spectral.run(new Document(json, Json, '/openapi.json'));
  const severities = ['error', 'warn', 'info', 'hint'];
  return results.map((r) => ({ rule: r.code, severity: severities[r.severity], message: r.message, where: r.path.join('/') }));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [file, linter] = process.argv.slice(2);
  if (!file || (linter && !['redocly', 'spectral'].includes(linter))) {
    console.error('usage: node scripts/lint-openapi.mjs openapi.json [redocly|spectral]');
    process.exit(2);
  }
  const result = await lintOpenApi(readFileSync(file, 'utf8'), linter ? [linter] : undefined);
  console.log(JSON.stringify(result));
}
