import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import {
  aChatForm,
  aFollow,
  aHandleRequest,
  anInviteRequest,
  aPost,
  as,
  aUser,
  type TestUser,
} from '../../../tests/fixtures/factories';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/fixtures/smtp';
import { messageIdOf } from './worker';

const OWNER = 'owner@freshlist.example';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let smtp: TestSmtpServer;
let t: TestApp;
let owner: TestUser;
let admin: TestUser;
/** The worker's clock runs this far ahead of real time. */
let offset = 0;
let seq = 0;
const unique = () => `${++seq}-${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ SMTP_URL: smtp.url, OWNER_EMAIL: OWNER, MAIL_FROM: 'Freshlist Team <hello@freshlist.example>' });
  t.app.mailer.useClock(() => Date.now() + offset);
  owner = await aUser(t.db, { email: OWNER, admin: true, name: 'The Owner' });
  admin = await aUser(t.db, { admin: true });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  offset = 0;
  // Each test starts with nothing due: earlier tests' leftovers are delivered (or given up) first.
  await t.app.mailer.deliverDue();
  smtp.received.length = 0;
});

const deliver = () => t.app.mailer.deliverDue();
const outbox = (kind: string) => t.db.selectFrom('email_outbox').selectAll().where('kind', '=', kind).orderBy('id').execute();

describe('invites (mails 1 and 3)', () => {
  it('an admin-made invite mails the link; the invite is marked sent once delivered', async () => {
    const handle = `shop-${unique()}`;
    const email = `invitee-${unique()}@example.com`;
    const created = await t.app.inject(
      as(admin, { method: 'POST', url: '/api/admin/invites', payload: { handle, email, displayName: 'Ann <b> Bcc: x@y' } }),
    );
    expect(created.statusCode).toBe(201);
    const before = await t.db.selectFrom('invites').select('sent').where('handle', '=', handle).executeTakeFirstOrThrow();
    expect(before.sent).toBe(false);

    expect(await deliver()).toBe(1);
    const [mail] = smtp.to(email);
    expect(mail).toBeDefined();
    if (!mail) return;
    // Signed by the admin's public name (#31).
    expect(mail.parsed.subject).toBe(`${admin.name} invited you to Freshlist as @${handle}`);
    expect(mail.header('from')).toBe('Freshlist Team <hello@freshlist.example>');
    expect(mail.parsed.to && 'value' in mail.parsed.to ? mail.parsed.to.value[0]?.address : '').toBe(email);
    expect(mail.parsed.text).toContain(`http://localhost:3000/invite/${handle}`);
    expect(mail.parsed.html).toContain(`href="http://localhost:3000/invite/${handle}"`);
    expect(mail.parsed.html).toContain('Ann &lt;b&gt; Bcc: x@y');
    expect(mail.raw).not.toMatch(/^Bcc:/im);
    // A line break in a name is refused on the way in (ADR 0088); templates/transport strip it for older rows.
    expect(mail.header('message-id')).toMatch(/^<\d+\.[0-9a-z]+@localhost>$/);
    // Not an answer to the invitee's own action: it carries the one-click unsubscribe.
    expect(mail.header('list-unsubscribe')).toMatch(
      /^<http:\/\/localhost:3000\/api\/email\/unsubscribe\?token=[\w-]+&category=notices>/,
    );
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    const after = await t.db.selectFrom('invites').select('sent').where('handle', '=', handle).executeTakeFirstOrThrow();
    expect(after.sent).toBe(true);
    expect(await deliver()).toBe(0);
  });

  it('no mail for an invite that was refused (the transaction rolled back)', async () => {
    const holder = await aUser(t.db, { handle: `taken-${unique()}` });
    const before = (await outbox('invite')).length;
    const refused = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/admin/invites',
        payload: { handle: holder.handle, email: `x-${unique()}@example.com`, displayName: 'X' },
      }),
    );
    expect(refused.statusCode).toBe(409);
    expect((await outbox('invite')).length).toBe(before);
  });

  it('an invite request turned into an invite mails the link, without an unsubscribe link (the person asked)', async () => {
    const person = await aUser(t.db);
    const handle = `asked-${unique()}`;
    await anInviteRequest(t.db, person, handle);
    const converted = await t.app.inject(
      as(admin, { method: 'POST', url: `/api/admin/invite-requests/${person.id}/convert`, payload: {} }),
    );
    expect(converted.statusCode).toBe(200);
    await deliver();
    const [mail] = smtp.to(person.email);
    expect(mail?.parsed.text).toContain(`/invite/${handle}`);
    expect(mail?.header('list-unsubscribe')).toBe('');
  });
});

