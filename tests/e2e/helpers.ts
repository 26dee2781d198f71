import type { BrowserContext, Page } from 'playwright-core';

/** Fills the development provider's sign-in form (fields Email and Name, button Continue). */
export async function fillDevProvider(page: Page, email: string, name: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Signs in from the current page's /login screen through the popup, as a person would, and waits
 * until the app has moved on from /login.
 */
export async function signInAs(page: Page, email: string, name: string): Promise<void> {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  await popup.getByLabel('Email').waitFor();
  await fillDevProvider(popup, email, name);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** A returning visitor who already declined the analytics consent banner, so it covers nothing. */
export async function consentDeclined(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => window.localStorage.setItem('freshlist-analytics-consent', 'declined'));
}
