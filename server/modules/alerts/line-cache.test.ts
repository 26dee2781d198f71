import { describe, expect, it } from 'vitest';
import { type CachedLine, lineCache } from './line-cache';

const aLine = (id: number, listId = 1): CachedLine => ({
  id,
  listId,
  item: `Burrata ${id}`,
  raw: `Burrata ${id} | 3.50`,
  price: 3.5,
  currency: 'EUR',
  unit: 'piece',
  words: ['burrata', String(id)],
});

/** A reader that records what it was asked for. */
function reader(listId = 1) {
  const asked: number[][] = [];
  return {
    asked,
    read: async (missing: number[]) => {
      asked.push(missing);
      return missing.map((id) => aLine(id, listId));
    },
  };
}

describe('the cache of lines (docs/decisions/0226)', () => {
  it("reads only the lines it has not kept, returns them in the ids' order, and keeps exactly the current ones", async () => {
    const cache = lineCache();
    const first = reader();
    expect((await cache.lines(1, [1, 2, 3], first.read)).map((l) => l.id)).toEqual([1, 2, 3]);
    const second = reader();
    const lines = await cache.lines(1, [2, 3, 4], second.read);
    expect(lines.map((l) => l.id)).toEqual([2, 3, 4]);
    expect(second.asked).toEqual([[4]]);
    expect(cache.size).toBe(3);
    // Line 1 left the list: it is read again if it comes back.
    const third = reader();
    await cache.lines(1, [1, 2], third.read);
    expect(third.asked).toEqual([[1]]);
  });

  it('keeps the same line object, so what an evaluation learnt of it (its price per unit) is kept', async () => {
    const cache = lineCache();
    const [line] = await cache.lines(1, [1], reader().read);
    if (!line) throw new Error('no line');
    line.perUnit = { amount: 28, unit: 'kg' };
    const [again] = await cache.lines(1, [1], reader().read);
    expect(again?.perUnit).toEqual({ amount: 28, unit: 'kg' });
  });

  it('keeps lists apart, forgets the list used longest ago past its bound, and keeps none of a list larger than it', async () => {
    const cache = lineCache(4);
    await cache.lines(1, [1, 2], reader(1).read);
    await cache.lines(2, [3, 4], reader(2).read);
    await cache.lines(1, [1, 2], reader(1).read);
    await cache.lines(3, [5, 6], reader(3).read);
    expect(cache.size).toBe(4);
    const two = reader(2);
    await cache.lines(2, [3, 4], two.read);
    expect(two.asked).toEqual([[3, 4]]);
    const big = reader(4);
    await cache.lines(4, [7, 8, 9, 10, 11], big.read);
    await cache.lines(4, [7, 8, 9, 10, 11], big.read);
    expect(big.asked).toHaveLength(2);
    expect(cache.size).toBeLessThanOrEqual(4);
  });

  it('forgets the lines it is told to', async () => {
    const cache = lineCache();
    await cache.lines(1, [1, 2, 3], reader().read);
    cache.forget(1, [2, 3]);
    const again = reader();
    await cache.lines(1, [1, 2, 3], again.read);
    expect(again.asked).toEqual([[2, 3]]);
  });
});
