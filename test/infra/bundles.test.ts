import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildSync, type Metafile } from 'esbuild';
import { BUNDLE_OPTIONS, functionEntry, PROJECT_ROOT, servesCatalog } from '../../lib/gateway-function';
import { ARTIFACT_DIR } from '../../functions/catalog/artifact';
import { PLATFORM_WORDS } from '../../core/platforms';

/**
 * The gateway, MCP and scheduler bundles as the stack builds them (lib/gateway-function.ts): tool code
 * may be in the file, but only behind a dynamic import, so health, discovery and MCP listings never
 * load it; the catalog they serve comes from the build-time artifact beside the bundle.
 */
const dir = mkdtempSync(join(tmpdir(), 'bundles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function bundle(name: 'gateway' | 'mcp' | 'scheduler'): { file: string; metafile: Metafile } {
  const file = join(dir, name, 'index.js');
  const result = buildSync({
    entryPoints: [functionEntry(name)],
    outfile: file,
    bundle: true,
    platform: 'node',
    target: BUNDLE_OPTIONS.target,
    format: BUNDLE_OPTIONS.format,
    minify: BUNDLE_OPTIONS.minify,
    mainFields: [...BUNDLE_OPTIONS.mainFields],
    metafile: true,
    logLevel: 'error',
  });
  if (servesCatalog(name)) cpSync(ARTIFACT_DIR, join(dir, name, 'artifact'), { recursive: true });
  return { file, metafile: result.metafile };
}

/** The project files an entry loads when it is imported: static imports and requires, not dynamic imports. */
function loadedAtImport(metafile: Metafile, entry: string): string[] {
  const seen = new Set<string>();
  const queue = [relative(PROJECT_ROOT, entry)];
  while (queue.length) {
    const input = queue.pop()!;
    if (seen.has(input)) continue;
    seen.add(input);
    for (const edge of metafile.inputs[input]?.imports ?? []) if (edge.kind !== 'dynamic-import' && !edge.external) queue.push(edge.path);
  }
  return [...seen].filter((input) => !input.startsWith('node_modules/'));
}

/** Tools, their simulators and live adapters: every platform's folder, the cross-platform tools, the registry. */
const TOOL_CODE = new RegExp(
  `^(platforms/(${[...PLATFORM_WORDS, 'gateway', 'sandbox', 'live'].join('|')})/|platforms/index\\.ts$|functions/all-tools\\.ts$)`,
);

describe('function bundles', () => {
  test.each(['gateway', 'mcp'] as const)(
    'the %s function loads no tool code at import: tools come behind a dynamic import',
    (name) => {
      const { metafile } = bundle(name);
      const loaded = loadedAtImport(metafile, functionEntry(name));
      expect(loaded).toContain(relative(PROJECT_ROOT, functionEntry(name)));
      expect(loaded.filter((input) => TOOL_CODE.test(input))).toEqual([]);
      // The tools are still in the bundle, for the first call that runs one.
      expect(Object.keys(metafile.inputs).some((input) => input.startsWith('platforms/searchads/tools/'))).toBe(true);
    },
    120_000,
  );

  test('the bundled gateway function serves the catalog and OpenAPI from the artifact beside it', () => {
    const { file } = bundle('gateway');
    const probe = `
      const { handler } = require(process.argv[1]);
      const get = (path, query = null) => handler({ httpMethod: 'GET', path, resource: path, headers: { Host: 'gw.example.com' }, queryStringParameters: query, requestContext: {} }, {});
      Promise.all([get('/api/v1/tools'), get('/api/v1/openapi.json', { platform: 'chatads' })]).then(([tools, openapi]) => {
        const doc = JSON.parse(openapi.body);
        process.stdout.write(JSON.stringify({ status: [tools.statusCode, openapi.statusCode], count: JSON.parse(tools.body).count,
          servers: doc.servers, platforms: [...new Set(Object.values(doc.paths).map((p) => p.post && p.post.tags && p.post.tags[0]).filter(Boolean))] }));
      });`;
    const output = JSON.parse(
      execFileSync(process.execPath, ['--no-warnings', '-e', probe, file], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, LOG_LEVEL: 'silent' },
      }),
    );
    expect(output.status).toEqual([200, 200]);
    expect(output.count).toBeGreaterThan(400);
    expect(output.servers).toEqual([{ url: 'http://gw.example.com' }]);
    expect(output.platforms).toEqual(['chatads']);
  }, 120_000);
});
