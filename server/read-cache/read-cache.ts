import { LRUCache } from 'lru-cache';
import type { ChangeNotice, Changes } from '../plugins/db-changes';

export interface ReadCacheOptions {
  /** Most entries kept; the least recently used go first. 0 turns the cache off. */
  maxEntries: number;
  /** Most bytes kept, as entries estimate themselves (sizeOf); the least recently used go first. */
  maxBytes: number;
  /** An entry older than this is loaded again, whatever was heard: a bound on anything a notice misses. */
  maxAgeMs: number;
  /** Freezes cached values, so a caller that changes one fails loudly (development and tests). */
  freeze: boolean;
}

/** What a cached value shows, so that the change notices naming it drop it (docs/architecture.md). */
export interface KeepOptions<T> {
  /**
   * The change-notice tags of everything the value shows (`handle:<h>`, `user:<id>`,
   * `follower:<id>`), and `table:<name>` for a read over rows of many people (a feed, a search).
   */
  tags: readonly string[] | ((value: T) => readonly string[]);
  /** Kept at most this long when less than the cache's bound (a page whose relative ages will read differently). */
  ttlMs?: (value: T) => number;
  /** How many bytes the value holds; 2 KB when not said. */
  sizeOf?: (value: T) => number;
  /** Kept only from its key's second load on: something read once (a crawl, the long tail) pushes nothing out. */
  admitOnSecondLoad?: boolean;
}

export interface ReadCache {
  /**
   * The value under `key`, loaded by `load` when it is not cached (undefined and errors are never
   * cached). Concurrent misses share one load. Waits first to hear this process's own writes; bypassed
   * while notices could be missed.
   */
  get<T>(key: string, load: () => Promise<T>, options: KeepOptions<T>): Promise<T>;
  /** The cached value under `key`, or undefined: never loads, never waits. */
  peek<T>(key: string): T | undefined;
  /** Counts notices heard: read it before a load made outside `get`, and pass it to `keep`. */
  readonly generation: number;
  /** Keeps a value loaded outside `get` (by a query that read more than one thing), if no notice since `since` named what it shows. */
  keep<T>(key: string, value: T, since: number, options: KeepOptions<T>): void;
  /** Drops one entry (after a change no notice names, such as a session's last-seen time). */
  forget(key: string): void;
  readonly size: number;
  /** Reads answered from memory and reads that loaded, since the start. */
  readonly stats: { hits: number; misses: number };
  /** Stops hearing notices (the app closes). */
  close(): void;
}

interface Entry {
  value: unknown;
  tags: readonly string[];
}

const DEFAULT_SIZE = 2048;
/**
 * How many of the latest notices a finished load is checked against: a load that began before all
 * of them is not kept (at 2–3 notices a second from the link watcher, that is a load of minutes).
 */
const RECENT_NOTICES = 256;
/** How many keys read once admitOnSecondLoad remembers, per entry it may keep. */
const SEEN_PER_ENTRY = 4;

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
 * One per-key cache for every read that many requests share (docs/decisions/0118): lru-cache
 * bounded by entries, bytes and age, with each entry filed under the tags of what it shows. A
 * change notice drops exactly the entries filed under the tags it names, so a write drops only
 * what it changed; a load that began before a notice naming one of its tags is neither kept nor
 * given to later readers, so a read after a change never gets data from before it.
 */
