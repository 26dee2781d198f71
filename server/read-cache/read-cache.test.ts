import { afterEach, describe, expect, it, vi } from 'vitest';
import { Changes } from '../plugins/db-changes';
import { type KeepOptions, type ReadCacheOptions, readCache } from './read-cache';

const OPTIONS: ReadCacheOptions = { maxEntries: 100, maxBytes: 1_000_000, maxAgeMs: 60_000, freeze: true };
/** Filed under one handle's tag. */
const FARM: KeepOptions<unknown> = { tags: ['handle:farm'] };

/** A load that counts its calls and answers `value-<n>`. */
function counter() {
  let calls = 0;
  const load = async () => `value-${++calls}`;
  return { load, calls: () => calls };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the read cache', () => {
  it('answers a repeated read from memory', async () => {
    const cache = readCache(new Changes(true), OPTIONS);
    const { load, calls } = counter();
    expect(await cache.get('a', load, FARM)).toBe('value-1');
    expect(await cache.get('a', load, FARM)).toBe('value-1');
    expect(calls()).toBe(1);
    expect(await cache.get('b', load, FARM)).toBe('value-2');
    expect(cache.stats).toEqual({ hits: 1, misses: 2 });
  });

  it('drops exactly the entries filed under a tag a notice names, and table readers on any notice of their table', async () => {
    const changes = new Changes(true);
    const cache = readCache(changes, OPTIONS);
    await cache.get('farm', async () => 'farm page', { tags: ['handle:farm'] });
    await cache.get('dairy', async () => 'dairy page', { tags: ['handle:dairy'] });
    await cache.get('feed', async () => 'a feed', { tags: ['follower:1', 'table:posts'] });
    await cache.get('session', async () => 'a session', { tags: ['user:9'] });

    changes.heard('lists handle:farm');
    expect(cache.peek('farm')).toBeUndefined();
    expect(cache.peek('dairy')).toBe('dairy page');
    expect(cache.peek('feed')).toBe('a feed');

    changes.heard('posts handle:dairy');
    expect(cache.peek('dairy')).toBeUndefined();
    expect(cache.peek('feed')).toBeUndefined();
    expect(cache.peek('session')).toBe('a session');

    changes.heard('posts *');
    expect(cache.size).toBe(0);
  });

  it('neither keeps nor shares a load that began before a notice about what it shows', async () => {
    const changes = new Changes(true);
    const cache = readCache(changes, OPTIONS);
    const before = deferred<string>();
    const first = cache.get('a', () => before.promise, FARM);
    changes.heard('posts handle:farm');
    // A reader after the change must not join the load that may predate it.
    const second = cache.get('a', async () => 'after', FARM);
    before.resolve('before');
    expect(await first).toBe('before');
    expect(await second).toBe('after');
    expect(await cache.get('a', async () => 'later', FARM)).toBe('after');
  });

  it('keeps and shares a load across a notice about something else', async () => {
    const changes = new Changes(true);
    const cache = readCache(changes, OPTIONS);
    const before = deferred<string>();
    const first = cache.get('a', () => before.promise, FARM);
    changes.heard('link_checks handle:dairy');
    const second = cache.get('a', async () => 'a second load', FARM);
    before.resolve('farm page');
    expect(await first).toBe('farm page');
    expect(await second).toBe('farm page');
    expect(cache.peek('a')).toBe('farm page');
  });

  it('waits to hear this process’s own writes before it answers from memory', async () => {
    const changes = new Changes(true);
    const marks: string[] = [];
    changes.connect(async (payload) => {
      marks.push(payload);
      // The database tells the write's notice, then the mark, in commit order.
      setTimeout(() => {
        changes.heard('posts handle:farm');
        changes.heard(payload);
      }, 5);
    });
    changes.noticeTables(['posts']);
    const cache = readCache(changes, OPTIONS);
    await cache.get('a', async () => 'before the write', FARM);
    changes.sawStatement({
      query: { kind: 'InsertQueryNode', into: { kind: 'TableNode', table: { identifier: { name: 'posts' } } } },
      sql: 'insert',
      parameters: [],
    } as never);
    expect(changes.behind).toBe(true);
    expect(cache.peek('a')).toBeUndefined();
    expect(await cache.get('a', async () => 'after the write', FARM)).toBe('after the write');
    expect(marks).toHaveLength(1);
    expect(changes.behind).toBe(false);
  });

  it('lets concurrent misses share one load', async () => {
    const cache = readCache(new Changes(true), OPTIONS);
    const { load, calls } = counter();
    const answers = await Promise.all([cache.get('a', load, FARM), cache.get('a', load, FARM), cache.get('a', load, FARM)]);
    expect(answers).toEqual(['value-1', 'value-1', 'value-1']);
    expect(calls()).toBe(1);
  });

  it('keeps nothing while notices could be missed, and again once they cannot', async () => {
    const changes = new Changes(false);
    const cache = readCache(changes, OPTIONS);
    const { load, calls } = counter();
    await cache.get('a', load, FARM);
    await cache.get('a', load, FARM);
    expect(calls()).toBe(2);
    changes.setLive(true);
    await cache.get('a', load, FARM);
    await cache.get('a', load, FARM);
    expect(calls()).toBe(3);
    changes.setLive(false);
    expect(await cache.get('a', load, FARM)).toBe('value-4');
  });

  it('never keeps undefined or a failure', async () => {
    const cache = readCache(new Changes(true), OPTIONS);
    const missing = vi.fn(async () => undefined);
    await cache.get('a', missing, FARM);
    await cache.get('a', missing, FARM);
    expect(missing).toHaveBeenCalledTimes(2);
    const failing = vi.fn(async () => {
      throw new Error('down');
    });
    await expect(cache.get('b', failing, FARM)).rejects.toThrow('down');
    await expect(cache.get('b', failing, FARM)).rejects.toThrow('down');
    expect(failing).toHaveBeenCalledTimes(2);
    expect(await cache.get('b', async () => 'up', FARM)).toBe('up');
  });

  it('holds at most maxEntries and maxBytes, dropping the least recently used', async () => {
    const cache = readCache(new Changes(true), { ...OPTIONS, maxEntries: 2 });
    await cache.get('a', async () => 'a1', FARM);
    await cache.get('b', async () => 'b1', FARM);
    await cache.get('a', async () => 'a2', FARM); // a is now the most recent
    await cache.get('c', async () => 'c1', FARM);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'a3', FARM)).toBe('a1');
    expect(await cache.get('b', async () => 'b2', FARM)).toBe('b2');

    const small = readCache(new Changes(true), { ...OPTIONS, maxBytes: 10_000 });
    const big = { ...FARM, sizeOf: () => 6_000 };
    await small.get('x', async () => 'x', big);
    await small.get('y', async () => 'y', big);
    expect(small.peek('x')).toBeUndefined();
    expect(small.peek('y')).toBe('y');
  });

  it('loads again an entry older than maxAgeMs, or than its own time to live', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const cache = readCache(new Changes(true), { ...OPTIONS, maxAgeMs: 1000 });
    const { load } = counter();
    await cache.get('a', load, FARM);
    vi.advanceTimersByTime(999);
    expect(await cache.get('a', load, FARM)).toBe('value-1');
    vi.advanceTimersByTime(2);
    expect(await cache.get('a', load, FARM)).toBe('value-2');
    await cache.get('short', load, { ...FARM, ttlMs: () => 100 });
    vi.advanceTimersByTime(101);
    expect(await cache.get('short', load, FARM)).toBe('value-4');
    await cache.get('never', load, { ...FARM, ttlMs: () => 0 });
    expect(cache.peek('never')).toBeUndefined();
  });

  it('keeps nothing with maxEntries 0', async () => {
    const cache = readCache(new Changes(true), { ...OPTIONS, maxEntries: 0 });
    const { load, calls } = counter();
    await cache.get('a', load, FARM);
    await cache.get('a', load, FARM);
    expect(calls()).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('freezes what it keeps, so a caller cannot change another reader’s answer', async () => {
    const cache = readCache(new Changes(true), OPTIONS);
    const page = await cache.get('a', async () => ({ posts: [{ id: 1 }] }), FARM);
    expect(() => {
      page.posts.push({ id: 2 });
    }).toThrow(TypeError);
    expect(() => {
      (page.posts[0] as { id: number }).id = 3;
    }).toThrow(TypeError);
  });

  it('forgets one entry on request, and stops hearing notices once closed', async () => {
    const cache = readCache(new Changes(true), OPTIONS);
    const { load } = counter();
    await cache.get('a', load, FARM);
    cache.forget('a');
    expect(await cache.get('a', load, FARM)).toBe('value-2');
    cache.close();
    expect(cache.size).toBe(0);
  });

  it('with admitOnSecondLoad, keeps a key only from its second load on, even across a notice', async () => {
    const changes = new Changes(true);
    const cache = readCache(changes, OPTIONS);
    const { load, calls } = counter();
    const once = { ...FARM, admitOnSecondLoad: true };
    await cache.get('once', load, once);
    expect(cache.peek('once')).toBeUndefined();
    await cache.get('often', load, once);
    changes.heard('posts handle:farm');
    await cache.get('often', load, once);
    expect(await cache.get('often', load, once)).toBe('value-3');
    expect(calls()).toBe(3);
    expect(cache.size).toBe(1);
  });

  it('keeps a value loaded outside get only while no notice since named what it shows', async () => {
    const changes = new Changes(true);
    const cache = readCache(changes, OPTIONS);
    const since = cache.generation;
    cache.keep('a', 'from a joint query', since, FARM);
    expect(cache.peek('a')).toBe('from a joint query');
    const stale = cache.generation;
    changes.heard('users user:1 handle:farm');
    cache.keep('b', 'read before the change', stale, FARM);
    expect(cache.peek('b')).toBeUndefined();
    cache.keep('c', 'read before another handle changed', stale, { tags: ['handle:dairy'] });
    expect(cache.peek('c')).toBe('read before another handle changed');
    cache.keep('d', 'read before its table changed', stale, { tags: ['table:users'] });
    expect(cache.peek('d')).toBeUndefined();
  });

  it('keeps nothing read before the notices it remembers', async () => {
    const changes = new Changes(true);
    const cache = readCache(changes, OPTIONS);
    const since = cache.generation;
    for (let i = 0; i < 300; i++) changes.heard(`link_checks handle:other-${i}`);
    cache.keep('a', 'read long ago', since, FARM);
    expect(cache.peek('a')).toBeUndefined();
  });
});
