import type { ChangeClock } from './plugins/db-changes';

export interface ReadCacheOptions {
  /** Most entries kept; the least recently used go first. 0 turns the cache off. */
  maxEntries: number;
  /** An entry older than this is loaded again, whatever the clock says: a bound on anything it misses. */
  maxAgeMs: number;
  /** Freezes cached values, so a caller that changes one fails loudly (development and tests). */
  freeze: boolean;
  /**
   * Keeps a value only from its key's second load on: something read once (a crawler walking
   * every profile, the long tail) neither pushes out what is read often nor churns memory.
   */
  admitOnSecondLoad?: boolean;
}

export interface ReadCache {
  /**
   * The value under `key`, loaded by `load` when it is not cached (undefined and errors are never
   * cached). Concurrent misses share one load. Bypassed while the clock is not live.
   */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** The cached value under `key`, or undefined: never loads. */
  peek<T>(key: string): T | undefined;
  /**
   * Where the change clock stands: read it before a load made outside `get`, and pass it to
   * `keep`, which then keeps the value only if nothing changed in between.
   */
  readonly generation: number;
  /** Keeps a value loaded outside `get` (by a query that read more than one thing), if the clock still stands at `since`. */
  keep(key: string, value: unknown, since: number): void;
  /** Drops one entry (after a change the clock does not count, such as a session's last-seen time). */
  forget(key: string): void;
  readonly size: number;
  /** Stops following the clock (the app closes). */
  close(): void;
}

/** How many keys read once admitOnSecondLoad remembers, per entry it may keep. */
const SEEN_PER_ENTRY = 4;

interface Entry {
  value: unknown;
  storedAt: number;
}

function deepFreeze<T>(value: T): T {
  // Bytes (a rendered page as sent) cannot be frozen; nothing writes into them.
  if (ArrayBuffer.isView(value)) return value;
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
  /** Keys loaded once and not kept yet (admitOnSecondLoad); kept across changes: they hold no data. */
  const seenOnce = new Set<string>();
  function admitted(key: string): boolean {
    if (!options.admitOnSecondLoad || seenOnce.delete(key)) return true;
    seenOnce.add(key);
    if (seenOnce.size > SEEN_PER_ENTRY * options.maxEntries) seenOnce.delete(seenOnce.values().next().value!);
    return false;
  }
  const unsubscribe = clock.onChange(() => {
    entries.clear();
    loading.clear();
  });

  function keep(key: string, value: unknown, since: number) {
    if (value === undefined || clock.generation !== since || !clock.live || options.maxEntries === 0) return;
    entries.delete(key);
    entries.set(key, { value: options.freeze ? deepFreeze(value) : value, storedAt: Date.now() });
    if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
  }

  async function loadAndKeep(key: string, load: () => Promise<unknown>): Promise<unknown> {
    const generation = clock.generation;
    const value = await load();
    if (admitted(key)) keep(key, value, generation);
    return value;
  }

  /** A fresh entry, moved to the most recently used end; undefined when there is none. */
  function fresh(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    if (Date.now() - entry.storedAt >= options.maxAgeMs) return undefined;
    entries.set(key, entry);
    return entry;
  }

  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (options.maxEntries === 0 || !clock.live) return load();
      const entry = fresh(key);
      if (entry) return entry.value as T;
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
    peek<T>(key: string): T | undefined {
      return clock.live ? (fresh(key)?.value as T | undefined) : undefined;
    },
    get generation() {
      return clock.generation;
    },
    keep,
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
