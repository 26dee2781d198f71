import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestAppWithOwnerAndAdmin, signIn, signInLanding, type TestAppWithOwnerAndAdmin } from '../../../tests/fixtures/app';
import { aSessionFor, as, aUser } from '../../../tests/fixtures/factories';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { Changes } from '../../plugins/db-changes';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../plugins/session';

/**
 * Session lifecycle (OWASP ASVS 5.0 V7) and the web-security rules around it (V3, V10): rotation
 * at sign-in, sign-out, idle and absolute timeouts, ending sessions on deletion, revocation or by
 * an admin, cookie attributes, cross-site writes. Timeouts are checked by back-dating the row.
 */
let t: TestAppWithOwnerAndAdmin;
beforeAll(async () => {
  t = await buildTestAppWithOwnerAndAdmin();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
const sessionIdOf = (cookie: string) => createHash('sha256').update(tokenOf(cookie)).digest('hex');

const me = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().user as { id: string } | null;
/** A route only signed-in people may use: 200 with a live session, 401 without. */
const followsStatus = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/following', headers: { cookie } })).statusCode;

async function backDate(cookie: string, fields: { last_seen_at?: number; created_at?: number; expires_at?: number }) {
  await t.db.updateTable('sessions').set(fields).where('id', '=', sessionIdOf(cookie)).execute();
}

describe('session id at sign-in and sign-out', () => {
  it('gives a new session id at sign-in and ends the one the browser had before', async () => {
    const before = await signIn(t.app, { email: 'rotate@example.com' });
    const after = await signIn(t.app, { email: 'rotate@example.com' }, '/dashboard', before);
    expect(tokenOf(after)).not.toBe(tokenOf(before));
    expect((await me(after))?.id).toBeDefined();
    expect(await me(before)).toBeNull();
    expect(await followsStatus(before)).toBe(401);
  });

  it('never makes a token planted before sign-in valid (session fixation)', async () => {
    const planted = 'freshlist_session=AttackerChosenTokenAttackerChosenTokenAttack';
    const cookie = await signIn(t.app, { email: 'fixation@example.com' }, '/dashboard', planted);
    expect(cookie).not.toBe(planted);
    expect(await me(planted)).toBeNull();
    expect(await t.db.selectFrom('sessions').select('id').where('id', '=', sessionIdOf(planted)).execute()).toEqual([]);
  });

  it('refuses the old cookie after sign-out, even replayed by hand', async () => {
    const cookie = await signIn(t.app, { email: 'signout@example.com' });
    expect(await followsStatus(cookie)).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(await followsStatus(cookie)).toBe(401);
    expect(await t.db.selectFrom('sessions').select('id').where('id', '=', sessionIdOf(cookie)).execute()).toEqual([]);
  });
});

describe('timeouts', () => {
  it(`ends a session idle for ${SESSION_IDLE_MS / DAY} days, and keeps one used within them alive`, async () => {
    const idle = await aUser(t.db);
    await backDate(idle.cookie, { last_seen_at: Date.now() - SESSION_IDLE_MS - 1000 });
    expect(await me(idle.cookie)).toBeNull();
    expect(await followsStatus(idle.cookie)).toBe(401);

    const recent = await aUser(t.db);
    const lastSeen = Date.now() - SESSION_IDLE_MS + DAY;
    await backDate(recent.cookie, { last_seen_at: lastSeen });
    expect((await me(recent.cookie))?.id).toBe(recent.id);
    // Using it moves the idle clock: the day that was left becomes 14 again (written within a second, in a batch).
    await vi.waitFor(
      async () => {
        const row = await t.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('id', '=', sessionIdOf(recent.cookie))
          .executeTakeFirstOrThrow();
        expect(Number(row.last_seen_at)).toBeGreaterThan(Date.now() - 60_000);
      },
      { timeout: 5_000, interval: 100 },
    );
  });

  it(`ends a session ${SESSION_ABSOLUTE_MS / DAY} days after sign-in even when used every day`, async () => {
    const cookie = await signIn(t.app, { email: 'absolute@example.com' });
    const row = await t.db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at'])
      .where('id', '=', sessionIdOf(cookie))
      .executeTakeFirstOrThrow();
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(SESSION_ABSOLUTE_MS);

    const signedInAt = Date.now() - SESSION_ABSOLUTE_MS - 1000;
    await backDate(cookie, { created_at: signedInAt, expires_at: signedInAt + SESSION_ABSOLUTE_MS, last_seen_at: Date.now() });
    expect(await me(cookie)).toBeNull();
    expect(await followsStatus(cookie)).toBe(401);
  });

  it('sets the cookie HttpOnly and SameSite=Lax, and tells the browser to drop it at the absolute timeout', async () => {
    const { setCookie } = await signInLanding(t.app, { email: 'maxage@example.com' });
    expect(setCookie.split('; ')).toEqual(
      expect.arrayContaining([`Max-Age=${SESSION_ABSOLUTE_MS / 1000}`, 'Path=/', 'HttpOnly', 'SameSite=Lax']),
    );
    expect(setCookie).not.toMatch(/; Secure/);
  });
});

describe('ending a person’s sessions', () => {
  it('ends every session of a deleted user', async () => {
    const gone = await aUser(t.db, { handle: 'gone-soon' });
    const phone = await aSessionFor(t.db, gone);
    const res = await t.app.inject(as(t.admin, { method: 'DELETE', url: `/api/admin/users/${gone.id}` }));
    expect(res.statusCode).toBe(200);
    expect(await me(gone.cookie)).toBeNull();
    expect(await me(phone.cookie)).toBeNull();
  });

  it('ends every session of a user whose handle is revoked (deleted by the owner)', async () => {
    const revoked = await aUser(t.db, { handle: 'revoked-shop' });
    const phone = await aSessionFor(t.db, revoked);
    const res = await t.app.inject(as(t.owner, { method: 'DELETE', url: '/api/admin/handles/revoked-shop' }));
    expect(res.statusCode).toBe(200);
    expect(await me(revoked.cookie)).toBeNull();
    expect(await me(phone.cookie)).toBeNull();
    // They can sign in again, without the handle.
    const again = await aSessionFor(t.db, revoked);
    expect(await me(again.cookie)).toMatchObject({ id: revoked.id, handle: null, approved: false });
  });

  it('lets an admin end all of a user’s sessions, and nobody else’s', async () => {
    const user = await aUser(t.db);
    const laptop = await aSessionFor(t.db, user);
    const bystander = await aUser(t.db);
    const res = await t.app.inject(as(t.admin, { method: 'DELETE', url: `/api/admin/users/${user.id}/sessions` }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect(await me(user.cookie)).toBeNull();
    expect(await me(laptop.cookie)).toBeNull();
    expect((await me(bystander.cookie))?.id).toBe(bystander.id);
    expect((await me(t.admin.cookie))?.id).toBe(t.admin.id);

    const again = await t.app.inject(as(t.admin, { method: 'DELETE', url: `/api/admin/users/${user.id}/sessions` }));
    expect(again.json()).toEqual({ ended: 0 });
    const audit = await t.db
      .selectFrom('admin_audit_log')
      .select(['action', 'target', 'actor_email'])
      .where('action', '=', 'user.sessions-end')
      .where('target', '=', user.email)
      .execute();
    expect(audit).toEqual([
      { action: 'user.sessions-end', target: user.email, actor_email: t.admin.email },
      { action: 'user.sessions-end', target: user.email, actor_email: t.admin.email },
    ]);
  });

  it('refuses ending sessions to non-admins, and says when the user does not exist', async () => {
    const user = await aUser(t.db);
    const other = await aUser(t.db);
    const refused = await t.app.inject(as(user, { method: 'DELETE', url: `/api/admin/users/${other.id}/sessions` }));
    expect(refused.statusCode).toBe(403);
    expect((await me(other.cookie))?.id).toBe(other.id);
    const unknown = await t.app.inject(
      as(t.admin, { method: 'DELETE', url: '/api/admin/users/7b0c5f9e-6a7e-4b8a-9d86-4a0f7f1c2d3e/sessions' }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found.');
  });
});

/**
 * Walks the sign-in as a browser would, up to the provider's redirect back to us, and stops there:
 * the test decides what reaches the callback.
 */
async function upToCallback(email: string): Promise<{ callback: URL; loginCookie: string }> {
  const jar = new Map<string, string>();
  let url = '/api/auth/login?redirect=%2Ffeed';
  for (let step = 0; step < 10; step++) {
    const isForm = url.startsWith('/oidc/interaction/');
    const res = await t.app.inject({
      method: isForm ? 'POST' : 'GET',
      url,
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(isForm ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(isForm ? { payload: new URLSearchParams({ email, name: 'Tamper' }).toString() } : {}),
    });
    for (const c of res.cookies as Array<{ name: string; value: string }>) jar.set(c.name, c.value);
    const next = new URL(String(res.headers.location), 'http://localhost:3000');
    if (next.pathname === '/api/auth/callback') return { callback: next, loginCookie: jar.get('freshlist_login') ?? '' };
    url = next.pathname + next.search;
  }
  throw new Error('never reached the callback');
}

const callback = (url: URL, loginCookie: string) =>
  t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { cookie: `freshlist_login=${loginCookie}` } });

/** The sign-in cookie with one field of the transaction changed, signed as the server would. */
function tampered(loginCookie: string, change: Record<string, string>): string {
  const transaction = JSON.parse(t.app.unsignCookie(loginCookie).value ?? '{}');
  return t.app.signCookie(JSON.stringify({ ...transaction, ...change }));
}

describe('the callback checks what the provider sent (state, PKCE, nonce, issuer, one use per code)', () => {
  const failed = (res: { statusCode: number; headers: Record<string, unknown>; cookies: Array<{ name: string }> }) => {
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login/complete?redirect=%2Ffeed&error=1');
    expect(res.cookies.find((c) => c.name === 'freshlist_session')).toBeUndefined();
  };

  it('signs in when nothing was changed (the baseline the others differ from)', async () => {
    const { callback: url, loginCookie } = await upToCallback('baseline@example.com');
    const res = await callback(url, loginCookie);
    expect(res.headers.location).toBe('/login/complete?redirect=%2Ffeed&new=1');
    expect(res.cookies.find((c) => c.name === 'freshlist_session')?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The same code again: the provider has spent it.
    failed(await callback(url, loginCookie));
  });

  it.each([
    ['another state', { state: 'attacker-state' }],
    ['another PKCE verifier', { verifier: 'attacker-verifier-attacker-verifier-attacker-verifier' }],
    ['another nonce', { nonce: 'attacker-nonce' }],
  ])('refuses the callback for a sign-in started with %s', async (_name, change) => {
    const { callback: url, loginCookie } = await upToCallback('tampered@example.com');
    failed(await callback(url, tampered(loginCookie, change)));
  });

  it('refuses an answer that names another issuer', async () => {
    const { callback: url, loginCookie } = await upToCallback('issuer@example.com');
    url.searchParams.set('iss', 'https://evil.example');
    failed(await callback(url, loginCookie));
  });
});

describe('sign-in redirects', () => {
  it.each(['//evil.example', '/\\evil.example', 'https://evil.example', '/%2F%2Fevil.example'])(
    'sends /login?redirect=%s to /dashboard after sign-in',
    async (redirect) => {
      const { landing } = await signInLanding(t.app, { email: 'redirect@example.com' }, redirect);
      expect(landing.searchParams.get('redirect')).toBe('/dashboard');
    },
  );
});

describe('cross-site writes', () => {
  let csrfAuthors = 0;
  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
  ])('refuses a POST with %s and stores nothing', async (_name, headers) => {
    csrfAuthors += 1;
    const author = await aUser(t.db, { handle: `csrf-author-${csrfAuthors}` });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie: author.cookie, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({ url: 'https://drive.google.com/file/d/abc', description: 'Forged' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cross-site requests are not accepted.');
    expect(await t.db.selectFrom('posts').select('id').where('user_id', '=', author.id).execute()).toEqual([]);
  });

  it('accepts the same POST from this site', async () => {
    const author = await aUser(t.db, { handle: 'same-site-shop' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: {
        cookie: author.cookie,
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        'sec-fetch-site': 'same-origin',
      },
      payload: JSON.stringify({ url: 'https://drive.google.com/file/d/abc', description: 'Real' }),
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('sessions answered from memory (docs/decisions/0065)', () => {
  it('asks the database on every write, so a session ended elsewhere cannot post before the news arrives', async () => {
    // This app hears notices of its own: changes through t.db go unheard, as a change by another
    // process is until its notice arrives.
    const changes = new Changes(true);
    const app = await buildApp(t.config, { database: { ...t.shared, changes }, logger: false, closeDatabase: false });
    try {
      const author = await aUser(t.db, { handle: 'ended-elsewhere' });
      const meHere = async () =>
        (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: author.cookie } })).json().user;
      expect((await meHere())?.id).toBe(author.id);
      await t.db.deleteFrom('sessions').where('user_id', '=', author.id).execute();
      expect((await meHere())?.id).toBe(author.id);
      const post = await app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: { cookie: author.cookie, 'content-type': 'application/json', origin: 'http://localhost:3000' },
        payload: JSON.stringify({ url: 'https://drive.google.com/file/d/abc', description: 'After the end' }),
      });
      expect(post.statusCode).toBe(401);
      expect(await t.db.selectFrom('posts').select('id').where('user_id', '=', author.id).execute()).toEqual([]);
      changes.heard(`sessions user:${author.id}`);
      expect(await meHere()).toBeNull();
    } finally {
      await app.close();
    }
  });

  it('asks the database every time with READ_CACHE_ENTRIES=0', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
      READ_CACHE_ENTRIES: '0',
    });
    const app = await buildApp(config, {
      database: { ...t.shared, changes: new Changes(true) },
      logger: false,
      closeDatabase: false,
    });
    try {
      const user = await aUser(t.db);
      const meHere = async () =>
        (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: user.cookie } })).json().user;
      expect((await meHere())?.id).toBe(user.id);
      await t.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
      expect(await meHere()).toBeNull();
    } finally {
      await app.close();
    }
  });

  it('ends a session read from memory at its absolute timeout, not up to a minute later', async () => {
    const user = await aUser(t.db);
    await backDate(user.cookie, { expires_at: Date.now() + 5_000 });
    expect((await me(user.cookie))?.id).toBe(user.id);
    const later = Date.now() + 10_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      expect(await me(user.cookie)).toBeNull();
    } finally {
      clock.mockRestore();
    }
  });
});