describe('handles (mail 2)', () => {
  it('a request tells the owner, linking /admin/handles; approval tells the requester', async () => {
    const person = await aUser(t.db, { name: 'Rita' });
    const handle = `rita-${unique()}`;
    const asked = await t.app.inject(
      as(person, {
        method: 'POST',
        url: '/api/handle-requests',
        payload: { handle, displayName: 'Rita <Farm>', usageDescription: 'Weekly\nprices' },
      }),
    );
    expect(asked.statusCode).toBe(201);
    await deliver();
    const [toOwner] = smtp.to(OWNER);
    expect(toOwner?.parsed.subject).toBe(`Handle request: @${handle} from Rita <Farm>`);
    expect(toOwner?.parsed.text).toContain('http://localhost:3000/admin/handles');
    expect(toOwner?.parsed.text).toContain('Weekly\nprices');

    const approved = await t.app.inject(
      as(owner, { method: 'POST', url: `/api/admin/handle-requests/${person.id}/approve`, payload: {} }),
    );
    expect(approved.statusCode).toBe(200);
    await deliver();
    const [toPerson] = smtp.to(person.email);
    expect(toPerson?.parsed.subject).toBe(`Your handle @${handle} is ready`);
    expect(toPerson?.header('list-unsubscribe')).toBe('');
  });

  it('a rejection and a removal tell the person', async () => {
    const person = await aUser(t.db);
    const handle = `nope-${unique()}`;
    await aHandleRequest(t.db, person, handle);
    expect(
      (await t.app.inject(as(owner, { method: 'POST', url: `/api/admin/handle-requests/${person.id}/reject` }))).statusCode,
    ).toBe(200);
    const holder = await aUser(t.db, { handle: `gone-${unique()}` });
    const removed = await t.app.inject(as(owner, { method: 'DELETE', url: `/api/admin/handles/${holder.handle}` }));
    expect(removed.statusCode).toBe(200);
    await deliver();
    expect(smtp.to(person.email)[0]?.parsed.subject).toBe(`Your request for @${handle}`);
    expect(smtp.to(holder.email)[0]?.parsed.subject).toBe(`Your handle @${holder.handle} was removed`);
  });
});

const share = (author: TestUser, description: string) =>
  t.app.inject(
    as(author, {
      method: 'POST',
      url: '/api/posts',
      payload: { url: `https://drive.google.com/file/d/${unique()}`, description },
    }),
  );
const prefer = (user: TestUser, changes: Record<string, unknown>) =>
  t.app.inject(as(user, { method: 'PUT', url: '/api/settings/email', payload: changes }));

