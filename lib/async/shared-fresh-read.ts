/**
 * Shares one read among the callers that wait for it, without ever answering a caller with a read that
 * began before the caller asked. At most one read runs; a caller arriving while it runs waits for the next
 * one, which starts as soon as the running one ends and answers everyone who queued meanwhile.
 *
 * So under load a value read on every request (the calendar's version) costs one database round trip per
 * round trip's worth of requests instead of one per request, and a change committed before a request
 * arrived is still seen by that request, as if it had read alone.
 */
export function sharedFreshRead<Value>(read: () => Promise<Value>): () => Promise<Value> {
  let running: Promise<Value> | null = null;
  let queued: Promise<Value> | null = null;

  function start(): Promise<Value> {
    const current = read().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  }

  return function freshValue(): Promise<Value> {
    if (!running) return start();
    // The running read may have begun before a write this caller must see: wait for the next one.
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  };
}
