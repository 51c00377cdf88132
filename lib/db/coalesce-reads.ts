/*
 * Reads coalesced per event-loop turn (issue 15). The reads asked for in one turn are sent as one
 * statement from the turn's check phase (setImmediate). Under load, the requests admitted
 * together (lib/http/admit.ts) reach their read together, after their quota reservations come
 * back in one poll, so a batch is usually every such read in flight; idle, a read waits one loop
 * turn. Identical reads in one turn (same key) are read once and share the answer: each was in
 * flight when the statement ran, so either could have seen exactly that state. What a batch saves
 * per request is the driver's statement round (message build, result and queue bookkeeping) and
 * the promises around it, which on a hot read cost more than its row. A failed statement fails
 * every read of its batch, as it would have failed each alone.
 */

export interface CoalescedReader<K, V> {
  /** The value read for `k`, or undefined when the batch's statement returned nothing for its key. */
  (k: K): Promise<V | undefined>;
}

interface Waiter<K, V> {
  k: K;
  resolve: (v: V | undefined) => void;
  reject: (err: unknown) => void;
}

export function coalescedReader<K, V>(opts: {
  /** Identity of a read: equal keys are read once per batch. */
  key: (k: K) => string;
  /** One statement for distinct reads: their values by key (absent: nothing found). */
  read: (ks: K[]) => Promise<Map<string, V>>;
  maxBatch?: number;
}): CoalescedReader<K, V> {
  const maxBatch = opts.maxBatch ?? 256;
  let queue: Array<Waiter<K, V>> = [];
  let scheduled = false;

  function flush(): void {
    scheduled = false;
    const all = queue;
    queue = [];
    const byKey = new Map<string, Array<Waiter<K, V>>>();
    for (const w of all) {
      const key = opts.key(w.k);
      const same = byKey.get(key);
      if (same) same.push(w);
      else byKey.set(key, [w]);
    }
    const groups = [...byKey.entries()];
    for (let i = 0; i < groups.length; i += maxBatch) void readBatch(groups.slice(i, i + maxBatch));
  }

  async function readBatch(groups: Array<[string, Array<Waiter<K, V>>]>): Promise<void> {
    try {
      const found = await opts.read(groups.map(([, ws]) => ws[0].k));
      for (const [key, ws] of groups) {
        const v = found.get(key);
        for (const w of ws) w.resolve(v);
      }
    } catch (err) {
      for (const [, ws] of groups) for (const w of ws) w.reject(err);
    }
  }

  return (k: K) =>
    new Promise<V | undefined>((resolve, reject) => {
      queue.push({ k, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}
