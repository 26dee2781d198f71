import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../server/plugins/db';
import { aFollow, aPost, aUser } from '../fixtures/factories';
import { priceListSheet } from '../fixtures/list-files';
import { DESKTOP, PHONE, screenshot, skipE2E } from './browser';
import { hydrated } from './helpers';
import { type Journey, useJourney } from './journey';

const SUPPLIER = { email: 'valley@example.com', name: 'Green Valley Farm', handle: 'green-valley' };
const CHEF = { email: 'chef@example.com', name: 'Chiara Chef' };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The supplier's price list (its link on the stub provider) and a chef who follows them. */
async function seed(db: DB): Promise<void> {
  const supplier = await aUser(db, SUPPLIER);
  await db
    .updateTable('users')
    .set({ trades: ['produce'], area: 'Bristol' })
    .where('id', '=', supplier.id)
    .execute();
  await aFollow(db, await aUser(db, CHEF), SUPPLIER.handle);
  await aPost(db, supplier, { description: 'Weekly prices', url: 'https://drive.google.com/file/d/valley-prices/view' });
}

describe.skipIf(skipE2E)(
  'what changed: a follower sees price moves, their details, earlier versions, and finds the supplier by an item',
  () => {
    const journey: Journey = useJourney({
      providerStub: true,
      seed: async (db) => {
        journey.stub.put('valley-prices', { name: 'Prices.xlsx', type: XLSX, body: priceListSheet(1, 'xlsx') });
        await seed(db);
      },
      env: { LINK_CHECK_POLL_MS: '200', LINK_CHECK_MIN_INTERVAL_S: '1', JOBS_POLL_MS: '500' },
    });

    /** The server's archive of the list, as anyone may read it. */
    const versions = async () => {
      const res = await fetch(`${journey.url}/api/contents/green-valley/weekly-prices/changes`);
      return res.ok ? ((await res.json()) as { versions: { counts: { up: number } | null }[] }).versions : [];
    };
    async function until(ready: () => Promise<boolean>) {
      for (let i = 0; i < 600 && !(await ready()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      if (!(await ready())) throw new Error('the watcher did not read the file in 60 s');
    }

    // The first reading: the list's first version, nothing to tell yet.
    beforeAll(() => until(async () => (await versions()).length === 1));

    async function openDetailsFromFeed(page: Page) {
      await page.goto(`${journey.url}/feed`);
      const card = page.locator('.post-card').filter({ hasText: 'Weekly prices' });
      await card.getByRole('link', { name: /2 prices up, 1 new item, 1 item gone/ }).click();
      await page.getByRole('heading', { name: 'What changed in Weekly prices' }).waitFor();
    }

    it('tells the follower "2 prices up" once the file changes on the provider, and shows what moved', async () => {
      journey.stub.change('valley-prices', priceListSheet(2, 'xlsx'));
      await until(async () => (await versions())[0]?.counts?.up === 2);

      const page = await journey.signedIn(CHEF, DESKTOP);
      await openDetailsFromFeed(page);
      const tomatoes = page.getByRole('row', { name: /Tomatoes San Marzano/ });
      await expect(tomatoes.getByRole('cell', { name: '+14%' }).isVisible()).resolves.toBe(true);
      expect(await tomatoes.textContent()).toMatch(/Price up\s*2\.10 €\/kg\s*2\.40 €\/kg/);
      await page
        .getByRole('row', { name: /Ricotta/ })
        .getByText('New item')
        .waitFor();
      await page
        .getByRole('row', { name: /Courgettes/ })
        .getByText('Gone')
        .waitFor();
      await screenshot(page, 'list-changes-desktop');

      // The list's own page (its QR card's address) says it too, and opens the same details.
      await page.goto(`${journey.url}/green-valley/lists/weekly-prices`);
      await page.getByRole('link', { name: /2 prices up, 1 new item, 1 item gone/ }).click();
      await page.getByRole('heading', { name: 'What changed in Weekly prices' }).waitFor();

      // The first version as text: the list as it was, Courgettes and all.
      await page.getByRole('link', { name: 'See this version as text' }).last().click();
      await page.getByRole('heading', { name: /Weekly prices as of/ }).waitFor();
      await page.getByText('Courgettes | kg | 1.8').waitFor();
      await screenshot(page, 'list-version-desktop');
      await page.context().close();
    });

    it('reads on a phone: the changes stack, the list as of a day opens', async () => {
      const page = await journey.signedIn(CHEF, PHONE);
      await openDetailsFromFeed(page);
      await page.getByRole('row', { name: /Tomatoes San Marzano/ }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await screenshot(page, 'list-changes-phone');
      const today = new Date();
      const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
      await page.getByLabel('The list as of').fill(day);
      await page.getByRole('button', { name: 'Show' }).click();
      await page.getByText('Ricotta | piece | 2.2').waitFor();
      await page.context().close();
    });

    it('reads without JavaScript on a phone: the server renders the changes', async () => {
      const context = await journey.context(PHONE, { javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${journey.url}/green-valley/lists/weekly-prices/changes`);
      await page.getByRole('heading', { name: 'What changed in Weekly prices' }).waitFor();
      const tomatoes = page.getByRole('row', { name: /Tomatoes San Marzano/ });
      await tomatoes.getByRole('cell', { name: '+14%' }).waitFor();
      await page.getByRole('heading', { level: 2, name: /2 prices up, 1 new item, 1 item gone/ }).waitFor();
      await page.getByRole('link', { name: 'See this version as text' }).first().waitFor();
      expect(await page.locator('body').textContent()).not.toContain('needs JavaScript');
      // No form that would need JavaScript to answer: the list as of a day, two versions compared.
      expect(await page.getByRole('button', { name: /^(Show|Compare)$/ }).count()).toBe(0);
      await screenshot(page, 'list-changes-no-js-phone');
      await context.close();
    });

    it('finds the supplier in /explore by an item of their current list, a typo forgiven', async () => {
      const page = await journey.signedIn(CHEF, DESKTOP);
      await page.goto(`${journey.url}/explore`);
      // Typed before React owns the box, the search would go to the server's HTML and be lost.
      await hydrated(page);
      await page.getByRole('searchbox').fill('buratta');
      await page.getByRole('searchbox').press('Enter');
      const result = page.getByRole('article', { name: 'Green Valley Farm' });
      await result.getByText('Burrata', { exact: true }).waitFor();
      await result.getByText('3.90 €/piece').waitFor();
      await screenshot(page, 'explore-by-item-desktop');
      await result.getByRole('link', { name: 'Weekly prices' }).click();
      await page.getByRole('heading', { name: 'What changed in Weekly prices' }).waitFor();
      await page.context().close();
    });
  },
);
