import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aPost, as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import {
  startPushEndpoint,
  type TestDevice,
  type TestPushEndpoint,
  trustTestAuthority,
} from '../../../tests/fixtures/push-endpoint';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/fixtures/smtp';

/**
 * Web push of item alerts (issue 41 §4, docs/decisions/0214) to a push service on local HTTPS that
 * checks the VAPID token and decrypts the payload as a browser's push service and device would.
 */
let t: TestApp;
let smtp: TestSmtpServer;
let endpoint: TestPushEndpoint;
let distrust: () => void;

beforeAll(async () => {
  smtp = await startSmtpServer();
  endpoint = await startPushEndpoint();
  distrust = trustTestAuthority();
  t = await buildTestApp({ SMTP_URL: smtp.url });
  // The first file starts the reading thread: not in a test's time.
  await aListOf('warm-up-push', 'Warm Up Farm', ['Parsnips', 'kg', '1,00']);
});
afterAll(async () => {
  await t.close();
  distrust();
  await endpoint.close();
  await smtp.close();
});

/** A supplier with one list read from `row` (item; unit; price in euros). */
async function aListOf(handle: string, name: string, row: [string, string, string]) {
  const farm = await aUser(t.db, { handle, name });
  const post = await aPost(t.db, farm, { description: `${name} prices` });
  const reading = await t.app.contents.recordFetchedFile({
    listId: post.listId,
    postId: post.id,
    bytes: Buffer.from(`Item;Unit;Price (€)\n${row.join(';')}\n`, 'utf8'),
    fetchedAt: Date.now(),
  });
  expect(reading.state).toBe('read');
  await t.app.jobs.runQueued();
}

async function subscribe(user: TestUser, device: TestDevice) {
  const res = await t.app.inject(as(user, { method: 'POST', url: '/api/push/subscriptions', payload: device.subscription }));
  expect(res.statusCode, res.body).toBe(201);
}

/** An alert that holds at once, so its mail is queued; then the worker delivers what is due. */
async function anAlertThatFires(user: TestUser, item: string, threshold: number) {
  const res = await t.app.inject(
    as(user, { method: 'POST', url: '/api/alerts', payload: { item, kind: 'under', threshold, unit: 'kg', scope: 'all' } }),
  );
  expect(res.json().fired, res.body).toBe(1);
  await t.app.mailer.deliverDue();
}

const subscribed = async (device: TestDevice) =>
  (await t.db.selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', device.subscription.endpoint).execute())
    .length === 1;

const outbox = (user: TestUser) =>
  t.db.selectFrom('email_outbox').select(['kind', 'state']).where('user_id', '=', user.id).execute();

describe('web push of an item alert', () => {
  it('reaches the subscribed device with a signed, encrypted message naming the item, and no one else', async () => {
    await aListOf('walnut-grove', 'Walnut Grove', ['Walnuts', 'kg', '9,00']);
    const buyer = await aUser(t.db, { name: 'Bakery' });
    const phone = endpoint.aDevice();
    await subscribe(buyer, phone);
    const stranger = await aUser(t.db);
    const strangersPhone = endpoint.aDevice();
    await subscribe(stranger, strangersPhone);

    await anAlertThatFires(buyer, 'walnuts', 10);
    expect(endpoint.refused).toEqual([]);
    const [push, ...more] = endpoint.received(phone);
    expect(more).toEqual([]);
    expect(JSON.parse(push?.text ?? '{}')).toEqual({
      title: 'Walnuts is under 10.00 €/kg at Walnut Grove',
      body: expect.stringContaining('Walnuts'),
      url: 'http://localhost:3000',
    });
    const { publicKey } = (await t.app.inject({ url: '/api/push/key' })).json();
    expect(push?.senderKey).toBe(publicKey);
    expect(push?.claims.aud).toBe(endpoint.origin);
    expect(Number(push?.ttl)).toBeGreaterThan(0);
    expect(endpoint.received(strangersPhone)).toEqual([]);
    expect(smtp.to(buyer.email).map((m) => m.parsed.subject)).toEqual(['Walnuts is under 10.00 €/kg at Walnut Grove']);
  });

  it("forgets a subscription the push service answers 410 for, and keeps the person's other devices", async () => {
    await aListOf('honey-hill', 'Honey Hill', ['Heather honey', 'kg', '12,00']);
    const buyer = await aUser(t.db);
    const [gone, kept] = [endpoint.aDevice(), endpoint.aDevice()];
    await subscribe(buyer, gone);
    await subscribe(buyer, kept);
    endpoint.answer(gone, 410);

    await anAlertThatFires(buyer, 'heather honey', 15);
    expect(endpoint.refused).toEqual([]);
    expect(endpoint.received(gone)).toHaveLength(1);
    expect(endpoint.received(kept)).toHaveLength(1);
    expect(await subscribed(gone)).toBe(false);
    expect(await subscribed(kept)).toBe(true);
  });

  it('leaves the mail sent when the push fails, and the device subscribed for the next alert', async () => {
    await aListOf('plum-orchard', 'Plum Orchard', ['Plums', 'kg', '3,00']);
    const buyer = await aUser(t.db);
    const failing = endpoint.aDevice();
    await subscribe(buyer, failing);
    endpoint.answer(failing, 500);

    await anAlertThatFires(buyer, 'plums', 4);
    expect(endpoint.received(failing)).toHaveLength(1);
    expect(await outbox(buyer)).toEqual([{ kind: 'item-alert', state: 'sent' }]);
    expect(smtp.to(buyer.email)).toHaveLength(1);
    expect(await subscribed(failing)).toBe(true);
  });
});
