import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { aUser } from '../fixtures/factories';
import { PHONE, screenshot, skipE2E } from './browser';
import { consentDeclined, hydrated } from './helpers';
import { useJourney } from './journey';
import { openMail } from './mailbox';

const SUPPLIER = { email: 'wholesale@example.com', name: 'Valley Wholesale', handle: 'valley-wholesale' };
const RESTAURANT = { email: 'rosa@example.com', name: 'Rosa Bianchi' };
const FILE = 'https://drive.google.com/file/d/trade-prices/view';

/**
 * Issue 32: a supplier posts a trade-only list; a restaurant sees "Trade only", asks for access, is
 * approved by mail, then reads the list and gets its updates; access removed, the list is closed to
 * them again.
 */
describe.skipIf(skipE2E)('trade-only lists: asking for access, approval by mail, removal', () => {
  // No SMTP_URL: mail is held for the development mailbox; the worker runs every 300 ms.
  const journey = useJourney({
    seed: async (db) => {
      await aUser(db, SUPPLIER);
      await aUser(db, RESTAURANT);
    },
    env: { EMAIL_POLL_MS: '300' },
  });

  const lists = (page: Page) => page.getByRole('region', { name: 'Lists' });

  it('a restaurant asks, is approved by mail, reads the list and its updates; removed, it is closed again', async () => {
    // The supplier posts a trade-only list.
    const supplier = await journey.signedIn(SUPPLIER);
    await supplier.goto(`${journey.url}/upload`);
    await supplier.getByLabel('Link URL').fill(FILE);
    await supplier.getByLabel('Description').fill('Wholesale prices: tomatoes 1.20/kg');
    await supplier.getByLabel('List name (optional)').fill('Trade price list');
    await supplier
      .getByRole('group', { name: 'Who can see it' })
      .getByRole('radio', { name: /^Trade only/ })
      .check();
    await screenshot(supplier, 'trade-upload-desktop');
    await supplier.getByRole('button', { name: 'Share' }).click();
    await supplier.getByText('Upload saved!').waitFor();

    // A visitor is asked to sign in: the page the server rendered says so without scripts, and
    // with them it is taken over without a hydration problem (the signed-in form loads later, ADR 0193).
    const signInToAsk = `/login?${new URLSearchParams({ redirect: `/${SUPPLIER.handle}#trade-access` })}`;
    for (const javaScriptEnabled of [false, true]) {
      const ctx = await journey.browser.newContext({ viewport: PHONE, isMobile: true, javaScriptEnabled });
      await consentDeclined(ctx);
      const visitor = await ctx.newPage();
      const problems: string[] = [];
      visitor.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      visitor.on('pageerror', (error) => problems.push(error.message));
      await visitor.goto(`${journey.url}/${SUPPLIER.handle}`);
      if (javaScriptEnabled) await hydrated(visitor);
      const ask = visitor.getByRole('region', { name: 'Trade only: ask for access' });
      const signIn = ask.getByRole('link', { name: 'Sign in to ask for access' });
      await signIn.waitFor();
      expect(await signIn.getAttribute('href')).toBe(signInToAsk);
      expect(problems).toEqual([]);
      await ctx.close();
    }

    // The restaurant sees that it exists, and nothing of it.
    const restaurant = await journey.signedIn(RESTAURANT, PHONE);
    await restaurant.goto(`${journey.url}/${SUPPLIER.handle}`);
    const card = lists(restaurant).getByRole('article').filter({ hasText: 'Trade price list' });
    await card.getByText('Trade only', { exact: true }).waitFor();
    expect(await lists(restaurant).textContent()).not.toContain('tomatoes');
    expect(await card.getByRole('link', { name: /go to page/i }).count()).toBe(0);
    await screenshot(restaurant, 'trade-locked-profile-phone');

    // It asks for access.
    await card.getByRole('link', { name: 'Trade only: ask for access' }).click();
    const panel = restaurant.getByRole('region', { name: 'Trade only: ask for access' });
    await panel.getByLabel('Business name').fill('Trattoria Rosa');
    await panel.getByLabel('Note (optional)').fill('We buy tomatoes every week.');
    await panel.getByRole('button', { name: 'Ask for access' }).click();
    await panel.getByText('Access requested. You will get an email when the business answers.').waitFor();
    // Asking follows the business too: the page says so at once (issue 43).
    await restaurant.getByRole('button', { name: '✓ Following' }).waitFor();
    await screenshot(restaurant, 'trade-asked-phone');

    // The supplier is told by mail, and sees who asks, their email included (issue 43).
    const request = await openMail(supplier, journey.url, SUPPLIER.email, /Trattoria Rosa asks for access/);
    expect(request).toContain('We buy tomatoes every week.');
    const approveAt = /Approve or decline: (\S+)/.exec(request)?.[1] ?? '';
    await supplier.goto(approveAt);
    const requests = supplier.getByRole('region', { name: 'Trade access' });
    await requests.getByRole('link', { name: RESTAURANT.email }).waitFor();
    await screenshot(supplier, 'trade-requests-desktop');

    // Declining asks first, with an optional reason the restaurant reads in its mail and on the page.
    await requests.getByRole('button', { name: 'Decline Trattoria Rosa' }).click();
    const decline = requests.getByRole('group', { name: 'Decline Trattoria Rosa?' });
    await decline.getByLabel('Reason (optional)').fill('Please tell us your delivery area first.');
    await screenshot(supplier, 'trade-decline-desktop');
    await decline.getByRole('button', { name: 'Yes, decline' }).click();
    await requests.getByText('Trattoria Rosa was declined.').first().waitFor();
    const declined = await openMail(restaurant, journey.url, RESTAURANT.email, /declined your request/);
    expect(declined).toContain('Please tell us your delivery area first.');
    await restaurant.goto(/Their page: (\S+)/.exec(declined)?.[1] ?? '');
    await panel.getByText('Your request was declined.', { exact: false }).waitFor();
    await panel.getByText('Their reason: Please tell us your delivery area first.').waitFor();
    await screenshot(restaurant, 'trade-declined-phone');
    await panel.getByLabel('Note (optional)').fill('We are in Leeds city centre.');
    await panel.getByRole('button', { name: 'Ask for access' }).click();
    await panel.getByText('Access requested. You will get an email when the business answers.').waitFor();

    // Asked again: the supplier approves.
    await supplier.reload();
    await requests.getByRole('button', { name: 'Approve Trattoria Rosa' }).click();
    await requests.getByText('Trattoria Rosa now has trade access.').first().waitFor();

    // The restaurant is told by mail, and its link leads to the list, open now.
    const approved = await openMail(restaurant, journey.url, RESTAURANT.email, /gave you trade access/);
    const profileAt = /Their lists: (\S+)/.exec(approved)?.[1] ?? '';
    await restaurant.goto(profileAt);
    const open = lists(restaurant).getByRole('article').filter({ hasText: 'Trade price list' });
    await open.getByText('Wholesale prices: tomatoes 1.20/kg').waitFor();
    expect(await open.getByRole('link', { name: /go to page/i }).getAttribute('href')).toMatch(/^\/api\/posts\/\d+\/open$/);
    await screenshot(restaurant, 'trade-open-profile-phone');

    // An update reaches it in its feed.
    const listId = (await (await supplier.request.get(`${journey.url}/api/lists/mine`)).json()).lists[0].id;
    const update = await supplier.request.post(`${journey.url}/api/posts`, {
      data: { url: FILE, description: 'Week 2: tomatoes 1.10/kg', listId },
    });
    expect(update.status()).toBe(201);
    await restaurant.goto(`${journey.url}/feed`);
    await restaurant.getByText('Week 2: tomatoes 1.10/kg').waitFor();

    // The restaurant lets the businesses it follows see it; the supplier's Followers page names it, with its access.
    await restaurant.goto(`${journey.url}/settings`);
    const trade = restaurant.getByRole('region', { name: 'Trade' });
    await expect.poll(() => trade.getByLabel('Business name').inputValue()).toBe('Trattoria Rosa');
    await trade.getByLabel('Let businesses I follow see my name and business').check();
    await trade.getByRole('button', { name: 'Save trade settings' }).click();
    await trade.getByRole('status').filter({ hasText: 'Trade settings saved.' }).waitFor();
    await screenshot(restaurant, 'trade-settings-phone');
    await supplier.goto(`${journey.url}/followers`);
    const follower = supplier.getByRole('listitem').filter({ hasText: 'Trattoria Rosa' });
    await follower.getByText('Trade access', { exact: true }).waitFor();
    await follower.getByText(/^Following since /).waitFor();
    await screenshot(supplier, 'trade-followers-desktop');

    // Access removed: the list is closed to the restaurant again.
    await supplier.goto(`${journey.url}/dashboard`);
    await requests.getByRole('button', { name: 'Remove access of Trattoria Rosa' }).click();
    await requests.getByRole('button', { name: 'Yes, remove access' }).click();
    await requests.getByText('Trattoria Rosa no longer has trade access.').first().waitFor();
    await restaurant.goto(`${journey.url}/feed`);
    const locked = restaurant.getByRole('article').filter({ hasText: 'Trade price list' });
    await locked.getByRole('link', { name: 'Trade only: ask for access' }).waitFor();
    expect(await restaurant.locator('main').textContent()).not.toContain('tomatoes');
    await screenshot(restaurant, 'trade-removed-feed-phone');
    for (const page of [supplier, restaurant]) await page.context().close();
  });
});
