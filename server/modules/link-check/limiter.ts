/** Runs work with at most `limit` at a time per key (a host, or one key for the whole process). */
export function keyedLimiter(limit: number) {
  const running = new Map<string, number>();
  const waiting = new Map<string, Array<() => void>>();
  const run = async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    // A waiter is handed the place of the work that ends, so nobody can take it in between.
    if ((running.get(key) ?? 0) >= limit)
      await new Promise<void>((resolve) => waiting.set(key, [...(waiting.get(key) ?? []), resolve]));
    else running.set(key, (running.get(key) ?? 0) + 1);
    try {
      return await work();
    } finally {
      const queue = waiting.get(key);
      const next = queue?.shift();
      if (queue?.length === 0) waiting.delete(key);
      if (next) next();
      else if ((running.get(key) ?? 1) <= 1) running.delete(key);
      else running.set(key, (running.get(key) as number) - 1);
    }
  };
  return run;
}
