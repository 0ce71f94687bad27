import { lazyImport } from './lazy-import';

/**
 * The connect pages' code (functions/connect-code.ts), loaded at the first connect page. In the
 * gateway's Lambda package it is connect-code.js beside index.js: the bundle keeps this import as
 * `require("./connect-code")` (lib/gateway-function.ts), which is why it is made here, beside
 * connect-code.ts, and only here.
 */
export const loadConnectCode = lazyImport(() => import('./connect-code'));
