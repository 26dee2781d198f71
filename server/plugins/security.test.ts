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

describe('request bodies', () => {
  it('refuses a form-encoded body on a JSON endpoint and stores nothing', async () => {
    const author = await aUser(t.db, { handle: 'form-body-author' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie: author.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ url: 'https://drive.google.com/file/d/abc', description: 'Form' }).toString(),
    });
    expect(res.statusCode).toBe(415);
    expect(typeof res.json().message).toBe('string');
    const posts = await t.db.selectFrom('posts').select('id').where('user_id', '=', author.id).execute();
    expect(posts).toEqual([]);
  });
});
