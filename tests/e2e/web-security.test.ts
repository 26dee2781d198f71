import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../server/plugins/db';
import { aChatForm, aFollow, anInviteRequest, aPost, aSubmission, aUser } from '../fixtures/factories';
import { DESKTOP, screenshot, skipE2E } from './browser';
import { type Person, signInWithCookie } from './helpers';
import { useJourney } from './journey';

/**
 * Stored hostile text (issue 10, point 6): markup in a display name, a post description, a form
 * answer or an invite request is shown as text and never runs, and a stored javascript:, data: or
 * vbscript: link never becomes a link, in Chromium. The rows are written straight into the data
 * folder, past the API's own checks, as an old or tampered row would be.
 */
const MARK = (where: string) => `<img src=x onerror="window.__xss='${where}'"><b class="injected">${where}</b>`;
const HOSTILE = { email: 'hostile@example.com', name: `${MARK('name')}Shop`, handle: 'hostile-shop' };
const READER = { email: 'reader@example.com', name: 'Reader' };
const ADMIN = { email: 'admin@example.com', name: 'Admin' };
const SAFE_URL = 'https://drive.google.com/file/d/safe-list/view';
const BAD_URLS = [
  'javascript:window.__xss="href"',
  ' JaVaScRiPt:window.__xss="href"',
  'data:text/html,<script>parent.__xss="data"</script>',
  'vbscript:msgbox(1)',
];
let formId = '';

async function seed(db: DB): Promise<void> {
  const hostile = await aUser(db, HOSTILE);
  const reader = await aUser(db, READER);
  await aUser(db, { ...ADMIN, admin: true });
  await aPost(db, hostile, {
    url: SAFE_URL,
    description: `Safe list ${MARK('description')}<script>window.__xss='script'</script>`,
  });
  for (const [i, url] of BAD_URLS.entries()) await aPost(db, hostile, { url, description: `Bad link ${i}` });
  await aFollow(db, reader, HOSTILE.handle);
  formId = await aChatForm(db, hostile);
  await aSubmission(db, formId, { name: MARK('answer'), order: `<a href="javascript:window.__xss='answer-link'">click</a>` });
  await anInviteRequest(db, reader, 'reader-deli', {
    name: MARK('request'),
    socials: 'javascript:window.__xss="socials"',
    links: `data:text/html,${MARK('links')}`,
  });
}

interface PageReport {
  xss: string | null;
  injected: number;
  badLinks: string[];
  safeLinks: number;
}

/** What the page's DOM holds: the marker, injected elements, and links by scheme. */
function inspect(page: Page): Promise<PageReport> {
  return page.evaluate((safeUrl) => {
    const hrefs = [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? '');
    return {
      xss: (window as unknown as { __xss?: string }).__xss ?? null,
      injected: document.querySelectorAll('b.injected, img[src="x"], [onerror]').length,
      badLinks: hrefs.filter((href) => /^\s*(javascript|data|vbscript):/i.test(href)),
      safeLinks: hrefs.filter((href) => href === safeUrl || href.includes('/open')).length,
    };
  }, SAFE_URL);
}

describe.skipIf(skipE2E)('stored hostile text in a real browser', () => {
  const journey = useJourney({ seed, env: { ADMIN_EMAILS: ADMIN.email } });
  const dialogs: string[] = [];

  async function context(): Promise<BrowserContext> {
    const ctx = await journey.context(DESKTOP);
    ctx.on('page', (page) => page.on('dialog', (dialog) => void dialogs.push(dialog.message())));
    return ctx;
  }

  async function signedIn(who: Person): Promise<Page> {
    const ctx = await context();
    await signInWithCookie(ctx, journey.url, who);
    const page = await ctx.newPage();
    // Where a sign-in lands: the dashboard shows their posts and feed too (a dialog there is caught).
    await page.goto(`${journey.url}/dashboard`);
    return page;
  }

  async function expectInert(
    page: Page,
    path: string,
    visibleText: string,
    beforeLooking?: (page: Page) => Promise<void>,
  ): Promise<PageReport> {
    await page.goto(`${journey.url}${path}`);
    await beforeLooking?.(page);
    await page.getByText(visibleText, { exact: false }).first().waitFor();
    const report = await inspect(page);
    expect({ path, xss: report.xss, injected: report.injected, badLinks: report.badLinks }).toEqual({
      path,
      xss: null,
      injected: 0,
      badLinks: [],
    });
    return report;
  }

  it('shows names, descriptions and links on public pages as text, with only the safe link clickable', async () => {
    const page = await (await context()).newPage();
    // The hostile markup is on the page, as characters.
    const profile = await expectInert(page, `/${HOSTILE.handle}`, '<b class="injected">description</b>');
    await page.getByText('Bad link 3', { exact: true }).waitFor();
    expect(profile.safeLinks).toBeGreaterThan(0);
    await screenshot(page, 'web-security-profile-desktop');
    await expectInert(page, `/follow/${HOSTILE.handle}`, `@${HOSTILE.handle}`);
    expect(dialogs).toEqual([]);

    // Every card links through the server's counted redirect, which only ever sends to the safe link.
    const { posts } = (await (await fetch(`${journey.url}/api/profiles/${HOSTILE.handle}/posts`)).json()) as {
      posts: Array<{ id: number; url: string }>;
    };
    expect(posts).toHaveLength(1 + BAD_URLS.length);
    for (const post of posts) {
      const res = await fetch(`${journey.url}/api/posts/${post.id}/open`, { redirect: 'manual' });
      if (post.url === SAFE_URL) expect(res.headers.get('location')).toBe(SAFE_URL);
      else expect([res.status, res.headers.get('location')]).toEqual([404, null]);
    }
  });

  it('keeps them inert in a follower’s feed and in the owner’s form responses and dashboard', async () => {
    const reader = await signedIn(READER);
    // The feed shows a business's two newest lists (#31); every one of its lists is opened to be looked at.
    const showAll = async (feed: Page) => {
      await feed.getByRole('button', { name: /^Show \d+ more lists? from/ }).click();
    };
    expect((await expectInert(reader, '/feed', '<b class="injected">description</b>', showAll)).safeLinks).toBeGreaterThan(0);

    const owner = await signedIn(HOSTILE);
    await expectInert(owner, `/chat-form-creator/${formId}/responses`, '<b class="injected">answer</b>');
    await expectInert(owner, '/dashboard', 'Bad link 2');
    expect(dialogs).toEqual([]);
  });

  it('keeps an invite request’s name, socials and links inert for the admin reading it', async () => {
    const admin = await signedIn(ADMIN);
    await expectInert(admin, '/admin/invite-requests', '<b class="injected">request</b>');
    await admin.getByText('javascript:window.__xss="socials"').waitFor();
    await expectInert(admin, '/admin/users-overview?q=hostile', '<b class="injected">name</b>');
    expect(dialogs).toEqual([]);
  });
});
