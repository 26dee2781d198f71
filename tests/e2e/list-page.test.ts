import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../server/plugins/db';
import { aPost, aUser } from '../fixtures/factories';
import { aLinkCheck } from '../fixtures/link-check-rows';
import { aVersion } from '../fixtures/list-rows';
import { DESKTOP, PHONE, screenshot, skipE2E } from './browser';
import { signInWithCookie, standInForDrive } from './helpers';
import { useJourney, type Viewport } from './journey';

const FARM = { email: 'farm@example.com', name: 'Green Valley Farm', handle: 'green-valley' };
const READER = { email: 'reader@example.com', name: 'Rosa Restaurant' };
const NEWEST_FILE = 'https://drive.google.com/file/d/week-2/view';

async function seed(db: DB): Promise<void> {
  const farm = await aUser(db, FARM);
  const v1 = await aPost(db, farm, {
    description: 'Weekly prices',
    url: 'https://drive.google.com/file/d/week-1/view',
    createdAt: Date.now() - 3 * 86_400_000,
  });
  await aVersion(db, farm, v1, { description: 'Week 2: pears are in', url: NEWEST_FILE, createdAt: Date.now() - 3_600_000 });
  await db.updateTable('posts').set({ valid_until: '2099-12-31' }).where('list_id', '=', v1.listId).execute();
  const old = await aPost(db, farm, { description: 'Summer menu', url: 'https://drive.google.com/file/d/summer/view' });
  await db.updateTable('posts').set({ valid_until: '2020-08-31' }).where('id', '=', old.id).execute();
  // The watcher found its file gone.
  await aLinkCheck(db, old, farm.id, { health: 'not-found', broken: true });
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
    await page.getByText(/^Last changed 1 hour ago · 2 versions$/).waitFor();
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
    await page.getByRole('link', { name: 'Open list' }).click();
    await page.waitForURL(NEWEST_FILE);
    await page.context().close();
  });

  it('works with JavaScript off: the page is in the HTML, Open list and Follow are real links', async () => {
    const page = await visit({ javaScript: false });
    await page.goto(`${journey.url}${address}`);
    await showsTheList(page);
    expect(await page.getByRole('link', { name: 'Follow', exact: true }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent(`/${FARM.handle}?followAfterLogin=true`)}`,
    );
    await page.getByRole('link', { name: 'Open list' }).click();
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
});