describe('new lists (mail 4)', () => {
  it('instant followers hear at once, at most once an hour a handle; later posts are gathered into the next mail', async () => {
    const author = await aUser(t.db, { handle: `farm-${unique()}`, name: 'Farm & Sons' });
    const instant = await aUser(t.db);
    const daily = await aUser(t.db);
    await aFollow(t.db, instant, author.handle ?? '');
    await aFollow(t.db, daily, author.handle ?? '');
    expect((await prefer(instant, { listUpdates: 'instant' })).json()).toMatchObject({ listUpdates: 'instant' });

    expect((await share(author, 'Monday <prices>')).statusCode).toBe(201);
    await deliver();
    const first = smtp.to(instant.email);
    expect(first).toHaveLength(1);
    expect(first[0]?.parsed.subject).toBe(`Farm & Sons (@${author.handle}) shared a new list`);
    expect(first[0]?.parsed.html).toContain('Monday &lt;prices&gt;');
    expect(first[0]?.parsed.text).toContain(
      `* Monday <prices>\n  Open list: http://localhost:3000/${author.handle}/lists/monday-prices/open`,
    );
    expect(first[0]?.header('list-unsubscribe')).toContain('category=list-updates');
    expect(smtp.to(daily.email)).toHaveLength(0);

    await share(author, 'Tuesday');
    await share(author, 'Wednesday');
    await deliver();
    expect(smtp.to(instant.email)).toHaveLength(1);

    offset = HOUR + 1000;
    await deliver();
    const all = smtp.to(instant.email);
    expect(all).toHaveLength(2);
    expect(all[1]?.parsed.subject).toBe(`Farm & Sons (@${author.handle}) shared 2 new lists`);
    expect(all[1]?.parsed.text).toContain('* Tuesday');
    expect(all[1]?.parsed.text).toContain('* Wednesday');
    expect(all[1]?.parsed.text).not.toContain('Monday');
    expect(all[1]?.header('message-id')).not.toBe(all[0]?.header('message-id'));
  });

  it('the hour is per follower (ADR 0214): who switched to Instantly or followed mid-hour gets the next list at once, the others at their hour, nobody twice', async () => {
    const author = await aUser(t.db, { handle: `mid-${unique()}`, name: 'Mid Farm' });
    const early = await aUser(t.db);
    const switcher = await aUser(t.db);
    const newcomer = await aUser(t.db);
    await aFollow(t.db, early, author.handle ?? '');
    await aFollow(t.db, switcher, author.handle ?? '');
    await prefer(early, { listUpdates: 'instant' });
    await share(author, 'First');
    await deliver();
    expect(smtp.to(early.email)).toHaveLength(1);

    // Within the hour: a second list waits for early's hour; one person switches to Instantly, another follows and chooses it.
    offset = 10 * 60_000;
    await share(author, 'Second');
    await deliver();
    await prefer(switcher, { listUpdates: 'instant' });
    await aFollow(t.db, newcomer, author.handle ?? '');
    await prefer(newcomer, { listUpdates: 'instant' });
    await share(author, 'Third');
    await deliver();
    expect(smtp.to(early.email)).toHaveLength(1);
    for (const person of [switcher, newcomer]) {
      const mails = smtp.to(person.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.parsed.subject).toBe(`Mid Farm (@${author.handle}) shared a new list`);
      expect(mails[0]?.parsed.text).toContain('* Third');
    }

    offset = HOUR + 1000;
    await deliver();
    const last = smtp.to(early.email).at(-1);
    expect(last?.parsed.subject).toBe(`Mid Farm (@${author.handle}) shared 2 new lists`);
    expect(last?.parsed.text).toContain('* Second');
    expect(last?.parsed.text).toContain('* Third');
    expect(last?.parsed.text).not.toContain('First');
    expect(smtp.to(early.email)).toHaveLength(2);
    offset = 3 * HOUR;
    await deliver();
    expect(smtp.to(switcher.email)).toHaveLength(1);
    expect(smtp.to(newcomer.email)).toHaveLength(1);
  });

  it('one-click unsubscribe (RFC 8058) turns list updates off without signing in', async () => {
    const author = await aUser(t.db, { handle: `unsub-${unique()}` });
    const reader = await aUser(t.db);
    await aFollow(t.db, reader, author.handle ?? '');
    await prefer(reader, { listUpdates: 'instant' });
    await share(author, 'First');
    await deliver();
    const header = smtp.to(reader.email)[0]?.header('list-unsubscribe') ?? '';
    const link = new URL(/<([^>]+)>/.exec(header)?.[1] ?? 'http://x/');
    const path = link.pathname + link.search;

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`${reader.email.slice(0, 1)}***@example.com`);
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(page.body).not.toContain('<script');
    // GET alone (a link scanner) changes nothing.
    expect((await prefer(reader, {})).json().listUpdates).toBe('instant');

    const wrong = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'x=y',
    });
    expect(wrong.statusCode).toBe(400);
    const click = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode).toBe(200);
    expect(click.body).toContain("You're unsubscribed");
    expect(click.body).toContain('<a href="/settings">Manage email settings</a>');
    expect((await t.app.inject(as(reader, { url: '/api/settings/email' }))).json()).toEqual({
      listUpdates: 'off',
      formResponses: 'instant',
      notices: true,
    });

    offset = 2 * HOUR;
    await share(author, 'Second');
    await deliver();
    expect(smtp.to(reader.email)).toHaveLength(1);

    const multipart = await t.app.inject({
      method: 'POST',
      url: path.replace('list-updates', 'notices'),
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
    });
    expect(multipart.statusCode).toBe(200);
    // It names what it stops, the notices about one's lists included (a broken link, a trade request).
    expect(multipart.body).toContain(
      'You will get no more other mails from Freshlist (invites, notices about your handle and your lists, requests for you to review).',
    );
    const bad = await t.app.inject({ method: 'GET', url: '/api/email/unsubscribe?token=AAAAAAAAAAAAAAAAAAAA&category=notices' });
    expect(bad.statusCode).toBe(404);
  });

  it('the page’s own form posts with Origin: null (Referrer-Policy: no-referrer): it unsubscribes, and Undo puts the choice back', async () => {
    const reader = await aUser(t.db);
    await prefer(reader, { listUpdates: 'weekly' });
    const token = (
      await t.db
        .selectFrom('email_preferences')
        .select('unsubscribe_token')
        .where('email', '=', reader.email)
        .executeTakeFirstOrThrow()
    ).unsubscribe_token;
    const path = `/api/email/unsubscribe?token=${token}&category=list-updates`;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const fromPage = { 'content-type': 'application/x-www-form-urlencoded', origin: 'null', 'sec-fetch-site': 'same-origin' };

    // Another site cannot use the exception: a cross-site request is refused before the token is read.
    const forged = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { ...fromPage, 'sec-fetch-site': 'cross-site' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(403);
    // Origin: null is accepted only where the URL's token is the credential, not on a cookie route.
    const put = as(reader, { method: 'PUT', url: '/api/settings/email', payload: { listUpdates: 'off' } });
    const cookieRoute = await t.app.inject({ ...put, headers: { ...put.headers, origin: 'null' } });
    expect(cookieRoute.statusCode).toBe(403);

    const click = await t.app.inject({ method: 'POST', url: path, headers: fromPage, payload: 'List-Unsubscribe=One-Click' });
    expect(click.statusCode).toBe(200);
    expect(click.body).toContain("You're unsubscribed");
    expect((await prefer(reader, {})).json().listUpdates).toBe('off');
    const undo = /<form method="post" action="([^"]+)"><input type="hidden" name="restore" value="([a-z]+)">/.exec(click.body);
    expect(undo?.[2]).toBe('weekly');
    const action = (undo?.[1] ?? '').replaceAll('&amp;', '&');

    const bad = await t.app.inject({ method: 'POST', url: action, headers: fromPage, payload: 'restore=off' });
    expect(bad.statusCode).toBe(400);
    const undone = await t.app.inject({ method: 'POST', url: action, headers: fromPage, payload: 'restore=weekly' });
    expect(undone.statusCode).toBe(200);
    expect(undone.body).toContain("You're subscribed again");
    expect((await prefer(reader, {})).json().listUpdates).toBe('weekly');
  });

  it('digests: daily and weekly, each listing new posts by handle, once per person and period, none when nothing is new', async () => {
    // Monday 2030-01-07 08:00 UTC: yesterday (Sunday) and last week (Dec 31 – Jan 7) have ended.
    const monday = Date.UTC(2030, 0, 7);
    const a = await aUser(t.db, { handle: `dig-a-${unique()}`, name: 'Apple Farm' });
    const b = await aUser(t.db, { handle: `dig-b-${unique()}`, name: 'Bakery' });
    const daily = await aUser(t.db);
    const weekly = await aUser(t.db);
    const nothing = await aUser(t.db);
    const quiet = await aUser(t.db, { handle: `dig-q-${unique()}` });
    for (const h of [a.handle, b.handle]) await aFollow(t.db, daily, h ?? '');
    await aFollow(t.db, weekly, a.handle ?? '');
    await aFollow(t.db, nothing, quiet.handle ?? '');
    await prefer(weekly, { listUpdates: 'weekly' });
    await aPost(t.db, a, { description: 'Apples <today>', createdAt: monday - 10 * HOUR });
    await aPost(t.db, b, { description: 'Bread', createdAt: monday - 2 * HOUR });
    await aPost(t.db, a, { description: 'Old apples', createdAt: monday - 3 * DAY });
    await aPost(t.db, quiet, { description: 'Too old', createdAt: monday - 30 * DAY });

    t.app.mailer.useClock(() => monday + 7 * HOUR - 1);
    expect(await t.app.mailer.scheduleDigests()).toBe(0);
    t.app.mailer.useClock(() => monday + 8 * HOUR);
    const queued = await t.app.mailer.scheduleDigests();
    expect(queued).toBeGreaterThanOrEqual(2);
    // Again (another round, another process): nothing more.
    t.app.mailer.useClock(() => monday + 9 * HOUR);
    expect(await t.app.mailer.scheduleDigests()).toBe(0);
    await deliver();
    t.app.mailer.useClock(() => Date.now() + offset);

    const [d] = smtp.to(daily.email);
    expect(smtp.to(daily.email)).toHaveLength(1);
    expect(d?.parsed.subject).toBe('Freshlist daily digest: 2 new lists');
    expect(d?.parsed.text).toContain(`Apple Farm (@${a.handle}) http://localhost:3000/${a.handle}`);
    expect(d?.parsed.text).toContain('* Apples <today>');
    expect(d?.parsed.text).toContain('* Bread');
    expect(d?.parsed.text).not.toContain('Old apples');
    expect(d?.header('list-unsubscribe')).toContain('category=list-updates');

    const [w] = smtp.to(weekly.email);
    expect(w?.parsed.subject).toBe('Freshlist weekly digest: 2 new lists');
    expect(w?.parsed.text).toContain('* Old apples');
    expect(smtp.to(nothing.email)).toHaveLength(0);
  });
});

