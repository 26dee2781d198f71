import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot, skipE2E } from './browser';
import { type RunningServer, startServer } from './server';

describe.skipIf(skipE2E)('sign in and out through the development provider', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function fillProvider(page: Page, email: string, name: string) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  it('signs in with the popup, lands on the dashboard, and signs out', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(server.url);
    await expect(page.getByRole('heading', { level: 1 })).toBeDefined();
    await screenshot(page, 'landing-desktop');

    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/login/);
    await screenshot(page, 'login-desktop');

    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupPromise;
    await popup.getByLabel('Email').waitFor();
    await screenshot(popup, 'dev-provider');
    await fillProvider(popup, 'Alice@Example.com', 'Alice Green');

    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'Welcome, Alice Green' }).waitFor();
    // The handle section fills in once the dashboard has asked for the handle status.
    await page.getByText("To post lists and get followers, you'll need a handle.").waitFor();
    expect(await page.getByRole('link', { name: 'Request a handle' }).getAttribute('href')).toBe('/request-invite');
    expect(await page.getByText('requires a handle').count()).toBe(3);
    expect(await page.getByText('Signed in as').textContent()).toContain('alice@example.com');
    await screenshot(page, 'dashboard-desktop');

    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(/\/login\?redirect=%2Fdashboard/);
    await context.close();
  });

  it('falls back to a full-page redirect when the popup is blocked (phone)', async () => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    await context.addInitScript(() => {
      window.open = () => null;
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(/\/login\?redirect=%2Fdashboard/);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByLabel('Email').waitFor();
    await fillProvider(page, 'bob@example.com', 'Bob Baker');
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'Welcome, Bob Baker' }).waitFor();
    await screenshot(page, 'dashboard-phone');
    await context.close();
  });

  it('sends unknown paths to / and keeps signed-in people off the landing page', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${server.url}/no/such/page`);
    await page.waitForURL(`${server.url}/`);
    await context.close();
  });
});
