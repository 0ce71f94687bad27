/**
 * The layout's figures (issue 23's "measure and report"), printed as Markdown: import circles among
 * source files (value imports, and with type-only imports too), lines over 200 characters, the
 * largest files, the files outside a platform's folder that name the platform, and the size of each
 * function's bundle (built with the stack's esbuild options, lib/gateway-function.ts).
 *
 *   npx tsx scripts/layout-figures.ts [--no-bundles]
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { functionEntry } from '../lib/gateway-function';
import { buildFunctionPackage } from '../bench/function-package';
import { FUNCTION_NAMES } from '../lib/routes';
import { PLATFORM_WORDS } from '../core/platforms';
import { allSourceFiles, ROOT, SOURCE_FOLDERS, sourceImportGraph, valueImportCircles, type ImportEdge } from '../test/support/import-graph';

/** Strongly connected components of more than one file over every import, type-only ones included. */
function allImportCircles(graph: Map<string, ImportEdge[]>): string[][] {
  const typeAsValue = new Map([...graph].map(([file, edges]) => [file, edges.map((edge) => ({ ...edge, typeOnly: false }))]));
  return valueImportCircles(typeAsValue);
}

const sizes = (circles: string[][]) => (circles.length ? circles.map((c) => c.length).join(', ') : '-');

function main(): void {
  const files = allSourceFiles().filter((file) => file.endsWith('.ts'));
  const graph = sourceImportGraph();
  const valueCircles = valueImportCircles(graph);
  const anyCircles = allImportCircles(graph);

  const lines = files.map((file) => ({ file, lines: fs.readFileSync(path.join(ROOT, file), 'utf8').replace(/\n$/, '').split('\n') }));
  const long = lines.flatMap(({ lines: text }) => text.filter((line) => line.length > 200));
  const longest = Math.max(...lines.flatMap(({ lines: text }) => text.map((line) => line.length)));
  const largest = [...lines].sort((a, b) => b.lines.length - a.lines.length).slice(0, 8);

  console.log('| Figure | Value |');
  console.log('| --- | --- |');
  console.log(`| Source files (${SOURCE_FOLDERS.join(', ')}) | ${files.length} |`);
  console.log(`| Import circles, value imports (sizes) | ${valueCircles.length} (${sizes(valueCircles)}) |`);
  console.log(`| Import circles, type-only imports included (sizes) | ${anyCircles.length} (${sizes(anyCircles)}) |`);
  console.log(`| Lines over 200 characters (longest) | ${long.length} (${longest}) |`);
  console.log(`| Files over 900 lines | ${lines.filter((l) => l.lines.length > 900).length} |`);
  console.log(`| Largest files (lines) | ${largest.map((l) => `${l.file} ${l.lines.length}`).join(', ')} |`);
  for (const word of PLATFORM_WORDS) {
    const naming = files.filter(
      (file) => !file.startsWith(`platforms/${word}/`) && new RegExp(`\\b${word}\\b`).test(fs.readFileSync(path.join(ROOT, file), 'utf8')),
    );
    console.log(`| Files outside platforms/${word}/ naming it | ${naming.length} |`);
  }

  if (process.argv.includes('--no-bundles')) return;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'layout-bundles-'));
  for (const name of FUNCTION_NAMES) {
    // One file each (the tool code inside), as the layout was first measured.
    const { bytes } = buildFunctionPackage(path.join(out, name), { entry: functionEntry(name), later: [], withArtifact: false });
    console.log(`| Bundle ${name} (bytes) | ${bytes} |`);
  }
  fs.rmSync(out, { recursive: true, force: true });
}

main();
