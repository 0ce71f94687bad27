/** The socialads tool code of the MCP function: its own function's handler and chain (functions/load-platform-tool-code.ts). */
export { handler } from '../platforms/socialads/lambda';
export { withProgressReporter } from './runtime/handler';
