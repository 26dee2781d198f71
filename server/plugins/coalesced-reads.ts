/**
 * Reads by key that go to the database together when they arrive together (docs/decisions/0116):
 * the first read is sent at once; the ones that arrive while it is out wait for it and then go in
 * one statement. An idle server adds no wait; a busy one spends one round trip (the socket writes
 * and wake-ups that cost more than the read itself) on several requests. A batch's failure fails
 * the reads in it, not later ones. One statement out at a time measured best: with two, batches
 * were too small to pay for the wait (ADR 0116).
 */
export function coalescedReads<K, V>(readMany: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  type Waiting = { key: K; resolve(value: V | undefined): void; reject(error: unknown): void };
  let waiting: Waiting[] = [];
  let out = false;

  async function sendWhileWaiting(): Promise<void> {
    out = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const found = await readMany([...new Set(batch.map((w) => w.key))]);
        for (const w of batch) w.resolve(found.get(w.key));
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    out = false;
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (!out) void sendWhileWaiting();
    });
}
