import { lazyImport } from './lazy-import';

/**
 * The tool code of the gateway, MCP and scheduler functions (functions/tool-code.ts), loaded at its
 * first use. In a Lambda package it is the second file, tool-code.js beside index.js: the main
 * bundle keeps this import as `require("./tool-code")` (lib/gateway-function.ts), which is why it is
 * made here, beside tool-code.ts, and only here.
 */
export const loadToolCode = lazyImport(() => import('./tool-code'));
