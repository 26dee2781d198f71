import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../server/plugins/db';
import { aFollow, anInvite, aPost, aUser } from '../fixtures/factories';
import { DESKTOP, PHONE, screenshot, skipE2E } from './browser';
import { useJourney } from './journey';

const FARM = { email: 'farm@example.com', name: 'Green Valley Farm', handle: 'green-valley' };
const FISH = { email: 'fish@example.com', name: 'Harbour Fish', handle: 'harbour-fish' };
const READER = { email: 'reader@example.com', name: 'Rosa Restaurant' };
const NEWCOMER = { email: 'new@example.com', name: 'New Cafe' };
const INVITED = { email: 'invited@example.com', name: 'Invited Deli' };
/** A 1×1 WebP: the farm's logo. */
const LOGO = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');

async function seed(db: DB): Promise<void> {
  const farm = await aUser(db, FARM);
  const fish = await aUser(db, FISH);
  const now = Date.now();
  const expired = await aPost(db, farm, { description: 'Summer menu', createdAt: now - 60_000 });
  await db.updateTable('posts').set({ valid_until: '2020-08-31' }).where('id', '=', expired.id).execute();
  for (const [i, name] of ['Apples', 'Pears', 'Plums', 'Cherries'].entries()) {
    await aPost(db, farm, { description: name, createdAt: now - 10_000 + i });
  }
  await aPost(db, fish, { description: 'Catch of the day', createdAt: now - 20_000 });
  await db
    .insertInto('profile_logos')
    .values({ user_id: farm.id, image: LOGO, content_type: 'image/webp', width: 1, height: 1, version: 'v1', updated_at: now })
    .execute();
  const reader = await aUser(db, READER);
  await aFollow(db, reader, FARM.handle);
  await aFollow(db, reader, FISH.handle);
  await aUser(db, NEWCOMER);
  await aUser(db, INVITED);
  await anInvite(db, { handle: 'invited-deli', email: INVITED.email });
}

/** Issue 31, the reader's daily loop: the feed in blocks by business, and the one next step first on a phone. */
describe.skipIf(skipE2E)('the daily loop', () => {
  const journey = useJourney({ seed });

  it('the feed shows each business once with its name and logo, its many lists folded, expired lists last', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await journey.signedIn(READER, viewport, '/feed');
      // The current lists' block; the expired list has a block of its own further down.
      const farm = page.getByRole('region', { name: FARM.name, exact: true }).first();
      await farm.getByText('4 lists').waitFor();
      // The logo is the farm's own image, loaded.
      await expect
        .poll(() => farm.locator('img.business-logo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(1);
      expect(await farm.locator('.post-card').count()).toBe(2);
      await farm.getByRole('button', { name: `Show 2 more lists from ${FARM.name}` }).click();
      expect(await farm.locator('.post-card').count()).toBe(4);
      // Blocks in order: the farm (newest), the fish, then the expired list under its own heading.
      const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
      expect(headings).toEqual([FARM.name, FISH.name, 'Expired lists', FARM.name]);
      const expired = page.getByRole('region', { name: 'Expired lists' });
      await expired.getByText('Summer menu').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `feed-groups-${viewport === PHONE ? 'phone' : 'desktop'}`);
      await page.context().close();
    }
  });

  it('the dashboard’s preview of the feed reads the same: each business once by name and logo, expired lists last', async () => {
    const page = await journey.signedIn(READER, PHONE, '/dashboard');
    const preview = page.getByRole('region', { name: 'Your feed' });
    const farm = preview.getByRole('region', { name: FARM.name, exact: true }).first();
    await farm.getByText('4 lists').waitFor();
    await expect
      .poll(() => farm.locator('img.business-logo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    // Its newest list only; the others one tap away.
    expect(await farm.locator('.post-card').count()).toBe(1);
    await farm.getByRole('button', { name: `Show 3 more lists from ${FARM.name}` }).waitFor();
    const headings = await preview.getByRole('heading', { level: 3 }).allTextContents();
    expect(headings).toEqual([FARM.name, FISH.name, 'Expired lists', FARM.name]);
    await preview.getByRole('region', { name: 'Expired lists' }).getByText('Summer menu').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'dashboard-feed-preview-phone');
    await page.context().close();
  });

  it('on a phone, the one next step comes before the tiles', async () => {
    const steps: Array<[typeof NEWCOMER, (page: Page) => ReturnType<Page['getByRole']>]> = [
      [NEWCOMER, (page) => page.getByRole('link', { name: 'Request a handle' })],
      [INVITED, (page) => page.getByRole('heading', { name: "You're invited" })],
    ];
    for (const [person, step] of steps) {
      const page = await journey.signedIn(person, PHONE, '/dashboard');
      const tiles = page.getByRole('heading', { name: 'Quick actions' });
      await step(page).waitFor();
      const [stepBox, tilesBox] = [await step(page).boundingBox(), await tiles.boundingBox()];
      expect(stepBox!.y).toBeLessThan(tilesBox!.y);
      await screenshot(page, `dashboard-next-step-${person === NEWCOMER ? 'request' : 'invited'}-phone`);
      await page.context().close();
    }
  });
});
