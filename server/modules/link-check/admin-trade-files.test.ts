import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aPost, as, aUser, OWNER_AND_ADMIN_CONFIG } from '../../../tests/fixtures/factories';

/** Issue 42: a trade-only list's file is sealed (ADR 0180), so the link-check page names no admin its file. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(OWNER_AND_ADMIN_CONFIG);
});
afterAll(() => t.close());

/** A list the watcher found a file behind, as it records one. */
async function aCheckedList(audience: 'public' | 'trade', fileName: string) {
  const supplier = await aUser(t.db, { handle: `files-${audience}` });
  const post = await aPost(t.db, supplier, { audience, description: `${audience} prices` });
  await t.db
    .insertInto('link_checks')
    .values({
      list_id: post.listId,
      user_id: supplier.id,
      post_id: post.id,
      url: post.url,
      health: 'ok',
      provider: 'Google Drive',
      file_name: fileName,
      file_type: 'text/csv',
      file_size: 10,
      file_changed_at: null,
      etag: null,
      last_modified: null,
      content_sha256: null,
      problem_since: null,
      last_error: null,
      checked_at: Date.now(),
      next_check_at: Date.now() + 60_000,
      lease_until: null,
      created_at: Date.now(),
      change_seen_at: null,
    })
    .execute();
  return post.listId;
}

describe('the admin link-check page and trade-only lists', () => {
  it('shows a public list file name, and no admin (the owner account included) a trade-only one', async () => {
    const publicList = await aCheckedList('public', 'Public prices.csv');
    const tradeList = await aCheckedList('trade', 'Wholesale margins 2027.csv');
    // The owner account with admin rights too: it may see everything an admin sees, and still not this.
    const owner = await aUser(t.db, { admin: true, email: OWNER_AND_ADMIN_CONFIG.OWNER_EMAIL });
    const admin = await aUser(t.db, { admin: true, email: OWNER_AND_ADMIN_CONFIG.ADMIN_EMAILS });
    for (const viewer of [admin, owner]) {
      const res = await t.app.inject(as(viewer, { url: '/api/admin/link-checks' }));
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('Wholesale margins');
      const lists = res.json().lists as Array<{ listId: number; fileName: string | null }>;
      expect(lists.find((row) => row.listId === publicList)?.fileName).toBe('Public prices.csv');
      expect(lists.find((row) => row.listId === tradeList)).toMatchObject({ fileName: null });
    }
  });
});
