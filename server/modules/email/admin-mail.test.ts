import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES } from '../../../core/email';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { as, aUser, type TestUser } from '../../../tests/fixtures/factories';

/** Issue 33: admin mail had no rate limit, and sending a delivered mail again delivered it twice. */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await aUser(t.db, { admin: true });
});
afterAll(() => t.close());

async function aMail(state: 'sent' | 'failed'): Promise<number> {
  const row = await t.db
    .insertInto('email_outbox')
    .values({
      kind: 'invite',
      user_id: null,
      to_address: 'someone@example.com',
      payload: JSON.stringify({ handle: 'some-shop', displayName: 'Some Shop' }),
      dedupe_key: null,
      topic: null,
      state,
      scheduled_at: 1,
      next_attempt_at: 1,
      lease_until: null,
      last_error: state === 'failed' ? '550 no such mailbox' : null,
      recipient: 'someone@example.com',
      subject: 'You are invited',
      html: '<p>Hi</p>',
      text: 'Hi',
      created_at: 1,
      sent_at: state === 'sent' ? 2 : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
const stateOf = async (id: number) =>
  (await t.db.selectFrom('email_outbox').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
const retry = (id: number, who = admin) => t.app.inject(as(who, { method: 'POST', url: `/api/admin/email/${id}/retry` }));

describe('admin mail', () => {
  it('sends a failed mail again, and never a delivered one', async () => {
    const delivered = await aMail('sent');
    const refused = await retry(delivered);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(EMAIL_MESSAGES.notRetryable);
    expect(await stateOf(delivered)).toBe('sent');

    const failed = await aMail('failed');
    expect((await retry(failed)).statusCode).toBe(200);
    expect(await stateOf(failed)).toBe('queued');
    // Pressed twice: the second finds it on its way.
    expect((await retry(failed)).statusCode).toBe(409);
  });

  it('is limited per admin: invites and retries alike', async () => {
    const busy = await aUser(t.db, { admin: true });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject(
        as(busy, {
          method: 'POST',
          url: '/api/admin/invites',
          payload: { handle: `invited-${i}`, email: `invited-${i}@example.com`, displayName: `Invited ${i}` },
        }),
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another admin's allowance is their own.
    expect((await retry(await aMail('failed'))).statusCode).toBe(200);
  });
});
