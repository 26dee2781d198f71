import type { BrowserContext, Page } from 'playwright-core';
import { HttpClient } from '../reliability/http-client';

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

/**
 * Signs `who` in without the browser: the development provider's sign-in over HTTP (as a browser
 * would do it: authorization request, the Email/Name form, the callback), and the session cookie
 * it ends with put into `context`. For journeys whose subject is not signing in: it spares two
 * page loads and a popup each time. Signing in through the popup has journeys of its own.
 */
export async function signInWithCookie(context: BrowserContext, baseUrl: string, who: { email: string; name: string }) {
  const client = new HttpClient(baseUrl, '127.0.0.1');
  if (!(await client.signIn(who.email, who.name))) throw new Error(`the development provider did not sign in ${who.email}`);
  const session = client.sessionCookie() ?? '';
  const at = session.indexOf('=');
  await context.addCookies([
    { name: session.slice(0, at), value: session.slice(at + 1), url: baseUrl, httpOnly: true, sameSite: 'Lax' },
  ]);
}

/** Waits until React has taken over the page (its root carries React's own property). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}
