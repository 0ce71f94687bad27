import { lazyImport } from './lazy-import';
import { PLATFORM_FREE_TOOLS } from './platform-free-tools';

/** Whether the whole tool code is loaded in this process (from then on it runs every gateway tool). */
let wholeLoaded = false;

/**
 * The tool code of the gateway, MCP and scheduler functions (functions/tool-code.ts), loaded at its
 * first use. In a Lambda package it is the second file, tool-code.js beside index.js: the main
 * bundle keeps this import as `require("./tool-code")` (lib/gateway-function.ts), which is why it is
 * made here, beside tool-code.ts, and only here.
 */
export const loadToolCode = lazyImport(() =>
  import('./tool-code').then((toolCode) => {
    wholeLoaded = true;
    return toolCode;
  }),
);

/**
 * Whether a gateway tool runs from the platform-free file: one of its tools, while the whole tool code is not
 * loaded. Once it is, the whole runs every call: one chain (one set of stores and caches) serves the process
 * from then on, and the platform-free file's copy stays loaded, unused.
 */
export function runsPlatformFree(name: string): boolean {
  return !wholeLoaded && PLATFORM_FREE_TOOLS.has(name);
}
