/**
 * Loads by key, many at once under load: the first load goes straight through; loads asked for
 * while one is under way wait for it and then go together in one (so N concurrent callers cost
 * one statement per round, not N). `loadMany` answers one value per key, in the keys' order.
 */
export function batchedLoader<K, V>(loadMany: (keys: K[]) => Promise<V[]>): (key: K) => Promise<V> {
  let queue: Array<{ key: K; resolve: (value: V) => void; reject: (error: unknown) => void }> = [];
  let busy = false;
  const drain = async () => {
    busy = true;
    try {
      while (queue.length > 0) {
        const batch = queue;
        queue = [];
        try {
          const values = await loadMany(batch.map((b) => b.key));
          batch.forEach((b, i) => b.resolve(values[i] as V));
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
      if (!busy) void drain();
    });
}
