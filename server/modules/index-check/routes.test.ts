import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { as, aUser, type TestUser } from '../../../tests/fixtures/factories';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await aUser(t.db, { admin: true, email: 'boss@example.com' });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject(as(admin, { url }));

describe('GET /api/admin/index-check', () => {
  it('passes the handle and uid queries through their indexes and fails likes for want of a column', async () => {
    const res = await get('/api/admin/index-check');
    expect(res.statusCode).toBe(200);
    const { database, checks } = res.json();
    expect(database).toBe(t.app.dbKind);
    expect(checks.map((c: { name: string; pass: boolean }) => [c.name, c.pass])).toEqual([
      ['Uploads by handle, newest first', true],
      ['Uploads by user id, newest first', true],
      ['Uploads by likes, then newest first', false],
    ]);
    expect(checks[0].reason).toMatch(/^Index (Only )?Scan using posts_handle_time_idx: /);
    expect(checks[1].reason).toMatch(/^Index (Only )?Scan using posts_user_time_idx: /);
    expect(checks[2].reason).toBe(
      'posts has no likes column: likes are planned only (spec section 3), so no index can serve this query.',
    );
  });

  it('fails a query whose index is gone, with the reason', async () => {
    await t.db.schema.dropIndex('posts_user_time_idx').execute();
    try {
      const { checks } = (await get('/api/admin/index-check')).json();
      expect(checks[1]).toMatchObject({ pass: false });
      expect(checks[1].reason).toMatch(/Sequential scan of posts|a Sort orders them|each is filtered in turn/);
    } finally {
      await t.db.schema
        .createIndex('posts_user_time_idx')
        .on('posts')
        .columns(['user_id', 'created_at desc', 'id desc'])
        .execute();
    }
  });
});
