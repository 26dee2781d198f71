import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONSENT_STORAGE_KEY } from '../../core/consent';
import type { DB } from '../../server/plugins/db';
import { aFollow, aPost, aUser } from '../fixtures/factories';
import { DESKTOP, PHONE, screenshot, skipE2E } from './browser';
import { useJourney } from './journey';

const SUPPLIER = { email: 'valley@example.com', name: 'Green Valley', handle: 'green-valley' };
const RESTAURANT = { email: 'rosa@example.com', name: 'Rosa Restaurant' };
const LEAVER = { email: 'leaving@example.com', name: 'Leaving Deli' };
const ADMIN = { email: 'admin@example.com', name: 'Ada Admin' };
const FAILED_INVITE = {
  handle: 'new-bakery',
  email: 'new-bakery@example.com',
  error: '550 5.1.1 <new-bakery@example.com>: Mailbox unavailable',
};

/** A supplier with a list, a restaurant following it, and one invite mail that failed for good. */
async function seed(db: DB): Promise<void> {
  const supplier = await aUser(db, SUPPLIER);
  await aPost(db, supplier, { url: 'https://drive.google.com/file/d/valley/view', description: 'This week: tomatoes.' });
  await aFollow(db, await aUser(db, RESTAURANT), SUPPLIER.handle);
  await aUser(db, ADMIN);
  const now = Date.now();
  await db
    .insertInto('email_outbox')
    .values({
      kind: 'invite',
      to_address: FAILED_INVITE.email,
      payload: JSON.stringify({ handle: FAILED_INVITE.handle, displayName: 'New Bakery', fromRequest: false }),
      state: 'failed',
      attempts: 1,
      scheduled_at: now,
      next_attempt_at: now,
      last_error: FAILED_INVITE.error,
      recipient: FAILED_INVITE.email,
      subject: "You're invited to Freshlist as @new-bakery",
      created_at: now,
    })
    .execute();
}

/**
 * /settings (issue 15 §6, issue 18: email preferences, privacy choices, download my data, delete my
 * account) and /admin/email with the development mailbox (issue 18), on desktop and phone.
 */
