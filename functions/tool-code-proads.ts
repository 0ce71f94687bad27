/** The proads tool code of the MCP function: its own function's handler and chain (functions/load-platform-tool-code.ts). */
export { handler } from '../platforms/proads/lambda';
export { withProgressReporter } from './runtime/handler';
