import { rmSync } from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/plugins/db';
import { aChatForm, aPost, aUser } from '../fixtures/factories';
import { DESKTOP, launchBrowser, PHONE, screenshot, skipE2E } from './browser';
import { consentDeclined, signInWithCookie } from './helpers';
import { migratedDataDir, type RunningServer, startServer } from './server';

const FARM = { email: 'valley@example.com', name: 'Green Valley Farm', handle: 'green-valley' };
const READER = { email: 'rita@example.com', name: 'Rita Reader' };

/**
 * #31, what readers and visitors meet: a landing page that speaks to suppliers too, Copy, Share and
 * Print on the pages people pass on, an Area filter that forgives typos and offers Clear filters,
 * an empty Following page that leads to Explore, and pages that say so when JavaScript is off.
 */
describe.skipIf(skipE2E)('readers and visitors: sharing pages, Explore, Following, without JavaScript', () => {
  const dataDir = migratedDataDir();
  let server: RunningServer;
  let browser: Browser;
  let formId = '';

  beforeAll(async () => {
    const database = await openDatabase({ dataDir });
    try {
      const farm = await aUser(database.db, FARM);
      await database.db
        .updateTable('users')
        .set({ area: 'Bristol, Avon', trades: ['produce'] })
        .where('id', '=', farm.id)
        .execute();
      await aPost(database.db, farm, { url: 'https://drive.google.com/file/d/veg/view', description: 'Vegetable prices' });
      await aUser(database.db, READER);
      formId = await aChatForm(database.db, farm);
    } finally {
      await database.close();
    }
    server = await startServer({ DATA_DIR: dataDir });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function visitor(viewport = DESKTOP, options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
    const context = await browser.newContext({
      viewport,
      ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}),
      ...options,
    });
    await consentDeclined(context);
    return context;
  }

  it('the landing page has a line and a button for suppliers', async () => {
    const context = await visitor(PHONE);
    const page = await context.newPage();
    await page.goto(server.url);
    const suppliers = page.getByRole('region', { name: 'Do you supply restaurants or shops?' });
    await suppliers.getByText('Get your own @handle: share your price list once').waitFor();
    expect(await suppliers.getByRole('link', { name: 'Get your @handle' }).getAttribute('href')).toBe('/request-handle');
    await screenshot(page, 'landing-suppliers-phone');
    await context.close();
  });

  it('the connect page and /tell-your-friends offer Copy link, Share (where the phone has a share sheet) and Print', async () => {
    const context = await visitor(PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await context.addInitScript(() => {
      const calls: unknown[] = [];
      Object.assign(window, { shareCalls: calls });
      Object.defineProperty(navigator, 'share', { value: async (data: unknown) => void calls.push(data), configurable: true });
      window.print = () => void calls.push('print');
    });
    const page = await context.newPage();
    const calls = () => page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls);

    await page.goto(`${server.url}/follow/${FARM.handle}`);
    await page.getByRole('button', { name: 'Share' }).click();
    expect(await calls()).toEqual([
      expect.objectContaining({ url: `${server.url}/follow/${FARM.handle}`, title: `Follow ${FARM.name} on Freshlist` }),
    ]);
    await page.getByRole('button', { name: 'Print' }).click();
    expect((await calls()).at(-1)).toBe('print');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('The link is on your clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/follow/${FARM.handle}`);
    await screenshot(page, 'connect-share-actions-phone');

    await page.goto(`${server.url}/tell-your-friends`);
    await page.getByText('Send this page to a supplier or restaurant you work with:').waitFor();
    await page.getByRole('button', { name: 'Share' }).click();
    expect((await calls()).at(-1)).toEqual(expect.objectContaining({ url: `${server.url}/tell-your-friends` }));
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await screenshot(page, 'tell-your-friends-share-actions-phone');
    await context.close();
  });

  it('Share shows only where there is a share sheet', async () => {
    const context = await visitor(DESKTOP);
    await context.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
    const page = await context.newPage();
    await page.goto(`${server.url}/tell-your-friends`);
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await page.getByRole('button', { name: 'Copy link' }).waitFor();
    expect(await page.getByRole('button', { name: 'Share', exact: true }).count()).toBe(0);
    await context.close();
  });

  it('the Area filter forgives a typo; an empty result offers Clear filters', async () => {
    const context = await visitor(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${server.url}/explore?area=bristl`);
    await page.getByRole('link', { name: FARM.name, exact: true }).first().waitFor();

    await page.goto(`${server.url}/explore?area=manchester`);
    const empty = page.locator('.explore-empty');
    await empty.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL(`${server.url}/explore`);
    await page.getByRole('link', { name: FARM.name, exact: true }).first().waitFor();
    expect(await page.getByLabel('Area').inputValue()).toBe('');
    await context.close();
  });

  it('an empty Following page leads to Explore', async () => {
    const context = await visitor(DESKTOP);
    await signInWithCookie(context, server.url, READER);
    const page = await context.newPage();
    await page.goto(`${server.url}/following`);
    await page.getByText("You're not following anyone yet.").waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Explore suppliers and restaurants' }).click();
    await page.getByRole('heading', { level: 1, name: 'Explore' }).waitFor();
    await context.close();
  });

  it('without JavaScript, /login and a chat form say what they need instead of a blank page', async () => {
    const context = await visitor(PHONE, { javaScriptEnabled: false });
    const page = await context.newPage();
    // Playwright's text locators skip <noscript>: the page's visible text is read instead.
    for (const path of ['/login', `/form/${formId}`]) {
      await page.goto(`${server.url}${path}`);
      expect(await page.locator('body').textContent()).toContain('This page of Freshlist needs JavaScript.');
    }
    await screenshot(page, 'form-no-js-phone');
    // A page the server renders shows no such line: it works without JavaScript.
    await page.goto(`${server.url}/${FARM.handle}`);
    await page.getByRole('heading', { name: `@${FARM.handle}` }).waitFor();
    expect(await page.locator('body').textContent()).not.toContain('needs JavaScript');
    await context.close();
  });
});
