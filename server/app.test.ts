import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../tests/fixtures/app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the server', () => {
  it('answers health and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
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

  it('tags every response with a request id', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
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
