import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../tests/fixtures/app';

/**
 * Issue 42: a local development server reached through a reverse proxy on the same machine must
 * not serve the any-email sign-in or the mailbox to the names the proxy answers for.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DEVELOPMENT_PATHS = [
  '/oidc/.well-known/openid-configuration',
  '/oidc/interaction/some-uid',
  '/dev/mailbox',
  '/dev/mailbox/1',
];
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('the development sign-in and mailbox behind a reverse proxy', () => {
  it.each(DEVELOPMENT_PATHS)('refuses %s when the request names a public host', async (url) => {
    const publicRequests: Record<string, string>[] = [
      { host: 'freshlist.example' },
      { host: 'freshlist.example:443' },
      { host: 'localhost:3000', 'x-forwarded-host': 'freshlist.example' },
      { host: 'localhost:3000', forwarded: 'for=203.0.113.9;host=freshlist.example;proto=https' },
      { host: 'localhost.freshlist.example' },
    ];
    for (const headers of publicRequests) {
      const res = await get(url, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().message).toBe(
        'The development sign-in and mailbox answer only at a localhost address (http://localhost:PORT).',
      );
    }
  });

  it('refuses the sign-in a proxied visitor is sent to, and the form that would sign anyone in', async () => {
    const post = await t.app.inject({
      method: 'POST',
      url: '/oidc/interaction/some-uid',
      headers: { host: 'freshlist.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=anyone%40example.com',
    });
    expect(post.statusCode).toBe(403);
  });

  it.each(['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'app.localhost:3000'])('serves them at %s', async (host) => {
    expect((await get('/dev/mailbox', { host })).statusCode).toBe(200);
    expect((await get('/oidc/.well-known/openid-configuration', { host })).statusCode).toBe(200);
  });
});
