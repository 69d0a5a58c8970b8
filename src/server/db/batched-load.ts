/**
 * Loads by key, many at once: a load waits for the end of this turn of the event loop, so the
 * loads asked for in the same turn (requests that arrived together) go in one; loads asked for
 * while one is under way wait for it and then go together in the next (so N concurrent callers
 * cost one statement per round, not N). Each key is loaded once per round however many ask for
 * it. `loadMany` answers one value per key, in the keys' order.
 */
export function batchedLoader<K, V>(loadMany: (keys: K[]) => Promise<V[]>): (key: K) => Promise<V> {
  let queue: Array<{ key: K; resolve: (value: V) => void; reject: (error: unknown) => void }> = [];
  let busy = false;
  const drain = async () => {
    try {
      while (queue.length > 0) {
        const batch = queue;
        queue = [];
        try {
          const keys = [...new Set(batch.map((b) => b.key))];
          const values = await loadMany(keys);
          const byKey = new Map(keys.map((key, i) => [key, values[i] as V]));
          for (const b of batch) b.resolve(byKey.get(b.key) as V);
        } catch (error) {
          for (const b of batch) b.reject(error);
        }
      }
    } finally {
      busy = false;
    }
  };
  return (key) =>
    new Promise<V>((resolve, reject) => {
      queue.push({ key, resolve, reject });
      if (busy) return;
      busy = true;
      setImmediate(() => void drain());
    });
}
