import type { BrowserContext, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { PAGES, type PageEntry } from '../../core/pages';
import type { DB } from '../../server/plugins/db';
import { PAGE_SEED, type PageRow, pages, ROLES, type Role } from '../access/matrix';
import { aPost, aUser } from '../fixtures/factories';
import { DESKTOP, skipE2E } from './browser';
import { useJourney } from './journey';

/** Session tokens of one person per role, written into the data folder before the server starts. */
async function seedRoles(db: DB): Promise<Record<Exclude<Role, 'visitor'>, string>> {
  const token = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
  const shop = await aUser(db, { name: 'Matrix Shop', handle: PAGE_SEED.approvedHandle });
  await aPost(db, shop, { description: 'Weekly prices' });
  return {
    user: token((await aUser(db, { name: 'Matrix User' })).cookie),
    approved: token(shop.cookie),
    admin: token((await aUser(db, { name: 'Matrix Admin', admin: true })).cookie),
    owner: token((await aUser(db, { name: 'Matrix Owner', admin: true, email: PAGE_SEED.ownerEmail })).cookie),
  };
}

/** How long the URL and the network must stay still before a page counts as settled. */
const SETTLE_MS = 150;

/** Pages open side by side in each role's browser context (most of a page load is waiting for the server). */
const PAGES_PER_ROLE = 3;

/** A page's requests still in flight: the app has settled when none are and none start. */
function requestsInFlight(page: Page): { count(): number; none(): Promise<void> } {
  let inFlight = 0;
  const waiting: Array<() => void> = [];
  const done = () => {
    inFlight--;
    if (inFlight === 0) for (const resolve of waiting.splice(0)) resolve();
  };
  page.on('request', () => inFlight++);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    count: () => inFlight,
    none: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
  };
}

/** Patterns of the pages the server renders (core/pages.ts `rendered`): their full load is what a visitor gets first. */
const RENDERED = new Set<string>(Object.values<PageEntry>(PAGES).flatMap((page) => (page.rendered ? [page.path] : [])));

/**
 * Opens `url` and returns the path the app settles on: the route's page has rendered (the layout
 * shows nothing while a page's code loads), nothing says 'Loading...', no request is in flight,
 * and SETTLE_MS later (the app's effects have run, and any request they started is counted) still
 * none is and the URL has not moved. Every redirect of a guard or of a page's data is over by then.
 *
 * `inApp` moves there as the app's own links do (the router hears a history entry), without a new
 * page load: the guards and pages are the same code either way. The walk made some 250 full loads;
 * with most pages reached in the app the file costs a quarter less CPU (issue 44, bench/RESULTS.md).
 */
async function settledPath(
  page: Page,
  requests: ReturnType<typeof requestsInFlight>,
  url: string,
  inApp: boolean,
): Promise<string> {
  if (inApp) {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, url);
    // The router's update renders within a frame or two (a page whose code is not loaded yet is a
    // request in flight, waited for below).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  } else {
    await page.goto(url);
  }
  for (;;) {
    await page.waitForFunction(() => {
      const content = document.getElementById('content');
      return (content?.childElementCount ?? 0) > 0 && !content?.textContent?.includes('Loading...');
    });
    await requests.none();
    const before = page.url();
    // A guard's redirect runs in an effect after the render: under load that can take a few frames.
    await page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), SETTLE_MS);
    if (requests.count() === 0 && page.url() === before) return new URL(before).pathname;
  }
}

describe.skipIf(skipE2E)('the page matrix in a browser', () => {
  let tokens: Record<Exclude<Role, 'visitor'>, string>;
  const journey = useJourney({
    seed: async (db) => {
      tokens = await seedRoles(db);
    },
    env: { OWNER_EMAIL: PAGE_SEED.ownerEmail },
  });

  /**
   * Where each row's URL settles for one role: 'shown' when it stays on the page it opened. A page
   * the server renders, and the first page of each kind of access (`fullLoads` holds what the
   * role's walks have loaded), opens with a full page load: a guard deciding while the session is
   * still being read, and the server's render, are tested there. Every other page is reached in
   * the app, as its links reach it.
   */
  async function walk(context: BrowserContext, rows: PageRow[], fullLoads: Set<string>): Promise<Record<string, string>> {
    const page = await context.newPage();
    const requests = requestsInFlight(page);
    const got: Record<string, string> = {};
    for (const [at, row] of rows.entries()) {
      const url = row.url ?? row.path;
      const kind = JSON.stringify(row.expect);
      const full = at === 0 || RENDERED.has(row.path) || !fullLoads.has(kind);
      fullLoads.add(kind);
      const landed = await settledPath(page, requests, full ? `${journey.url}${url}` : url, !full);
      got[row.path] = landed === new URL(url, journey.url).pathname ? 'shown' : landed;
    }
    await page.close();
    return got;
  }

  // One role after another (on two cores, five roles side by side only make each slower), each
  // with a few pages at once in one browser context.
  it.for(ROLES)('sends the %s where tests/access/matrix.ts says', async (role, { expect }) => {
    const context = await journey.browser.newContext({ viewport: DESKTOP });
    if (role !== 'visitor') {
      await context.addCookies([{ name: 'freshlist_session', value: tokens[role], url: journey.url, httpOnly: true }]);
    }
    const shares = Array.from({ length: PAGES_PER_ROLE }, (_, i) => pages.filter((_row, at) => at % PAGES_PER_ROLE === i));
    const fullLoads = new Set<string>();
    const got = Object.assign({}, ...(await Promise.all(shares.map((rows) => walk(context, rows, fullLoads)))));
    await context.close();
    expect(got).toEqual(Object.fromEntries(pages.map((row) => [row.path, row.expect[role]])));
  });
});
