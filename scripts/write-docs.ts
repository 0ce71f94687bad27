/**
 * npm run docs              writes the tool reference, docs/tools/<platform>.md, gateway.md and README.md, from the registry
 * npm run docs -- --check   exits 1 when the committed reference is out of date
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REGISTRY } from '../functions/all-tools';
import { toolReferenceFiles } from '../functions/catalog/tool-reference';

const DIR = join(__dirname, '..', 'docs', 'tools');
const where = relative(process.cwd(), DIR) || DIR;
const files = toolReferenceFiles(REGISTRY);
const committed = new Map(
  existsSync(DIR)
    ? readdirSync(DIR)
        .filter((name) => name.endsWith('.md'))
        .map((name) => [name, readFileSync(join(DIR, name), 'utf8')] as const)
    : [],
);
const stale = [...files].filter(([name, text]) => committed.get(name) !== text).map(([name]) => name);
const removed = [...committed.keys()].filter((name) => !files.has(name));

if (process.argv.includes('--check')) {
  if (stale.length || removed.length) {
    console.error(`${where}/ is out of date (${[...stale, ...removed].join(', ')}): run npm run docs and commit the diff.`);
    process.exit(1);
  }
  console.log(`Tool reference up to date (${files.size} pages).`);
} else {
  mkdirSync(DIR, { recursive: true });
  for (const name of stale) writeFileSync(join(DIR, name), files.get(name)!);
  for (const name of removed) rmSync(join(DIR, name));
  console.log(`${where}/: ${files.size} pages, ${stale.length} written, ${removed.length} removed.`);
}
