/**
 * The connect-link pages' code (GET /connect/{platform}[/callback]): the connect flow, the platforms'
 * live connectors (platforms/connectors.ts) and the credential store, without any tool, simulator or
 * manifest. In the gateway's Lambda package it is a file of its own, connect-code.js beside index.js
 * (lib/gateway-function.ts, CONNECT_CODE), read at the first connect page (functions/load-connect-code.ts).
 */
export { connectRoute } from './connect/routes';
