import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPost } from '../../../core/feed';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { testDatabaseKind } from '../../../tests/fixtures/database';
import { aFollow, aPost, as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { aVersion, versionsOf } from '../../../tests/fixtures/list-rows';
import { buildApp } from '../../app';
import { type DatabaseHandle, openDatabase } from '../../plugins/db';

/**
 * Living lists under concurrency (issue 17): every request is in flight before the first answer.
 * On PostgreSQL they really run at once (a pool of connections); PGlite runs them one at a time.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const share = (user: TestUser, payload: unknown) => t.app.inject(as(user, { method: 'POST', url: '/api/posts', payload }));

describe('versions of one list at once', () => {
  it('ten replacements at once: eleven versions, one newest, and it is the latest', async () => {
    const owner = await aUser(t.db, { handle: 'race-prices' });
    const first = await aPost(t.db, owner, { description: 'Prices' });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        share(owner, { url: `https://box.com/s/race-${i}`, listId: first.listId, idempotencyKey: randomUUID() }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const { ids, newest } = await versionsOf(t.db, first.listId);
    expect(ids).toHaveLength(11);
    expect(newest).toEqual([ids.at(-1)]);
    const onProfile = (await t.app.inject('/api/profiles/race-prices/posts')).json().posts;
    expect(onProfile.map((p: { id: number; list: { versions: number } }) => [p.id, p.list.versions])).toEqual([[ids.at(-1), 11]]);
  });

  it('the same new version sent three times at once (one upload key): one version, every answer names it', async () => {
    const owner = await aUser(t.db, { handle: 'race-double' });
    const first = await aPost(t.db, owner);
    const payload = { url: 'https://box.com/s/once', listId: first.listId, idempotencyKey: randomUUID() };
    const responses = await Promise.all([1, 2, 3].map(() => share(owner, payload)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(responses.map((r) => r.json().post.id)).size).toBe(1);
    expect((await versionsOf(t.db, first.listId)).ids).toHaveLength(2);
  });

  it('a new version and a removal of the newest at once leave one newest version', async () => {
    const owner = await aUser(t.db, { handle: 'race-remove' });
    const v1 = await aPost(t.db, owner, { createdAt: 1_000 });
    const v2 = await aVersion(t.db, owner, v1, { createdAt: 2_000 });
    const [added, removed] = await Promise.all([
      share(owner, { url: 'https://box.com/s/v3', listId: v1.listId }),
      t.app.inject(as(owner, { method: 'DELETE', url: `/api/posts/${v2.id}` })),
    ]);
    expect([added.statusCode, removed.statusCode]).toEqual([201, 200]);
    const { ids, newest } = await versionsOf(t.db, v1.listId);
    expect(ids).toEqual([v1.id, added.json().post.id]);
    expect(newest).toEqual([added.json().post.id]);
  });

  it('removing every version at once removes the list, once', async () => {
    const owner = await aUser(t.db, { handle: 'race-empty' });
    const v1 = await aPost(t.db, owner);
    const v2 = await aVersion(t.db, owner, v1);
    const responses = await Promise.all(
      [v1, v2, v1, v2].map((v) => t.app.inject(as(owner, { method: 'DELETE', url: `/api/posts/${v.id}` }))),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(responses.filter((r) => r.json().listRemoved)).toHaveLength(1);
    expect(await t.db.selectFrom('lists').select('id').where('id', '=', v1.listId).execute()).toEqual([]);
    const gone = await t.app.inject(`/api/profiles/race-empty/lists/${v1.listSlug}`);
    expect(gone.json().message).toBe('This list is no longer on Freshlist');
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('a second server process on the same database', () => {
  let other: FastifyInstance;
  let otherDb: DatabaseHandle;
  beforeAll(async () => {
    const name = (await sql<{ name: string }>`select current_database() as name`.execute(t.db)).rows[0]!.name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    otherDb = await openDatabase({ databaseUrl: url.href, dataDir: 'unused' });
    other = await buildApp(t.config, { database: otherDb, logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
  });

  /** What the other process answers, asked until it matches or two seconds have passed. */
  async function otherSees(url: string, user: TestUser | undefined, matches: (body: { posts: PublicPost[] }) => boolean) {
    let body: { posts: PublicPost[] };
    for (let waited = 0; waited < 2000; waited += 20) {
      body = (await other.inject(as(user, { url }))).json();
      if (matches(body)) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  }

  it('drops an edited or removed post from its cached profile and feed at once', async () => {
    expect(otherDb.changes.live).toBe(true);
    const owner = await aUser(t.db, { handle: 'two-process-shop' });
    const reader = await aUser(t.db);
    await aFollow(t.db, reader, 'two-process-shop');
    const post = await aPost(t.db, owner, { description: 'Before' });
    const profile = '/api/profiles/two-process-shop/posts';
    const ids = (body: { posts: Array<{ id: number }> }) => body.posts.map((p) => p.id);
    // The other process reads (and caches) both pages first.
    expect(ids((await other.inject(as(undefined, { url: profile }))).json())).toEqual([post.id]);
    expect(ids((await other.inject(as(reader, { url: '/api/feed' }))).json())).toEqual([post.id]);

    await t.app.inject(as(owner, { method: 'PATCH', url: `/api/posts/${post.id}`, payload: { description: 'After' } }));
    expect(await otherSees(profile, undefined, (b) => b.posts[0]?.description === 'After')).toBe(true);

    await t.app.inject(as(owner, { method: 'DELETE', url: `/api/posts/${post.id}` }));
    expect(await otherSees(profile, undefined, (b) => b.posts.length === 0)).toBe(true);
    expect(await otherSees('/api/feed', reader, (b) => b.posts.length === 0)).toBe(true);
  });
});
