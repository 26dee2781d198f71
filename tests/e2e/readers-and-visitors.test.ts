import { describe, expect, it } from 'vitest';
import { aChatForm, aPost, aUser } from '../fixtures/factories';
import { DESKTOP, PHONE, screenshot, skipE2E } from './browser';
import { signInWithCookie } from './helpers';
import { useJourney } from './journey';

const FARM = { email: 'valley@example.com', name: 'Green Valley Farm', handle: 'green-valley' };
const READER = { email: 'rita@example.com', name: 'Rita Reader' };

/**
 * #31, what readers and visitors meet: a landing page that speaks to suppliers too, Copy, Share and
 * Print on the pages people pass on, an Area filter that forgives typos and offers Clear filters,
 * an empty Following page that leads to Explore, and pages that say so when JavaScript is off.
 */
describe.skipIf(skipE2E)('readers and visitors: sharing pages, Explore, Following, without JavaScript', () => {
  let formId = '';
  const journey = useJourney({
    seed: async (db) => {
      const farm = await aUser(db, FARM);
      await db
        .updateTable('users')
        .set({ area: 'Bristol, Avon', trades: ['produce'] })
        .where('id', '=', farm.id)
        .execute();
      await aPost(db, farm, { url: 'https://drive.google.com/file/d/veg/view', description: 'Vegetable prices' });
      await aUser(db, READER);
      formId = await aChatForm(db, farm);
    },
  });

  it('the landing page has a line and a button for suppliers', async () => {
    const context = await journey.context(PHONE);
    const page = await context.newPage();
    await page.goto(journey.url);
    const suppliers = page.getByRole('region', { name: 'Do you supply restaurants or shops?' });
    await suppliers.getByText('Get your own @handle: share your price list once').waitFor();
    expect(await suppliers.getByRole('link', { name: 'Get your @handle' }).getAttribute('href')).toBe('/request-handle');
    await screenshot(page, 'landing-suppliers-phone');
    await context.close();
  });

  it('the connect page and /tell-your-friends offer Copy link, Share (where the phone has a share sheet) and Print', async () => {
    const context = await journey.context(PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.url });
    await context.addInitScript(() => {
      const calls: unknown[] = [];
      Object.assign(window, { shareCalls: calls });
      Object.defineProperty(navigator, 'share', { value: async (data: unknown) => void calls.push(data), configurable: true });
      window.print = () => void calls.push('print');
    });
    const page = await context.newPage();
    const calls = () => page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls);

    await page.goto(`${journey.url}/follow/${FARM.handle}`);
    await page.getByRole('button', { name: 'Share' }).click();
    expect(await calls()).toEqual([
      expect.objectContaining({ url: `${journey.url}/follow/${FARM.handle}`, title: `Follow ${FARM.name} on Freshlist` }),
    ]);
    await page.getByRole('button', { name: 'Print' }).click();
    expect((await calls()).at(-1)).toBe('print');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('The link is on your clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${journey.url}/follow/${FARM.handle}`);
    await screenshot(page, 'connect-share-actions-phone');

    await page.goto(`${journey.url}/tell-your-friends`);
    await page.getByText('Send this page to a supplier or restaurant you work with:').waitFor();
    await page.getByRole('button', { name: 'Share' }).click();
    expect((await calls()).at(-1)).toEqual(expect.objectContaining({ url: `${journey.url}/tell-your-friends` }));
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await screenshot(page, 'tell-your-friends-share-actions-phone');
    await context.close();
  });

  it('Share shows only where there is a share sheet', async () => {
    const context = await journey.context(DESKTOP);
    await context.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
    const page = await context.newPage();
    await page.goto(`${journey.url}/tell-your-friends`);
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await page.getByRole('button', { name: 'Copy link' }).waitFor();
    expect(await page.getByRole('button', { name: 'Share', exact: true }).count()).toBe(0);
    await context.close();
  });

  it('/tell-your-friends offers a signed-in holder Share this page instead of signing up; else a copy of its link', async () => {
    const context = await journey.context(PHONE);
    await signInWithCookie(context, journey.url, FARM);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.url });
    await context.addInitScript(() => {
      const calls: unknown[] = [];
      Object.assign(window, { shareCalls: calls });
      Object.defineProperty(navigator, 'share', { value: async (data: unknown) => void calls.push(data), configurable: true });
    });
    const page = await context.newPage();
    await page.goto(`${journey.url}/tell-your-friends`);
    await page.getByRole('button', { name: 'Share this page' }).click();
    const calls = await page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls);
    expect(calls).toEqual([expect.objectContaining({ url: `${journey.url}/tell-your-friends` })]);
    expect(await page.getByRole('link', { name: 'SIGN UP & REQUEST A HANDLE' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Share this page' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'tell-your-friends-holder-share-phone');

    // No share sheet: the same place copies the page's link.
    await context.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
    await page.reload();
    await page.getByRole('button', { name: "Copy this page's link" }).click();
    await page.getByText('The link is on your clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${journey.url}/tell-your-friends`);
    await context.close();
  });

  it('the Area filter forgives a typo; an empty result offers Clear filters', async () => {
    const context = await journey.context(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${journey.url}/explore?area=bristl`);
    await page.getByRole('link', { name: FARM.name, exact: true }).first().waitFor();

    await page.goto(`${journey.url}/explore?area=manchester`);
    const empty = page.locator('.explore-empty');
    await empty.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL(`${journey.url}/explore`);
    await page.getByRole('link', { name: FARM.name, exact: true }).first().waitFor();
    expect(await page.getByLabel('Area').inputValue()).toBe('');
    await context.close();
  });

  it('an empty Following page leads to Explore', async () => {
    const context = await journey.context(DESKTOP);
    await signInWithCookie(context, journey.url, READER);
    const page = await context.newPage();
    await page.goto(`${journey.url}/following`);
    await page.getByText("You're not following anyone yet.").waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Explore suppliers and restaurants' }).click();
    await page.getByRole('heading', { level: 1, name: 'Explore' }).waitFor();
    await context.close();
  });

  it('without JavaScript, /login and a chat form say what they need instead of a blank page', async () => {
    const context = await journey.context(PHONE, { javaScriptEnabled: false });
    const page = await context.newPage();
    // Playwright's text locators skip <noscript>: the page's visible text is read instead.
    for (const path of ['/login', `/form/${formId}`]) {
      await page.goto(`${journey.url}${path}`);
      expect(await page.locator('body').textContent()).toContain('This page of Freshlist needs JavaScript.');
    }
    await screenshot(page, 'form-no-js-phone');
    // A page the server renders shows no such line: it works without JavaScript.
    await page.goto(`${journey.url}/${FARM.handle}`);
    await page.getByRole('heading', { name: `@${FARM.handle}` }).waitFor();
    expect(await page.locator('body').textContent()).not.toContain('needs JavaScript');
    await context.close();
  });
});
