import type { BrowserContext, Locator, Page } from 'playwright-core';
import { CONSENT_STORAGE_KEY } from '../../core/consent';
import { HttpClient } from '../reliability/http-client';

/** Someone who signs in through the development provider. */
export interface Person {
  email: string;
  name: string;
}

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
  await context.addInitScript((key) => window.localStorage.setItem(key, 'declined'), CONSENT_STORAGE_KEY);
}

/**
 * Signs `who` in without the browser: the development provider's sign-in over HTTP (as a browser
 * would do it: authorization request, the Email/Name form, the callback), and the session cookie
 * it ends with put into `context`. For journeys whose subject is not signing in: it spares two
 * page loads and a popup each time. Signing in through the popup has journeys of its own.
 */
export async function signInWithCookie(context: BrowserContext, baseUrl: string, who: Person) {
  const client = new HttpClient(baseUrl, '127.0.0.1');
  if (!(await client.signIn(who.email, who.name))) throw new Error(`the development provider did not sign in ${who.email}`);
  const session = client.sessionCookie() ?? '';
  const at = session.indexOf('=');
  await context.addCookies([
    { name: session.slice(0, at), value: session.slice(at + 1), url: baseUrl, httpOnly: true, sameSite: 'Lax' },
  ]);
}

/** Waits until React has taken over the page and answers every control on it. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (root === null || !Object.keys(root).some((key) => key.startsWith('__reactContainer'))) return false;
    // React takes a page over a frame after paint, and a part whose code is still loading keeps the
    // server's HTML, whose controls answer nobody: wait until React owns every control.
    const controls = root.querySelectorAll('input, button, select, textarea');
    return [...controls].every((control) => Object.keys(control).some((key) => key.startsWith('__reactProps')));
  });
}

/** Google Drive answered by a stand-in page (the machine has no network): `body` is the HTML for a request's URL. */
export async function standInForDrive(context: BrowserContext, body: (url: string) => string): Promise<void> {
  await context.route('https://drive.google.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: body(route.request().url()) }),
  );
}

/**
 * The least time between two loads of countOnReload. expect.poll calls again 50 ms after an answer:
 * the page was loaded back to back, some 100 full loads while a watcher's round came (issue 44),
 * each costing the browser and the server CPU that the server's own work then waited for.
 */
const RELOAD_EVERY_MS = 1_000;

/**
 * For expect.poll, where the server changes something in its own time: opens `url` afresh on each
 * call (at most once a second) and counts what `locator` finds there.
 */
export function countOnReload(page: Page, url: string, locator: Locator): () => Promise<number> {
  let last = 0;
  return async () => {
    const wait = last + RELOAD_EVERY_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    last = Date.now();
    await page.goto(url);
    return locator.count();
  };
}
