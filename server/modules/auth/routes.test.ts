import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../../tests/fixtures/app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAILS: 'boss@example.com', OWNER_EMAIL: 'owner@example.com' });
});
afterAll(() => t.close());

const me = async (cookie?: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} })).json();

describe('sign-in through the development identity provider', () => {
  it('creates the profile from the provider email (lower-cased) and name', async () => {
    const cookie = await signIn(t.app, { email: 'Alice@Example.COM', name: 'Alice Green' });
    expect((await me(cookie)).user).toMatchObject({
      email: 'alice@example.com',
      displayName: 'Alice Green',
      handle: null,
      approved: false,
      admin: false,
      owner: false,
    });
  });

  it('finds the same profile on the next sign-in', async () => {
    const first = (await me(await signIn(t.app, { email: 'bob@example.com', name: 'Bob' }))).user;
    const second = (await me(await signIn(t.app, { email: 'bob@example.com', name: 'Robert' }))).user;
    expect(second.id).toBe(first.id);
    expect(second.displayName).toBe('Bob');
  });

  it('sets the admin flag from ADMIN_EMAILS and the owner from OWNER_EMAIL', async () => {
    expect((await me(await signIn(t.app, { email: 'boss@example.com' }))).user).toMatchObject({ admin: true, owner: false });
    expect((await me(await signIn(t.app, { email: 'owner@example.com' }))).user).toMatchObject({ admin: false, owner: true });
  });

  it('offers no known emails on its page (it would list the admins to anyone who opens it)', async () => {
    const cookies = new Map<string, string>();
    let url = '/api/auth/login';
    let page = '';
    for (let step = 0; step < 6 && !page; step++) {
      const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      for (const c of res.cookies) cookies.set(c.name, c.value);
      const next = typeof res.headers.location === 'string' ? new URL(res.headers.location, 'http://localhost:3000') : null;
      if (next) url = next.pathname + next.search;
      else page = res.body;
    }
    expect(page).toContain('<label for="email">Email</label>');
    expect(page).not.toContain('boss@example.com');
    expect(page).not.toContain('owner@example.com');
    expect(page).not.toMatch(/<datalist|list="/);
  });

  it('gives each sign-in its own session, and sign-out ends only that one', async () => {
    const a = await signIn(t.app, { email: 'carol@example.com' });
    const b = await signIn(t.app, { email: 'carol@example.com' });
    expect(a).not.toBe(b);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: a } });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'freshlist_session')?.value).toBe('');
    expect((await me(a)).user).toBeNull();
    expect((await me(b)).user).not.toBeNull();
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const login = await t.app.inject({ method: 'GET', url: '/api/auth/login' });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toMatch(/^http:\/\/localhost:3000\/oidc\/auth\?.*code_challenge_method=S256/);
    const cookie = await signIn(t.app, { email: 'dave@example.com' });
    expect(cookie).toMatch(/^freshlist_session=[A-Za-z0-9_-]{43}$/);
  });

  it('ignores an unknown or forged session cookie', async () => {
    expect((await me('freshlist_session=forged')).user).toBeNull();
  });

  it('refuses a callback without the sign-in cookie (state cannot be checked)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/callback?code=abc&state=xyz' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login/complete?redirect=%2Fdashboard&error=1');
  });

  it('refuses a callback whose state does not match', async () => {
    const login = await t.app.inject({ method: 'GET', url: '/api/auth/login?redirect=/feed' });
    const loginCookie = login.cookies.find((c) => c.name === 'freshlist_login');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/callback?code=abc&state=wrong',
      headers: { cookie: `freshlist_login=${loginCookie?.value}` },
    });
    expect(res.headers.location).toBe('/login/complete?redirect=%2Ffeed&error=1');
  });

  it('only returns to a path on this site', async () => {
    for (const redirect of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      const login = await t.app.inject({ method: 'GET', url: `/api/auth/login?redirect=${encodeURIComponent(redirect)}` });
      const cookie = login.cookies.find((c) => c.name === 'freshlist_login');
      const signed = t.app.unsignCookie(cookie?.value ?? '');
      expect(JSON.parse(signed.value ?? '{}').redirect).toBe('/dashboard');
    }
  });

  it('refuses cross-site writes', async () => {
    const cookie = await signIn(t.app, { email: 'erin@example.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cross-site requests are not accepted.');
    expect((await me(cookie)).user).not.toBeNull();
  });
});
