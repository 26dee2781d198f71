import type { ChangeClock } from './plugins/db-changes';

export interface ReadCacheOptions {
  /** Most entries kept; the least recently used go first. 0 turns the cache off. */
  maxEntries: number;
  /** An entry older than this is loaded again, whatever the clock says: a bound on anything it misses. */
  maxAgeMs: number;
  /** Freezes cached values, so a caller that changes one fails loudly (development and tests). */
  freeze: boolean;
}

export interface ReadCache {
  /**
   * The value under `key`, loaded by `load` when it is not cached (undefined and errors are never
   * cached). Concurrent misses share one load. Bypassed while the clock is not live.
   */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Drops one entry (after a change the clock does not count, such as a session's last-seen time). */
  forget(key: string): void;
  readonly size: number;
  /** Stops following the clock (the app closes). */
  close(): void;
}

interface Entry {
  value: unknown;
  storedAt: number;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * Answers repeated reads from memory until the data behind them changes (docs/decisions/0065):
 * every entry is dropped when the change clock moves, and a load that started before the clock
 * moved is neither kept nor shared with later readers, so a read after a committed write never
 * sees data from before it.
 */
export function readCache(clock: ChangeClock, options: ReadCacheOptions): ReadCache {
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<unknown>>();
  const unsubscribe = clock.onChange(() => {
    entries.clear();
    loading.clear();
  });

  async function loadAndKeep(key: string, load: () => Promise<unknown>): Promise<unknown> {
    const generation = clock.generation;
    const value = await load();
    if (value !== undefined && clock.generation === generation && clock.live) {
      entries.set(key, { value: options.freeze ? deepFreeze(value) : value, storedAt: Date.now() });
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
    }
    return value;
  }

  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (options.maxEntries === 0 || !clock.live) return load();
      const entry = entries.get(key);
      if (entry) {
        entries.delete(key);
        if (Date.now() - entry.storedAt < options.maxAgeMs) {
          entries.set(key, entry);
          return entry.value as T;
        }
      }
      let pending = loading.get(key);
      if (!pending) {
        pending = loadAndKeep(key, load);
        loading.set(key, pending);
        const settled = () => {
          if (loading.get(key) === pending) loading.delete(key);
        };
        pending.then(settled, settled);
      }
      return pending as Promise<T>;
    },
    forget(key: string) {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
    close() {
      unsubscribe();
      entries.clear();
      loading.clear();
    },
  };
}
