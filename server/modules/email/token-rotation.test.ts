import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { as, aUser } from '../../../tests/fixtures/factories';

/** Issue 33: unsubscribe tokens never changed; now a preferences change issues a new one. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const tokenOf = async (email: string) =>
  (await t.db.selectFrom('email_preferences').select('unsubscribe_token').where('email', '=', email).executeTakeFirstOrThrow())
    .unsubscribe_token;
const page = (token: string) => t.app.inject({ url: `/api/email/unsubscribe?token=${token}&category=list-updates` });

describe('unsubscribe tokens', () => {
  it('are new after the person changes their preferences; the old one works 30 days more, then not', async () => {
    const person = await aUser(t.db);
    expect((await t.app.inject(as(person, { url: '/api/settings/email' }))).statusCode).toBe(200);
    const first = await tokenOf(person.email);
    expect((await page(first)).statusCode).toBe(200);

    const change = await t.app.inject(
      as(person, { method: 'PUT', url: '/api/settings/email', payload: { listUpdates: 'weekly' } }),
    );
    expect(change.statusCode).toBe(200);
    const second = await tokenOf(person.email);
    expect(second).not.toBe(first);
    expect((await page(second)).statusCode).toBe(200);
    // A mail sent before the change still unsubscribes.
    expect((await page(first)).statusCode).toBe(200);

    await t.db
      .updateTable('email_preferences')
      .set({ previous_token_until: Date.now() - 1 })
      .where('email', '=', person.email)
      .execute();
    expect((await page(first)).statusCode).toBe(404);
    expect((await page(second)).statusCode).toBe(200);
  });
});
