/** The deskads tool code of the MCP function: its own function's handler and chain (functions/load-platform-tool-code.ts). */
export { handler } from '../platforms/deskads/lambda';
export { withProgressReporter } from './runtime/handler';
