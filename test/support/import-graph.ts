/**
 * The import graph of the source tree, read with the TypeScript parser: every file's imports
 * (static imports and re-exports, `import()` and `require()` of literal paths), each marked as a
 * value or a type-only import. Used by the architecture tests.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

export const ROOT = path.join(__dirname, '..', '..');

/** The folders of source code (tests, fixtures and generated files are not source). */
export const SOURCE_FOLDERS = ['core', 'platforms', 'functions', 'lib', 'bin', 'scripts', 'bench'];

export interface ImportEdge {
  /** Repository-relative path of the imported file. */
  to: string;
  /** Only types are imported (`import type`, or every specifier marked `type`): nothing is loaded at run time. */
  typeOnly: boolean;
  /** An `import()` or `require()` call. */
  dynamic: boolean;
  /** The specifier as written. */
  specifier: string;
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'out' ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every source file, repository-relative. */
export function allSourceFiles(): string[] {
  return SOURCE_FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder))).map((file) => path.relative(ROOT, file));
}

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.join(path.dirname(path.join(ROOT, from)), specifier);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts'), base]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return path.relative(ROOT, candidate);
  }
  return undefined;
}

/** The imports of one file that name a file of this repository. */
export function importsOf(file: string): ImportEdge[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean, dynamic: boolean) => {
    const to = resolve(file, specifier);
    if (to) edges.push({ to, typeOnly, dynamic, specifier });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly =
        !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((element) => element.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly, false);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly, false);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteralLike(node.arguments[0])) {
      const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if (isImport || isRequire) add(node.arguments[0].text, false, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** Every file reached from `start` through value imports (static or dynamic), with the path that reaches it. */
export function reachable(start: string, graph: Map<string, ImportEdge[]>): Map<string, string[]> {
  const seen = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const edge of graph.get(file) ?? []) {
      if (edge.typeOnly || seen.has(edge.to)) continue;
      seen.set(edge.to, [...seen.get(file)!, edge.to]);
      queue.push(edge.to);
    }
  }
  return seen;
}

/** Strongly connected components of more than one file over value imports: the import circles. */
export function valueImportCircles(graph: Map<string, ImportEdge[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const strongConnect = (file: string) => {
    indices.set(file, index);
    low.set(file, index);
    index++;
    stack.push(file);
    onStack.add(file);
    for (const edge of graph.get(file) ?? []) {
      if (edge.typeOnly) continue;
      if (!indices.has(edge.to)) {
        strongConnect(edge.to);
        low.set(file, Math.min(low.get(file)!, low.get(edge.to)!));
      } else if (onStack.has(edge.to)) {
        low.set(file, Math.min(low.get(file)!, indices.get(edge.to)!));
      }
    }
    if (low.get(file) === indices.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) circles.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!indices.has(file)) strongConnect(file);
  return circles;
}

/** The import graph of every source file. */
export function sourceImportGraph(): Map<string, ImportEdge[]> {
  return new Map(allSourceFiles().map((file) => [file, importsOf(file)]));
}
