/**
 * Lints the generated OpenAPI document with both linters a consumer would run: Redocly
 * (`recommended`) and Spectral (`spectral:oas`). No network: both run from node_modules on a file.
 * Usage: node scripts/lint-openapi.mjs openapi.json   (prints JSON: { redocly: [...], spectral: [...] })
 * `npm run lint:openapi` writes the document first and prints the problems; the test suite runs it
 * (test/catalog/openapi-lint.test.ts) and requires zero errors.
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

export async function lintOpenApi(json) {
  const config = await createConfig({ extends: ['recommended'], rules: REDOCLY_RULES });
  const redocly = (await lintFromString({ source: json, absoluteRef: pathToFileURL('/openapi.json').href, config })).map((p) => ({
    rule: p.ruleId,
    severity: p.severity,
    message: p.message,
    where: p.location?.[0]?.pointer,
  }));
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas, 'recommended']], rules: SPECTRAL_RULES });
  const results = await spectral.run(new Document(json, Json, '/openapi.json'));
  const severities = ['error', 'warn', 'info', 'hint'];
  return {
    redocly,
    spectral: results.map((r) => ({ rule: r.code, severity: severities[r.severity], message: r.message, where: r.path.join('/') })),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/lint-openapi.mjs openapi.json');
    process.exit(2);
  }
  const result = await lintOpenApi(readFileSync(file, 'utf8'));
  console.log(JSON.stringify(result));
}
