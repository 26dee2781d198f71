import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../tests/fixtures/app';

/** Issue 33: a visitor got 400 with field messages from write routes that validated their input before asking who it was. */
const writes: RouteOptions[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      onRoute: (route) => {
        const methods = [route.method].flat();
        if (route.url.startsWith('/api/') && methods.some((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m))) writes.push(route);
      },
    },
  );
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'not-an-id').replace('*', 'x');

describe('a visitor writing to the API', () => {
  it('gets 401 before any field is checked, on every write that needs a signed-in person', async () => {
    const guarded = writes.filter((route) => !route.config?.visitors);
    expect(guarded.length).toBeGreaterThan(30);
    for (const route of guarded) {
      for (const method of [route.method].flat().filter((m) => m !== 'HEAD')) {
        const res = await t.app.inject({
          method: method as 'POST',
          url: concrete(route.url),
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ description: 12, handle: '', answers: 'x', events: 7 }),
        });
        const message = route.config?.signInMessage ?? 'Please sign in.';
        expect([method, route.url, res.statusCode, res.json().message]).toEqual([method, route.url, 401, message]);
      }
    }
  });

  it('still reaches the writes anyone may send, which check their input as before', async () => {
    const open = writes.filter((route) => route.config?.visitors).map((r) => `${[r.method].flat().join()} ${r.url}`);
    expect(open.sort()).toEqual([
      'POST /api/analytics/events',
      'POST /api/auth/logout',
      'POST /api/email/unsubscribe',
      'POST /api/email/unsubscribe/undo',
      'POST /api/forms/:formId/submissions',
      // An order mail's one-time answer link: the token is the authority (ADR 0210).
      'POST /api/order-answers/:token',
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms/missing/submissions',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ answers: 'x' }),
    });
    expect(res.statusCode).toBe(400);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/order-answers/${'a'.repeat(43)}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ decision: 'maybe' }),
    });
    expect(answer.statusCode).toBe(400);
  });
});
