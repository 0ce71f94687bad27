/**
 * The architecture, checked on the import graph (test/support/import-graph.ts):
 * - the port is the only door between a tool and its platform: no file on the tool side of a
 *   platform (its tools, port, shared tool code, figures and finders) nor any cross-platform tool
 *   reaches a sandbox or live adapter, or a manifest that builds them, through its imports, directly
 *   or not, dynamic imports included; the runtime opens ports from the manifests;
 * - the ground floor (core/) imports nothing of ours;
 * - there is no import circle among source files (type-only imports aside) and no relative
 *   dynamic import (save the functions' deferred loads of the tool code and of the libraries of rare paths);
 * - tools see only what a port returns: simulation (deterministic metrics, performance tiers,
 *   made-up ids) lives in the sandbox adapters, wire formats in the live adapters.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PLATFORM_WORDS } from '../../core/platforms';
import { LIBRARY_FILES } from '../../lib/gateway-function';
import { reachable, ROOT, sourceImportGraph, valueImportCircles } from '../support/import-graph';

const graph = sourceImportGraph();
const files = [...graph.keys()];

/** Files that build adapters, or wire them (manifests, Lambda entries, the platform list). */
function isAdapterOrWiring(file: string): boolean {
  return (
    /^platforms\/([a-z]+\/)?(sandbox|live)(\/|\.ts$)/.test(file) ||
    /^platforms\/[a-z]+\/(manifest|lambda|ports)\.ts$/.test(file) ||
    file === 'platforms/manifest.ts' ||
    file === 'platforms/index.ts' ||
    file === 'platforms/connectors.ts' ||
    file === 'functions/all-tools.ts'
  );
}

/** Everything a tool reaches: each platform's tool side and the cross-platform tools. */
const toolSide = files.filter((file) => file.startsWith('platforms/') && !isAdapterOrWiring(file));

describe('The platform port is the only door', () => {
  it('has a tool side to check (the graph was read)', () => {
    expect(toolSide.length).toBeGreaterThan(200);
    expect(toolSide).toContain('platforms/searchads/tools/list-campaigns.ts');
    expect(toolSide).toContain('platforms/gateway/tools/audit-conversion-tracking.ts');
  });

  it.each(toolSide.map((file) => [file]))('%s reaches no adapter through its imports', (file) => {
    const reached = reachable(file, graph);
    const paths = [...reached.entries()].filter(([to]) => isAdapterOrWiring(to)).map(([, via]) => via.join(' -> '));
    expect(paths).toEqual([]);
  });

  it.each(toolSide.map((file) => [file]))('%s neither reads a performance tier nor makes entity ids', (file) => {
    const source = readFileSync(join(ROOT, file), 'utf8');
    expect(source).not.toMatch(
      /\bPerformanceTier\b|\bperformance\s*:|\.performance\b|\bprofileFor\(|\bdailyMetrics\(|\bmetricsBetween\(|\bdigits\(|\balphanumeric\(/,
    );
  });
});

describe('The layers', () => {
  it('core/ imports nothing of ours outside core/', () => {
    const outside = files
      .filter((file) => file.startsWith('core/'))
      .flatMap((file) =>
        graph
          .get(file)!
          .filter((edge) => !edge.to.startsWith('core/'))
          .map((edge) => `${file} -> ${edge.to}`),
      );
    expect(outside).toEqual([]);
  });

  it('has no import circle among source files (type-only imports aside)', () => {
    expect(valueImportCircles(graph)).toEqual([]);
  });

  it("has no relative dynamic import outside the benches and the functions' deferred loads", () => {
    // Benches load modules after setting up the environment. The gateway, mcp and scheduler functions
    // defer the tool code (tool-code.js beside index.js in their packages, the gateway and MCP functions'
    // platform-free-tool-code.js, and the MCP function's one file per platform, lib/gateway-function.ts)
    // to the first request that runs a tool: these are
    // the only deferred loads, named here; and every function defers the libraries of rare paths (the
    // Encryption SDK, the Secrets Manager and SES clients: LIBRARY_FILES) to their first use.
    const deferredLoads = [
      'functions/load-connect-code.ts: ./connect-code',
      'functions/load-tool-code.ts: ./tool-code',
      'functions/load-platform-free-tool-code.ts: ./platform-free-tool-code',
      ...PLATFORM_WORDS.map((word) => `functions/load-platform-tool-code.ts: ./tool-code-${word}`),
      ...Object.values(LIBRARY_FILES).map((library) => `functions/load-library.ts: ${library.specifier}`),
    ];
    const dynamic = files
      .filter((file) => !file.startsWith('bench/'))
      .flatMap((file) =>
        graph
          .get(file)!
          .filter((edge) => edge.dynamic)
          .map((edge) => `${file}: ${edge.specifier}`),
      );
    expect(dynamic.sort()).toEqual(deferredLoads.sort());
  });

  it('a tool file that reached an adapter would be caught (the rule can fail)', () => {
    // The manifest of a platform builds its adapters: it reaches them, as a tool file must not.
    const reached = reachable('platforms/searchads/manifest.ts', graph);
    expect([...reached.keys()]).toEqual(
      expect.arrayContaining(['platforms/searchads/sandbox/adapter.ts', 'platforms/searchads/live/adapter.ts']),
    );
  });
});
