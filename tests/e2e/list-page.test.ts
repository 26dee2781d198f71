import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/plugins/db';
import { aPost, aUser } from '../fixtures/factories';
import { aLinkCheck } from '../fixtures/link-check-rows';
import { aVersion } from '../fixtures/list-rows';
import { DESKTOP, launchBrowser, PHONE, screenshot, skipE2E } from './browser';
import { consentDeclined, signInWithCookie } from './helpers';
import { migratedDataDir, type RunningServer, startServer } from './server';

const FARM = { email: 'farm@example.com', name: 'Green Valley Farm', handle: 'green-valley' };
const READER = { email: 'reader@example.com', name: 'Rosa Restaurant' };
const NEWEST_FILE = 'https://drive.google.com/file/d/week-2/view';

async function seed(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    const db = database.db;
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
  } finally {
    await database.close();
  }
}

/**
 * Issue 31: a list's QR card and stable address lead to the list's own page on Freshlist: the
 * business, the list, its validity, Open list (the newest file, counted) and Follow; with
 * JavaScript on and off. A list or business that is gone says so and offers Explore.
 */
describe.skipIf(skipE2E)("a list's own page", () => {
  const dataDir = migratedDataDir();
  let server: RunningServer;
  let browser: Browser;
  const address = `/${FARM.handle}/lists/weekly-prices`;

  beforeAll(async () => {
    await seed(dataDir);
    server = await startServer({ DATA_DIR: dataDir });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function visit(options: { viewport?: typeof DESKTOP; javaScript?: boolean; as?: typeof READER } = {}): Promise<Page> {
    const viewport = options.viewport ?? PHONE;
    const ctx: BrowserContext = await browser.newContext({
      viewport,
      javaScriptEnabled: options.javaScript ?? true,
      ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}),
    });
    await consentDeclined(ctx);
    if (options.as) await signInWithCookie(ctx, server.url, options.as);
    // The files live at Google Drive: a stand-in answers for it.
    await ctx.route('https://drive.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<title>Drive file</title><p>${route.request().url()}</p>` }),
    );
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
    const response = await page.goto(`${server.url}${address}`);
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
    await page.goto(`${server.url}${address}`);
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
    await page.goto(`${server.url}${address}`);
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
    await page.goto(`${server.url}/${FARM.handle}/lists/summer-menu`);
    await page.getByRole('heading', { level: 1, name: 'Summer menu' }).waitFor();
    await page.getByRole('note').filter({ hasText: 'Expired: this list was valid until 31 Aug 2020.' }).waitFor();
    await page.context().close();
  });

  it('its owner is pointed at the dashboard, not asked to ask themselves (#31)', async () => {
    const visitor = await visit();
    await visitor.goto(`${server.url}/${FARM.handle}/lists/summer-menu`);
    await visitor
      .getByRole('note')
      .filter({ hasText: `Ask ${FARM.name} for the current one.` })
      .waitFor();
    await visitor.getByText(`Ask ${FARM.name} for the current list:`).waitFor();
    await visitor.context().close();

    const page = await visit({ as: FARM });
    await page.goto(`${server.url}/${FARM.handle}/lists/summer-menu`);
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
      const response = await page.goto(`${server.url}/no-longer-here/lists/weekly-prices`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'This business is no longer on Freshlist' }).waitFor();
      await page.getByRole('link', { name: 'Explore businesses on Freshlist' }).waitFor();
      await page.goto(`${server.url}/${FARM.handle}/lists/no-such-list/open`);
      await page.getByRole('heading', { level: 1, name: 'This list is no longer on Freshlist' }).waitFor();
      expect(page.url()).toBe(`${server.url}/${FARM.handle}/lists/no-such-list`);
      await page.getByRole('link', { name: `See the newest lists of @${FARM.handle}` }).waitFor();
      if (javaScript) {
        await page.getByRole('link', { name: 'Explore businesses on Freshlist' }).click();
        await page.getByRole('heading', { level: 1, name: 'Explore' }).waitFor();
      }
      await page.context().close();
    }
  });
});
