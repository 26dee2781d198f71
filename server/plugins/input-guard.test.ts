import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../tests/fixtures/app';
import { as, aUser } from '../../tests/fixtures/factories';
import { NUL_MESSAGE } from './input-guard';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ OWNER_EMAIL: 'owner@example.com' });
});
afterAll(() => t.close());

describe('hostile input the fuzzer found', () => {
  it('refuses a null character in a path parameter with a message, not a database failure', async () => {
    const owner = await aUser(t.db, { email: 'owner@example.com', admin: true });
    const res = await t.app.inject(as(owner, { method: 'DELETE', url: '/api/admin/handles/%00' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NUL_MESSAGE);
  });

  it('refuses a null character anywhere in a JSON body, however deep', async () => {
    const user = await aUser(t.db);
    const res = await t.app.inject(
      as(user, {
        method: 'POST',
        url: '/api/handle-requests',
        payload: { handle: 'nul-test', displayName: 'Nul', usageDescription: 'x', extra: [[{ deep: 'a\u0000b' }]] },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NUL_MESSAGE);
  });

  it('answers deeply nested JSON with a 400', async () => {
    const user = await aUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/handle-requests',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });

  it('answers an address that does not decode without echoing it back', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/forms/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message: 'The address is not valid.' });
  });
});
