import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../tests/fixtures/app';
import { aChatForm, aUser } from '../../tests/fixtures/factories';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { RENDER_LIMIT } from './pages';

/**
 * Issue 42: behind one nginx (the documented recipe), a client that writes its own
 * X-Forwarded-For must still be counted at the address nginx saw, never at the value it wrote.
 */
let t: TestApp;
let formId: string;
beforeAll(async () => {
  t = await buildTestApp();
  formId = await aChatForm(t.db, await aUser(t.db, { handle: 'proxy-form-owner' }));
});
afterAll(() => t.close());

const PROXY = '127.0.0.1';
const CLIENT = '203.0.113.9';
/** What nginx forwards: the client's own header, then `$remote_addr` appended (proxy_add_x_forwarded_for). */
const throughNginx = (written: string) => ({ remoteAddress: PROXY, headers: { 'x-forwarded-for': `${written}, ${CLIENT}` } });
const forged = (i: number) => `198.51.100.${i}`;

/** The server with TRUST_PROXY set, on this file's data, with a route that asks the page-render limit. */
async function proxiedApp(trustProxy: string): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: TEST_PUBLIC_URL, LOG_LEVEL: 'silent', TRUST_PROXY: trustProxy });
  const app = await buildApp(config, { database: t.shared, closeDatabase: false, logger: false });
  const renderLimit = app.createRateLimit(RENDER_LIMIT);
  app.get('/test/render-limit', async (request) => ({ ip: request.ip, exempt: (await renderLimit(request)).isAllowed }));
  await app.ready();
  return app;
}

describe.each(['127.0.0.1', 'loopback', '1'])('TRUST_PROXY=%s behind one nginx', (trustProxy) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await proxiedApp(trustProxy);
  });
  afterAll(() => app.close());

  it('counts form submissions at the client nginx saw, whatever X-Forwarded-For it writes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const via = throughNginx(forged(i));
      const res = await app.inject({
        method: 'POST',
        url: `/api/forms/${formId}/submissions`,
        remoteAddress: via.remoteAddress,
        headers: { ...via.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ answers: { name: 'A', order: 'B' }, idempotencyKey: randomUUID() }),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429, 429]);
  });

  it('counts sign-ins at the client nginx saw', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      statuses.push((await app.inject({ method: 'GET', url: '/api/auth/login', ...throughNginx(forged(i)) })).statusCode);
    }
    expect(statuses.filter((status) => status === 302)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);
  });

  it('gives the page-render exemption to the machine itself, not to a client that writes 127.0.0.1', async () => {
    const spoofed = (await app.inject({ url: '/test/render-limit', ...throughNginx('127.0.0.1') })).json();
    expect(spoofed).toEqual({ ip: CLIENT, exempt: false });
    const own = (await app.inject({ url: '/test/render-limit', remoteAddress: PROXY })).json();
    expect(own).toEqual({ ip: PROXY, exempt: true });
  });
});

describe('TRUST_PROXY naming the proxy', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await proxiedApp('10.0.0.5');
  });
  afterAll(() => app.close());

  it('believes no X-Forwarded-For from a client that reaches the server around the proxy', async () => {
    const res = await app.inject({
      url: '/test/render-limit',
      remoteAddress: CLIENT,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.json()).toEqual({ ip: CLIENT, exempt: false });
  });
});

describe('TRUST_PROXY values', () => {
  const load = (value: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value });

  it('takes nothing by default, a number of hops, or addresses, ranges and named ranges', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toBe(false);
    expect(load('false').trustProxy).toBe(false);
    expect(load('2').trustProxy).toBe(2);
    expect(load(' 10.0.0.0/8, loopback ,::1 ').trustProxy).toEqual(['10.0.0.0/8', 'loopback', '::1']);
  });

  it.each([
    ['true', /^TRUST_PROXY: true would believe any client; name the proxy/],
    ['yes', /^TRUST_PROXY: "yes" is not an address/],
    ['10.0.0.0/33', /^TRUST_PROXY: "10.0.0.0\/33" is not an address/],
    ['11', /^TRUST_PROXY: must be at most 10 hops$/],
  ])('refuses %s with one line naming the variable', (value, message) => {
    expect(() => load(value)).toThrow(message);
    try {
      load(value);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });
});
