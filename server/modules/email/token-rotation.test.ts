import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { as, aUser } from '../../../tests/fixtures/factories';

/** Issue 33: unsubscribe tokens never changed; now a preferences change issues a new one. Issue 42: reusable until then (ADR 0213). */
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

  it('stay reusable while valid, by design (ADR 0213): a one-click and its undo, twice, with one token', async () => {
    const person = await aUser(t.db);
    await t.app.inject(as(person, { url: '/api/settings/email' }));
    const token = await tokenOf(person.email);
    const post = (path: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `${path}?token=${token}&category=list-updates`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    for (let i = 0; i < 2; i++) {
      expect((await post('/api/email/unsubscribe', 'List-Unsubscribe=One-Click')).statusCode).toBe(200);
      expect((await post('/api/email/unsubscribe/undo', 'restore=daily')).statusCode).toBe(200);
    }
    expect(await tokenOf(person.email)).toBe(token);
  });

  it('a second rotation ends the first token at once; the second keeps its grace', async () => {
    const person = await aUser(t.db);
    await t.app.inject(as(person, { url: '/api/settings/email' }));
    const first = await tokenOf(person.email);
    const change = (listUpdates: string) =>
      t.app.inject(as(person, { method: 'PUT', url: '/api/settings/email', payload: { listUpdates } }));
    await change('weekly');
    const second = await tokenOf(person.email);
    await change('daily');
    expect((await page(first)).statusCode).toBe(404);
    expect((await page(second)).statusCode).toBe(200);
    expect((await page(await tokenOf(person.email))).statusCode).toBe(200);
  });
});
