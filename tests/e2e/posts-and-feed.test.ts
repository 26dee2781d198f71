import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../server/plugins/db';
import { aPost, aUser } from '../fixtures/factories';
import { DESKTOP, PHONE, screenshot, skipE2E } from './browser';
import { signInAs, signInWithCookie, standInForDrive } from './helpers';
import { useJourney, type Viewport } from './journey';

const FARM = { email: 'farm@example.com', name: 'Fresh Farm', handle: 'fresh-farm' };
const CAFE = { email: 'cafe@example.com', name: 'Corner Cafe', handle: 'corner-cafe' };
const HOUR = 3_600_000;

/**
 * People who already hold approved handles, written into the data folder before the server starts
 * (the handle flow has its own journeys). Signing in with the same email claims the profile.
 */
async function seed(db: DB): Promise<void> {
  const farm = await aUser(db, FARM);
  await aUser(db, CAFE);
  for (let i = 1; i <= 10; i++) {
    await aPost(db, farm, {
      url: `https://drive.google.com/file/d/older-${i}/view`,
      description: `Older price list number ${i}: apples, pears, plums and whatever else the orchard gave us this week.`,
      createdAt: Date.now() - i * 26 * HOUR,
    });
  }
}

describe.skipIf(skipE2E)('posts, profiles, following and the feed', () => {
  const journey = useJourney({ seed });

  /** A browser with analytics already declined (the banner is another journey) and no real Google Drive. */
  async function context(viewport: Viewport): Promise<BrowserContext> {
    const ctx = await journey.context(viewport);
    await standInForDrive(ctx, () => '<title>Google Drive</title><h1>The shared list</h1>');
    return ctx;
  }

  it('owner shares a list, a follower sees it in the feed, loads more and opens the link in a new tab', async () => {
    // The owner shares a new list.
    const owner = await context(DESKTOP);
    const ownerPage = await owner.newPage();
    await signInWithCookie(owner, journey.url, FARM);
    await ownerPage.goto(`${journey.url}/upload`);
    await ownerPage.getByRole('heading', { name: 'Share a new list' }).waitFor();
    const share = ownerPage.getByRole('button', { name: 'Share' });
    expect(await share.isDisabled()).toBe(true);
    await ownerPage.getByText('Share a link from Google Drive, Dropbox, OneDrive, Box, iCloud, WeTransfer, MEGA.').waitFor();

    await ownerPage.getByLabel('Link URL').fill('https://bit.ly/menu');
    await ownerPage.getByLabel('Description').click();
    await ownerPage.getByText('Shortened or suspicious URLs are not allowed.').waitFor();
    await ownerPage.getByLabel('Link URL').fill('https://drive.google.com/file/d/fresh-list/view');
    await ownerPage.getByLabel('Description').fill('This week: strawberries are here! Full price list inside.');
    await ownerPage.getByText('57/300').waitFor();
    expect(await ownerPage.getByText('Shortened or suspicious URLs are not allowed.').count()).toBe(0);
    await screenshot(ownerPage, 'upload-desktop');
    await share.click();
    await ownerPage.getByText('Upload saved! Redirecting to dashboard...').waitFor();
    await screenshot(ownerPage, 'upload-saved-desktop');
    await ownerPage.waitForURL(/\/dashboard$/);
    const ownCard = ownerPage.locator('.post-card').filter({ hasText: 'strawberries' });
    await ownCard.getByText('Opened 0 times from Freshlist').waitFor();

    // A visitor on a phone finds the profile, pages through it, signs in and follows.
    const reader = await context(PHONE);
    const page = await reader.newPage();
    await page.goto(`${journey.url}/fresh-farm`);
    await page.getByRole('heading', { name: '@fresh-farm' }).waitFor();
    await page.getByText('Fresh Farm', { exact: true }).waitFor();
    await page.locator('.post-card').nth(4).waitFor();
    expect(await page.locator('.post-card').count()).toBe(5);
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.locator('.post-card').nth(9).waitFor();
    expect(await page.locator('.post-card').count()).toBe(10);
    await screenshot(page, 'profile-phone');

    // A description longer than two lines is clamped; a tap shows all of it.
    const description = page.getByRole('button', { name: /^Older price list number 1:/ });
    expect(await description.getAttribute('aria-expanded')).toBe('false');
    const clamped = await description.evaluate((el) => el.getBoundingClientRect().height);
    await description.tap();
    expect(await description.getAttribute('aria-expanded')).toBe('true');
    expect(await description.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(clamped);
    expect(await page.locator('.post-card').first().textContent()).toContain('strawberries');

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/login\?redirect=%2Ffresh-farm$/);
    await signInAs(page, 'reader@example.com', 'Rita Reader');
    await page.waitForURL(/\/fresh-farm$/);
    await page.getByRole('button', { name: 'Follow' }).click();
    await page.getByRole('button', { name: '✓ Following' }).waitFor();
    await screenshot(page, 'profile-following-phone');

    // The feed: newest first, 10 a page, then Load more. One business is one block (#31): its two
    // newest lists, the others one tap away.
    await page.goto(`${journey.url}/feed`);
    await page.getByText("You're following 1 profile(s)").waitFor();
    const farm = page.getByRole('region', { name: 'Fresh Farm', exact: true });
    await farm.getByText('10 lists').waitFor();
    expect(await page.locator('.post-card').count()).toBe(2);
    expect(await page.locator('.post-card').first().textContent()).toContain('strawberries');
    await farm.getByRole('button', { name: 'Show 8 more lists from Fresh Farm' }).click();
    await page.locator('.post-card').nth(9).waitFor();
    expect(await page.locator('.post-card').count()).toBe(10);
    await screenshot(page, 'feed-phone');
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.locator('.post-card').nth(10).waitFor();
    expect(await page.locator('.post-card').count()).toBe(11);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await screenshot(page, 'feed-loaded-more-phone');

    // 'go to page' opens the list in a new tab through the counted redirect.
    const first = page.locator('.post-card').first();
    const link = first.getByRole('link', { name: /Go to page/ });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    const tabPromise = reader.waitForEvent('page');
    await link.click();
    const tab = await tabPromise;
    await tab.waitForURL('https://drive.google.com/file/d/fresh-list/view');
    await tab.getByRole('heading', { name: 'The shared list' }).waitFor();
    expect(await tab.evaluate(() => window.opener)).toBeNull();

    // The owner sees the open counted on the dashboard.
    await ownerPage.reload();
    await ownCard.getByText('Opened once from Freshlist').waitFor();
    await screenshot(ownerPage, 'dashboard-your-lists-desktop');

    // Desktop views of the same pages.
    const desk = await reader.browser()!.newContext({ viewport: DESKTOP, storageState: await reader.storageState() });
    const deskPage = await desk.newPage();
    await deskPage.goto(`${journey.url}/feed`);
    await deskPage.getByRole('button', { name: 'Show 8 more lists from Fresh Farm' }).click();
    await deskPage.locator('.post-card').nth(9).waitFor();
    await screenshot(deskPage, 'feed-desktop');
    await deskPage.goto(`${journey.url}/fresh-farm`);
    await deskPage.locator('.post-card').nth(4).waitFor();
    await screenshot(deskPage, 'profile-desktop');
    await desk.close();
    await reader.close();
    await owner.close();
  });

  it('a signed-out visitor who taps Follow signs in and comes back following (followAfterLogin)', async () => {
    const visitor = await context(DESKTOP);
    const page = await visitor.newPage();
    await page.goto(`${journey.url}/fresh-farm`);
    await page.getByRole('main').getByRole('link', { name: 'Follow', exact: true }).click();
    await page.waitForURL(/\/login\?redirect=%2Ffresh-farm%3FfollowAfterLogin%3Dtrue$/);
    await screenshot(page, 'follow-after-login-desktop');
    await signInAs(page, CAFE.email, CAFE.name);
    await page.getByRole('button', { name: '✓ Following' }).waitFor();
    // The page tidies its address once it has followed (a replace, after the button shows it).
    await page.waitForURL((url) => url.pathname === '/fresh-farm' && url.search === '');

    await page.goto(`${journey.url}/following`);
    const entry = page.locator('.person').filter({ hasText: '@fresh-farm' });
    await entry.getByText('Fresh Farm', { exact: true }).waitFor();
    await entry.getByText('Followed just now').waitFor();
    await entry.getByText(/Last post (just now|\d+ minutes? ago)/).waitFor();
    await screenshot(page, 'following-desktop');

    // The owner's followers: the cafe holds an approved handle, so it is listed.
    const owner = await context(PHONE);
    const ownerPage = await owner.newPage();
    await signInWithCookie(owner, journey.url, FARM);
    await ownerPage.goto(`${journey.url}/followers`);
    await ownerPage.getByRole('heading', { name: 'Followers' }).waitFor();
    await ownerPage.getByRole('link', { name: '@corner-cafe' }).waitFor();
    await ownerPage.getByText('Corner Cafe').waitFor();
    await screenshot(ownerPage, 'followers-phone');
    await owner.close();

    // Unfollow from the profile; on the way, copy its link.
    await visitor.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.url });
    await page.goto(`${journey.url}/fresh-farm`);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('button', { name: 'Link copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${journey.url}/fresh-farm`);
    await page.getByRole('button', { name: 'Copy link' }).waitFor({ timeout: 5_000 });

    // "✓ Following" asks before it unfollows (#31).
    await page.getByRole('button', { name: '✓ Following' }).click();
    await page.getByRole('group', { name: /^Unfollow Fresh Farm\?/ }).waitFor();
    await page.getByRole('button', { name: 'Unfollow' }).click();
    await page.getByRole('status').filter({ hasText: 'You no longer follow' }).waitFor();
    await page.getByRole('button', { name: 'Follow', exact: true }).waitFor();

    // Following no one: the empty feed invites suppliers and restaurants, and hints at telling friends.
    await page.goto(`${journey.url}/feed`);
    await page.getByText("You're following 0 profile(s)").waitFor();
    await page.getByRole('heading', { name: 'No recent uploads from followed profiles.' }).waitFor();
    // Inviting others, not a form to get a handle for yourself (#31).
    expect(await page.getByRole('link', { name: 'Invite suppliers and restaurants' }).getAttribute('href')).toBe(
      '/tell-your-friends',
    );
    expect(await page.getByRole('link', { name: 'Tell your friends' }).getAttribute('href')).toBe('/tell-your-friends');
    await screenshot(page, 'feed-empty-desktop');
    await visitor.close();
  });

  it('a followAfterLogin link from elsewhere asks in the page, and follows only on the click (issue 33)', async () => {
    const reader = await context(PHONE);
    await signInWithCookie(reader, journey.url, { email: 'passer-by@example.com', name: 'Passer By' });
    const page = await reader.newPage();
    await page.goto(`${journey.url}/fresh-farm?followAfterLogin=true`);
    await page.getByRole('heading', { name: 'Follow Fresh Farm?' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    const asked = await page.request.get(`${journey.url}/api/profiles/fresh-farm`);
    expect((await asked.json()).following).toBe(false);
    await screenshot(page, 'follow-question-phone');
    await page.getByRole('region', { name: 'Follow Fresh Farm?' }).getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByRole('button', { name: '✓ Following' }).waitFor();
    await expect
      .poll(async () => (await (await page.request.get(`${journey.url}/api/profiles/fresh-farm`)).json()).following)
      .toBe(true);
    expect(await page.getByRole('heading', { name: 'Follow Fresh Farm?' }).count()).toBe(0);
    await reader.close();
  });

  it('says an unknown handle is no business here, with Explore (issue 43: it went to / without a word)', async () => {
    const visitor = await context(PHONE);
    const page = await visitor.newPage();
    const response = await page.goto(`${journey.url}/no-such-shop`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'No business called @no-such-shop' }).waitFor();
    expect(page.url()).toBe(`${journey.url}/no-such-shop`);
    await screenshot(page, 'profile-unknown-phone');
    await page.getByRole('link', { name: 'Explore businesses on Freshlist' }).click();
    await page.getByRole('heading', { level: 1, name: 'Explore' }).waitFor();
    await visitor.close();
  });
});
