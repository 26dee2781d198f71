import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../server/plugins/db';
import { aReadVersion } from '../fixtures/contents-rows';
import { aPost, aUser } from '../fixtures/factories';
import { aLinkCheck } from '../fixtures/link-check-rows';
import { aVersion } from '../fixtures/list-rows';
import { DESKTOP, PHONE, screenshot, skipE2E } from './browser';
import { hydrated, signInAs, signInWithCookie, standInForDrive } from './helpers';
import { useJourney, type Viewport } from './journey';

const FARM = { email: 'farm@example.com', name: 'Green Valley Farm', handle: 'green-valley' };
const READER = { email: 'reader@example.com', name: 'Rosa Restaurant' };
const NEWEST_FILE = 'https://drive.google.com/file/d/week-2/view';
const PRICES = ['Vegetables', 'Tomatoes 2.40 €', 'Burrata 125g 3.50 €', 'Basil 1.20 €', 'Delivery on Mondays and Thursdays'];

async function seed(db: DB): Promise<void> {
  const farm = await aUser(db, FARM);
  const v1 = await aPost(db, farm, {
    description: 'Weekly prices',
    url: 'https://drive.google.com/file/d/week-1/view',
    createdAt: Date.now() - 3 * 86_400_000,
  });
  const v2 = await aVersion(db, farm, v1, {
    description: 'Week 2: pears are in',
    url: NEWEST_FILE,
    createdAt: Date.now() - 3_600_000,
  });
  // Freshlist read the file (issue 39): its prices show on the page.
  await aReadVersion(db, farm, v2, PRICES, Date.now() - 2 * 3_600_000);
  await db.updateTable('posts').set({ valid_until: '2099-12-31' }).where('list_id', '=', v1.listId).execute();
  const old = await aPost(db, farm, { description: 'Summer menu', url: 'https://drive.google.com/file/d/summer/view' });
  await db.updateTable('posts').set({ valid_until: '2020-08-31' }).where('id', '=', old.id).execute();
  // The watcher found its file gone; the prices read before stay.
  await aLinkCheck(db, old, farm.id, { health: 'not-found', broken: true });
  await aReadVersion(db, farm, old, ['Gazpacho 6.50 €'], Date.now() - 5 * 86_400_000);
  // A file Freshlist cannot read: its owner is told why, on the dashboard and the list's page.
  const wine = await aPost(db, farm, { description: 'Wine list', url: 'https://drive.google.com/file/d/wine/view' });
  await sql`insert into list_snapshots (list_id, user_id, post_id, seen_at, checked_at, state, reason, line_ids)
    values (${wine.listId}, ${farm.id}, ${wine.id}, ${Date.now()}, ${Date.now()}, 'unreadable', 'password', '{}')`.execute(db);
  await aUser(db, READER);
}

/**
 * Issue 31: a list's QR card and stable address lead to the list's own page on Freshlist: the
 * business, the list, its validity, Open list (the newest file, counted) and Follow; with
 * JavaScript on and off. A list or business that is gone says so and offers Explore.
 */
