import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTACT_MESSAGES } from '../../../core/business-contact';
import { TERMS_MESSAGES } from '../../../core/delivery-terms-api';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { as, aUser, type TestUser } from '../../../tests/fixtures/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/** Tuesdays and Fridays from a London business, as its form sends them. */
const TERMS = {
  timeZone: 'Europe/London',
  days: [
    { day: 'fri', cutoff: { daysBefore: 1, time: '16:00' } },
    { day: 'tue', cutoff: { daysBefore: 1, time: '16:00' } },
  ],
  minimumOrder: { amount: '150', currency: 'gbp', kind: 'warning' },
  areas: { postcodes: ['bs8', 'bs1', ' '], towns: ['Bristol', 'bristol', 'Bath'] },
  exceptions: {
    noDelivery: ['2026-12-25'],
    earlierCutoffs: [{ date: '2026-12-22', cutoff: { daysBefore: 3, time: '12:00' } }],
  },
  orderTo: { emails: ['Orders@GreenValley.example', 'kitchen@greenvalley.example'], phone: '+44 7700 900123', whatsapp: true },
};

const save = (user: TestUser | undefined, payload: unknown) =>
  t.app.inject(as(user, { method: 'PUT', url: '/api/profile/terms', payload }));

/** The public answer with the clock at `nowMs` (only Date is faked: the app's timers run as ever). */
async function publicAt(handle: string, nowMs: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: nowMs });
  try {
    return await t.app.inject({ url: `/api/profiles/${handle}/terms` });
  } finally {
    vi.useRealTimers();
  }
}

describe('the owner keeps their ordering terms', () => {
  it('starts with none, saves them in their stored form and reads them back', async () => {
    const owner = await aUser(t.db, { handle: 'terms-valley' });
    expect((await t.app.inject(as(owner, { url: '/api/profile/terms' }))).json()).toEqual({ terms: null });

    const saved = await save(owner, TERMS);
    expect(saved.statusCode).toBe(200);
    const stored = {
      timeZone: 'Europe/London',
      days: [
        { day: 'tue', cutoff: { daysBefore: 1, time: '16:00' } },
        { day: 'fri', cutoff: { daysBefore: 1, time: '16:00' } },
      ],
      minimumOrder: { amount: 150, currency: 'GBP', kind: 'warning' },
      areas: { postcodes: ['BS8', 'BS1'], towns: ['Bristol', 'Bath'] },
      exceptions: TERMS.exceptions,
      orderTo: {
        emails: ['orders@greenvalley.example', 'kitchen@greenvalley.example'],
        phone: '+44 7700 900123',
        whatsapp: true,
      },
    };
    expect(saved.json()).toEqual({ terms: stored });
    expect((await t.app.inject(as(owner, { url: '/api/profile/terms' }))).json()).toEqual({ terms: stored });
  });

  it('is refused to anyone without an approved handle', async () => {
    expect((await save(undefined, TERMS)).statusCode).toBe(401);
    const noHandle = await aUser(t.db);
    const refused = await save(noHandle, TERMS);
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject(as(noHandle, { url: '/api/profile/terms' }))).statusCode).toBe(403);
  });
});

