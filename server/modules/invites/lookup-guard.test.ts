import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { anInvite, as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { INVITE_GUARD_ADDRESSES, INVITE_MISS_WINDOW_MS, INVITE_MISSES_ALLOWED, inviteLookupGuard } from './lookup-guard';

/** Guessing invite links (issue 42): one answer for unknown and used invites, and a bound per address. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const view = (user: TestUser | undefined, handle: string, remoteAddress: string) =>
  t.app.inject({ ...as(user, { url: `/api/invites/${handle}` }), remoteAddress });
const accept = (user: TestUser, handle: string, remoteAddress: string) =>
  t.app.inject({
    ...as(user, { method: 'POST', url: `/api/invites/${handle}/accept`, payload: { displayName: 'Guess' } }),
    remoteAddress,
  });
const shape = (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => ({
  status: res.statusCode,
  body: res.body,
  type: res.headers['content-type'],
});

describe('invite lookups', () => {
  it('answer an unknown and a used invite alike, to visitors and signed-in people, on view and accept', async () => {
    const acceptor = await aUser(t.db);
    await anInvite(t.db, { handle: 'guard-used', email: acceptor.email, acceptedBy: acceptor.id });
    const guesser = await aUser(t.db);
    for (const user of [undefined, guesser]) {
      expect(shape(await view(user, 'guard-used', '10.0.0.1'))).toEqual(shape(await view(user, 'guard-never', '10.0.0.2')));
    }
    expect(shape(await accept(guesser, 'guard-used', '10.0.0.3'))).toEqual(
      shape(await accept(guesser, 'guard-never', '10.0.0.4')),
    );
  });

  it('refuse an address past its misses, whichever account asks and whether the invite exists', async () => {
    await anInvite(t.db, { handle: 'guard-real', email: 'real@example.com' });
    const accounts = [await aUser(t.db), await aUser(t.db), await aUser(t.db)];
    for (let i = 0; i < INVITE_MISSES_ALLOWED; i += 1) {
      const res = await view(accounts[i % accounts.length], `guess-${i}`, '10.0.1.1');
      expect(res.statusCode).toBe(404);
    }
    const refused = [
      await view(undefined, 'guard-real', '10.0.1.1'),
      await view(accounts[0], 'guess-next', '10.0.1.1'),
      await accept(accounts[1] as TestUser, 'guess-next', '10.0.1.1'),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Too many invite links that lead nowhere/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(shape(refused[0] as never)).toEqual(shape(refused[1] as never));
    // Another address is not affected.
    expect((await view(undefined, 'guard-real', '10.0.1.2')).statusCode).toBe(200);
  });

  it('forget an address after the window, and remember a bounded number of addresses', () => {
    let clock = 0;
    const guard = inviteLookupGuard(() => clock);
    for (let i = 0; i < INVITE_MISSES_ALLOWED; i += 1) guard.miss('a');
    expect(() => guard.check('a')).toThrow(/Too many invite links/);
    clock += INVITE_MISS_WINDOW_MS;
    expect(() => guard.check('a')).not.toThrow();
    for (let i = 0; i < INVITE_GUARD_ADDRESSES + 5; i += 1) guard.miss(`addr-${i}`);
    expect(guard.size()).toBe(INVITE_GUARD_ADDRESSES);
  });
});