describe('chat form responses (mail 5)', () => {
  it('the owner hears instantly by default, or in the daily digest', async () => {
    const formOwner = await aUser(t.db, { handle: `forms-${unique()}` });
    const formId = await aChatForm(t.db, formOwner, {
      title: 'Orders <week>',
      questions: [
        { field: 'name', lines: ['What is your name?'] },
        { field: 'order', lines: ['What would you like to order?'], long: true },
        { field: 'delivery', lines: ['Which day?'], type: 'date' },
      ],
    });
    const submit = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/forms/${formId}/submissions`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          answers: { name: 'Bob', order: 'Eggs', delivery: '2026-03-14' },
          idempotencyKey: randomUUID(),
        }),
      });
    expect((await submit()).statusCode).toBe(201);
    await deliver();
    const [mail] = smtp.to(formOwner.email);
    expect(mail?.parsed.subject).toBe('Orders <week>: 1 new response');
    expect(mail?.parsed.text).toContain(`http://localhost:3000/chat-form-creator/${formId}/responses`);
    // The answers themselves, in the questions' order (#31).
    // A date reads as people write it, as on the form's own pages.
    expect(mail?.parsed.text).toContain('  name: Bob\n  order: Eggs\n  delivery: 14 March 2026');
    expect(mail?.header('list-unsubscribe')).toContain('category=form-responses');

    await prefer(formOwner, { formResponses: 'daily' });
    offset = 2 * HOUR;
    await submit();
    await submit();
    await deliver();
    expect(smtp.to(formOwner.email)).toHaveLength(1);
    const tomorrow = Math.floor((Date.now() + DAY) / DAY) * DAY;
    t.app.mailer.useClock(() => tomorrow + 8 * HOUR);
    await t.app.mailer.scheduleDigests();
    await deliver();
    t.app.mailer.useClock(() => Date.now() + offset);
    const digest = smtp.to(formOwner.email)[1];
    expect(digest?.parsed.subject).toBe('Daily: Orders <week>: 3 new responses');
  });
});