describe('bad terms are a 400 that says what is wrong', () => {
  // A new owner for each case: one owner's 30 saves in 10 minutes would meet the rate limit.
  let made = 0;
  const anOwner = () => aUser(t.db, { handle: `terms-bad-${++made}` });

  const tuesday = (cutoff: Record<string, unknown>) => ({ ...TERMS, days: [{ day: 'tue', cutoff }] });
  it.each([
    ['an unknown time zone', { ...TERMS, timeZone: 'Europe/Atlantis' }, TERMS_MESSAGES.timeZone],
    ['no delivery day', { ...TERMS, days: [] }, TERMS_MESSAGES.noDays],
    [
      'a day that is not a weekday',
      { ...TERMS, days: [{ day: 'funday', cutoff: { daysBefore: 1, time: '16:00' } }] },
      TERMS_MESSAGES.unknownDay,
    ],
    ['a day twice', { ...TERMS, days: [TERMS.days[1], TERMS.days[1]] }, TERMS_MESSAGES.dayTwice('tue')],
    ['a bad time', tuesday({ daysBefore: 1, time: '25:00' }), TERMS_MESSAGES.time('the Tuesday cut-off')],
    ['a time without minutes', tuesday({ daysBefore: 1, time: '4pm' }), TERMS_MESSAGES.time('the Tuesday cut-off')],
    [
      'a cut-off after the delivery',
      tuesday({ daysBefore: -1, time: '16:00' }),
      TERMS_MESSAGES.daysBefore('the Tuesday cut-off'),
    ],
    ['a cut-off weeks before', tuesday({ daysBefore: 30, time: '16:00' }), TERMS_MESSAGES.daysBefore('the Tuesday cut-off')],
    ['a negative minimum', { ...TERMS, minimumOrder: { amount: -5, currency: 'GBP', kind: 'rule' } }, TERMS_MESSAGES.negative],
    [
      'a minimum that is not an amount',
      { ...TERMS, minimumOrder: { amount: '12,5.0.1', currency: 'GBP', kind: 'rule' } },
      TERMS_MESSAGES.amount,
    ],
    [
      'a minimum in fractions of a penny',
      { ...TERMS, minimumOrder: { amount: 10.005, currency: 'GBP', kind: 'rule' } },
      TERMS_MESSAGES.amount,
    ],
    [
      'an absurd minimum',
      { ...TERMS, minimumOrder: { amount: 1e12, currency: 'GBP', kind: 'rule' } },
      TERMS_MESSAGES.amountTooLarge,
    ],
    ['a bad currency', { ...TERMS, minimumOrder: { amount: 10, currency: 'pounds', kind: 'rule' } }, TERMS_MESSAGES.currency],
    [
      'a minimum of no kind',
      { ...TERMS, minimumOrder: { amount: 10, currency: 'GBP', kind: 'maybe' } },
      TERMS_MESSAGES.minimumKind,
    ],
    [
      'too many postcodes',
      { ...TERMS, areas: { postcodes: Array.from({ length: 101 }, (_, i) => `E${i}`), towns: [] } },
      TERMS_MESSAGES.tooManyPostcodes,
    ],
    ['a postcode of symbols', { ...TERMS, areas: { postcodes: ['BS8; DROP'], towns: [] } }, TERMS_MESSAGES.postcode('BS8; DROP')],
    ['a town of control characters', { ...TERMS, areas: { postcodes: [], towns: ['Bath\u0007'] } }, TERMS_MESSAGES.town],
    [
      'a date that does not exist',
      { ...TERMS, exceptions: { noDelivery: ['2026-02-30'], earlierCutoffs: [] } },
      TERMS_MESSAGES.date('2026-02-30'),
    ],
    [
      'an earlier cut-off on a day with no delivery',
      {
        ...TERMS,
        exceptions: { noDelivery: [], earlierCutoffs: [{ date: '2026-12-23', cutoff: { daysBefore: 2, time: '12:00' } }] },
      },
      TERMS_MESSAGES.notADeliveryDay('2026-12-23'),
    ],
    [
      'an "earlier" cut-off that is later',
      {
        ...TERMS,
        exceptions: { noDelivery: [], earlierCutoffs: [{ date: '2026-12-22', cutoff: { daysBefore: 1, time: '18:00' } }] },
      },
      TERMS_MESSAGES.notEarlier('2026-12-22'),
    ],
    ['no order email', { ...TERMS, orderTo: { emails: [' '], phone: null, whatsapp: false } }, TERMS_MESSAGES.noEmail],
    [
      'a bad email',
      { ...TERMS, orderTo: { emails: ['orders.example'], phone: null, whatsapp: false } },
      TERMS_MESSAGES.email('orders.example'),
    ],
    [
      'too many emails',
      { ...TERMS, orderTo: { emails: Array.from({ length: 6 }, (_, i) => `o${i}@x.example`), phone: null, whatsapp: false } },
      TERMS_MESSAGES.tooManyEmails,
    ],
    [
      'a bad phone',
      { ...TERMS, orderTo: { emails: ['o@x.example'], phone: 'call me', whatsapp: false } },
      CONTACT_MESSAGES.phone,
    ],
    [
      'WhatsApp without a number',
      { ...TERMS, orderTo: { emails: ['o@x.example'], phone: '', whatsapp: true } },
      TERMS_MESSAGES.whatsappWithoutPhone,
    ],
    [
      'WhatsApp without a country code',
      { ...TERMS, orderTo: { emails: ['o@x.example'], phone: '07700 900123', whatsapp: true } },
      TERMS_MESSAGES.whatsappCountryCode,
    ],
  ])('%s', async (_case, payload, message) => {
    const refused = await save(await anOwner(), payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(message);
  });

  it.each([
    ['no body', undefined],
    ['a list', []],
    ['a string for the days', { ...TERMS, days: 'tue' }],
    ['a long time zone', { ...TERMS, timeZone: 'x'.repeat(5000) }],
  ])('refuses %s with a 400', async (_case, payload) => {
    expect((await save(await anOwner(), payload)).statusCode).toBe(400);
  });

  it('refuses a body over the size limit before reading it', async () => {
    expect((await save(await anOwner(), { ...TERMS, timeZone: 'x'.repeat(2_000_000) })).statusCode).toBe(413);
  });

  it('keeps the saved terms when a save is refused', async () => {
    const keeper = await aUser(t.db, { handle: 'terms-keeper' });
    expect((await save(keeper, TERMS)).statusCode).toBe(200);
    expect((await save(keeper, { ...TERMS, days: [] })).statusCode).toBe(400);
    expect((await t.app.inject(as(keeper, { url: '/api/profile/terms' }))).json().terms.days).toHaveLength(2);
  });
});

describe('anyone reads the public terms and the next delivery', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await aUser(t.db, { handle: 'terms-public' });
    expect((await save(owner, TERMS)).statusCode).toBe(200);
  });

  it('shows days, minimum, areas and exceptions, never where orders go', async () => {
    const answer = await publicAt('terms-public', Date.UTC(2026, 11, 1, 9));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    const body = answer.json();
    expect(body.terms).toMatchObject({
      timeZone: 'Europe/London',
      minimumOrder: { amount: 150, currency: 'GBP', kind: 'warning' },
    });
    expect(body.terms).not.toHaveProperty('orderTo');
    expect(answer.body).not.toContain('greenvalley.example');
    expect(answer.body).not.toContain('7700');
  });

  it.each([
    // Tue 1 Dec 2026 09:00: Tuesday's orders closed Monday; Friday's close Thursday 16:00 GMT.
    ['a cut-off passed', Date.UTC(2026, 11, 1, 9), '2026-12-04', Date.UTC(2026, 11, 3, 16)],
    // A minute before Thursday's cut-off the Friday is still open; a minute after it is next Tuesday.
    ['a minute before the cut-off', Date.UTC(2026, 11, 3, 15, 59), '2026-12-04', Date.UTC(2026, 11, 3, 16)],
    ['a minute after the cut-off', Date.UTC(2026, 11, 3, 16, 1), '2026-12-08', Date.UTC(2026, 11, 7, 16)],
    // 22 Dec closes early (Sat 19 Dec 12:00) and 25 Dec has no delivery: from Sat 13:00 the next is 29 Dec.
    ['the exceptions', Date.UTC(2026, 11, 19, 13), '2026-12-29', Date.UTC(2026, 11, 28, 16)],
    // Clocks go forward on Sun 29 Mar 2026: Tuesday 31 Mar's cut-off is Monday 16:00 BST, 15:00 UTC.
    ['the spring clock change', Date.UTC(2026, 2, 28, 12), '2026-03-31', Date.UTC(2026, 2, 30, 15)],
    // Clocks go back on Sun 25 Oct 2026: Tuesday 27 Oct's cut-off is Monday 16:00 GMT, 16:00 UTC.
    ['the autumn clock change', Date.UTC(2026, 9, 24, 12), '2026-10-27', Date.UTC(2026, 9, 26, 16)],
  ])('gives the next delivery across %s', async (_case, now, deliveryDate, cutoffAtMs) => {
    expect((await publicAt('terms-public', now)).json().nextDelivery).toEqual({ deliveryDate, cutoffAtMs });
  });

  it('answers none for a business without terms and 404 for an unknown handle', async () => {
    await aUser(t.db, { handle: 'terms-none' });
    expect((await t.app.inject({ url: '/api/profiles/terms-none/terms' })).json()).toEqual({ terms: null, nextDelivery: null });
    expect((await t.app.inject({ url: '/api/profiles/terms-nobody/terms' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/profiles/..%2F..%2Fetc/terms' })).statusCode).toBe(404);
  });
});
