import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aFollow, aHandleRequest, aPost, as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/fixtures/smtp';

/** Issue 31's mails: what a list mail shows, a rejection's reason, invite requests to admins, accounts deleted and restored. */
const OWNER = 'owner@freshlist.example';
let smtp: TestSmtpServer;
let t: TestApp;
let owner: TestUser;
let admin: TestUser;
const unique = () => randomUUID().slice(0, 8);

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ SMTP_URL: smtp.url, OWNER_EMAIL: OWNER, MAIL_FROM: 'Freshlist <hello@freshlist.example>' });
  owner = await aUser(t.db, { email: OWNER, admin: true, name: 'The Owner' });
  admin = await aUser(t.db, { admin: true, name: 'Ada Admin' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.app.mailer.deliverDue();
  smtp.received.length = 0;
});
const deliver = () => t.app.mailer.deliverDue();

describe('mails of issue 31', () => {
  it('an instant list mail names the list, its validity and the business, with an Open list button to the newest file', async () => {
    const farm = await aUser(t.db, { handle: `farm-${unique()}`, name: 'Green Valley Farm' });
    const reader = await aUser(t.db);
    await aFollow(t.db, reader, farm.handle!);
    await t.app.inject(as(reader, { method: 'PUT', url: '/api/settings/email', payload: { listUpdates: 'instant' } }));
    const shared = await t.app.inject(
      as(farm, {
        method: 'POST',
        url: '/api/posts',
        payload: {
          url: 'https://drive.google.com/file/d/w1',
          description: 'Pears are in',
          listName: 'Weekly prices',
          validUntil: '2099-12-31',
        },
      }),
    );
    expect(shared.statusCode).toBe(201);
    await deliver();
    const [mail] = smtp.to(reader.email);
    expect(mail?.parsed.subject).toBe(`Green Valley Farm (@${farm.handle}) shared a new list`);
    expect(mail?.parsed.text).toContain(
      `* Weekly prices\n  Valid until 31 Dec 2099\n  Pears are in\n  Open list: http://localhost:3000/${farm.handle}/lists/weekly-prices/open`,
    );
    expect(mail?.parsed.html).toContain(`href="http://localhost:3000/${farm.handle}/lists/weekly-prices/open"`);
    expect(mail?.parsed.html).toContain('>Open list</a>');
  });

  it('a rejection carries the owner’s reason and what the person can do next', async () => {
    const person = await aUser(t.db, { name: 'Bo' });
    const handle = `nope-${unique()}`;
    await aHandleRequest(t.db, person, handle);
    const tooLong = await t.app.inject(
      as(owner, { method: 'POST', url: `/api/admin/handle-requests/${person.id}/reject`, payload: { reason: 'x'.repeat(501) } }),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('The reason must be 500 characters or less.');
    const rejected = await t.app.inject(
      as(owner, {
        method: 'POST',
        url: `/api/admin/handle-requests/${person.id}/reject`,
        payload: { reason: 'That name belongs to a chain.' },
      }),
    );
    expect(rejected.statusCode).toBe(200);
    await deliver();
    const [mail] = smtp.to(person.email);
    expect(mail?.parsed.subject).toBe(`Your request for @${handle}`);
    expect(mail?.parsed.text).toContain('The Freshlist team says:\nThat name belongs to a chain.');
    expect(mail?.parsed.text).toContain('- Ask for another handle: http://localhost:3000/request-handle');
    // Without a reason (the admin page's old request, no body) it still goes, with the next steps.
    const other = await aUser(t.db);
    await aHandleRequest(t.db, other, `nope-${unique()}`);
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/admin/handle-requests/${other.id}/reject`,
      headers: { cookie: owner.cookie },
    });
    expect(bare.statusCode).toBe(200);
    await deliver();
    expect(smtp.to(other.email)[0]?.parsed.text).toContain('What you can do next:');
  });

  it('admins hear of a new invite request', async () => {
    const person = await aUser(t.db, { name: 'New Bakery' });
    const handle = `bakery-${unique()}`;
    const made = await t.app.inject(
      as(person, { method: 'POST', url: '/api/invite-requests', payload: { name: 'New Bakery', handle, description: 'Bread' } }),
    );
    expect(made.statusCode).toBeLessThan(300);
    await deliver();
    for (const who of [owner, admin]) {
      const [mail] = smtp.to(who.email).filter((m) => (m.parsed.subject ?? '').startsWith('Invite request'));
      expect(mail?.parsed.subject).toBe(`Invite request: @${handle} from New Bakery`);
      expect(mail?.parsed.text).toContain('http://localhost:3000/admin/invite-requests');
    }
    expect(smtp.to(person.email)).toHaveLength(0);
  });

  it('a person hears that their account was deleted, until when it can come back, and that it is back', async () => {
    const person = await aUser(t.db, { name: 'Leaving Deli' });
    const deleted = await t.app.inject(as(person, { method: 'DELETE', url: '/api/account', payload: { email: person.email } }));
    expect(deleted.statusCode).toBe(200);
    await deliver();
    const [gone] = smtp.to(person.email);
    expect(gone?.parsed.subject).toBe('Your Freshlist account was deleted');
    expect(gone?.parsed.text).toMatch(/You deleted your Freshlist account.*\n.*A backup is kept until \d{1,2} \w+ \d{4}\./);
    expect(gone?.header('list-unsubscribe')).toBe('');

    const restored = await t.app.inject(
      as(admin, { method: 'POST', url: `/api/admin/deleted-users/${person.id}/restore`, payload: {} }),
    );
    expect(restored.statusCode).toBe(200);
    await deliver();
    const back = smtp.to(person.email).at(-1);
    expect(back?.parsed.subject).toBe('Your Freshlist account is back');
    expect(back?.parsed.text).toContain('Sign in: http://localhost:3000/login');

    const holder = await aUser(t.db, { handle: `gone-${unique()}`, name: 'Removed Shop' });
    await aPost(t.db, holder);
    expect((await t.app.inject(as(admin, { method: 'DELETE', url: `/api/admin/users/${holder.id}` }))).statusCode).toBe(200);
    await deliver();
    expect(smtp.to(holder.email)[0]?.parsed.text).toContain('The Freshlist team deleted your account');
  });
});
