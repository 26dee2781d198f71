import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANALYTICS_EVENT_NAMES, ANALYTICS_MESSAGES } from '../../../core/analytics';
import { CONSENT_COOKIE } from '../../../core/consent';
import { buildTestApp, signInLanding, type TestApp } from '../../../tests/fixtures/app';
import { as, aUser, type TestUser } from '../../../tests/fixtures/factories';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ GTM_ID: 'GTM-ABC123' });
  admin = await aUser(t.db, { admin: true });
  member = await aUser(t.db);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.deleteFrom('analytics_events').execute();
});

const storedEvents = () => t.db.selectFrom('analytics_events').selectAll().orderBy('id').execute();

function sendEvents(events: unknown[], consent?: string, cookie?: string) {
  const cookies = [consent ? `${CONSENT_COOKIE}=${consent}` : '', cookie ?? ''].filter(Boolean).join('; ');
  return t.app.inject({
    method: 'POST',
    url: '/api/analytics/events',
    headers: { 'content-type': 'application/json', ...(cookies ? { cookie: cookies } : {}) },
    payload: JSON.stringify({ events }),
  });
}

const batch = [
  { name: 'login', path: '/login/complete?redirect=%2Fdashboard&token=secret', payload: { method: 'popup' } },
  { name: 'follow', path: '/green-grocer', payload: { handle: 'green-grocer' } },
  { name: 'page_view', path: '/feed#top' },
];

describe('first-party analytics events', () => {
  it('stores nothing after Decline, or when no choice was made', async () => {
    for (const consent of ['declined', undefined, 'maybe']) {
      const res = await sendEvents(batch, consent);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ stored: 0 });
    }
    expect(await storedEvents()).toEqual([]);
  });

  it('stores each event with its typed payload after Accept, anonymously and without query strings', async () => {
    const res = await sendEvents(batch, 'accepted', member.cookie);
    expect(res.json()).toEqual({ stored: 3 });
    const rows = await storedEvents();
    expect(rows.map((r) => [r.name, r.path, r.payload, r.user_id])).toEqual([
      ['login', '/login/complete', { method: 'popup' }, null],
      ['follow', '/green-grocer', { handle: 'green-grocer' }, null],
      ['page_view', '/feed', {}, null],
    ]);
  });

  it('stores no email or phone number that free text or a path carries (issue 33)', async () => {
    const res = await sendEvents(
      [
        {
          name: 'error',
          path: '/invite/anna%40example.com',
          payload: { message: 'No account for anna.b@example.co.uk', where: 'call +44 20 7946 0958' },
        },
        { name: 'button_click', path: '/upload', payload: { label: 'Call (020) 7946-0958 or mail shop@farm.example' } },
        { name: 'feature_usage', path: '/upload', payload: { feature: 'Valid until 2026-03-14, 4000 boxes' } },
      ],
      'accepted',
    );
    expect(res.json()).toEqual({ stored: 3 });
    const rows = await storedEvents();
    expect(rows.map((r) => [r.path, r.payload])).toEqual([
      ['/invite/[email]', { message: 'No account for [email]', where: 'call [phone]' }],
      ['/upload', { label: 'Call [phone] or mail [email]' }],
      ['/upload', { feature: 'Valid until 2026-03-14, 4000 boxes' }],
    ]);
  });

  it.each([
    [[{ name: 'made_up' }], ANALYTICS_MESSAGES.unknownEvent],
    [[{ name: 'follow', payload: { handle: 'Not A Handle' } }], ANALYTICS_MESSAGES.payload],
    [[{ name: 'follow', payload: { handle: 'ok', email: 'a@b.c' } }], ANALYTICS_MESSAGES.payload],
    [[{ name: 'logout', payload: { anything: 1 } }], ANALYTICS_MESSAGES.payload],
  ])('refuses a malformed batch %j with a readable 400', async (events, message) => {
    const res = await sendEvents(events, 'accepted');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await storedEvents()).toEqual([]);
  });

  it('refuses more than a batch at once', async () => {
    const res = await sendEvents(
      Array.from({ length: 51 }, () => ({ name: 'page_view' })),
      'accepted',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(ANALYTICS_MESSAGES.tooMany);
  });

  it('knows every event the spec lists', () => {
    for (const name of ['login', 'sign_up', 'logout', 'handle_request', 'handle_approved', 'profile_view', 'upload_created']) {
      expect(ANALYTICS_EVENT_NAMES).toContain(name);
    }
    expect(ANALYTICS_EVENT_NAMES).toHaveLength(21);
  });

  it('tells the browser which tag manager container to load', async () => {
    expect((await t.app.inject('/api/analytics/config')).json()).toEqual({ gtmId: 'GTM-ABC123' });
  });
});

describe('sign_up', () => {
  it('is told apart from a returning sign-in: the first one lands with new=1', async () => {
    const first = await signInLanding(t.app, { email: 'newcomer@example.com', name: 'New Comer' });
    expect(first.landing.searchParams.get('new')).toBe('1');
    const again = await signInLanding(t.app, { email: 'newcomer@example.com', name: 'New Comer' });
    expect(again.landing.searchParams.get('new')).toBeNull();
  });
});

describe('the admin analytics report', () => {
  it('counts events per name and per day, for admins only', async () => {
    await sendEvents(batch, 'accepted');
    await sendEvents([{ name: 'follow', payload: { handle: 'other' } }], 'accepted');

    const visitor = await t.app.inject(as(undefined, { url: '/api/admin/analytics' }));
    expect(visitor.statusCode).toBe(401);
    const notAdmin = await t.app.inject(as(member, { url: '/api/admin/analytics' }));
    expect(notAdmin.statusCode).toBe(403);

    const res = await t.app.inject(as(admin, { url: '/api/admin/analytics?days=7' }));
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.days).toBe(7);
    expect(report.totals).toEqual([
      { name: 'follow', count: 2 },
      { name: 'login', count: 1 },
      { name: 'page_view', count: 1 },
    ]);
    const today = new Date(Number((await storedEvents())[0]?.created_at)).toISOString().slice(0, 10);
    expect(report.daily).toEqual([
      { day: today, name: 'follow', count: 2 },
      { day: today, name: 'login', count: 1 },
      { day: today, name: 'page_view', count: 1 },
    ]);
  });
});
