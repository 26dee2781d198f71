import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../server/plugins/db';
import { aFollow, aPost, aUser } from '../fixtures/factories';
import { anImage } from '../fixtures/images';
import { DESKTOP, PHONE, screenshot, skipE2E } from './browser';
import { hydrated, signInAs } from './helpers';
import { useJourney } from './journey';

const VALLEY = { email: 'valley@example.com', name: 'Green Valley', handle: 'green-valley' };
const FISH = { email: 'fish@example.com', name: 'Harbour Fish', handle: 'harbour-fish' };
const BAKERY = { email: 'bakery@example.com', name: 'Crème Bakery', handle: 'creme-bakery' };
const RESTAURANT = { email: 'rosa@example.com', name: 'Rosa Restaurant' };
const DAY = 24 * 60 * 60 * 1000;
/** Monday 7 Dec 2026, 10:00 in London (GMT): the browser's fixed clock for the next-delivery line. */
const MONDAY_MORNING = new Date('2026-12-07T10:00:00Z');
let fishList = '';

/** Three businesses (two with a business profile already), a restaurant reading, a follower. */
async function seed(db: DB): Promise<void> {
  const valley = await aUser(db, VALLEY);
  await aPost(db, valley, { description: 'Tomatoes, courgettes and the first pumpkins.', createdAt: Date.now() - 2 * DAY });
  const fish = await aUser(db, FISH);
  await db
    .updateTable('users')
    .set({ description: 'Day boats, whole fish and shellfish.', trades: ['fish'], area: 'Bristol, Avon' })
    .where('id', '=', fish.id)
    .execute();
  const today = await aPost(db, fish, {
    description: 'Today: hake, mackerel, crab.',
    createdAt: Date.now() - 3 * 60 * 60 * 1000,
  });
  fishList = `/${FISH.handle}/lists/${today.listSlug}`;
  const bakery = await aUser(db, BAKERY);
  await db
    .updateTable('users')
    .set({ description: 'Sourdough and viennoiserie for cafés.', trades: ['bakery', 'cafe'], area: 'Lyon' })
    .where('id', '=', bakery.id)
    .execute();
  await aFollow(db, bakery, VALLEY.handle);
  await aUser(db, RESTAURANT);
}