export function readCache(changes: Changes, options: ReadCacheOptions): ReadCache {
  const enabled = options.maxEntries > 0;
  const byTag = new Map<string, Set<string>>();
  const entries = new LRUCache<string, Entry>({
    max: Math.max(1, options.maxEntries),
    maxSize: Math.max(1, options.maxBytes),
    ttl: options.maxAgeMs,
    // Ages by the wall clock, as everything else here: a test's fake clock moves them too.
    perf: Date,
    dispose: (entry, key) => {
      for (const tag of entry.tags) {
        const keys = byTag.get(tag);
        keys?.delete(key);
        if (keys?.size === 0) byTag.delete(tag);
      }
    },
  });
  const seenOnce = new LRUCache<string, true>({ max: Math.max(1, SEEN_PER_ENTRY * options.maxEntries) });
  const loading = new Map<string, { pending: Promise<unknown>; since: number }>();
  const stats = { hits: 0, misses: 0 };
  let generation = 0;
  /** The latest notices, oldest first: what each named (null: everything). */
  const recent: Array<{ generation: number; names: ReadonlySet<string> | null }> = [];

  function drop(notice: ChangeNotice) {
    generation++;
    const names = notice.all ? null : new Set([`table:${notice.table}`, ...notice.tags]);
    recent.push({ generation, names });
    if (recent.length > RECENT_NOTICES) recent.shift();
    if (!names) {
      entries.clear();
      loading.clear();
      return;
    }
    for (const tag of names) {
      const keys = byTag.get(tag);
      if (keys) for (const key of [...keys]) entries.delete(key);
    }
  }

  /**
   * Whether a notice heard after `since` names one of `tags`, so that what was read before it may be
   * out of date; true when it cannot tell (everything changed, or the notices since are forgotten).
   * A notice about another handle leaves a load in flight good (issue 28: the link watcher's notices
   * discarded every load in flight, and the real-traffic mix was mostly cold).
   */
  function changedSince(since: number, tags: readonly string[]): boolean {
    if (since === generation) return false;
    if ((recent[0]?.generation ?? Number.POSITIVE_INFINITY) > since + 1) return true;
    for (let i = recent.length - 1; i >= 0; i--) {
      const notice = recent[i] as (typeof recent)[number];
      if (notice.generation <= since) break;
      if (!notice.names || tags.some((tag) => notice.names?.has(tag))) return true;
    }
    return false;
  }

  const tagsOf = <T>(value: T, keepOptions: KeepOptions<T>) =>
    typeof keepOptions.tags === 'function' ? keepOptions.tags(value) : keepOptions.tags;
  const unsubscribe = changes.onNotice(drop);

  function keep<T>(key: string, value: T, since: number, keepOptions: KeepOptions<T>) {
    if (!enabled || value === undefined || !changes.live || changes.behind) return;
    const tags = tagsOf(value, keepOptions);
    if (changedSince(since, tags)) return;
    if (keepOptions.admitOnSecondLoad && !entries.has(key) && !seenOnce.delete(key)) {
      seenOnce.set(key, true);
      return;
    }
    const ttl = keepOptions.ttlMs ? Math.min(keepOptions.ttlMs(value), options.maxAgeMs) : options.maxAgeMs;
    if (ttl <= 0) return;
    const size = keepOptions.sizeOf?.(value) ?? DEFAULT_SIZE;
    entries.set(key, { value: options.freeze ? deepFreeze(value) : value, tags }, { ttl, size });
    for (const tag of tags) {
      const keys = byTag.get(tag);
      if (keys) keys.add(key);
      else byTag.set(tag, new Set([key]));
    }
  }

  async function loadAndKeep<T>(key: string, load: () => Promise<T>, keepOptions: KeepOptions<T>): Promise<T> {
    const since = generation;
    const value = await load();
    keep(key, value, since, keepOptions);
    return value;
  }

  return {
    async get<T>(key: string, load: () => Promise<T>, keepOptions: KeepOptions<T>): Promise<T> {
      if (!enabled || !changes.live) return load();
      if (changes.behind) await changes.caughtUp();
      const entry = entries.get(key);
      if (entry) {
        stats.hits++;
        return entry.value as T;
      }
      stats.misses++;
      const shared = loading.get(key);
      if (shared) {
        // A load that began before a notice about what it shows may predate the change: read again.
        const value = (await shared.pending) as T;
        const stale =
          shared.since !== generation && (value === undefined || changedSince(shared.since, tagsOf(value, keepOptions)));
        return stale ? loadAndKeep(key, load, keepOptions) : value;
      }
      const started = { pending: loadAndKeep(key, load, keepOptions), since: generation };
      loading.set(key, started);
      const settled = () => {
        if (loading.get(key) === started) loading.delete(key);
      };
      started.pending.then(settled, settled);
      return started.pending;
    },
    peek<T>(key: string): T | undefined {
      if (!changes.live || changes.behind) return undefined;
      const entry = entries.get(key);
      if (entry) stats.hits++;
      return entry?.value as T | undefined;
    },
    get generation() {
      return generation;
    },
    keep,
    forget(key: string) {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
    stats,
    close() {
      unsubscribe();
      entries.clear();
      loading.clear();
    },
  };
}
