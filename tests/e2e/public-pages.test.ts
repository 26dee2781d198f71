import { describe, expect, it } from 'vitest';
import type { DB } from '../../server/plugins/db';
import { aPost, aUser } from '../fixtures/factories';
import { DESKTOP, PHONE, screenshot, skipE2E } from './browser';
import { hydrated } from './helpers';
import { useJourney } from './journey';

const HOUR = 3_600_000;
const FARM = { email: 'orchard@example.com', name: 'Hillside Orchard', handle: 'hillside-orchard' };
const NEWEST = 'Apples, pears and plums: this week’s orchard price list, with the cider order form.';

/** A handle with lists, written into the data folder before the server starts. */
async function seed(db: DB): Promise<void> {
  const farm = await aUser(db, FARM);
  for (let i = 7; i >= 1; i--) {
    await aPost(db, farm, {
      url: `https://drive.google.com/file/d/orchard-${i}/view`,
      description: i === 1 ? NEWEST : `Older orchard list number ${i}`,
      createdAt: Date.now() - i * 26 * HOUR,
    });
  }
}

/**
 * Public pages come rendered from the server (issue 20): readable with JavaScript off, links that
 * work, and in a browser with JavaScript the page takes over what the server sent without asking
 * the API again and without a hydration error.
 */
describe.skipIf(skipE2E)('public pages rendered on the server', () => {
  const journey = useJourney({ seed });

  it('with JavaScript off, shows the profile, the connect page, /, /tell-your-friends and /explore, and their links work', async () => {
    const context = await journey.browser.newContext({ viewport: PHONE, isMobile: true, javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto(`${journey.url}/${FARM.handle}`);
    await page.getByRole('heading', { name: `@${FARM.handle}`, level: 1 }).waitFor();
    expect(await page.getByText(FARM.name).isVisible()).toBe(true);
    expect(await page.getByText(NEWEST).isVisible()).toBe(true);
    expect(await page.locator('.post-card').count()).toBe(5);
    // Follow is a real link without JavaScript (#31): to sign in, then back here following.
    expect(await page.getByRole('link', { name: 'Follow', exact: true }).getAttribute('href')).toBe(
      `/login?redirect=%2F${FARM.handle}%3FfollowAfterLogin%3Dtrue`,
    );
    // Sign in is in the phone header, though its Menu cannot open without JavaScript.
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(
      await page
        .getByRole('link', { name: /Go to page/ })
        .first()
        .getAttribute('href'),
    ).toMatch(/^\/api\/posts\/\d+\/open$/);
    await screenshot(page, 'profile-no-js-phone');

    await page.goto(`${journey.url}/follow/${FARM.handle}`);
    await page.getByRole('heading', { name: `Follow ${FARM.name}` }).waitFor();
    expect(await page.getByRole('img', { name: /QR code that opens/ }).isVisible()).toBe(true);
    await screenshot(page, 'connect-no-js-phone');
    // A link followed without JavaScript: the next page comes rendered too.
    await page
      .getByRole('link', { name: `/${FARM.handle}`, exact: false })
      .first()
      .click();
    await page.waitForURL(`${journey.url}/${FARM.handle}`);
    await page.getByRole('heading', { name: `@${FARM.handle}`, level: 1 }).waitFor();

    await page.goto(`${journey.url}/`);
    await page.getByRole('heading', { name: 'Share your latest list, always up to date.' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign in' }).first().getAttribute('href')).toBe('/login');
    await page.goto(`${journey.url}/tell-your-friends`);
    await page.getByRole('heading', { name: "You're invited to join" }).waitFor();
    await screenshot(page, 'tell-your-friends-no-js-phone');

    // The directory searches without JavaScript too: the form's own GET, rendered by the server.
    await page.goto(`${journey.url}/explore`);
    await page.getByRole('heading', { name: 'Explore', level: 1 }).waitFor();
    await page.getByLabel('Search suppliers and restaurants').fill('orchard');
    await page.getByLabel('Search suppliers and restaurants').press('Enter');
    await page.waitForURL(/\/explore\?q=orchard/);
    await page.getByRole('link', { name: FARM.name, exact: true }).waitFor();
    await screenshot(page, 'explore-search-no-js-phone');
    await context.close();
  });

  it('with JavaScript, takes over the rendered profile without asking the API for it again', async () => {
    const context = await journey.context(DESKTOP);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) apiCalls.push(path);
    });

    await page.goto(`${journey.url}/${FARM.handle}`);
    await page.getByText(NEWEST).waitFor();
    await hydrated(page);
    // Interactive: the copy button answers, 'Load more' brings the older lists.
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('button', { name: 'Link copied' }).waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByText('Older orchard list number 7').first().waitFor();
    await screenshot(page, 'profile-hydrated-desktop');

    expect(apiCalls.filter((path) => path.startsWith('/api/profiles/'))).toEqual([
      `/api/profiles/${FARM.handle}/posts`, // 'Load more' only
    ]);
    expect(problems).toEqual([]);

    // Following a link inside the app still works as before: the connect page, then its way back.
    await page.goto(`${journey.url}/follow/${FARM.handle}`);
    await hydrated(page);
    await page
      .getByRole('link', { name: `localhost` })
      .or(page.getByRole('link', { name: `127.0.0.1` }))
      .first()
      .click();
    await page.getByRole('button', { name: 'Copy link' }).waitFor();
    expect(apiCalls.filter((path) => path.startsWith('/api/connect/'))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
