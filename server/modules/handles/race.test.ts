import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWithOwnerAndAdmin, type TestAppWithOwnerAndAdmin } from '../../../tests/fixtures/app';
import { aHandleRequest, anInvite, as, aUser } from '../../../tests/fixtures/factories';

let t: TestAppWithOwnerAndAdmin;
beforeAll(async () => {
  t = await buildTestAppWithOwnerAndAdmin();
});
afterAll(() => t.close());

const TAKEN = 'This handle is already taken. Please choose another.';
const TAKEN_SHORT = 'This handle is already taken.';

interface Claim {
  kind: 'approve' | 'accept' | 'admin-create' | 'request';
  userId?: string;
  email?: string;
  send(): Promise<LightMyRequestResponse>;
}

/** Shuffles in place so the kinds of claim interleave differently on every run. */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

describe('one handle, many simultaneous claims', () => {
  it.each(['contested', 'second-round'])(
    'gives %s to exactly one claimant; every other claim hears it is taken',
    async (handle) => {
      const claims: Claim[] = [];
      for (let i = 0; i < 25; i++) {
        const user = await aUser(t.db);
        await aHandleRequest(t.db, user, handle);
        claims.push({
          kind: 'approve',
          userId: user.id,
          send: () =>
            t.app.inject(as(t.owner, { method: 'POST', url: `/api/admin/handle-requests/${user.id}/approve`, payload: {} })),
        });
      }
      const invitee = await aUser(t.db, { email: `invitee-${handle}@example.com` });
      await anInvite(t.db, { handle, email: invitee.email, createdBy: t.admin.id });
      claims.push({
        kind: 'accept',
        userId: invitee.id,
        send: () =>
          t.app.inject(
            as(invitee, { method: 'POST', url: `/api/invites/${handle}/accept`, payload: { displayName: 'Invitee' } }),
          ),
      });
      // New requests for the handle while it is being given out: pending (holding nothing) or told it is taken.
      for (let i = 0; i < 12; i++) {
        const user = await aUser(t.db);
        claims.push({
          kind: 'request',
          userId: user.id,
          send: () =>
            t.app.inject(
              as(user, {
                method: 'POST',
                url: '/api/handle-requests',
                payload: { handle, displayName: `Requester ${i}`, usageDescription: 'Our price list' },
              }),
            ),
        });
      }
      for (let i = 0; i < 12; i++) {
        const email = `made-${handle}-${i}@example.com`;
        claims.push({
          kind: 'admin-create',
          email,
          send: () =>
            t.app.inject(
              as(t.admin, { method: 'POST', url: '/api/admin/handles', payload: { handle, email, displayName: `Made ${i}` } }),
            ),
        });
      }
      expect(claims).toHaveLength(50);

      shuffle(claims);
      const responses = await Promise.all(claims.map((claim) => claim.send()));

      const isRequest = (i: number) => claims[i]?.kind === 'request';
      const winners = responses.flatMap((res, i) => (res.statusCode < 300 && !isRequest(i) ? [claims[i] as Claim] : []));
      expect(winners).toHaveLength(1);
      const pending: Claim[] = [];
      responses.forEach((res, i) => {
        if (isRequest(i) && res.statusCode === 201) {
          pending.push(claims[i] as Claim);
          return;
        }
        if (res.statusCode < 300) return;
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(claims[i]?.kind === 'admin-create' ? TAKEN_SHORT : TAKEN);
      });
      // A request that got in before the winner committed is only pending: approving it now says taken.
      for (const request of pending) {
        const approve = await t.app.inject(
          as(t.owner, { method: 'POST', url: `/api/admin/handle-requests/${request.userId}/approve`, payload: {} }),
        );
        expect(approve.statusCode).toBe(409);
        expect(approve.json().message).toBe(TAKEN);
      }

      const owners = await t.db.selectFrom('handles').select('user_id').where('handle', '=', handle).execute();
      expect(owners).toHaveLength(1);
      const winner = winners[0] as Claim;
      if (winner.userId) expect(owners[0]?.user_id).toBe(winner.userId);
      else {
        const made = await t.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', winner.email as string)
          .executeTakeFirstOrThrow();
        expect(owners[0]?.user_id).toBe(made.id);
      }
      // Losing admin-created profiles were rolled back with their claim.
      const made = await t.db.selectFrom('users').select('email').where('email', 'like', `made-${handle}-%`).execute();
      expect(made.length).toBe(winner.kind === 'admin-create' ? 1 : 0);
    },
    60_000,
  );
});
