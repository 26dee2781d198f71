import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../tests/fixtures/app';
import { aUser } from '../../tests/fixtures/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the cross-site write check', () => {
  it.each(['/%61pi/auth/logout', '/%61%70%69/auth/logout', '/api/auth/%6cogout'])(
    'decides on the routed path: %s from another site is refused and the session lives on',
    async (url) => {
      const person = await aUser(t.db);
      const forged = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: person.cookie, origin: 'https://evil.example' },
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().message).toBe('Cross-site requests are not accepted.');
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: person.cookie } });
      expect(me.json().user?.id).toBe(person.id);
    },
  );
});
