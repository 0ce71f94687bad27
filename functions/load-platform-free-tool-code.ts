import { lazyImport } from './lazy-import';

/**
 * The gateway's tools that open no platform, without any platform's code (functions/platform-free-tool-code.ts),
 * loaded at the first call of one while the whole tool code is not loaded (runsPlatformFree in
 * functions/load-tool-code.ts). In the gateway and MCP packages it is a file of its own,
 * platform-free-tool-code.js beside index.js: their bundles keep this import as
 * `require("./platform-free-tool-code")` (lib/gateway-function.ts), which is why it is made here, and only here.
 */
export const loadPlatformFreeToolCode = lazyImport(() => import('./platform-free-tool-code'));
