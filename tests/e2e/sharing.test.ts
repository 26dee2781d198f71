import jsQR from 'jsqr';
import type { BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { CONSENT_STORAGE_KEY } from '../../core/consent';
import { DESKTOP, PHONE, screenshot, skipE2E } from './browser';
import { hydrated, signInAs, signInWithCookie } from './helpers';
import { useJourney, type Viewport } from './journey';

const ADMIN = 'analyst@example.com';

describe.skipIf(skipE2E)('sharing: invitation page, connect page, consent and analytics', () => {
  const journey = useJourney({ env: { ADMIN_EMAILS: ADMIN, GTM_ID: 'GTM-TEST123' } });

  /** A fresh visitor; requests to the tag manager are answered locally (the machine has no network). */
  async function visitor(viewport: Viewport, phone = false): Promise<{ context: BrowserContext; page: Page }> {
    const context = await journey.browser.newContext({ viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
    await context.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__gtmLoaded = true;' }),
    );
    return { context, page: await context.newPage() };
  }

  /** Waits until the banner has slid fully into view. */
  const bannerSettled = (page: Page) =>
    page.waitForFunction(() => {
      const box = document.querySelector('.consent-banner')?.getBoundingClientRect();
      return box !== undefined && box.bottom <= window.innerHeight;
    });

  const banner = (page: Page) => page.getByRole('region', { name: 'Help us improve Freshlist' });

  it('shows the invitation page, and after Decline sends no event and loads no tag manager', async () => {
    const { context, page } = await visitor(DESKTOP);
    // The page's timers run as usual, and the test can run them ahead (the events' batch).
    await page.clock.install();
    const eventPosts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/analytics/events')) eventPosts.push(request.url());
    });
    await page.goto(`${journey.url}/tell-your-friends`);
    await page.getByRole('heading', { name: "You're invited to join" }).waitFor();
    await banner(page).getByRole('button', { name: 'Accept' }).waitFor({ state: 'visible' });
    await bannerSettled(page);
    await screenshot(page, 'consent-banner-desktop');

    expect(await page.getByRole('link', { name: 'SIGN UP & REQUEST A HANDLE' }).getAttribute('href')).toBe('/request-handle');
    expect(await page.getByRole('heading', { name: 'How it works' }).isVisible()).toBe(true);
    expect(await page.locator('.steps li').count()).toBe(3);
    const sampleQr = page.getByRole('img', { name: /QR code that opens .*\/yourname/ });
    await sampleQr.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.qr-card-code');
      return img?.complete === true && img.naturalWidth > 0;
    });
    expect(await sampleQr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThanOrEqual(160);
    expect(await page.locator('.sample-post .post-card').isVisible()).toBe(true);
    expect(await page.locator('.sample-post .post-card-handle').textContent()).toBe('@yourname');

    await banner(page).getByRole('button', { name: 'Decline' }).click();
    await banner(page).waitFor({ state: 'detached' });
    await screenshot(page, 'tell-your-friends-desktop');
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY)).toBe('declined');

    await page.reload();
    await page.getByRole('heading', { name: "You're invited to join" }).waitFor();
    // The banner reads the stored choice in an effect of React's first render: a frame after React
    // took the page over, it has, and a visitor with no choice would see it already.
    await hydrated(page);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    expect(await banner(page).count()).toBe(0);

    await page.goto(`${journey.url}/login`);
    await signInAs(page, 'decliner@example.com', 'Dee Cline');
    await page.getByRole('heading', { name: 'Welcome, Dee Cline' }).waitFor();
    const friends = page.getByRole('region', { name: 'Tell your friends' });
    expect(await friends.getByRole('link', { name: 'show them how Freshlist works' }).getAttribute('href')).toBe(
      '/tell-your-friends',
    );
    // Without a handle the connect page is an example, not a link to a page that does not exist.
    await friends.getByText('/follow/yourname').waitFor();
    expect(await friends.getByRole('link', { name: '/follow/yourname' }).count()).toBe(0);
    await page.getByRole('banner').getByRole('button', { name: 'Account' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
    // A held event leaves with its batch, 3 s after the first: run the page's clock past that, then
    // send a request of the page's own, which the browser reports after any the batch sent.
    await page.clock.runFor(3_500);
    await page.evaluate(() => fetch('/healthz').then((response) => response.status));
    expect(eventPosts).toEqual([]);
    expect(await page.locator('#gtm-script').count()).toBe(0);
    await context.close();
  });

  it('after Accept, loads the tag manager and stores events that admins see counted', async () => {
    const { context, page } = await visitor(PHONE, true);
    await page.goto(`${journey.url}/tell-your-friends`);
    await banner(page).getByRole('button', { name: 'Accept' }).waitFor({ state: 'visible' });
    await bannerSettled(page);
    await screenshot(page, 'consent-banner-phone');
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await banner(page).waitFor({ state: 'detached' });
    await screenshot(page, 'tell-your-friends-phone');
    await page.locator('#gtm-script').waitFor({ state: 'attached' });
    expect(await page.locator('#gtm-script').getAttribute('src')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-TEST123');

    await page.goto(`${journey.url}/login`);
    await signInAs(page, ADMIN, 'Ana Lyst');
    await page.getByRole('heading', { name: 'Welcome, Ana Lyst' }).waitFor();
    await page.goto(`${journey.url}/admin/analytics`);
    await page.getByRole('heading', { name: 'Analytics' }).waitFor();
    // The first events may still be in the browser's 3-second batch: look again until they arrive.
    const perEvent = page.getByRole('table').first();
    for (
      let attempt = 0;
      attempt < 20 && !(await perEvent.getByRole('rowheader', { name: 'Sign-ins', exact: true }).count());
      attempt++
    ) {
      await page.waitForTimeout(1000);
      await page.reload();
      await page.getByRole('heading', { name: 'Analytics' }).waitFor();
      await page
        .getByText(/Per event|No events yet/)
        .first()
        .waitFor();
    }
    // Events by people's names for them, not the stored keys (#31); a way back to the admin area.
    for (const name of ['Sign-ins', 'Pages viewed', 'Visits started']) {
      expect(await perEvent.getByRole('rowheader', { name, exact: true }).count(), name).toBe(1);
    }
    expect(await page.getByRole('link', { name: '← Admin' }).getAttribute('href')).toBe('/admin/');
    await screenshot(page, 'admin-analytics-phone');
    await context.close();
  });

  it("shows a handle's connect page to visitors, and lets its owner download the printable card", async () => {
    const admin = await visitor(DESKTOP);
    await signInWithCookie(admin.context, journey.url, { email: ADMIN, name: 'Ana Lyst' });
    const created = await admin.page.request.post(`${journey.url}/api/admin/handles`, {
      data: { handle: 'green-grocer', email: 'grocer@example.com', displayName: 'Green Grocer' },
    });
    expect(created.status()).toBe(201);
    await admin.context.close();

    const owner = await visitor(DESKTOP);
    await signInWithCookie(owner.context, journey.url, { email: 'grocer@example.com', name: 'Gina Grocer' });
    const posted = await owner.page.request.post(`${journey.url}/api/posts`, {
      data: { url: 'https://drive.google.com/file/d/spring-menu', description: 'Spring menu and this week’s prices' },
    });
    expect(posted.status()).toBe(201);

    const { context, page } = await visitor(PHONE, true);
    await page.goto(`${journey.url}/follow/green-grocer`);
    await page.getByRole('heading', { name: 'Follow Green Grocer' }).waitFor();
    const code = page.getByRole('img', { name: /QR code that opens .*\/green-grocer$/ });
    await code.waitFor();
    expect(await code.getAttribute('width')).toBe('160');
    expect(await page.getByRole('link', { name: /\/green-grocer$/ }).getAttribute('href')).toBe('/green-grocer');
    await page.getByRole('heading', { name: 'Latest list' }).waitFor();
    expect(await page.locator('.post-card-description').textContent()).toBe('Spring menu and this week’s prices');
    expect(await page.getByRole('link', { name: /Go to page/ }).getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('link', { name: 'Atom feed of @green-grocer' }).getAttribute('href')).toBe(
      '/green-grocer/feed.atom',
    );
    const follow = page.getByRole('link', { name: 'SIGN IN & FOLLOW' });
    expect(await follow.getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent('/green-grocer?followAfterLogin=true')}`,
    );
    await bannerSettled(page);
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.qr-card-code');
      return img?.complete === true && img.naturalWidth > 0;
    });
    await screenshot(page, 'connect-phone');

    // SIGN IN & FOLLOW: through /login and back to the profile, where the follow is applied.
    await follow.click();
    await page.waitForURL(/\/login\?redirect=/);
    await signInAs(page, 'fan@example.com', 'Fay Fan');
    await page.waitForURL(/\/green-grocer$/);
    await page.getByRole('button', { name: '✓ Following' }).waitFor();
    // Back on the connect page, a follower sees that they follow, and is asked before an unfollow (#31).
    await page.goto(`${journey.url}/follow/green-grocer`);
    await page.getByRole('button', { name: '✓ Following' }).click();
    await page.getByText('Unfollow Green Grocer? Their lists leave your Feed.').waitFor();
    await page.getByRole('button', { name: 'Keep following' }).click();
    await page.getByRole('button', { name: '✓ Following' }).waitFor();
    await context.close();

    await owner.page.goto(`${journey.url}/follow/green-grocer`);
    await owner.page.getByRole('heading', { name: 'This is your connect page' }).waitFor();
    await owner.page.waitForFunction(() => document.querySelector<HTMLImageElement>('.qr-card-code')?.complete === true);
    await screenshot(owner.page, 'connect-owner-desktop');
    const downloadPromise = owner.page.waitForEvent('download');
    await owner.page.getByRole('link', { name: 'Download QR card (PNG)' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('freshlist-green-grocer-card.png');
    // The browser runs in another process (launchBrowser connects to it): the file comes as a stream.
    const png = PNG.sync.read(Buffer.concat(await (await download.createReadStream()).toArray()));
    expect([png.width, png.height]).toEqual([600, 800]);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(`${journey.url}/green-grocer`);
    await owner.context.close();
  });

  it('after Accept, sends upload_viewed, search and admin_action where they happen', async () => {
    const admin = await visitor(DESKTOP);
    await admin.context.addInitScript((key) => localStorage.setItem(key, 'accepted'), CONSENT_STORAGE_KEY);
    const sent: Array<{ name: string; path: string; payload: Record<string, unknown> }> = [];
    admin.page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/analytics/events'))
        sent.push(...request.postDataJSON().events);
    });
    await signInWithCookie(admin.context, journey.url, { email: ADMIN, name: 'Ana Lyst' });
    await admin.page.goto(`${journey.url}/dashboard`);
    await admin.page.getByRole('heading', { name: 'Welcome, Ana Lyst' }).waitFor();
    const created = await admin.page.request.post(`${journey.url}/api/admin/handles`, {
      data: { handle: 'counted-farm', email: 'counted@example.com', displayName: 'Counted Farm' },
    });
    expect(created.status()).toBe(201);

    const owner = await visitor(DESKTOP);
    await signInWithCookie(owner.context, journey.url, { email: 'counted@example.com', name: 'Cora Counted' });
    const posted = await owner.page.request.post(`${journey.url}/api/posts`, {
      data: { url: 'https://drive.google.com/file/d/counted', description: 'Counted list' },
    });
    expect(posted.status()).toBe(201);
    const { post } = await posted.json();

    // Events go out in 3-second batches: each is looked for while its page is still open.
    const names = () => sent.map((event) => event.name);
    await admin.page.goto(`${journey.url}/counted-farm`);
    await admin.page.locator('.post-card').waitFor();
    await expect.poll(names, { timeout: 15_000 }).toContain('upload_viewed');
    expect(sent.find((event) => event.name === 'upload_viewed')?.payload).toEqual({ postId: String(post.id) });

    await admin.page.goto(`${journey.url}/admin/users-overview?q=counted`);
    const row = admin.page.locator('.admin-item', { hasText: 'counted@example.com' });
    await row.getByRole('button', { name: 'End sessions' }).click();
    await row.getByRole('button', { name: 'Yes, sign them out' }).click();
    await row
      .getByRole('status')
      .getByText(/^Signed counted@example\.com out of/)
      .waitFor();
    await expect.poll(names, { timeout: 15_000 }).toEqual(expect.arrayContaining(['search', 'admin_action']));
    expect(sent.find((event) => event.name === 'search')?.payload).toEqual({ length: 7, results: 1 });
    expect(sent.find((event) => event.name === 'admin_action')?.payload).toEqual({ action: 'user.sessions-end' });

    await admin.page.goto(`${journey.url}/tell-your-friends`);
    await admin.page.locator('.sample-post .post-card').waitFor();
    await expect
      .poll(() => sent.filter((event) => event.path === '/tell-your-friends').length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    // The sample post on the invitation page is no upload: it is never counted as viewed.
    expect(sent.filter((event) => event.name === 'upload_viewed')).toHaveLength(1);
    await owner.context.close();
    await admin.context.close();
  });

  it('shows a connect page for a handle nobody holds yet', async () => {
    const { context, page } = await visitor(PHONE, true);
    await page.goto(`${journey.url}/follow/yourname`);
    await page.getByRole('heading', { name: "@yourname isn't on Freshlist yet" }).waitFor();
    await bannerSettled(page);
    await screenshot(page, 'connect-unknown-phone');
    await context.close();
  });
});
