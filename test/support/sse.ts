/**
 * The JSON-RPC messages of an MCP answer streamed as server-sent events (text/event-stream): each
 * event's `data:` line, parsed, in order.
 */
export function sseMessages(body: string): Record<string, any>[] {
  return body
    .trim()
    .split('\n\n')
    .map((event) =>
      JSON.parse(
        event
          .split('\n')
          .find((line) => line.startsWith('data: '))!
          .slice(6),
      ),
    );
}