describe.skipIf(skipE2E)('explore the directory, follow from it, and edit a business profile', () => {
  const journey = useJourney({ seed });
  const files = join(tmpdir(), `freshlist-logo-${process.pid}`);

  beforeAll(async () => {
    writeFileSync(`${files}.png`, await anImage('png', { width: 400, height: 300 }));
    writeFileSync(`${files}-fake.png`, 'this is not an image');
  });
  afterAll(() => {
    rmSync(`${files}.png`, { force: true });
    rmSync(`${files}-fake.png`, { force: true });
  });

  const titled = (page: Page, title: string) => page.waitForFunction((t) => document.title === t, title);
  const results = (page: Page) => page.getByRole('list', { name: /Search results|Recently active/ }).getByRole('heading');

  it('takes a visitor from the landing page to Explore, finds a typo, and follows through sign-in', async () => {
    const page = await (await journey.context(DESKTOP)).newPage();
    await page.goto(journey.url);
    await page.getByRole('link', { name: 'Explore lists from suppliers and restaurants' }).click();
    await titled(page, 'Explore · Freshlist');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link', { name: 'Explore' }).getAttribute('aria-current')).toBe('page');
    // Recently active first: the fish came in this morning, the valley two days ago, the bakery never.
    await expect.poll(() => results(page).allTextContents()).toEqual(['Harbour Fish', 'Green Valley', 'Crème Bakery']);
    await screenshot(page, 'explore-desktop');

    await page.getByLabel('Search suppliers and restaurants').fill('grene valey');
    await page.getByLabel('Search suppliers and restaurants').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'grene valey');
    await expect.poll(() => results(page).allTextContents()).toEqual(['Green Valley']);
    const result = page.getByRole('article', { name: 'Green Valley' });
    expect(await result.textContent()).toContain('1 follower');

    // A visitor's Follow is a real link: sign in, then the profile applies the follow.
    await result.getByRole('link', { name: 'Follow Green Valley' }).click();
    await page.getByRole('heading', { name: 'Sign in to follow @green-valley' }).waitFor();
    await signInAs(page, RESTAURANT.email, RESTAURANT.name);
    await page.waitForURL(`${journey.url}/green-valley`);
    await page.getByRole('button', { name: '✓ Following' }).waitFor();
    await page.context().close();
  });

  it('filters by trade on a phone and follows from the list', async () => {
    const page = await journey.signedIn(RESTAURANT, PHONE);
    await page.goto(`${journey.url}/explore`);
    await titled(page, 'Explore · Freshlist');
    await hydrated(page);
    await page.getByLabel('Trade', { exact: true }).selectOption('fish');
    await page.waitForURL((url) => url.searchParams.get('trade') === 'fish');
    await expect.poll(() => results(page).allTextContents()).toEqual(['Harbour Fish']);
    const fish = page.getByRole('article', { name: 'Harbour Fish' });
    expect(await fish.textContent()).toMatch(/Bristol, Avon.*Fish.*Latest list 3 hours ago · 0 followers/);
    await fish.getByRole('button', { name: 'Follow Harbour Fish' }).click();
    await fish.getByRole('status').filter({ hasText: 'You now follow Harbour Fish: their lists appear in your Feed' }).waitFor();
    await fish.getByRole('button', { name: 'Following Harbour Fish' }).waitFor();
    expect(await fish.textContent()).toContain('· 1 follower');
    await screenshot(page, 'explore-phone');

    // The follow holds: after a reload Explore shows it (#31), and so does the profile.
    await page.reload();
    await page.getByRole('article', { name: 'Harbour Fish' }).getByRole('button', { name: 'Following Harbour Fish' }).waitFor();
    await page.goto(`${journey.url}/explore`);
    await page.getByRole('article', { name: 'Harbour Fish' }).getByRole('button', { name: 'Following Harbour Fish' }).waitFor();
    await hydrated(page);
    // "✓ Following" says it will unfollow before it does.
    await page.getByRole('article', { name: 'Harbour Fish' }).getByRole('button', { name: 'Following Harbour Fish' }).click();
    await page.getByRole('group', { name: 'Unfollow Harbour Fish? Their lists leave your Feed.' }).waitFor();
    await page.getByRole('button', { name: 'Keep following' }).click();
    await page.goto(`${journey.url}/harbour-fish`);
    await page.getByRole('button', { name: '✓ Following' }).waitFor();
    await page.context().close();
  });

  it('lets the owner fill in their business profile, logo included, and shows it on their page', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await journey.signedIn(VALLEY, viewport);
      const phone = viewport === PHONE;
      await page.goto(`${journey.url}/settings/profile`);
      await titled(page, 'Business profile · Freshlist');
      if (phone) {
        // The form the desktop saved, reopened on a phone (its code loads after the title is set).
        await expect.poll(() => page.getByLabel('Display name').inputValue()).toBe('Green Valley');
        await screenshot(page, 'business-profile-phone');
        await page.goto(`${journey.url}/green-valley`);
        await page.locator('img.business-logo').waitFor();
        await screenshot(page, 'profile-card-phone');
        await page.context().close();
        continue;
      }

      const logo = page.getByLabel('Choose an image');
      await logo.setInputFiles(`${files}-fake.png`);
      await page.getByText('The logo must be a PNG, JPEG or WebP image.').waitFor();
      await logo.setInputFiles(`${files}.png`);
      await page.getByRole('status').filter({ hasText: 'Logo saved.' }).waitFor();

      await page.getByLabel('Bio').fill('Organic vegetables from the valley, picked the morning we deliver.');
      await page.getByLabel('Area').fill('Frome, Somerset');
      await page.getByRole('checkbox', { name: 'Produce' }).check();
      await page.getByLabel('Website').fill('http://greenvalley.example');
      await page.getByLabel('Instagram').fill('@greenvalley');
      await page.getByRole('button', { name: 'Save profile' }).click();
      const websiteError = page.getByText('Website must start with https://', { exact: true }).last();
      await websiteError.waitFor();
      expect(await page.getByLabel('Website').getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, 'business-profile-error-desktop');

      await page.getByLabel('Website').fill('https://greenvalley.example');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await page.getByRole('status').filter({ hasText: 'Profile saved.' }).waitFor();
      await screenshot(page, 'business-profile-desktop');

      await page.getByRole('link', { name: 'See your page' }).click();
      await titled(page, '@green-valley · Freshlist');
      await page.getByText('Organic vegetables from the valley').waitFor();
      expect(await page.getByRole('list', { name: 'Trades' }).textContent()).toBe('Produce');
      expect(await page.getByText('Frome, Somerset').count()).toBe(1);
      const contact = page.getByRole('list', { name: 'Contact Green Valley' });
      // Only the value is the link (issue 43): "Website:" stands beside it.
      await contact.getByText('Website:').waitFor();
      expect(await contact.getByRole('link', { name: 'greenvalley.example', exact: true }).getAttribute('href')).toBe(
        'https://greenvalley.example/',
      );
      expect(await contact.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe(
        'https://www.instagram.com/greenvalley/',
      );
      const src = await page.locator('img.business-logo').getAttribute('src');
      expect(src).toMatch(/^\/api\/profiles\/green-valley\/logo\?v=/);
      expect(await page.evaluate((s) => fetch(s!).then((r) => r.headers.get('content-type')), src)).toBe('image/webp');
      await screenshot(page, 'profile-card-desktop');
      await page.setViewportSize(PHONE);
      await contact.scrollIntoViewIfNeeded();
      await screenshot(page, 'profile-card-contact-phone');

      // Explore finds it by what the profile now says.
      await page.goto(`${journey.url}/explore?q=organic%20frome`);
      await expect.poll(() => results(page).allTextContents()).toEqual(['Green Valley']);
      await page.context().close();
    }
  });

  it('lets a supplier set ordering terms on a phone and shows the next delivery on their page and list', async () => {
    const page = await journey.signedIn(FISH, PHONE);
    await page.clock.setFixedTime(MONDAY_MORNING);
    await page.goto(`${journey.url}/settings/profile`);
    await titled(page, 'Business profile · Freshlist');
    const form = page.getByRole('form', { name: 'Ordering terms' });
    await form.getByLabel('Time zone of your cut-offs').selectOption('Europe/London');
    await form.getByRole('checkbox', { name: 'Tuesday' }).check();
    await form.getByLabel('Order by, for Tuesday').selectOption({ label: 'Monday (1 day before)' });
    await form.getByLabel('Cut-off time, for Tuesday').fill('16:00');
    await form.getByRole('checkbox', { name: 'Friday' }).check();
    await form.getByLabel('Order by, for Friday').selectOption({ label: 'Wednesday (2 days before)' });
    await form.getByLabel('Cut-off time, for Friday').fill('12:00');
    await form.getByLabel('Amount').fill('150');
    await form.getByRole('radio', { name: 'Refuse the order' }).check();
    await form.getByLabel('Postcodes').fill('bs1, BS8');
    await form.getByLabel('Towns').fill('Bath');
    // The server's rule, said in the form before anything is sent.
    await form.getByRole('button', { name: 'Save ordering terms' }).click();
    await form.getByText('Add at least one email address for orders.').last().waitFor();
    await form.getByLabel('Order emails').fill('orders@harbourfish.example');
    await form.getByRole('button', { name: 'Save ordering terms' }).click();
    await form.getByRole('status').filter({ hasText: 'Ordering terms saved.' }).waitFor();
    await screenshot(page, 'ordering-terms-phone');

    // Monday 10:00 in London: Tuesday's cut-off is today at 16:00.
    const line = 'Next delivery Tue 8 Dec · order by Mon 16:00 (6 h left)';
    await page.goto(`${journey.url}/${FISH.handle}`);
    const ordering = page.getByRole('region', { name: 'Ordering' });
    await expect.poll(() => ordering.getByTestId('next-delivery').textContent()).toBe(line);
    expect(await ordering.textContent()).toMatch(/Tuesday, Friday.*£150\.00 \(smaller orders cannot be sent\).*BS1, BS8, Bath/);
    await page.goto(`${journey.url}${fishList}`);
    await expect.poll(() => page.getByTestId('next-delivery').textContent()).toBe(line);

    // Past Tuesday's cut-off the line moves to Friday's, due Wednesday at noon.
    await page.clock.setFixedTime(new Date('2026-12-07T16:00:00Z'));
    await page.reload();
    await expect
      .poll(() => page.getByTestId('next-delivery').textContent())
      .toBe('Next delivery Fri 11 Dec · order by Wed 12:00 (44 h left)');
    await page.context().close();
  });
});