describe.skipIf(skipE2E)("a list's own page", () => {
  const journey = useJourney({ seed });
  const address = `/${FARM.handle}/lists/weekly-prices`;

  async function visit(options: { viewport?: Viewport; javaScript?: boolean; as?: typeof READER } = {}): Promise<Page> {
    const ctx = await journey.context(options.viewport ?? PHONE, { javaScriptEnabled: options.javaScript ?? true });
    if (options.as) await signInWithCookie(ctx, journey.url, options.as);
    // The files live at Google Drive: a stand-in answers for it.
    await standInForDrive(ctx, (url) => `<title>Drive file</title><p>${url}</p>`);
    return ctx.newPage();
  }

  async function showsTheList(page: Page): Promise<void> {
    await page.getByRole('heading', { level: 1, name: 'Weekly prices' }).waitFor();
    await page.getByRole('link', { name: FARM.name }).waitFor();
    await page.getByText('Valid until 31 Dec 2099').waitFor();
    // One clock, saying which it is (issue 43), and the change line in the HTML, JavaScript or not.
    await page.getByText(/^Posted 1 hour ago · 2 versions$/).waitFor();
    await page.getByRole('link', { name: 'What changed: 1 price up' }).waitFor();
    await page.getByText('Week 2: pears are in').waitFor();
  }

  it('the QR address shows the list page; Open list reaches the newest file (JavaScript on)', async () => {
    const page = await visit();
    const response = await page.goto(`${journey.url}${address}`);
    expect(response?.status()).toBe(200);
    await showsTheList(page);
    expect(await page.title()).toBe(`A list of @${FARM.handle} · Freshlist`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'list-page-phone');
    await page.getByRole('link', { name: 'Open the original' }).click();
    await page.waitForURL(NEWEST_FILE);
    await page.context().close();
  });

  it('works with JavaScript off: the page is in the HTML, Open list and Follow are real links', async () => {
    const page = await visit({ javaScript: false });
    await page.goto(`${journey.url}${address}`);
    await showsTheList(page);
    expect(await page.getByRole('link', { name: 'Follow', exact: true }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent(`${address}?followAfterLogin=true`)}`,
    );
    await page.getByRole('link', { name: 'Open the original' }).click();
    await page.waitForURL(NEWEST_FILE);
    await page.context().close();
  });

  it('a signed-in reader follows from it, is told where the lists go, and is asked before unfollowing', async () => {
    const page = await visit({ as: READER, viewport: DESKTOP });
    await page.goto(`${journey.url}${address}`);
    await showsTheList(page);
    await page.getByRole('button', { name: 'Follow' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'You now follow Green Valley Farm: their lists appear in your Feed' })
      .waitFor();
    await page.getByRole('button', { name: '✓ Following' }).click();
    await page.getByRole('group', { name: 'Unfollow Green Valley Farm? Their lists leave your Feed.' }).waitFor();
    await screenshot(page, 'list-page-unfollow-asks-desktop');
    await page.getByRole('button', { name: 'Keep following' }).click();
    // After a reload the page still knows.
    await page.reload();
    await page.getByRole('button', { name: '✓ Following' }).waitFor();
    await page.context().close();
  });

  it('a visitor who scanned the QR card follows, signs in, and is back on the list, followed (issue 43)', async () => {
    const page = await visit();
    await page.goto(`${journey.url}${address}`);
    await page.getByRole('main').getByRole('link', { name: 'Follow', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Sign in to follow @${FARM.handle}` }).waitFor();
    await signInAs(page, 'scanner@example.com', 'Sam Scanner');
    await page.getByRole('button', { name: '✓ Following' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(address);
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('heading', { level: 1, name: 'Weekly prices' }).waitFor();
    await screenshot(page, 'list-page-followed-after-sign-in-phone');
    await page.context().close();
  });

  it("the profile's cards carry the same change line as the feed and the list's page (issue 43)", async () => {
    const page = await visit();
    await page.goto(`${journey.url}/${FARM.handle}`);
    const weekly = page.locator('.post-card').filter({ hasText: 'Weekly prices' });
    await weekly.getByRole('link', { name: 'What changed: 1 price up' }).waitFor();
    await weekly.getByText(/^Posted 1 hour ago$/).waitFor();
    const wine = page.locator('.post-card').filter({ hasText: 'Wine list' });
    await wine.getByRole('link', { name: "Freshlist can't read this file" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'profile-change-lines-phone');
    await page.context().close();
  });

  it('an expired list says so before anything else', async () => {
    const page = await visit();
    await page.goto(`${journey.url}/${FARM.handle}/lists/summer-menu`);
    await page.getByRole('heading', { level: 1, name: 'Summer menu' }).waitFor();
    await page.getByRole('note').filter({ hasText: 'Expired: this list was valid until 31 Aug 2020.' }).waitFor();
    await page.context().close();
  });

  it('its owner is pointed at the dashboard, not asked to ask themselves (#31)', async () => {
    const visitor = await visit();
    await visitor.goto(`${journey.url}/${FARM.handle}/lists/summer-menu`);
    await visitor
      .getByRole('note')
      .filter({ hasText: `Ask ${FARM.name} for the current one.` })
      .waitFor();
    await visitor.getByText(`Ask ${FARM.name} for the current list:`).waitFor();
    await visitor.context().close();

    const page = await visit({ as: FARM });
    await page.goto(`${journey.url}/${FARM.handle}/lists/summer-menu`);
    const expired = page.getByRole('note').filter({ hasText: 'Expired: this list was valid until 31 Aug 2020.' });
    await expired.getByText('Share a new version from your dashboard.').waitFor();
    expect(await expired.getByRole('link', { name: 'your dashboard' }).getAttribute('href')).toBe('/dashboard');
    const unavailable = page.getByRole('region', { name: 'This list may be unavailable' });
    await unavailable.getByText('Fix the link where the file lives, or edit it on your dashboard.').waitFor();
    expect(await page.getByText(`Ask ${FARM.name}`).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Follow' }).count()).toBe(0);
    await screenshot(page, 'list-page-owner-phone');
    await page.context().close();
  });

  it('a list or business that is gone says so and offers Explore, with JavaScript on and off', async () => {
    for (const javaScript of [true, false]) {
      const page = await visit({ javaScript });
      const response = await page.goto(`${journey.url}/no-longer-here/lists/weekly-prices`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'This business is no longer on Freshlist' }).waitFor();
      await page.getByRole('link', { name: 'Explore businesses on Freshlist' }).waitFor();
      await page.goto(`${journey.url}/${FARM.handle}/lists/no-such-list/open`);
      await page.getByRole('heading', { level: 1, name: 'This list is no longer on Freshlist' }).waitFor();
      expect(page.url()).toBe(`${journey.url}/${FARM.handle}/lists/no-such-list`);
      await page.getByRole('link', { name: `See the newest lists of @${FARM.handle}` }).waitFor();
      if (javaScript) {
        await page.getByRole('link', { name: 'Explore businesses on Freshlist' }).click();
        await page.getByRole('heading', { level: 1, name: 'Explore' }).waitFor();
      }
      await page.context().close();
    }
  });

  it('shows the prices Freshlist read as a table that filters as you type, stacked on a phone (#39)', async () => {
    const page = await visit();
    await page.goto(`${journey.url}${address}`);
    const prices = page.getByRole('region', { name: 'Prices' });
    await prices.getByRole('cell', { name: 'Tomatoes' }).waitFor();
    await prices.getByText('↑ 14 %').waitFor();
    // A line that is not an item and a price is a row of its own, never dropped.
    await prices.getByRole('cell', { name: 'Delivery on Mondays and Thursdays' }).waitFor();
    // 3.50 € for 125 g: 28.00 € a kilo.
    await prices.getByText('28.00 €/kg').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'list-page-prices-phone');

    // A slip in the word still finds it, as on /explore.
    await prices.getByLabel('Filter items').fill('burata');
    await prices.getByText('1 of 5 rows').waitFor();
    await prices.getByRole('cell', { name: /^Burrata 125g/ }).waitFor();
    expect(await prices.getByRole('cell', { name: 'Tomatoes' }).count()).toBe(0);
    await prices.getByLabel('Filter items').fill('');
    await prices.getByText('5 rows').waitFor();
    await prices.getByRole('button', { name: 'Price' }).click();
    await prices.locator('th[aria-sort="ascending"]').waitFor();
    expect(await prices.locator('.price-item > span:first-child').allTextContents()).toEqual([
      'Basil',
      'Tomatoes',
      'Burrata 125g',
    ]);

    await prices.getByRole('link', { name: 'Compare Tomatoes' }).waitFor();
    expect(await prices.getByRole('link', { name: 'Compare Tomatoes' }).getAttribute('href')).toBe('/compare?item=Tomatoes');
    await page.context().close();
  });

  it('shows the prices with JavaScript off, in the HTML the server sends', async () => {
    const page = await visit({ javaScript: false, viewport: DESKTOP });
    await page.goto(`${journey.url}${address}`);
    const prices = page.getByRole('region', { name: 'Prices' });
    await prices.getByRole('cell', { name: 'Burrata 125g' }).waitFor();
    await prices.getByText(/^Prices as read on \d{1,2} \w{3} at \d{2}:\d{2}$/).waitFor();
    await screenshot(page, 'list-page-prices-desktop-no-js');
    await page.context().close();
  });

  it('keeps the last known prices when the file is gone, and says so (#39)', async () => {
    const page = await visit();
    await page.goto(`${journey.url}/${FARM.handle}/lists/summer-menu`);
    const prices = page.getByRole('region', { name: 'Prices' });
    await prices.getByRole('cell', { name: 'Gazpacho' }).waitFor();
    await prices.getByText(/^Last known prices, read on .+\. The file can't be opened right now$/).waitFor();
    await page.getByText(`Ask ${FARM.name} for the current list:`).waitFor();
    await page.context().close();
  });

  it('tells the owner, on the dashboard and the list’s page, why Freshlist can’t read a file (#39)', async () => {
    const page = await visit({ as: FARM, viewport: DESKTOP });
    await page.goto(`${journey.url}/dashboard`);
    await page.getByText("Freshlist can't read this file The file is protected by a password.").waitFor();
    await page.goto(`${journey.url}/${FARM.handle}/lists/wine-list`);
    const told = page.getByRole('region', { name: "Freshlist can't read this file" });
    await told.getByText('The file is protected by a password.').waitFor();
    await page.context().close();
  });

  it('a buyer on a phone orders from the table; the supplier confirms it, and the buyer sees it confirmed (#40)', async () => {
    const buyer = await visit({ as: READER });
    await buyer.goto(`${journey.url}${address}`);
    // The server renders the quantity boxes: typed before React takes over, a quantity never reaches the basket.
    await hydrated(buyer);
    const prices = buyer.getByRole('region', { name: 'Prices' });
    await prices.getByLabel('Quantity of Tomatoes').fill('3');
    await prices.getByLabel('Quantity of Burrata 125g').fill('4');
    // 3 × 2.40 € + 4 × 3.50 € = 21.20 €, at the prices Freshlist read.
    const basket = buyer.getByRole('region', { name: 'Your order' });
    await basket.getByText(/^Total as read: .*21[.,]20/).waitFor();
    await basket.getByLabel('Note to the supplier').fill('Back door, please');
    await screenshot(buyer, 'order-basket-phone');
    await basket.getByRole('button', { name: 'Send order' }).click();
    await basket
      .getByRole('status')
      .filter({ hasText: `Order sent to ${FARM.name}.` })
      .waitFor();
    await basket.getByRole('link', { name: 'See your order' }).click();
    await buyer.getByRole('heading', { level: 1, name: /^Order \d+/ }).waitFor();
    const orderUrl = buyer.url();
    expect(orderUrl).toMatch(/\/orders\/\d+$/);
    await buyer.getByText('New', { exact: true }).waitFor();

    const supplier = await visit({ as: FARM, viewport: DESKTOP });
    await supplier.goto(`${journey.url}/orders`);
    await supplier.getByRole('heading', { level: 2, name: 'Orders received' }).waitFor();
    await supplier.getByRole('link', { name: `Order ${orderUrl.split('/').at(-1)} · ${READER.name}` }).click();
    await supplier.getByText('Back door, please').waitFor();
    await supplier.getByRole('button', { name: 'Confirm order' }).click();
    await supplier.getByText('Confirmed', { exact: true }).waitFor();
    await screenshot(supplier, 'order-confirmed-desktop');

    await buyer.reload();
    await buyer.getByText('Confirmed', { exact: true }).waitFor();
    await buyer.context().close();
    await supplier.context().close();
  });
});