/** A second app on this file's database (it stays open when that app closes). */
const sharedDatabase = () => t.shared;

describe('in production', () => {
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://freshlist.example',
    SESSION_SECRET: 'x'.repeat(40),
    MAIL_FROM: 'Freshlist <hello@freshlist.example>',
    SMTP_URL: 'smtp://mail.example:587',
    EMAIL_POLL_MS: '0',
    LOG_LEVEL: 'silent',
  };

  it('names the cookie __Host-, and sets it Secure, HttpOnly, SameSite=Lax, Path=/', async () => {
    const config = loadConfig({ ...production, OIDC_ISSUER: 'https://accounts.example', OIDC_CLIENT_ID: 'freshlist' });
    const app = await buildApp(config, { database: sharedDatabase(), logger: false, closeDatabase: false });
    try {
      const user = await aUser(t.db);
      const token = tokenOf(user.cookie);
      const meWith = async (cookie: string) =>
        (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().user;
      expect(await meWith(`freshlist_session=${token}`)).toBeNull();
      expect((await meWith(`__Host-freshlist_session=${token}`))?.id).toBe(user.id);
      const out = await app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: `__Host-freshlist_session=${token}`, origin: 'https://freshlist.example' },
      });
      expect(out.statusCode).toBe(204);
      const setCookie = String(out.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-freshlist_session=;/);
      expect(setCookie.split('; ')).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax']));
      expect(setCookie).not.toMatch(/Domain=/i);
      expect(await meWith(`__Host-freshlist_session=${token}`)).toBeNull();
    } finally {
      await app.close();
    }
  });

  it('never starts the development identity provider', async () => {
    expect(() => loadConfig(production)).toThrow(/^OIDC_ISSUER: is required when NODE_ENV=production/);
    // Even a configuration built by hand, past loadConfig's check, is refused at start.
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), env: 'production' as const };
    await expect(buildApp(config, { database: sharedDatabase(), logger: false, closeDatabase: false })).rejects.toThrow(
      'The development identity provider cannot run with NODE_ENV=production.',
    );
    // Nor one that listens beyond loopback.
    const open = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), host: '0.0.0.0' };
    await expect(buildApp(open, { database: sharedDatabase(), logger: false, closeDatabase: false })).rejects.toThrow(
      'The development identity provider runs only on a local server',
    );
  });
});