describe('delivery', () => {
  it('retries a temporary failure with backoff; a permanent one fails at once; an admin sends it again', async () => {
    const person = await aUser(t.db);
    const handle = `retry-${unique()}`;
    await aHandleRequest(t.db, person, handle);
    smtp.failNext(1, 451);
    await t.app.inject(as(owner, { method: 'POST', url: `/api/admin/handle-requests/${person.id}/reject` }));
    await deliver();
    const [row] = (await outbox('handle-rejected')).filter((m) => m.user_id === person.id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(row?.last_error).toContain('451');
    expect(await deliver()).toBe(0);
    offset = 61_000;
    expect(await deliver()).toBe(1);
    expect(smtp.to(person.email)).toHaveLength(1);

    const other = await aUser(t.db);
    await aHandleRequest(t.db, other, `perm-${unique()}`);
    smtp.failNext(1, 550);
    await t.app.inject(as(owner, { method: 'POST', url: `/api/admin/handle-requests/${other.id}/reject` }));
    await deliver();
    const [failed] = (await outbox('handle-rejected')).filter((m) => m.user_id === other.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });

    const status = await t.app.inject(as(admin, { url: '/api/admin/email' }));
    expect(status.statusCode).toBe(200);
    expect(status.json().counts.failed).toBeGreaterThanOrEqual(1);
    expect(status.json().failures[0]).toMatchObject({ id: Number(failed?.id), recipient: other.email, kind: 'handle-rejected' });
    expect(status.json().failures[0].lastError).toContain('550');
    expect((await t.app.inject(as(other, { url: '/api/admin/email' }))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/email' })).statusCode).toBe(401);

    const again = await t.app.inject(as(admin, { method: 'POST', url: `/api/admin/email/${failed?.id}/retry` }));
    expect(again.statusCode).toBe(200);
    await deliver();
    const resent = smtp.to(other.email);
    expect(resent).toHaveLength(1);
    expect(resent[0]?.header('message-id')).toBe(
      messageIdOf({ id: Number(failed?.id), createdAt: Number(failed?.created_at) }, 'localhost'),
    );
    expect((await t.app.inject(as(admin, { method: 'POST', url: '/api/admin/email/999999999/retry' }))).statusCode).toBe(404);
  });

  it('gives up after the last attempt', async () => {
    const person = await aUser(t.db);
    await aHandleRequest(t.db, person, `give-up-${unique()}`);
    smtp.failNext(5, 421);
    await t.app.inject(as(owner, { method: 'POST', url: `/api/admin/handle-requests/${person.id}/reject` }));
    for (let i = 0; i < 6; i++) {
      await deliver();
      offset += 3 * HOUR;
    }
    const [row] = (await outbox('handle-rejected')).filter((m) => m.user_id === person.id);
    expect(row).toMatchObject({ state: 'failed', attempts: 5 });
    expect(smtp.to(person.email)).toHaveLength(0);
    smtp.failNext(0, 0);
  });

  it('a mail whose worker died is taken again once its lease runs out, with the same Message-ID', async () => {
    const person = await aUser(t.db);
    await aHandleRequest(t.db, person, `crash-${unique()}`);
    await t.app.inject(as(owner, { method: 'POST', url: `/api/admin/handle-requests/${person.id}/reject` }));
    // A worker claims it and dies before recording anything.
    await t.db
      .updateTable('email_outbox')
      .set({ state: 'sending', attempts: 1, lease_until: Date.now() + 5 * 60_000 })
      .where('user_id', '=', person.id)
      .execute();
    expect(await deliver()).toBe(0);
    offset = 5 * 60_000 + 1000;
    expect(await deliver()).toBe(1);
    const [row] = (await outbox('handle-rejected')).filter((m) => m.user_id === person.id);
    expect(row).toMatchObject({ state: 'sent', attempts: 2 });
    expect(smtp.to(person.email)[0]?.header('message-id')).toBe(
      messageIdOf({ id: Number(row?.id), createdAt: Number(row?.created_at) }, 'localhost'),
    );
  });
});

describe('email settings', () => {
  it('GET and PUT /api/settings/email for the signed-in person', async () => {
    const person = await aUser(t.db);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/email' })).statusCode).toBe(401);
    expect((await t.app.inject(as(person, { url: '/api/settings/email' }))).json()).toEqual({
      listUpdates: 'daily',
      formResponses: 'instant',
      notices: true,
    });
    expect((await prefer(person, { listUpdates: 'weekly', notices: false })).json()).toEqual({
      listUpdates: 'weekly',
      formResponses: 'instant',
      notices: false,
    });
    expect((await prefer(person, { listUpdates: 'hourly' })).statusCode).toBe(400);
    expect((await prefer(person, { formResponses: 'weekly' })).statusCode).toBe(400);
  });
});
