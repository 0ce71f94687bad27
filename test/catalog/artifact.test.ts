import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REGISTRY } from '../../functions/all-tools';
import { ARTIFACT_DIR, ARTIFACT_FILES, catalog, SERVER_URL_PLACEHOLDER } from '../../functions/catalog/artifact';
import { artifactFiles, writeCatalogArtifact } from '../../functions/catalog/build-artifact';
import { buildCatalog } from '../../functions/catalog/catalog';
import { buildToolsets, toolsets } from '../../functions/mcp/toolsets';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'artifact-'));
  dirs.push(dir);
  return join(dir, 'artifact');
};

describe('the catalog artifact', () => {
  const files = artifactFiles(REGISTRY);

  it('is what the registry builds now (the test setup writes it), and what the functions serve', () => {
    for (const [name, content] of files) expect([name, readFileSync(join(ARTIFACT_DIR, name)).equals(Buffer.from(content))]).toEqual([name, true]);
    expect(catalog()).toEqual(buildCatalog(REGISTRY));
    expect([...toolsets().values()]).toEqual([...buildToolsets(buildCatalog(REGISTRY)).values()]);
  });

  it('holds the whole OpenAPI document and one per platform, each with the server placeholder', () => {
    expect([...files.keys()]).toEqual(
      expect.arrayContaining([ARTIFACT_FILES.openapi(), ARTIFACT_FILES.openapi('searchads'), ARTIFACT_FILES.openapi('deskads')]),
    );
    for (const [name, text] of files) {
      if (/^openapi.*\.json$/.test(name)) expect(JSON.parse(text as string).servers).toEqual([{ url: SERVER_URL_PLACEHOLDER }]);
    }
  });

  it('is written whole when it differs and left alone when it is up to date', () => {
    const dir = tempDir();
    expect(writeCatalogArtifact(dir, REGISTRY)).toEqual({ written: true, files: files.size });
    expect(readFileSync(join(dir, ARTIFACT_FILES.catalog), 'utf8')).toBe(files.get(ARTIFACT_FILES.catalog));
    expect(writeCatalogArtifact(dir, REGISTRY).written).toBe(false);
    writeFileSync(join(dir, ARTIFACT_FILES.manifest), '{}');
    expect(writeCatalogArtifact(dir, REGISTRY).written).toBe(true);
  });

  it('says how to make it when it is missing', () => {
    const missing = tempDir();
    jest.isolateModules(() => {
      process.env.CATALOG_ARTIFACT_DIR = missing;
      try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const isolated = require('../../functions/catalog/artifact') as typeof import('../../functions/catalog/artifact');
        expect(() => isolated.catalog()).toThrow(/catalog artifact .* is missing: run "npm run build:catalog"/);
      } finally {
        delete process.env.CATALOG_ARTIFACT_DIR;
      }
    });
  });
});
