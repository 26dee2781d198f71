import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompareAnswer } from '../../core/compare';
import type { DB } from '../../server/plugins/db';
import { aPost, aUser } from '../fixtures/factories';
import { HttpClient } from '../reliability/http-client';
import { PHONE, screenshot, skipE2E } from './browser';
import { hydrated } from './helpers';
import { type Journey, useJourney } from './journey';

const NORTH = { email: 'north@example.com', name: 'North Dairy', handle: 'north-dairy' };
const SOUTH = { email: 'south@example.com', name: 'South Dairy', handle: 'south-dairy' };
const SEALED = { email: 'sealed@example.com', name: 'Sealed Dairy', handle: 'sealed-dairy' };
const BUYER = { email: 'buyer@example.com', name: 'Bruno Buyer' };
const STRANGER = { email: 'stranger@example.com', name: 'Curious Cafe' };

/** Each supplier's list file on the provider stub: one burrata, each in its own pack. */
const FILES = {
  north: 'Item;Unit;Price (€)\nBurrata 125g;;3,50\nRicotta 250g;;2,10\n',
  south: 'Item;Unit;Price (€)\nBurrata 250 g;;6,00\n',
  sealed: 'Item;Unit;Price (€)\nBurrata 1kg;;19,00\n',
};

/**
 * Issue 39 §3 on a phone: a buyer goes from /explore's item line to the comparison and sees burrata
 * from two suppliers with different packs, cheapest per kg first; a stranger never sees the line of
 * a trade-only list (its owner does, so the list was read).
 */
describe.skipIf(skipE2E)('comparing one item across suppliers', () => {
  const journey: Journey = useJourney({
    providerStub: true,
    seed: async (db: DB) => {
      for (const [key, body] of Object.entries(FILES)) journey.stub.put(`${key}-prices`, { body });
      for (const [supplier, key, audience] of [
        [NORTH, 'north', 'public'],
        [SOUTH, 'south', 'public'],
        [SEALED, 'sealed', 'trade'],
      ] as const) {
        const owner = await aUser(db, supplier);
        await aPost(db, owner, {
          description: `${supplier.name} prices`,
          url: `https://drive.google.com/file/d/${key}-prices/view`,
          audience,
        });
      }
      await aUser(db, BUYER);
      await aUser(db, STRANGER);
    },
    env: { LINK_CHECK_POLL_MS: '200', LINK_CHECK_MIN_INTERVAL_S: '1', JOBS_POLL_MS: '500' },
  });

  // Every list read, the trade-only one included: its owner's comparison holds all three.
  beforeAll(async () => {
    const owner = new HttpClient(journey.url, '127.0.0.1');
    if (!(await owner.signIn(SEALED.email, SEALED.name))) throw new Error('the sealed dairy did not sign in');
    const lines = async () => {
      const res = await owner.request('GET', '/api/compare?item=burrata');
      return res.ok ? ((await res.json()) as CompareAnswer).count : 0;
    };
    for (let i = 0; i < 600 && (await lines()) < 3; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    if ((await lines()) < 3) throw new Error('the watcher did not read the three lists in 60 s');
  });

  const perKgRows = (page: Page) => page.getByRole('table', { name: /per kg/ }).locator('tbody tr');

  it('a buyer goes from an item on /explore to burrata from two suppliers, cheapest per kg first', async () => {
    const page = await journey.signedIn(BUYER, PHONE, '/explore');
    // Typed before React takes the page over, a search would be lost.
    await hydrated(page);
    await page.getByRole('searchbox').fill('burrata');
    await page.getByRole('searchbox').press('Enter');
    await page
      .getByRole('article', { name: NORTH.name })
      .getByRole('link', { name: 'Compare Burrata 125g across suppliers' })
      .click();

    await page.waitForURL(`${journey.url}/compare?item=Burrata`);
    await page.getByRole('status').filter({ hasText: '2 prices for “Burrata” from 2 businesses' }).waitFor();
    await page.getByRole('heading', { name: /Per kg/ }).waitFor();
    const rows = await perKgRows(page).allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/South Dairy[\s\S]*Burrata 250 g[\s\S]*250 g[\s\S]*6\.00 €[\s\S]*24\.00 €\/kg[\s\S]*file updated/);
    expect(rows[1]).toMatch(/North Dairy[\s\S]*Burrata 125g[\s\S]*125 g[\s\S]*3\.50 €[\s\S]*28\.00 €\/kg/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await screenshot(page, 'compare-burrata-phone');

    // A row leads to the list it was read from.
    await perKgRows(page).first().getByRole('link', { name: 'Burrata 250 g' }).click();
    await page.waitForURL(`${journey.url}/${SOUTH.handle}/lists/south-dairy-prices`);
    await page.context().close();
  });

  it('a stranger searching with a typo never sees the trade-only line', async () => {
    const page = await journey.signedIn(STRANGER, PHONE, '/compare');
    await hydrated(page);
    await page.getByLabel('Item', { exact: true }).fill('buratta');
    await page.getByLabel('Item', { exact: true }).press('Enter');
    await page.waitForURL(`${journey.url}/compare?item=buratta`);
    await page.getByRole('status').filter({ hasText: '2 prices for “buratta” from 2 businesses' }).waitFor();
    expect(await perKgRows(page).count()).toBe(2);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain(SOUTH.name);
    expect(text).not.toContain(SEALED.name);
    expect(text).not.toContain('19.00');
    await page.context().close();
  });
});
