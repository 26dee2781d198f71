import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot, skipE2E } from './browser';
import { type Person, signInWithCookie } from './helpers';
import { useJourney } from './journey';

const ADMIN = { email: 'admin@example.com', name: 'Ada Admin' };
const BOB = { email: 'bob@example.com', name: 'Bob Baker' };
const CAROL = { email: 'carol@example.com', name: 'Carol Cook' };
// The lane servers' owner (tests/e2e/lane-servers.ts): this journey runs on its lane's server.
const OWNER = { email: 'owner@example.com', name: 'Olga Owner' };

const ADMIN_PAGES: Array<[path: string, heading: string, shot: string]> = [
  ['/admin/', 'Admin', 'dashboard'],
  ['/admin/users-overview', 'Users overview', 'users-overview'],
  ['/admin/deleted-users', 'Deleted users', 'deleted-users'],
  ['/admin/instagram-promotion', 'Instagram promotion', 'note-instagram-promotion'],
  ['/admin/instagram-post-ideas', 'Instagram post ideas', 'note-instagram-post-ideas'],
  ['/admin/instagram-community-spotlights', 'Instagram community spotlights', 'note-instagram-community-spotlights'],
  ['/admin/digital-sticker-service', 'Digital sticker service', 'note-digital-sticker-service'],
  ['/admin/tier-system-overview', 'Tier system overview', 'note-tier-system-overview'],
  ['/admin/monetization-roadmap', 'Monetization roadmap', 'note-monetization-roadmap'],
  ['/admin/freshlist-farm-summary', 'Freshlist farm summary', 'note-freshlist-farm-summary'],
  ['/admin/test-firestore-indexes', 'Test upload indexes', 'index-check'],
  ['/admin/audit-log', 'Audit log', 'audit-log'],
];

