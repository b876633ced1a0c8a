/**
 * Long work on the server's one thread in slices: `sliced()` answers a function to await between items, which
 * gives the event loop a turn once the slice has run `everyMs` (awaiting resolved promises never does). While a
 * batch of a thousand orders runs its rules, the other requests' database replies are handled, so their next
 * statement goes out instead of waiting for the whole batch.
 */
export function sliced(everyMs = 4): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    const now = performance.now();
    if (now - since < everyMs) return undefined;
    return new Promise<void>((resolve) => {
      setImmediate(() => {
        since = performance.now();
        resolve();
      });
    });
  };
}
