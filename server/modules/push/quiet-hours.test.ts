import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockOf } from '../../../core/quiet-hours';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aFollow, as, aUser } from '../../../tests/fixtures/factories';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/fixtures/smtp';

/** Quiet hours (issue 41 §4, docs/decisions/0214): alerts inside them are held, then delivered, never dropped. */
const MINUTE = 60_000;
let smtp: TestSmtpServer;
let t: TestApp;
let offset = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ SMTP_URL: smtp.url });
  t.app.mailer.useClock(() => Date.now() + offset);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('quiet hours', () => {
  it('refuses what breaks their rules with a clear 400', async () => {
    const person = await aUser(t.db);
    for (const payload of [
      { start: '22:00', end: null, timeZone: 'Europe/London' },
      { start: '22:00', end: '22:00', timeZone: 'Europe/London' },
      { start: '25:00', end: '07:00', timeZone: 'Europe/London' },
      { start: '22:00', end: '07:00', timeZone: 'Mars/Olympus' },
    ]) {
      const res = await t.app.inject(as(person, { method: 'PUT', url: '/api/settings/quiet-hours', payload }));
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('holds an instant list mail that falls inside them and delivers it when they end', async () => {
    const reader = await aUser(t.db);
    const farm = await aUser(t.db, { handle: `quiet-${randomUUID().slice(0, 6)}`, name: 'Night Farm' });
    await aFollow(t.db, reader, farm.handle ?? '');
    await t.app.inject(as(reader, { method: 'PUT', url: '/api/settings/email', payload: { listUpdates: 'instant' } }));
    // Quiet from an hour ago to an hour from now, in UTC.
    const minuteOfDay = Math.floor((Date.now() % 86_400_000) / MINUTE);
    const quiet = { start: clockOf((minuteOfDay + 1380) % 1440), end: clockOf((minuteOfDay + 60) % 1440), timeZone: 'UTC' };
    const set = await t.app.inject(as(reader, { method: 'PUT', url: '/api/settings/quiet-hours', payload: quiet }));
    expect(set.json()).toEqual(quiet);

    await t.app.inject(
      as(farm, {
        method: 'POST',
        url: '/api/posts',
        payload: { url: `https://drive.google.com/file/d/${randomUUID()}`, description: 'Dawn' },
      }),
    );
    await t.app.mailer.deliverDue();
    expect(smtp.to(reader.email)).toEqual([]);
    const [held] = await t.db
      .selectFrom('email_outbox')
      .select(['state', 'next_attempt_at'])
      .where('user_id', '=', reader.id)
      .execute();
    expect(held?.state).toBe('queued');
    expect(Number(held?.next_attempt_at) - Date.now()).toBeGreaterThan(58 * MINUTE);

    offset = 61 * MINUTE;
    await t.app.mailer.deliverDue();
    expect(smtp.to(reader.email).map((m) => m.parsed.subject)).toEqual([`Night Farm (@${farm.handle}) shared a new list`]);
  });
});