describe.skipIf(skipE2E)('the admin area', () => {
  const journey = useJourney({
    env: { ADMIN_EMAILS: `${ADMIN.email},${OWNER.email}`, OWNER_EMAIL: OWNER.email },
    timeout: 180_000,
  });
  const contexts: BrowserContext[] = [];
  // Hooks after run in reverse: these contexts close before the journey lets go of the browser.
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });

  async function newPage(viewport = DESKTOP): Promise<Page> {
    const context = await journey.context(viewport);
    contexts.push(context);
    return context.newPage();
  }

  /** Signs in (without the popup: sign-in has journeys of its own) and opens `to`. */
  async function signInTo(page: Page, who: Person, to = '/dashboard') {
    await signInWithCookie(page.context(), journey.url, who);
    await page.goto(`${journey.url}${to}`);
  }

  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

  it('sends visitors to /login and signed-in non-admins on to /dashboard from every admin page', async () => {
    const visitor = await newPage();
    const user = await newPage();
    await signInTo(user, CAROL);
    for (const [path] of ADMIN_PAGES) {
      await visitor.goto(`${journey.url}${path}`);
      await visitor.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === path);
      await user.goto(`${journey.url}${path}`);
      await user.waitForURL((url) => url.pathname === '/dashboard');
      await user.getByRole('heading', { name: `Welcome, ${CAROL.name}` }).waitFor();
    }
  }, 240_000);

  it('lets an admin see the counts, find a user, delete and restore them, and edit a notes page', async () => {
    const page = await newPage();
    await signInTo(page, ADMIN, '/admin/');
    // Bob gets an admin-created handle, claims it by signing in, and posts; Carol follows him.
    const call = (p: Page, method: string, url: string, body?: unknown) =>
      p.evaluate(
        async ([m, u, b]) => {
          const res = await fetch(u as string, {
            method: m as string,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(b ?? {}),
          });
          return res.status;
        },
        [method, url, body] as const,
      );
    expect(
      await call(page, 'POST', '/api/admin/handles', { handle: 'bobs-bakery', email: BOB.email, displayName: BOB.name }),
    ).toBe(201);
    const bob = await newPage();
    await signInTo(bob, BOB);
    expect(
      await call(bob, 'POST', '/api/posts', {
        url: 'https://drive.google.com/bobs-bakery/bread-list',
        description: 'Bread list',
      }),
    ).toBe(201);
    // Carol may have signed in already (first test); signing in again keeps one profile: 3 users.
    const carol = await newPage();
    await signInTo(carol, CAROL);
    expect(await call(carol, 'PUT', '/api/follows/bobs-bakery')).toBe(200);

    await page.reload();
    await heading(page, 'Admin').waitFor();
    const count = (label: string) =>
      page
        .locator('.admin-count')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('.admin-count-value')
        .textContent();
    await expect.poll(() => count('Users')).toBe('3');
    expect(await count('Pending invites')).toBe('0');
    expect(await count('Deleted users')).toBe('0');
    for (const link of [
      'Invite requests',
      'Pending invites',
      'Users overview',
      'Deleted users',
      'Tier system overview',
      'Freshlist farm summary',
      'Test upload indexes',
      'Audit log',
    ]) {
      expect(await page.getByRole('link', { name: link, exact: true }).count(), link).toBeGreaterThan(0);
    }
    expect(await page.getByRole('link', { name: 'Freshlist farm summary' }).getAttribute('href')).toBe(
      '/admin/freshlist-farm-summary',
    );
    await screenshot(page, 'admin-dashboard-desktop');

    await page.getByRole('link', { name: 'Users overview' }).click();
    await heading(page, 'Users overview').waitFor();
    await page.getByLabel('Search by handle or email').fill('BOB');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\?q=BOB$/);
    await page.getByText('1 user matching “BOB”.').waitFor();
    const bobCard = page.locator('.admin-item', { hasText: BOB.email });
    expect(await bobCard.getByText('Approved').isVisible()).toBe(true);
    expect(await bobCard.getByRole('link', { name: '@bobs-bakery' }).isVisible()).toBe(true);
    await screenshot(page, 'admin-users-search-desktop');

    await bobCard.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Delete ${BOB.email}?`).waitFor();
    await screenshot(page, 'admin-users-confirm-delete-desktop');
    await bobCard.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('status').getByText(`Deleted ${BOB.email}. A backup is kept under Deleted users.`).waitFor();
    await page.getByText('No users match “BOB”.').waitFor();
    // Bob's session ended with his profile.
    await bob.goto(`${journey.url}/dashboard`);
    await bob.waitForURL(/\/login/);

    await page.goto(`${journey.url}/admin/deleted-users`);
    await heading(page, 'Deleted users').waitFor();
    const backup = page.locator('.admin-item', { hasText: BOB.email });
    await backup.getByText(`by ${ADMIN.email}`).waitFor();
    expect(await backup.getByText('Backup: 1 post · following 0 · 1 follower').isVisible()).toBe(true);
    await backup.getByRole('button', { name: 'Restore' }).click();
    await page
      .getByRole('status')
      .getByText(`Restored ${BOB.email} as @bobs-bakery with 1 post, 0 follows of others, 1 follower.`)
      .waitFor();
    // Restored: said so, with no "Restore again" that would only overwrite what he did since (#31).
    await backup.getByText('Restored', { exact: true }).waitFor();
    expect(await backup.getByRole('button', { name: /Restore/ }).count()).toBe(0);
    // His post is public again under his handle.
    expect(await bob.evaluate(() => fetch('/api/profiles/bobs-bakery/posts').then((r) => r.text()))).toContain('Bread list');
    await screenshot(page, 'admin-deleted-users-restored-desktop');

    await page.goto(`${journey.url}/admin/users-overview?q=bob`);
    await page
      .locator('.admin-item', { hasText: BOB.email })
      .getByText(/restored/)
      .waitFor();

    // Ending a user's sessions signs them out on every device at once.
    await page.goto(`${journey.url}/admin/users-overview?q=${encodeURIComponent(CAROL.email)}`);
    const carolItem = page.locator('.admin-item', { hasText: CAROL.email });
    await carolItem.getByRole('button', { name: 'End sessions' }).click();
    // It asks first; the question takes focus so a keyboard user lands on it.
    await carolItem.getByText(`Sign ${CAROL.email} out on every device?`).waitFor();
    expect(await carolItem.locator('.admin-confirm').evaluate((panel) => panel === document.activeElement)).toBe(true);
    await screenshot(page, 'admin-users-confirm-end-sessions-desktop');
    await carolItem.getByRole('button', { name: 'Yes, sign them out' }).click();
    // The result shows on Carol's row, not at the top of the page.
    await carolItem
      .getByRole('status')
      .getByText(new RegExp(`^Signed ${CAROL.email.replace('.', '\\.')} out of \\d+ sessions?\\.$`))
      .waitFor();
    expect(await carol.evaluate(() => fetch('/api/auth/me').then((r) => r.json()))).toEqual({ user: null });

    // Granting the admin flag asks first too; nothing changes until the admin confirms.
    await carolItem.getByRole('button', { name: 'Make admin' }).click();
    await carolItem.getByText(`Make ${CAROL.email} an admin?`).waitFor();
    await carolItem.getByRole('button', { name: 'Cancel' }).click();
    await carolItem.getByRole('button', { name: 'Make admin' }).click();
    await carolItem.getByRole('button', { name: 'Yes, make admin' }).click();
    await carolItem.getByRole('status').getByText(`${CAROL.email} is now an admin.`).waitFor();
    await carolItem.getByText('Admin', { exact: true }).waitFor();
    await screenshot(page, 'admin-users-made-admin-desktop');

    await page.goto(`${journey.url}/admin/tier-system-overview`);
    await heading(page, 'Tier system overview').waitFor();
    await page.getByRole('heading', { name: 'Creator: 15 euro per month' }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const text = page.getByLabel('Notes (Markdown)');
    await text.fill('## Launch tiers\n\nStart with **Free** only.\n\n<script>alert("x")</script>');
    await page.locator('.note-editor .markdown strong', { hasText: 'Free' }).waitFor();
    await screenshot(page, 'admin-note-editing-desktop');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    await page.getByRole('heading', { name: 'Launch tiers' }).waitFor();
    expect(await page.locator('.markdown script').count()).toBe(0);
    expect(await page.locator('.markdown').textContent()).toContain('<script>alert("x")</script>');
    expect(await page.getByText(`by ${ADMIN.email}.`).isVisible()).toBe(true);
    await screenshot(page, 'admin-note-saved-desktop');

    await page.goto(`${journey.url}/admin/test-firestore-indexes`);
    await page.getByText('2 of 3 queries pass.').waitFor();
    expect(await page.getByText('PASS', { exact: true }).count()).toBe(2);
    await page.getByText(/posts has no likes column/).waitFor();

    await page.goto(`${journey.url}/admin/audit-log`);
    await heading(page, 'Audit log').waitFor();
    const entries = page.locator('.audit-entry');
    await entries.first().waitFor();
    expect(await entries.allTextContents()).toEqual([
      expect.stringContaining('edited a notes page: tier-system-overview'),
      expect.stringContaining(`made a user an admin: ${CAROL.email}`),
      expect.stringContaining(`signed a user out everywhere: ${CAROL.email}`),
      expect.stringContaining(`restored a user: @bobs-bakery (${BOB.email})`),
      expect.stringContaining(`deleted a user: @bobs-bakery (${BOB.email})`),
      expect.stringContaining('created a handle'),
    ]);
    // Details in people's words, not the stored keys (#31).
    expect(await entries.nth(4).textContent()).toContain('1 post · following 0 · 1 follower');
    expect(await entries.nth(4).textContent()).not.toMatch(/userId|hasInvite|posts:/);
    await screenshot(page, 'admin-audit-log-entries-desktop');
  }, 240_000);

  it('shows every admin page at desktop and phone width', async () => {
    for (const [viewport, suffix] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await newPage(viewport);
      await signInTo(page, ADMIN, '/admin/');
      for (const [path, title, shot] of ADMIN_PAGES) {
        await page.goto(`${journey.url}${path}`);
        await heading(page, title).waitFor();
        await page.waitForFunction(() => !document.body.textContent?.includes('Loading'));
        await screenshot(page, `admin-${shot}-${suffix}`);
      }
    }
  }, 300_000);
  it('shows the owner with an Owner badge, and offers another admin neither Remove admin nor Delete on them', async () => {
    const owner = await newPage();
    await signInTo(owner, OWNER);
    const page = await newPage();
    await signInTo(page, ADMIN, `/admin/users-overview?q=${encodeURIComponent(OWNER.email)}`);
    const ownerItem = page.locator('.admin-item', { hasText: OWNER.email });
    await ownerItem.getByText('Owner', { exact: true }).waitFor();
    await ownerItem.getByText('An admin: only the owner can change this account.').waitFor();
    expect(await ownerItem.getByRole('button', { name: 'Remove admin' }).count()).toBe(0);
    expect(await ownerItem.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await screenshot(page, 'admin-users-owner-badge-desktop');
    // The owner has both on another admin.
    await owner.goto(`${journey.url}/admin/users-overview?q=${encodeURIComponent(ADMIN.email)}`);
    const adminItem = owner.locator('.admin-item', { hasText: ADMIN.email });
    await adminItem.getByRole('button', { name: 'Remove admin' }).waitFor();
    await adminItem.getByRole('button', { name: 'Delete' }).waitFor();
  });
});
