/**
 * The tool code of the gateway, MCP and scheduler functions (functions/tool-code.ts), loaded at its
 * first use. In a Lambda package it is the second file, tool-code.js beside index.js: the main
 * bundle keeps this import as `require("./tool-code")` (lib/gateway-function.ts), which is why it is
 * made here, beside tool-code.ts, and only here.
 */
let toolCode: Promise<typeof import('./tool-code')> | undefined;
export function loadToolCode(): Promise<typeof import('./tool-code')> {
  // A failed load is tried again at the next call.
  toolCode ??= import('./tool-code').catch((error: unknown) => {
    toolCode = undefined;
    throw error;
  });
  return toolCode;
}
