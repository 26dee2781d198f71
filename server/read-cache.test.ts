import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangeClock } from './plugins/db-changes';
import { type ReadCacheOptions, readCache } from './read-cache';

const OPTIONS: ReadCacheOptions = { maxEntries: 100, maxAgeMs: 60_000, freeze: true };

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
    const cache = readCache(new ChangeClock(true), OPTIONS);
    const { load, calls } = counter();
    expect(await cache.get('a', load)).toBe('value-1');
    expect(await cache.get('a', load)).toBe('value-1');
    expect(calls()).toBe(1);
    expect(await cache.get('b', load)).toBe('value-2');
  });

  it('loads again once the data behind it changes', async () => {
    const clock = new ChangeClock(true);
    const cache = readCache(clock, OPTIONS);
    const { load } = counter();
    await cache.get('a', load);
    clock.tick();
    expect(await cache.get('a', load)).toBe('value-2');
    expect(await cache.get('a', load)).toBe('value-2');
  });

  it('neither keeps nor shares a load that began before a change', async () => {
    const clock = new ChangeClock(true);
    const cache = readCache(clock, OPTIONS);
    const before = deferred<string>();
    const first = cache.get('a', () => before.promise);
    clock.tick();
    // A reader after the change must not join the load that may predate it.
    const second = cache.get('a', async () => 'after');
    before.resolve('before');
    expect(await first).toBe('before');
    expect(await second).toBe('after');
    expect(await cache.get('a', async () => 'later')).toBe('after');
  });

  it('lets concurrent misses share one load', async () => {
    const cache = readCache(new ChangeClock(true), OPTIONS);
    const { load, calls } = counter();
    const answers = await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)]);
    expect(answers).toEqual(['value-1', 'value-1', 'value-1']);
    expect(calls()).toBe(1);
  });

  it('keeps nothing while the clock cannot hear other processes, and again once it can', async () => {
    const clock = new ChangeClock(false);
    const cache = readCache(clock, OPTIONS);
    const { load, calls } = counter();
    await cache.get('a', load);
    await cache.get('a', load);
    expect(calls()).toBe(2);
    clock.setLive(true);
    await cache.get('a', load);
    await cache.get('a', load);
    expect(calls()).toBe(3);
    clock.setLive(false);
    expect(await cache.get('a', load)).toBe('value-4');
  });

  it('never keeps undefined or a failure', async () => {
    const cache = readCache(new ChangeClock(true), OPTIONS);
    const missing = vi.fn(async () => undefined);
    await cache.get('a', missing);
    await cache.get('a', missing);
    expect(missing).toHaveBeenCalledTimes(2);
    const failing = vi.fn(async () => {
      throw new Error('down');
    });
    await expect(cache.get('b', failing)).rejects.toThrow('down');
    await expect(cache.get('b', failing)).rejects.toThrow('down');
    expect(failing).toHaveBeenCalledTimes(2);
    expect(await cache.get('b', async () => 'up')).toBe('up');
  });

  it('holds at most maxEntries, dropping the least recently used', async () => {
    const cache = readCache(new ChangeClock(true), { ...OPTIONS, maxEntries: 2 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('a', async () => 'a2'); // a is now the most recent
    await cache.get('c', async () => 'c1');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'a3')).toBe('a1');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
  });

  it('loads again an entry older than maxAgeMs', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const cache = readCache(new ChangeClock(true), { ...OPTIONS, maxAgeMs: 1000 });
    const { load } = counter();
    await cache.get('a', load);
    vi.setSystemTime(1_000_999);
    expect(await cache.get('a', load)).toBe('value-1');
    vi.setSystemTime(1_001_000);
    expect(await cache.get('a', load)).toBe('value-2');
  });

  it('keeps nothing with maxEntries 0', async () => {
    const cache = readCache(new ChangeClock(true), { ...OPTIONS, maxEntries: 0 });
    const { load, calls } = counter();
    await cache.get('a', load);
    await cache.get('a', load);
    expect(calls()).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('freezes what it keeps, so a caller cannot change another reader’s answer', async () => {
    const cache = readCache(new ChangeClock(true), OPTIONS);
    const page = await cache.get('a', async () => ({ posts: [{ id: 1 }] }));
    expect(() => {
      page.posts.push({ id: 2 });
    }).toThrow(TypeError);
    expect(() => {
      (page.posts[0] as { id: number }).id = 3;
    }).toThrow(TypeError);
  });

  it('forgets one entry on request, and stops following the clock once closed', async () => {
    const clock = new ChangeClock(true);
    const cache = readCache(clock, OPTIONS);
    const { load } = counter();
    await cache.get('a', load);
    cache.forget('a');
    expect(await cache.get('a', load)).toBe('value-2');
    cache.close();
    expect(cache.size).toBe(0);
  });

  it('with admitOnSecondLoad, keeps a key only from its second load on, even across a change', async () => {
    const clock = new ChangeClock(true);
    const cache = readCache(clock, { ...OPTIONS, admitOnSecondLoad: true });
    const { load, calls } = counter();
    await cache.get('once', load);
    expect(cache.peek('once')).toBeUndefined();
    await cache.get('often', load);
    clock.tick();
    await cache.get('often', load);
    expect(await cache.get('often', load)).toBe('value-3');
    expect(calls()).toBe(3);
    expect(cache.size).toBe(1);
  });

  it('keeps a value loaded outside get only while the clock has not moved since', async () => {
    const clock = new ChangeClock(true);
    const cache = readCache(clock, OPTIONS);
    const since = cache.generation;
    cache.keep('a', 'from a joint query', since);
    expect(cache.peek('a')).toBe('from a joint query');
    const stale = cache.generation;
    clock.tick();
    cache.keep('b', 'read before the change', stale);
    expect(cache.peek('b')).toBeUndefined();
  });
});
