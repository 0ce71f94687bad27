/**
 * A module imported at its first use and kept: the tool code and the connect pages' code of the
 * Lambda packages (functions/load-tool-code.ts, functions/load-connect-code.ts). Every call answers
 * the same import; a failed one is tried again at the next call.
 */
export function lazyImport<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
