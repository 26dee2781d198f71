import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../tests/fixtures/app';
import { buildApp } from './app';
import { loadConfig } from './config';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the server', () => {
  it('answers health and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready', role: 'all' });
  });

  it('answers an unknown API route with 404 JSON', async () => {
    const res = await t.app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not Found', message: 'No route GET /api/no-such-thing' });
  });

  it('answers malformed JSON with a readable 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/JSON/);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const res = await t.app.inject('/healthz');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends the same security headers with errors, unknown paths, pages and the development provider', async () => {
    const expected = (await t.app.inject('/healthz')).headers['content-security-policy'];
    const answers = await Promise.all([
      t.app.inject('/api/no-such-route'),
      t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'content-type': 'application/json' }, payload: '{' }),
      t.app.inject('/explore'),
      // The development provider answers on the raw response (the sign-in popup's pages).
      t.app.inject('/oidc/.well-known/openid-configuration'),
    ]);
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toBe(expected);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('tags every response with a request id', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('ignores a client-sent X-Request-Id unless TRUST_PROXY says a proxy sets it', async () => {
    const forged = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'forged-id' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: TEST_PUBLIC_URL, LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1' });
    const proxied = await buildApp(config, { database: t.shared, closeDatabase: false, logger: false });
    try {
      const res = await proxied.inject({ url: '/healthz', headers: { 'x-request-id': 'from-the-proxy' } });
      expect(res.headers['x-request-id']).toBe('from-the-proxy');
    } finally {
      await proxied.close();
    }
  });
});

describe('request logs', () => {
  /** The server on the file's database with its log lines captured, and a route that fails. */
  async function loggedApp(env: Record<string, string>) {
    const lines: Array<Record<string, unknown>> = [];
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: TEST_PUBLIC_URL, ...env });
    const database = t.shared;
    const app = await buildApp(config, {
      database,
      closeDatabase: false,
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    app.get('/fails', async () => {
      throw new Error('broken on purpose');
    });
    await app.ready();
    const about = (url: string) => lines.filter((line) => (line.req as { url?: string } | undefined)?.url === url);
    return { app, lines, about };
  }

  it('at info, writes nothing for a quick answer and one line with the address and status for a 5xx', async () => {
    const { app, lines, about } = await loggedApp({ LOG_LEVEL: 'info' });
    try {
      expect((await app.inject('/healthz')).statusCode).toBe(200);
      expect((await app.inject('/api/no-such-thing')).statusCode).toBe(404);
      expect((await app.inject('/fails')).statusCode).toBe(500);
      expect(about('/healthz')).toEqual([]);
      expect(about('/api/no-such-thing')).toEqual([]);
      expect(about('/fails')).toEqual([
        expect.objectContaining({ level: 50, msg: 'server error', res: { statusCode: 500 }, responseTime: expect.any(Number) }),
      ]);
      // The error handler still logs the error itself, with the request id the client was given.
      const failure = lines.find((line) => (line.err as { message?: string } | undefined)?.message === 'broken on purpose');
      expect(failure).toMatchObject({ level: 50, msg: 'request failed' });
    } finally {
      await app.close();
    }
  });

  it('logs a response slower than LOG_SLOW_MS as a warning', async () => {
    const { app, about } = await loggedApp({ LOG_LEVEL: 'info', LOG_SLOW_MS: '0' });
    try {
      await app.inject('/healthz');
      expect(about('/healthz')).toEqual([expect.objectContaining({ level: 40, msg: 'slow response', res: { statusCode: 200 } })]);
    } finally {
      await app.close();
    }
  });

  it('at debug, logs every request as it comes in and as it completes', async () => {
    const { app, lines } = await loggedApp({ LOG_LEVEL: 'debug' });
    try {
      const res = await app.inject('/healthz');
      const ours = lines.filter((line) => line.reqId === res.headers['x-request-id']);
      expect(ours.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    } finally {
      await app.close();
    }
  });
});

describe('the built web app', () => {
  it('caches hashed assets for good and revalidates everything else', async () => {
    const root = mkdtempSync(join(tmpdir(), 'freshlist-web-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><html><head><title>Freshlist</title></head><body></body></html>');
    writeFileSync(join(root, 'assets', 'index-AbC123.js'), 'console.log(1)');
    writeFileSync(join(root, 'favicon.ico'), 'icon');
    const web = await buildTestApp({}, { webRoot: root });
    try {
      const asset = await web.app.inject('/assets/index-AbC123.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const icon = await web.app.inject('/favicon.ico');
      expect(icon.headers['cache-control']).toBe('no-cache');
    } finally {
      await web.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
