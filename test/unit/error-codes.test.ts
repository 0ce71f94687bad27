/**
 * One vocabulary of error codes (core/errors.ts ERROR_CODES): every code the source can emit is in
 * it (the compiler checks literals passed to the error classes; this test also catches codes written
 * where the compiler cannot see them), each is documented in docs/errors.md, and the OpenAPI
 * document publishes exactly the vocabulary.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from '../../core/errors';
import { openApiDocument } from '../../functions/catalog/openapi';
import { allSourceFiles, ROOT } from '../support/import-graph';

const CODES = new Set(Object.keys(ERROR_CODES));

/** Every `code: '<word>'` and `"code":"<word>"` written in source code (error envelopes, structured content). */
function emittedCodes(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of allSourceFiles()) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const match of text.matchAll(/\bcode: '([a-z][a-z_]+)'|\\?"code\\?":\\?"([a-z][a-z_]+)\\?"/g)) {
      const code = match[1] ?? match[2];
      found.set(code, [...(found.get(code) ?? []), file]);
    }
  }
  return found;
}

describe('Error codes', () => {
  it('are all in the one vocabulary', () => {
    const emitted = emittedCodes();
    // The scan reads what it should: codes of the chain, of tools and of the edges.
    expect([...emitted.keys()]).toEqual(expect.arrayContaining(['not_found', 'guardrail_blocked', 'route_not_found', 'internal_error']));
    const unlisted = [...emitted.entries()].filter(([code]) => !CODES.has(code)).map(([code, files]) => `${code}: ${files.join(', ')}`);
    expect(unlisted).toEqual([]);
  });

  it('are each documented in docs/errors.md, which lists no other', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'errors.md'), 'utf8');
    const documented = new Set([...doc.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]));
    expect([...CODES].filter((code) => !documented.has(code))).toEqual([]);
    expect([...documented].filter((code) => !CODES.has(code))).toEqual([]);
  });

  it('are the enum the OpenAPI document publishes', () => {
    const schemas = (openApiDocument() as { components: { schemas: Record<string, { enum?: string[] }> } }).components.schemas;
    expect(schemas.ErrorCode.enum).toEqual(Object.keys(ERROR_CODES));
  });
});
