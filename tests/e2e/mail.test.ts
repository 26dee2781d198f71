import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/plugins/db';
import { aFollow, aUser } from '../fixtures/factories';
import { DESKTOP, launchBrowser, PHONE, screenshot, skipE2E } from './browser';
import { consentDeclined, signInWithCookie } from './helpers';
import { migratedDataDir, type RunningServer, startServer } from './server';

const SUPPLIER = { email: 'farm@example.com', name: 'Green Valley Farm', handle: 'green-valley' };
/** Chose Instantly before anything was posted. */
const EARLY = { email: 'early@example.com', name: 'Early Bistro' };
/** Follows with the default daily digest, and switches to Instantly mid-hour. */
const SWITCHER = { email: 'switcher@example.com', name: 'Corner Cafe' };
/** The "hour" between two instant mails about one business, short enough for a journey. */
const INSTANT_INTERVAL_MS = 10_000;

async function seed(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    const db = database.db;
    await aUser(db, SUPPLIER);
    const early = await aUser(db, EARLY);
    await aFollow(db, early, SUPPLIER.handle);
    await aFollow(db, await aUser(db, SWITCHER), SUPPLIER.handle);
    await db
      .insertInto('email_preferences')
      .values({ email: EARLY.email, list_updates: 'instant', unsubscribe_token: 'early-token-0123456789abcdef', updated_at: 0 })
      .execute();
  } finally {
    await database.close();
  }
}

/**
 * Issue 31: mail people can trust. A reader unsubscribes by pressing the button on the page a
 * mail's Unsubscribe link opens (the page is sent with `Referrer-Policy: no-referrer`, so the
 * browser posts with `Origin: null`), and can undo it.
 */
describe.skipIf(skipE2E)('mail: Instantly, and unsubscribing from a mail', () => {
  const dataDir = migratedDataDir();
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    await seed(dataDir);
    // No SMTP_URL: mail is held for the development mailbox; the worker runs every 300 ms.
    server = await startServer({
      DATA_DIR: dataDir,
      EMAIL_POLL_MS: '300',
      EMAIL_INSTANT_INTERVAL_MS: String(INSTANT_INTERVAL_MS),
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function signedIn(person: { email: string; name: string }, viewport = DESKTOP): Promise<Page> {
    const ctx: BrowserContext = await browser.newContext({
      viewport,
      ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}),
    });
    await consentDeclined(ctx);
    await signInWithCookie(ctx, server.url, person);
    return ctx.newPage();
  }

  /** The supplier shares a list (the sharing page has journeys of its own). */
  async function share(page: Page, description: string): Promise<void> {
    const res = await page.request.post(`${server.url}/api/posts`, {
      data: { url: `https://drive.google.com/file/d/${description.replace(/\W/g, '')}/view`, description },
    });
    expect(res.status()).toBe(201);
  }

  /** Opens the newest mail to `to` whose subject matches, in the development mailbox; returns its text part. */
  async function openMail(page: Page, to: string, subject: RegExp): Promise<string> {
    const row = page.getByRole('row').filter({ hasText: to }).filter({ hasText: subject });
    await expect
      .poll(
        async () => {
          await page.goto(`${server.url}/dev/mailbox`);
          return row.count();
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await row.first().getByRole('link', { name: subject }).click();
    return (await page.locator('pre').textContent()) ?? '';
  }

  it('a follower who switched to Instantly mid-hour gets the next list', async () => {
    const supplier = await signedIn(SUPPLIER);
    await share(supplier, 'Monday prices');
    const mailbox = await signedIn(EARLY);
    expect(await openMail(mailbox, EARLY.email, /Green Valley Farm/)).toContain('Monday prices');

    // Within the "hour" that mail opened, the daily reader chooses Instantly in their settings.
    const page = await signedIn(SWITCHER, PHONE);
    await page.goto(`${server.url}/settings`);
    await page
      .getByRole('group', { name: 'New lists from handles you follow' })
      .getByRole('radio', { name: /^Instantly/ })
      .check();
    await page.getByRole('button', { name: 'Save email preferences' }).click();
    await page.getByRole('status').filter({ hasText: 'Email preferences saved.' }).waitFor();
    await share(supplier, 'Tuesday prices');

    // The next mail goes once the hour is over, to everyone who has chosen Instantly by then.
    const text = await openMail(page, SWITCHER.email, /Green Valley Farm/);
    expect(text).toContain('Tuesday prices');
    expect(text).not.toContain('Monday prices');
    await screenshot(page, 'instant-mail-after-switch-phone');
    const early = await openMail(mailbox, EARLY.email, /Green Valley Farm/);
    expect(early).toContain('Tuesday prices');
    for (const ctx of [supplier, mailbox, page]) await ctx.context().close();
  });

  it('a list mail’s Unsubscribe link: one press, "You\'re unsubscribed", Manage email settings, and Undo', async () => {
    const supplier = await signedIn(SUPPLIER);
    await share(supplier, 'Autumn apples');
    await supplier.context().close();

    const page = await signedIn(EARLY, PHONE);
    const text = await openMail(page, EARLY.email, /Green Valley Farm/);
    const unsubscribe = /Unsubscribe: (\S+)/.exec(text)?.[1] ?? '';
    expect(unsubscribe).toContain('/api/email/unsubscribe?token=');
    // The person follows the link from their mail program.
    await page.goto(unsubscribe);
    await page.getByRole('heading', { name: 'Unsubscribe' }).waitFor();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: "You're unsubscribed" }).waitFor();
    await screenshot(page, 'unsubscribed-phone');
    expect(await page.getByRole('link', { name: 'Manage email settings' }).getAttribute('href')).toBe('/settings');

    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('heading', { name: "You're subscribed again" }).waitFor();
    await page.getByRole('link', { name: 'Manage email settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const lists = page.getByRole('group', { name: 'New lists from handles you follow' });
    await expect.poll(() => lists.getByRole('radio', { name: /^Instantly/ }).isChecked()).toBe(true);
    await page.context().close();
  });
});
