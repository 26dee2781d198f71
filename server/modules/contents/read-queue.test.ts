import { afterAll, describe, expect, it } from 'vitest';
import { priceListCsv } from '../../../tests/fixtures/list-files';
import { ReaderBusy, readQueue } from './read-queue';
import { DEFAULT_READER_OPTIONS, fileReader } from './reader';

/** Issue 42's first Medium item (docs/decisions/0212): owners take turns, and waiting is not reading. */

describe('the reading queue', () => {
  it('takes one file of each owner in turn, however many one owner queued first', async () => {
    const queue = readQueue(1);
    const hold = await queue.take('someone');
    const order: string[] = [];
    const file = (owner: string, n: number) =>
      queue.take(owner).then((release) => {
        order.push(`${owner}${n}`);
        release();
      });
    const all = [file('a', 1), file('a', 2), file('a', 3), file('a', 4), file('b', 1), file('c', 1), file('b', 2)];
    hold();
    await Promise.all(all);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
  });

  it('lets a person waiting on a page go ahead of the files, and says "busy" when no thread frees in time', async () => {
    const queue = readQueue(1);
    const hold = await queue.take('a');
    const file = queue.take('a');
    await expect(queue.takeSoon(20)).rejects.toBeInstanceOf(ReaderBusy);
    const soon = queue.takeSoon(5_000);
    hold();
    const release = await soon;
    let fileStarted = false;
    void file.then(() => {
      fileStarted = true;
    });
    await Promise.resolve();
    expect(fileStarted).toBe(false);
    release();
    (await file)();
  });
});

describe("a file's time limit", () => {
  const queue = readQueue(1);
  const reader = fileReader({ ...DEFAULT_READER_OPTIONS, threads: 1, timeoutMs: 4_000 }, queue);
  afterAll(() => reader.close());

  it('counts only its own reading, not the time it waited for a thread', async () => {
    expect(await reader.read({ bytes: priceListCsv(1), owner: 'a' })).toMatchObject({ state: 'read' });
    const hold = await queue.take('b');
    const reading = reader.read({ bytes: priceListCsv(2), owner: 'a' });
    // Waiting past the time limit: before, the limit ran from here and the file was "too slow".
    setTimeout(hold, 4_500);
    expect(await reading).toMatchObject({ state: 'read' });
  });
});
