import { handleMcp } from './mcp/handler';

/**
 * Lambda of `POST /mcp`: the MCP endpoint (Streamable HTTP) over every registered tool. It runs
 * any tool in process through the same chain as the REST routes (functions/mcp/call.ts).
 */
export const handler = handleMcp;
