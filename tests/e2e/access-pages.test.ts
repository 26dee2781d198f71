import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../server/plugins/db';
import { PAGE_SEED, pages, ROLES, type Role } from '../access/matrix';
import { aUser } from '../fixtures/factories';
import { tempDataDir } from '../reliability/server-process';
import { DESKTOP, launchBrowser, skipE2E } from './browser';
import { type RunningServer, startServer } from './server';

/** Session tokens of one person per role, written into the data folder before the server starts. */
async function seedRoles(dataDir: string): Promise<Record<Exclude<Role, 'visitor'>, string>> {
  const database = await openDatabase({ dataDir });
  try {
    await migrateToLatest(database.db);
    const token = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
    return {
      user: token((await aUser(database.db, { name: 'Matrix User' })).cookie),
      approved: token((await aUser(database.db, { name: 'Matrix Shop', handle: PAGE_SEED.approvedHandle })).cookie),
      admin: token((await aUser(database.db, { name: 'Matrix Admin', admin: true })).cookie),
      owner: token((await aUser(database.db, { name: 'Matrix Owner', admin: true, email: PAGE_SEED.ownerEmail })).cookie),
    };
  } finally {
    await database.close();
  }
}

describe.skipIf(skipE2E)('the page matrix in a browser', () => {
  const dataDir = tempDataDir();
  let server: RunningServer;
  let browser: Browser;
  let tokens: Record<Exclude<Role, 'visitor'>, string>;

  beforeAll(async () => {
    tokens = await seedRoles(dataDir);
    server = await startServer({ DATA_DIR: dataDir, OWNER_EMAIL: PAGE_SEED.ownerEmail });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // The roles run side by side: most of each walk is waiting for the network to go quiet.
  it.concurrent.for(ROLES)('sends the %s where tests/access/matrix.ts says', async (role, { expect }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    if (role !== 'visitor') {
      await context.addCookies([{ name: 'freshlist_session', value: tokens[role], url: server.url, httpOnly: true }]);
    }
    const page = await context.newPage();
    const got: Record<string, string> = {};
    const want: Record<string, string> = {};
    for (const row of pages) {
      const url = row.url ?? row.path;
      const expected = row.expect[role];
      const opened = new URL(url, server.url).pathname;
      await page.goto(`${server.url}${url}`);
      if (expected === 'shown') {
        await page.waitForLoadState('networkidle');
        await page.getByText('Loading...', { exact: true }).waitFor({ state: 'detached' });
      } else {
        await page.waitForURL((u) => u.pathname === expected, { timeout: 10_000 }).catch(() => {});
      }
      const landed = new URL(page.url()).pathname;
      got[row.path] = landed === opened ? 'shown' : landed;
      want[row.path] = expected;
    }
    await context.close();
    expect(got).toEqual(want);
  });
});
