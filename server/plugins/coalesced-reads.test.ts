import { describe, expect, it } from 'vitest';
import { coalescedReads } from './coalesced-reads';

/** A database stand-in whose reads answer when the test says so. */
function slowReads(values: Record<string, number>) {
  const batches: string[][] = [];
  const answers: Array<(fail?: Error) => void> = [];
  const read = coalescedReads(
    (keys: string[]) =>
      new Promise<Map<string, number>>((resolve, reject) => {
        batches.push(keys);
        answers.push((fail) =>
          fail ? reject(fail) : resolve(new Map(keys.filter((k) => k in values).map((k) => [k, values[k]!]))),
        );
      }),
  );
  const answerNext = async (fail?: Error) => {
    answers.shift()?.(fail);
    // Lets the batch settle and the next one go out.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { read, batches, answerNext };
}

describe('coalesced reads', () => {
  it('sends the first read at once, and the ones arriving meanwhile together in the next statement', async () => {
    const { read, batches, answerNext } = slowReads({ a: 1, b: 2, c: 3 });
    const first = read('a');
    expect(batches).toEqual([['a']]);
    const waiting = [read('b'), read('c'), read('b'), read('missing')];
    expect(batches).toHaveLength(1);
    await answerNext();
    expect(await first).toBe(1);
    expect(batches).toEqual([['a'], ['b', 'c', 'missing']]);
    await answerNext();
    expect(await Promise.all(waiting)).toEqual([2, 3, 2, undefined]);
    // Idle again: the next read goes out on its own, at once.
    const later = read('c');
    expect(batches).toHaveLength(3);
    await answerNext();
    expect(await later).toBe(3);
  });

  it('fails only the reads of a batch that fails; the next batch still goes', async () => {
    const { read, batches, answerNext } = slowReads({ a: 1, b: 2 });
    const first = expect(read('a')).rejects.toThrow('connection lost');
    const second = read('b');
    await answerNext(new Error('connection lost'));
    await first;
    expect(batches).toEqual([['a'], ['b']]);
    await answerNext();
    expect(await second).toBe(2);
  });
});
