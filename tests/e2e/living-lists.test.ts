import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../server/plugins/db';
import { aFollow, aPost, aUser } from '../fixtures/factories';
import { aVersion } from '../fixtures/list-rows';
import { DESKTOP, PHONE, screenshot, skipE2E } from './browser';
import { signInWithCookie, standInForDrive } from './helpers';
import { useJourney, type Viewport } from './journey';

const FARM = { email: 'lists-farm@example.com', name: 'Orchard Farm', handle: 'orchard-farm' };
const READER = { email: 'lists-reader@example.com', name: 'Rosa Reader' };
const DAY = 86_400_000;

/** A date `days` from today, as a date input takes it (the browser's calendar is the machine's). */
function dayFromNow(days: number): string {
  const d = new Date(Date.now() + days * DAY);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The farm's weekly price list in two versions, a promotion that has expired, and a follower. */
async function seed(db: DB): Promise<void> {
  const farm = await aUser(db, FARM);
  const reader = await aUser(db, READER);
  await aFollow(db, reader, FARM.handle);
  const week1 = await aPost(db, farm, {
    description: 'Weekly price list',
    url: 'https://drive.google.com/file/d/week-1/view',
    createdAt: Date.now() - 14 * DAY,
  });
  await aVersion(db, farm, week1, {
    description: 'Weekly price list: week 2, plums are in',
    url: 'https://drive.google.com/file/d/week-2/view',
    createdAt: Date.now() - 7 * DAY,
  });
  await aPost(db, farm, {
    description: 'Summer cider offer',
    url: 'https://drive.google.com/file/d/cider/view',
    createdAt: Date.now() - 3 * DAY,
  });
  await db
    .updateTable('posts')
    .set({ valid_from: '2020-07-01', valid_until: '2020-08-31' })
    .where('description', '=', 'Summer cider offer')
    .execute();
}

describe.skipIf(skipE2E)('living lists: new version, edit, delete, stable link, QR card, validity', () => {
  const journey = useJourney({ seed });

  async function context(viewport: Viewport): Promise<BrowserContext> {
    const ctx = await journey.context(viewport);
    await standInForDrive(ctx, (url) => `<title>Drive</title><h1>${new URL(url).pathname}</h1>`);
    return ctx;
  }

  it('an owner keeps a list living; a follower sees one list with its versions folded', async () => {
    const owner = await context(DESKTOP);
    await owner.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.url });
    await signInWithCookie(owner, journey.url, FARM);
    const page = await owner.newPage();
    await page.goto(`${journey.url}/dashboard`);
    const prices = page.locator('.post-card').filter({ hasText: 'plums are in' }).first();
    await prices.getByText('Weekly price list · new version').waitFor();

    // The public profile's address beside it, copied in one press (#31).
    await page.getByRole('button', { name: "Copy your public profile's link" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${journey.url}/orchard-farm`);

    // The stable link: an <a> to /lists/, and a Copy button that copies the full address.
    const stable = prices.getByRole('link', { name: /stable link to Weekly price list/ });
    expect(await stable.getAttribute('href')).toBe('/orchard-farm/lists/weekly-price-list');
    await prices.getByRole('button', { name: 'Copy the stable link of Weekly price list' }).click();
    await prices.getByText('Stable link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${journey.url}/orchard-farm/lists/weekly-price-list`);

    // The expired promotion stays, marked.
    const cider = page.locator('.post-card').filter({ hasText: 'Summer cider offer' });
    await cider.getByText('Valid from 1 Jul 2020 until 31 Aug 2020').waitFor();
    await cider.getByText('Expired').waitFor();
    await screenshot(page, 'lists-dashboard-desktop');

    // A new version from the dashboard: /upload with the list chosen, and a valid-until date.
    await prices.getByRole('link', { name: 'New version of Weekly price list' }).click();
    // Where the page settles: the form with the list chosen ("Share a new list" only shows while it loads).
    await page.getByRole('heading', { level: 1, name: 'New version of Weekly price list' }).waitFor();
    expect(await page.getByLabel('New version of').inputValue()).not.toBe('');
    await page.getByLabel('Link URL').fill('https://drive.google.com/file/d/week-3/view');
    await page.getByLabel('Description').fill('Weekly price list: week 3, first apples');
    await page.getByLabel('Valid until (optional)').fill(dayFromNow(6));
    await screenshot(page, 'lists-new-version-desktop');
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Upload saved! Redirecting to dashboard...').waitFor();
    await page.waitForURL(/\/dashboard$/);
    const week3 = page.locator('.post-card').filter({ hasText: 'first apples' }).first();
    await week3.getByText(/^Valid until \d+ [A-Z][a-z]{2}/).waitFor();
    await week3.getByRole('button', { name: '2 earlier versions' }).click();
    await week3.getByText('plums are in').waitFor();

    // Remove the oldest version, asked in the page (no browser dialog).
    const week1 = week3.locator('.earlier-versions .post-card').filter({ hasNotText: 'plums' });
    await week1.getByRole('button', { name: 'Delete this earlier version of Weekly price list' }).click();
    await week1.getByText('Delete this version?').waitFor();
    await screenshot(page, 'lists-delete-confirm-desktop');
    await week1.getByRole('button', { name: 'Yes, delete' }).click();
    await week3.getByRole('button', { name: '1 earlier version' }).waitFor();

    // Edit the newest version: its description and dates; it keeps its time and says "edited".
    // A date before "valid from" is refused in the form, as the server would.
    await week3.getByRole('button', { name: 'Edit Weekly price list' }).click();
    const form = page.getByRole('form', { name: 'Edit Weekly price list' });
    expect(await form.getByLabel('List name').inputValue()).toBe('Weekly price list');
    await form.getByLabel('Description').fill('Weekly price list: week 3, first apples and pears');
    await form.getByLabel('Valid from (optional)').fill(dayFromNow(3));
    await form.getByLabel('Valid until (optional)').fill(dayFromNow(1));
    await form.getByText('Valid until must be on or after valid from.').waitFor();
    expect(await form.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await screenshot(page, 'lists-edit-desktop');
    await form.getByLabel('Valid from (optional)').fill('');
    await form.getByLabel('Valid until (optional)').fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    const edited = page.locator('.post-card').filter({ hasText: 'apples and pears' }).first();
    await edited.getByText('edited').waitFor();
    expect(await edited.getByText(/^Valid until/).count()).toBe(0);

    // The stable address is the list's own page; its Open list follows the newest version (#31).
    // The list's QR card is one click away.
    const visitTab = owner.waitForEvent('page');
    await edited.getByRole('link', { name: /stable link to Weekly price list/ }).click();
    const visit = await visitTab;
    await visit.getByRole('heading', { level: 1, name: 'Weekly price list' }).waitFor();
    await visit.getByRole('link', { name: 'Open list' }).click();
    await visit.waitForURL('https://drive.google.com/file/d/week-3/view');
    await visit.close();
    await screenshot(page, 'lists-dashboard-after-desktop');
    // The list's QR card is a page of its own (issue 43: a bare PNG in a new tab): the card, Download, Print, Share where the browser has it.
    await edited.getByRole('link', { name: /QR card of Weekly price list/ }).click();
    await page.getByRole('heading', { level: 1, name: 'QR card of Weekly price list' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/orchard-farm/lists/weekly-price-list/card');
    expect(await page.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      '/qr/orchard-farm/lists/weekly-price-list/card.png?download=1',
    );
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.list-card-image');
      return img?.complete === true && img.naturalWidth > 0;
    });
    await page.setViewportSize(PHONE);
    await screenshot(page, 'lists-qr-card-page-phone');
    await page.goBack();
    await page.setViewportSize(PHONE);
    await edited.getByRole('button', { name: 'Copy the stable link of Weekly price list' }).waitFor();
    await screenshot(page, 'lists-dashboard-phone');

    // Phone: the follower's feed shows the list once, as an update, its earlier version folded.
    const reader = await context(PHONE);
    await signInWithCookie(reader, journey.url, READER);
    const phone = await reader.newPage();
    await phone.goto(`${journey.url}/feed`);
    const update = phone.locator('.post-card').filter({ hasText: 'apples and pears' }).first();
    await update.getByText('Weekly price list · new version').waitFor();
    expect(await phone.locator('.post-list > li').count()).toBe(2);
    await update.getByRole('button', { name: '1 earlier version' }).tap();
    await update.getByText('plums are in').waitFor();
    await screenshot(phone, 'lists-feed-phone');

    // The profile: each list once, with its stable link and a Copy button.
    await phone.goto(`${journey.url}/orchard-farm`);
    await phone.getByRole('heading', { name: '@orchard-farm' }).waitFor();
    await phone.locator('.post-list > li').nth(1).waitFor();
    expect(await phone.locator('.post-list > li').count()).toBe(2);
    expect(await phone.locator('a[href*="/lists/"]').count()).toBe(2);
    await phone.getByRole('button', { name: 'Copy the stable link of Summer cider offer' }).waitFor();
    await screenshot(phone, 'lists-profile-phone');

    // The owner removes the whole cider list; its old open link answers 410 with the profile.
    const ciderId = await cider.getByRole('link', { name: /Go to page/ }).getAttribute('href');
    await cider.getByRole('button', { name: 'Delete Summer cider offer' }).click();
    await cider.getByRole('button', { name: 'Yes, delete' }).click();
    await page.locator('.post-card').filter({ hasText: 'Summer cider offer' }).waitFor({ state: 'detached' });
    await phone.reload();
    await phone.locator('.post-list > li').first().waitFor();
    expect(await phone.locator('.post-list > li').count()).toBe(1);
    const gone = await phone.goto(`${journey.url}${ciderId}`);
    expect(gone?.status()).toBe(410);
    await phone.getByRole('heading', { name: 'This list was removed.' }).waitFor();
    await screenshot(phone, 'lists-removed-phone');
    await phone.getByRole('link', { name: "See @orchard-farm's lists" }).tap();
    await phone.waitForURL(`${journey.url}/orchard-farm`);

    await reader.close();
    await owner.close();
    // One long journey (two people, a phone, a QR card): 58 s of the default 60 s on a busy machine.
  }, 180_000);
});
