import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWithOwnerAndAdmin, type TestAppWithOwnerAndAdmin } from '../../../tests/fixtures/app';
import { aSessionFor, as, aUser, type TestUser } from '../../../tests/fixtures/factories';

let t: TestAppWithOwnerAndAdmin;
beforeAll(async () => {
  t = await buildTestAppWithOwnerAndAdmin();
});
afterAll(() => t.close());

const status = async (user: TestUser) => (await t.app.inject(as(user, { url: '/api/handle-status' }))).json();
const seen = (user: TestUser | undefined) =>
  t.app.inject(as(user, { method: 'POST', url: '/api/handle-status/removed-notice/seen', payload: {} }));
const removeHandle = (handle: string) => t.app.inject(as(t.owner, { method: 'DELETE', url: `/api/admin/handles/${handle}` }));

describe('the removed-handle notice (issue 15)', () => {
  it('is off for someone who never had a handle removed', async () => {
    expect(await status(await aUser(t.db))).toMatchObject({ status: 'none', handleRemoved: false });
  });

  it('tells the person once that an admin removed their handle, until they have seen it', async () => {
    const user = await aUser(t.db, { handle: 'hs-removed' });
    expect((await removeHandle('hs-removed')).statusCode).toBe(200);
    // Removal signs them out everywhere; they come back with a new session.
    const back = await aSessionFor(t.db, user);
    expect(await status(back)).toMatchObject({ status: 'none', handle: null, handleRemoved: true });
    expect(await status(back)).toMatchObject({ handleRemoved: true });

    expect((await seen(back)).statusCode).toBe(204);
    expect(await status(back)).toMatchObject({ handleRemoved: false });
    // Seen twice changes nothing.
    expect((await seen(back)).statusCode).toBe(204);
    expect(await status(back)).toMatchObject({ handleRemoved: false });
  });

  it('says it again after a later handle is removed too', async () => {
    const user = await aUser(t.db, { handle: 'hs-twice' });
    await removeHandle('hs-twice');
    const back = await aSessionFor(t.db, user);
    await seen(back);
    await t.db.insertInto('handles').values({ handle: 'hs-twice-2', user_id: user.id, created_at: Date.now() }).execute();
    expect(await status(back)).toMatchObject({ status: 'approved', handleRemoved: false });
    await removeHandle('hs-twice-2');
    expect(await status(await aSessionFor(t.db, user))).toMatchObject({ handleRemoved: true });
  });

  it('asks a visitor to sign in, and one person cannot dismiss it for another', async () => {
    expect((await seen(undefined)).statusCode).toBe(401);
    const user = await aUser(t.db, { handle: 'hs-other' });
    await removeHandle('hs-other');
    await seen(await aUser(t.db));
    expect(await status(await aSessionFor(t.db, user))).toMatchObject({ handleRemoved: true });
  });
});
