import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { recordAdminAction } from './service';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await aUser(t.db, { admin: true, email: 'boss@example.com' });
});
afterAll(() => t.close());

describe('the admin audit log', () => {
  it('keeps an entry written inside a committed transaction, newest first', async () => {
    await t.db.transaction().execute(async (trx) => {
      await recordAdminAction(trx, { actor: admin, action: 'note.edit', target: 'monetization-roadmap' });
    });
    await recordAdminAction(t.db, { actor: admin, action: 'user.delete', target: 'gone@example.com', details: { posts: 2 } });
    const res = await t.app.inject(as(admin, { url: '/api/admin/audit-log' }));
    expect(res.statusCode).toBe(200);
    const { entries, nextBefore } = res.json();
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['user.delete', 'note.edit']);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: 'boss@example.com',
      target: 'gone@example.com',
      details: { posts: 2 },
    });
    expect(nextBefore).toBeNull();
  });

  it('loses the entry when the action’s transaction rolls back', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await recordAdminAction(trx, { actor: admin, action: 'handle.delete', target: '@rolled-back' });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    const { entries } = (await t.app.inject(as(admin, { url: '/api/admin/audit-log' }))).json();
    expect(entries.some((e: { target: string }) => e.target === '@rolled-back')).toBe(false);
  });

  it('pages older entries with before', async () => {
    for (let i = 0; i < 55; i++) await recordAdminAction(t.db, { actor: admin, action: 'note.edit', target: `page-${i}` });
    const first = (await t.app.inject(as(admin, { url: '/api/admin/audit-log' }))).json();
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0].target).toBe('page-54');
    const second = (await t.app.inject(as(admin, { url: `/api/admin/audit-log?before=${first.nextBefore}` }))).json();
    expect(second.entries[0].target).toBe('page-4');
    expect(second.nextBefore).toBeNull();
  });
});
