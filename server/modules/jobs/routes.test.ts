import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aPost, as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { JOB_POLICIES } from '../../job-chain';

let t: TestApp;
let admin: TestUser;
let farm: TestUser;
let listId: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await aUser(t.db, { admin: true });
  farm = await aUser(t.db, { handle: 'job-farm' });
  const post = await aPost(t.db, farm);
  listId = post.listId;
});
afterAll(() => t.close());

const brokenMails = async () =>
  (await t.db.selectFrom('email_outbox').select('id').where('kind', '=', 'link-broken').where('user_id', '=', farm.id).execute())
    .length;

/**
 * Time passes for the queue: a job waiting for its retry is due now. A second back, since the
 * queue takes jobs due strictly before now() and PGlite's clock ticks in milliseconds.
 */
const retriesDue = () => sql`update jobs.job set start_after = now() - interval '1 second' where state = 'retry'`.execute(t.db);

describe('jobs on the queue', () => {
  it('exist exactly when the transaction that queued them commits', async () => {
    await t.db
      .transaction()
      .execute(async (trx) => {
        await t.app.jobs.send('link-broken', { listId, userId: farm.id, at: Date.now() }, trx);
        throw new Error('the cause is rolled back');
      })
      .catch(() => {});
    expect(await t.app.jobs.runQueued()).toBe(0);

    await t.db.transaction().execute((trx) => t.app.jobs.send('link-broken', { listId, userId: farm.id, at: Date.now() }, trx));
    expect(await t.app.jobs.runQueued()).toBe(1);
    expect(await brokenMails()).toBe(1);
    // Done once: nothing is left to run.
    expect(await t.app.jobs.runQueued()).toBe(0);
    expect(await brokenMails()).toBe(1);
  });

  it('that fail are tried again, then shown to admins with their error, and run again from there', async () => {
    const failing = new Error('the mail server refused the connection');
    t.app.jobs.handle('link-broken', async () => {
      throw failing;
    });
    const before = await brokenMails();
    await t.app.jobs.send('link-broken', { listId, userId: farm.id, at: Date.now() });
    const attempts = JOB_POLICIES['link-broken'].retryLimit + 1;
    for (let attempt = 0; attempt < attempts; attempt++) {
      expect(await t.app.jobs.runQueued()).toBe(1);
      await retriesDue();
    }
    expect(await t.app.jobs.runQueued()).toBe(0);

    const view = await t.app.inject(as(admin, { method: 'GET', url: '/api/admin/jobs' }));
    expect(view.statusCode).toBe(200);
    const [failed] = view.json().failed;
    expect(failed).toMatchObject({ name: 'link-broken', error: failing.message, attempts });
    expect(JSON.parse(failed.data)).toMatchObject({ listId, userId: farm.id });

    // The cause is mended (the real handler again); an admin runs the job once more.
    const { mailLinkBroken } = await import('../email/service');
    t.app.jobs.handle('link-broken', (broken, trx) => mailLinkBroken(trx, broken, broken.at));
    const retried = await t.app.inject(as(admin, { method: 'POST', url: `/api/admin/jobs/link-broken/${failed.id}/retry` }));
    expect(retried.statusCode).toBe(200);
    expect(await t.app.jobs.runQueued()).toBe(1);
    expect(await brokenMails()).toBe(before + 1);
    expect((await t.app.inject(as(admin, { method: 'GET', url: '/api/admin/jobs' }))).json().failed).toEqual([]);

    const again = await t.app.inject(as(admin, { method: 'POST', url: `/api/admin/jobs/link-broken/${failed.id}/retry` }));
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('No failed job with that id: it may have been retried already.');
  });

  it('answer a clear 400 for an id that is not a job id', async () => {
    const res = await t.app.inject(as(admin, { method: 'POST', url: '/api/admin/jobs/link-broken/not-an-id/retry' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('That is not a job id.');
  });
});

describe('a worker process', () => {
  it('answers only its health, and runs queued jobs by itself', async () => {
    const worker = await buildTestApp({ ROLE: 'worker', JOBS_POLL_MS: '500' });
    try {
      expect((await worker.app.inject('/readyz')).json()).toEqual({ status: 'ready', role: 'worker' });
      const page = await worker.app.inject('/explore');
      expect(page.statusCode).toBe(404);
      expect(page.json().message).toBe('This process is a Freshlist worker: it answers only /healthz and /readyz.');

      const owner = await aUser(worker.db, { handle: 'worker-farm' });
      const post = await aPost(worker.db, owner);
      await worker.app.jobs.send('link-broken', { listId: post.listId, userId: owner.id, at: Date.now() });
      await expect
        .poll(
          async () =>
            (await worker.db.selectFrom('email_outbox').select('kind').where('user_id', '=', owner.id).execute()).map(
              (mail) => mail.kind,
            ),
          { timeout: 20_000, interval: 100 },
        )
        .toContain('link-broken');
    } finally {
      await worker.close();
    }
  });
});
