import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aPost, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { priceListCsv } from '../../../tests/fixtures/list-files';
import { errorHandlerPlugin } from '../../plugins/error-handler';
import { ReaderBusy, readQueue } from './read-queue';
import { DEFAULT_READER_OPTIONS, type FileReader, fileReader } from './reader';
import { contentsRepository } from './repository';
import { contentsService } from './service';
import { contentsViews } from './views';

/** Issue 42 (docs/decisions/0212): a busy reader answers 503 and holds nothing; a "too slow" file is read again. */

let t: TestApp;
let owner: TestUser;
const queue = readQueue(1);
const reader = fileReader({ ...DEFAULT_READER_OPTIONS, threads: 1, busyWaitMs: 300 }, queue);
beforeAll(async () => {
  t = await buildTestApp();
  owner = await aUser(t.db, { handle: 'slow-valley' });
});
afterAll(async () => {
  await reader.close();
  await t.close();
});

const HOUR = 60 * 60_000;

/** A list with two versions, read by the test's reader. */
async function aListOfTwo() {
  const post = await aPost(t.db, owner, { description: `Prices ${Math.random()}` });
  const service = contentsService(t.db, reader);
  for (const [i, bytes] of [priceListCsv(1), priceListCsv(2)].entries())
    await service.recordFetchedFile({ listId: post.listId, postId: post.id, bytes, fileName: 'p.csv', fetchedAt: 1 + i });
  const ids = await t.db.selectFrom('list_snapshots').select('id').where('list_id', '=', post.listId).orderBy('id').execute();
  return { post, first: Number(ids[0]?.id), newest: Number(ids[1]?.id) };
}

describe('while every reading thread is busy', () => {
  it('"compare" says busy, with when to try again', async () => {
    const { post, newest, first } = await aListOfTwo();
    const hold = await queue.take('another supplier');
    try {
      const compared = contentsViews(t.db, reader).compare('slow-valley', post.listSlug, first, newest, null);
      await expect(compared).rejects.toMatchObject({ statusCode: 503, retryAfterSeconds: 5 });
    } finally {
      hold();
    }
  });

  it('"remove this version" waits for a thread without the list\'s lock, then removes it', async () => {
    const { post, newest } = await aListOfTwo();
    const hold = await queue.take('another supplier');
    let waiting!: () => void;
    const waits = new Promise<void>((resolve) => {
      waiting = resolve;
    });
    const watched: FileReader = {
      ...reader,
      withThread: (work) => {
        waiting();
        return reader.withThread(work);
      },
    };
    const removal = contentsService(t.db, watched).removeVersion(post.listId, newest, owner.id);
    await waits;
    // Another reading of the list takes its lock meanwhile (before, the removal held it while it waited).
    await t.db.transaction().execute((trx) => contentsRepository(trx).lockList(post.listId));
    hold();
    await removal;
    expect((await contentsRepository(t.db).heads(post.listId)).latest?.id).not.toBe(newest);
  });

  it('answers 503 with Retry-After and a message a person can read', async () => {
    const app = Fastify();
    await app.register(errorHandlerPlugin);
    app.get('/', async () => {
      throw new ReaderBusy(5);
    });
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json().message).toMatch(/try again/);
    await app.close();
  });
});

describe('a file found too slow', () => {
  it('is read again later though its bytes did not change, less often each time', async () => {
    const post = await aPost(t.db, owner, { description: `Slow ${Math.random()}` });
    let slow = true;
    const flaky: FileReader = {
      ...reader,
      read: async (file) =>
        slow ? { state: 'unreadable', format: null, reason: 'too-slow', workerMs: 20_000 } : reader.read(file),
    };
    const service = contentsService(t.db, flaky);
    const fetched = (at: number) =>
      service.recordFetchedFile({
        listId: post.listId,
        postId: post.id,
        bytes: priceListCsv(1),
        fileName: 'p.csv',
        fetchedAt: at,
        changed: at === 0 ? undefined : false,
      });
    expect(await fetched(0)).toMatchObject({ state: 'unreadable', stored: true });
    slow = false;
    // Ten minutes on: not yet (the first retry is at 15).
    expect(await fetched(HOUR / 6)).toMatchObject({ state: 'unreadable', stored: false });
    slow = true;
    expect(await fetched(HOUR / 4)).toMatchObject({ state: 'unreadable', stored: false });
    slow = false;
    // The next retry is 30 minutes after the first: at 45.
    expect(await fetched(HOUR / 2)).toMatchObject({ state: 'unreadable', stored: false });
    expect(await fetched((3 * HOUR) / 4)).toMatchObject({ state: 'read', stored: true });
  });
});
