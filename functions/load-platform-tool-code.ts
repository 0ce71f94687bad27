import type { PlatformWord } from '../core/platforms';
import { lazyImport } from './lazy-import';
import type { ToolHandler, withProgressReporter } from './runtime/handler';

/** A tool file's handler (a platform's: its function's, platforms/<word>/lambda.ts) and its chain's progress reporters. */
export interface ToolCode {
  handler: ToolHandler;
  withProgressReporter: typeof withProgressReporter;
}

/**
 * The tool code of each platform for the MCP function (functions/tool-code-<word>.ts), loaded at the
 * first tools/call of one of its tools. In the MCP package each is a file of its own beside index.js,
 * tool-code-<word>.js (lib/gateway-function.ts, platformToolCode): a searchads call reads the
 * searchads tools, simulator and live adapter and nothing of the other platforms. The main bundle
 * keeps these imports as `require("./tool-code-<word>")`, which is why they are made here, and only here.
 */
const PLATFORM_TOOL_CODE: Record<PlatformWord, () => Promise<ToolCode>> = {
  searchads: lazyImport(() => import('./tool-code-searchads')),
  socialads: lazyImport(() => import('./tool-code-socialads')),
  proads: lazyImport(() => import('./tool-code-proads')),
  shortvideo: lazyImport(() => import('./tool-code-shortvideo')),
  retailads: lazyImport(() => import('./tool-code-retailads')),
  chatads: lazyImport(() => import('./tool-code-chatads')),
  deskads: lazyImport(() => import('./tool-code-deskads')),
};

/** The tool code of one platform, loaded at its first use. */
export function loadPlatformToolCode(word: PlatformWord): Promise<ToolCode> {
  return PLATFORM_TOOL_CODE[word]();
}