describe.skipIf(skipE2E)('settings, the admin email page and the development mailbox', () => {
  // No SMTP_URL: mail is held for the development mailbox; the worker runs every 300 ms.
  const journey = useJourney({ seed, env: { ADMIN_EMAILS: ADMIN.email, EMAIL_POLL_MS: '300' } });

  const header = (page: Page) => page.getByRole('banner');
  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
  const titled = (page: Page, title: string) => page.waitForFunction((t) => document.title === t, title);
  const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('a first visit: the consent banner comes right after "Skip to content" in the tab order', async () => {
    const ctx = await journey.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    await page.goto(`${journey.url}/${SUPPLIER.handle}`);
    await page.getByRole('region', { name: 'Help us improve Freshlist' }).getByRole('button', { name: 'Accept' }).waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Skip to content');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Decline');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Accept');
    await screenshot(page, 'consent-banner-first-visit-phone');
    await ctx.close();
  });

  it('settings: reached from the account menu; email preferences saved; privacy choices; my data downloaded', async () => {
    const page = await journey.signedIn(RESTAURANT, DESKTOP, '/dashboard');
    await page.getByRole('heading', { name: `Welcome, ${RESTAURANT.name}` }).waitFor();
    await header(page).getByRole('button', { name: 'Account' }).click();
    await header(page).getByRole('link', { name: 'Settings' }).click();
    await heading(page, 'Settings').waitFor();
    await titled(page, 'Settings · Freshlist');
    // Following the link closed the menu; opened again, it marks Settings as the current page.
    await header(page).getByRole('button', { name: 'Account' }).click();
    expect(await header(page).getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    await page.keyboard.press('Escape');

    // Email: a daily digest by default; Instantly is saved and still chosen after a reload.
    const lists = page.getByRole('group', { name: 'New lists and price changes from businesses you follow' });
    await expect.poll(() => lists.getByRole('radio', { name: /^Daily digest/ }).isChecked()).toBe(true);
    await lists.getByRole('radio', { name: /^Instantly/ }).check();
    await page.getByRole('group', { name: 'Responses to your chat forms' }).getByRole('radio', { name: /^Off/ }).check();
    await page.getByRole('button', { name: 'Save email preferences' }).click();
    await page.getByRole('status').filter({ hasText: 'Email preferences saved.' }).waitFor();
    await page.reload();
    await heading(page, 'Settings').waitFor();
    await expect.poll(() => lists.getByRole('radio', { name: /^Instantly/ }).isChecked()).toBe(true);
    expect(
      await page.getByRole('group', { name: 'Responses to your chat forms' }).getByRole('radio', { name: /^Off/ }).isChecked(),
    ).toBe(true);

    // Privacy: the choice made earlier (declined) is shown and can be changed here or from the footer.
    await page.getByText('You do not allow analytics').waitFor();
    await page.getByRole('button', { name: 'Allow analytics' }).click();
    await page.getByRole('status').filter({ hasText: 'Analytics allowed.' }).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY)).toBe('accepted');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Privacy choices' }).click();
    const banner = page.getByRole('region', { name: 'Help us improve Freshlist' });
    await banner.getByText('Your choice now: Accept.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Help us improve Freshlist');
    await banner.getByRole('button', { name: 'Decline' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.getByText('You do not allow analytics').waitFor();

    // Download my data: one zip of the person's own things, readable (#31): README, plain names, ISO dates.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^freshlist-data-account-\d{4}-\d{2}-\d{2}\.zip$/);
    // The browser runs in another process (launchBrowser connects to it): the file comes as a stream.
    const files = unzipSync(new Uint8Array(Buffer.concat(await (await download.createReadStream()).toArray())));
    expect(strFromU8(files['README.txt']!)).toContain('Your Freshlist data');
    const data = JSON.parse(strFromU8(files['freshlist-data.json']!));
    expect(data.profile.email).toBe(RESTAURANT.email);
    expect(data.following).toEqual([
      expect.objectContaining({ handle: SUPPLIER.handle, 'followed at': expect.stringMatching(/Z$/) }),
    ]);
    expect(data['email preferences']).toEqual({ 'list updates': 'instant', 'form responses': 'off', notices: true });
    await page
      .getByRole('status')
      .filter({ hasText: `Your data was saved as ${download.suggestedFilename()}.` })
      .waitFor();
    await screenshot(page, 'settings-desktop');
    await page.context().close();
  });

  it('settings on a phone: through the Menu, nothing cut off', async () => {
    const page = await journey.signedIn(RESTAURANT, PHONE, '/dashboard');
    // Where sign-in settles first: a move to another page closes the menu again.
    await page.getByRole('heading', { name: `Welcome, ${RESTAURANT.name}` }).waitFor();
    await header(page).getByRole('button', { name: 'Menu' }).click();
    expect(await header(page).getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('true');
    await header(page).getByRole('link', { name: 'Settings' }).click();
    await heading(page, 'Settings').waitFor();
    await page.getByRole('button', { name: 'Save email preferences' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'settings-phone');
    await page.context().close();
  });

  it('delete my account: asks for the email in the page, then signs out; an admin sees the backup', async () => {
    const page = await journey.signedIn(LEAVER, PHONE, '/settings');
    await heading(page, 'Settings').waitFor();
    await page.getByRole('button', { name: 'Delete my account...' }).click();
    const field = page.getByLabel('Type your email address to confirm');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await field.fill('someone@example.com');
    await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await page.getByText('Type the email address you sign in with, exactly as shown, to confirm.').waitFor();
    await screenshot(page, 'settings-delete-confirm-phone');
    await field.fill(LEAVER.email);
    await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await heading(page, 'Your account has been deleted').waitFor();
    await page.getByText(/A backup is kept for 30 days/).waitFor();
    await header(page).getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'settings-deleted-phone');
    expect((await page.request.get(`${journey.url}/api/auth/me`)).ok()).toBe(true);
    expect((await (await page.request.get(`${journey.url}/api/auth/me`)).json()).user).toBeNull();
    await page.context().close();

    const admin = await journey.signedIn(ADMIN, DESKTOP, '/admin/deleted-users');
    await heading(admin, 'Deleted users').waitFor();
    const entry = admin.getByRole('listitem').filter({ hasText: LEAVER.email });
    await entry.getByText(/by themselves · backup kept until/).waitFor();
    await admin.context().close();
  });

  it('admin email page: counts by state, the failure with its error, Send again; the mail then shows in the development mailbox', async () => {
    const page = await journey.signedIn(ADMIN, DESKTOP, '/admin/');
    await heading(page, 'Admin').waitFor();
    await page.getByRole('link', { name: 'Email', exact: true }).click();
    await heading(page, 'Email').waitFor();
    await titled(page, 'Email · Freshlist');
    const failure = page.getByRole('listitem').filter({ hasText: FAILED_INVITE.email });
    await failure.getByText(FAILED_INVITE.error).waitFor();
    const count = (label: string) =>
      page.locator('.admin-count-box').filter({ hasText: label }).locator('.admin-count-value').textContent();
    expect(await count('Failed')).toBe('1');
    await screenshot(page, 'admin-email-desktop');

    await failure.getByRole('button', { name: 'Send again' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /is queued again/ })
      .waitFor();
    // The worker picks it up within a poll or two; Refresh shows where it went. (Other mails of this
    // file, such as the deleted account's, may be held there too, so the failure's leaving is what counts.)
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          await page.getByRole('button', { name: 'Refresh' }).waitFor();
          return [await count('Failed'), Number(await count('Held (development mailbox)')) > 0];
        },
        { timeout: 20_000 },
      )
      .toEqual(['0', true]);
    await page.getByText('No mail has failed.').waitFor();
    expect(await count('Failed')).toBe('0');

    await page.getByRole('link', { name: 'development mailbox' }).click();
    await page.waitForURL(`${journey.url}/dev/mailbox`);
    await page.getByRole('link', { name: "You're invited to Freshlist as @new-bakery" }).first().click();
    await page.getByText(FAILED_INVITE.email).first().waitFor();
    await screenshot(page, 'dev-mailbox-item-desktop');
    await page.context().close();

    const phone = await journey.signedIn(ADMIN, PHONE, '/admin/email');
    await heading(phone, 'Email').waitFor();
    await phone.getByText('No mail has failed.').waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await screenshot(phone, 'admin-email-phone');
    await phone.goto(`${journey.url}/dev/mailbox`);
    await phone.getByRole('heading', { name: 'Mail Freshlist would have sent' }).waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await screenshot(phone, 'dev-mailbox-phone');
    await phone.context().close();
  });
});
