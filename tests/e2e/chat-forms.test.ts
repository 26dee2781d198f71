import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot, skipE2E } from './browser';
import { signInAs } from './helpers';
import { type RunningServer, startServer } from './server';

const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const liveText = (page: Page) => page.locator('.chat-page [aria-live="polite"]').textContent();

/** A returning visitor who already answered the analytics consent banner. */
async function consentDeclined(context: BrowserContext) {
  await context.addInitScript(() => window.localStorage.setItem('freshlist-analytics-consent', 'declined'));
}

/** Answers the current question with the keyboard only: type, then Enter. */
async function answer(page: Page, text: string) {
  expect(await activeId(page)).toBe('chat-answer');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

describe.skipIf(skipE2E)('chat forms: build a form, answer it as a visitor, read the responses', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: BrowserContext;
  let ownerPage: Page;
  let formUrl = '';

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    owner = await browser.newContext({ viewport: DESKTOP });
    await consentDeclined(owner);
    ownerPage = await owner.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('builds a form with reordered questions and gets its link and QR code', async () => {
    const page = ownerPage;
    await page.goto(`${server.url}/chat-form-creator`);
    await page.waitForURL(/\/login\?redirect=%2Fchat-form-creator$/);
    await signInAs(page, 'olive@example.com', 'Olive Baker');
    await page.waitForURL(/\/chat-form-creator$/);
    await page.getByText('You have no chat forms yet.').waitFor();
    await page.getByRole('link', { name: 'Create a form' }).click();
    await page.waitForURL(/\/chat-form-creator\/new$/);

    // The rules run in the browser first: an empty form is refused with the message at its input.
    await page.getByRole('button', { name: 'Create form' }).click();
    await page.getByText('Title is required.').waitFor();
    expect(await activeId(page)).toBe('form-title');

    await page.getByLabel('Title').fill('Saturday bread order');
    await page.getByLabel('Description').fill('Order before Friday noon.');
    await page.getByLabel('Field name').fill('name');
    await page.getByLabel('Question text').fill('Hello!\nWhat is your name?');

    await page.getByRole('button', { name: '+ Add question' }).click();
    expect(await activeId(page)).toMatch(/^field-/);
    await page.keyboard.type('email');
    await page.getByLabel('Question text').nth(1).fill('Which email should we confirm to?');

    await page.getByRole('button', { name: '+ Add question' }).click();
    await page.keyboard.type('order');
    await page.getByLabel('Question text').nth(2).fill('What would you like?');
    await page.getByLabel('Long answer (Shift+Enter for a new line)').nth(2).check();

    // Keyboard reorder: focus follows the moved question.
    await page.getByRole('button', { name: 'Move question 3 up' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move question 2 up');
    expect(await page.getByLabel('Field name').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(
      ['name', 'order', 'email'],
    );

    await page.getByLabel('Thank-you message').fill('Thanks, we got your order!\nSee you on Saturday.');
    await screenshot(page, 'chat-form-creator-new-desktop');
    await page.getByRole('button', { name: 'Create form' }).click();
    await page.waitForURL(/\/chat-form-creator\/[A-Za-z0-9_-]{12}$/);
    await page.getByText('Form saved.').waitFor();

    formUrl = await page.getByLabel('Public link').inputValue();
    expect(formUrl).toMatch(new RegExp(`^${server.url}/form/[A-Za-z0-9_-]{12}$`));
    const qr = page.getByRole('img', { name: `QR code for ${formUrl}` });
    await qr.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img.share-qr');
      return img?.complete && img.naturalWidth > 0;
    });
    await screenshot(page, 'chat-form-creator-edit-desktop');
  });

  it('lets a visitor answer with the keyboard only, reset, submit once and copy the summary', async () => {
    const visitor = await browser.newContext({ viewport: DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });
    await consentDeclined(visitor);
    const page = await visitor.newPage();
    await page.goto(formUrl);
    await page.getByRole('heading', { name: 'Saturday bread order' }).waitFor();
    expect(await page.getByText('Order before Friday noon.').isVisible()).toBe(true);
    expect(await liveText(page)).toBe('Question 1 of 3: Hello! What is your name?');

    await page.keyboard.press('Enter');
    await page.getByText('Please type an answer.').waitFor();
    await answer(page, 'Ada');
    expect(await liveText(page)).toBe('Question 2 of 3: What would you like?');
    expect(await page.getByText('Press Enter to send, Shift+Enter for a new line.').isVisible()).toBe(true);

    // A long answer: Shift+Enter is a new line, Enter sends.
    expect(await activeId(page)).toBe('chat-answer');
    await page.keyboard.type('Rye');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('2 baguettes');
    await page.keyboard.press('Enter');
    expect(await liveText(page)).toBe('Question 3 of 3: Which email should we confirm to?');
    await answer(page, 'wrong@example.com');

    expect(await liveText(page)).toMatch(/^All questions answered/);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Submit my response');
    await screenshot(page, 'chat-form-awaiting-submit-desktop');

    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await liveText(page)).toBe('Question 1 of 3: Hello! What is your name?');
    expect(await page.locator('.bubble-user').count()).toBe(0);
    await answer(page, 'Ada');
    await page.keyboard.type('Rye');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('2 baguettes');
    await page.keyboard.press('Enter');
    await answer(page, 'ada@example.com');

    // Enter on the focused button submits; a second press while it is in flight adds nothing.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.getByText('Thanks, we got your order!').waitFor();
    expect(await page.getByText('See you on Saturday.').isVisible()).toBe(true);
    const summary = await page.locator('.answer-summary li').allTextContents();
    expect(summary).toEqual(['name: Ada', 'order: Rye\n2 baguettes', 'email: ada@example.com']);
    expect(await page.getByText('Did you like this style of form? Try it!').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Try Chat Form' }).getAttribute('href')).toBe('/chat-form-creator');

    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.getByText('Copied to the clipboard.').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(summary.join('\n'));
    await screenshot(page, 'chat-form-submitted-desktop');
    await visitor.close();
  });

  it('works at phone width', async () => {
    const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await phone.newPage();
    await page.goto(formUrl);
    await page.getByRole('heading', { name: 'Saturday bread order' }).waitFor();
    // A first-time visitor answers the consent banner, which covers the bottom of the screen.
    await page.getByRole('button', { name: 'Decline' }).tap();
    await page.locator('.consent-banner').waitFor({ state: 'detached' });
    await page.getByLabel('Your answer').fill('Bea');
    await page.getByRole('button', { name: 'Send' }).tap();
    await page.locator('.bubble-system', { hasText: 'What would you like?' }).waitFor();
    await screenshot(page, 'chat-form-answering-phone');
    await page.getByLabel('Your answer').fill('=1+1');
    await page.getByRole('button', { name: 'Send' }).tap();
    await page.getByLabel('Your answer').fill('bea@example.com');
    await page.getByRole('button', { name: 'Send' }).tap();
    await page.getByRole('button', { name: 'Submit my response' }).tap();
    await page.getByText('Thanks, we got your order!').waitFor();
    await screenshot(page, 'chat-form-submitted-phone');
    await phone.close();
  });

  it("shows the responses in the owner's table and exports them as CSV", async () => {
    const page = ownerPage;
    await page.getByRole('link', { name: /See responses/ }).click();
    await page.waitForURL(/\/responses$/);
    await page.getByRole('table').waitFor();
    expect(await page.getByText('2 responses').isVisible()).toBe(true);
    const headers = await page.locator('thead th').allTextContents();
    expect(headers).toEqual(['Submitted at', 'name', 'order', 'email']);
    const rows = await page
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent)));
    expect(rows).toEqual([
      ['Bea', '=1+1', 'bea@example.com'],
      ['Ada', 'Rye\n2 baguettes', 'ada@example.com'],
    ]);
    await screenshot(page, 'chat-form-responses-desktop');

    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    const csv = await (await page.request.get(`${server.url}${href}`)).text();
    expect(csv.split('\r\n')[0]).toBe('Submitted at,name,order,email');
    expect(csv).toContain(",Bea,'=1+1,bea@example.com\r\n");
    expect(csv).toContain(',Ada,"Rye\n2 baguettes",ada@example.com\r\n');

    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByRole('table').waitFor();
    await screenshot(page, 'chat-form-responses-phone');
    await page.goto(`${server.url}/chat-form-creator`);
    await page.getByRole('link', { name: '2 responses' }).waitFor();
    await screenshot(page, 'chat-form-creator-list-phone');
    await page.getByRole('link', { name: 'Saturday bread order' }).click();
    await page.getByLabel('Public link').waitFor();
    await screenshot(page, 'chat-form-creator-edit-phone');
    await page.setViewportSize(DESKTOP);
  });

  it("says 'Form not found' for an unknown form instead of loading forever", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.url}/form/no-such-form`);
    await page.getByRole('heading', { name: 'Form not found' }).waitFor();
    expect(await page.getByText('Loading form...').count()).toBe(0);
    await screenshot(page, 'chat-form-not-found-phone');
    await context.close();
  });
});
