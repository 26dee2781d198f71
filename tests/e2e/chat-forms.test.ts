import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { aUser } from '../fixtures/factories';
import { readXlsx } from '../fixtures/xlsx';
import { DESKTOP, PHONE, SCREENSHOT_DIR, screenshot, skipE2E } from './browser';
import { consentDeclined, signInAs } from './helpers';
import { useJourney } from './journey';

const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const liveText = (page: Page) => page.locator('.chat-page [aria-live="polite"]').textContent();
const progressText = (page: Page) => page.locator('.chat-progress-text').textContent();
const errorText = (page: Page) => page.locator('#chat-answer-error').textContent();

/** What the screen shows, not the whole page: the composer sticks to the bottom of the screen. */
const screenView = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });

/** Answers the current text question with the keyboard only: type, then Enter. */
async function answer(page: Page, text: string) {
  expect(await activeId(page)).toBe('chat-answer');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/**
 * The questions of the journey's form, as the owner types them, with the short answer key each gets
 * from its text (issue 43: the first few words that are not question words; a line of question
 * words only is kept whole). The owner renames the first to 'name' under Advanced.
 */
const QUESTIONS = [
  { text: 'Hello!\nWhat is your name?', type: 'Short text', key: 'Name' },
  { text: 'Which email should we confirm to?', type: 'Email address', key: 'Email confirm' },
  { text: 'What would you like?', type: 'Long text', key: 'What would you like' },
  { text: 'How many loaves?', type: 'Number', key: 'Loaves', min: '1', max: '12' },
  { text: 'Which breads?', type: 'Several choices', key: 'Breads', options: 'Rye\nSpelt\nWhite' },
  { text: 'Which size?', type: 'One choice', key: 'Size', options: 'Small\nLarge' },
  { text: 'Sliced?', type: 'Yes or no', key: 'Sliced' },
  { text: 'When will you pick it up?', type: 'Date', key: 'Pick up', optional: true },
  { text: 'A phone number for questions?', type: 'Phone number', key: 'Phone number questions', optional: true },
] as const;

/** Answers questions 4 to 9 the same way each time (after name, email and order). */
async function answerTheRest(page: Page, { skipDate }: { skipDate: boolean }) {
  await answer(page, '2');
  await page.getByLabel('Rye').check();
  await page.getByLabel('White').check();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('button', { name: 'Large', exact: true }).click();
  await page.getByRole('button', { name: 'No', exact: true }).click();
  if (skipDate) await page.getByRole('button', { name: 'Skip', exact: true }).click();
  else {
    await page.getByLabel('Your answer').fill('2026-03-14');
    await page.keyboard.press('Enter');
  }
  await answer(page, '+32 470 12 34 56');
}

describe.skipIf(skipE2E)('chat forms: build a form, answer it as a visitor, read the responses', () => {
  // Olive holds a handle: a visitor who has answered is led back to her page (issue 43).
  const journey = useJourney({
    seed: async (db) => {
      await aUser(db, { email: 'olive@example.com', name: 'Olive Baker', handle: 'olive-bakery' });
    },
  });
  let owner: BrowserContext;
  let ownerPage: Page;
  let formUrl = '';

  beforeAll(async () => {
    owner = await journey.browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    await consentDeclined(owner);
    ownerPage = await owner.newPage();
  });

  it('builds a form in plain words, reorders it by keyboard and by drag, previews it and asks before unsaved edits are lost', async () => {
    const page = ownerPage;
    await page.goto(`${journey.url}/chat-form-creator`);
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
    for (const [i, q] of QUESTIONS.entries()) {
      if (i > 0) {
        await page.getByRole('button', { name: '+ Add question' }).click();
        expect(await activeId(page)).toMatch(/^lines-/);
      }
      await page.getByLabel('Question text').nth(i).fill(q.text);
      await page.getByLabel('Answer type').nth(i).selectOption({ label: q.type });
      if ('options' in q) await page.getByLabel('Options', { exact: true }).last().fill(q.options);
      if ('min' in q) {
        await page.getByLabel('Smallest allowed').fill(q.min);
        await page.getByLabel('Largest allowed').fill(q.max);
      }
      if ('optional' in q) await page.getByLabel('Optional: visitors may skip it').nth(i).check();
    }
    // The answer key is made short from the text; the owner may change it under Advanced.
    const keys = () => page.getByLabel('Answer key').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(await keys()).toEqual(QUESTIONS.map((q) => q.key));
    await page.locator('.question-advanced summary').first().click();
    await page.getByLabel('Answer key').first().fill('name');

    // The live preview shows the conversation as it is typed.
    const preview = page.getByRole('region', { name: 'Preview of the conversation' });
    expect(await preview.getByText('Which breads?').isVisible()).toBe(true);
    expect(await preview.locator('.preview-option').allTextContents()).toEqual([
      'Rye',
      'Spelt',
      'White',
      'Small',
      'Large',
      'Yes',
      'No',
    ]);

    // Keyboard reorder: focus follows the moved question.
    await page.getByRole('button', { name: 'Move question 3 up' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move question 2 up');
    expect((await keys()).slice(0, 3)).toEqual(['name', 'What would you like', 'Email confirm']);

    // Drag reorder: question 3 (email) dragged by its handle above question 2 (order) puts it back.
    await page
      .locator('.question-card')
      .nth(1)
      .evaluate((card) => card.scrollIntoView({ block: 'start' }));
    const handle = page.locator('.question-card').nth(2).locator('.drag-handle');
    const target = await page.locator('.question-card').nth(1).boundingBox();
    const from = await handle.boundingBox();
    if (!target || !from) throw new Error('question cards are not on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, target.y + 20, { steps: 8 });
    expect(await page.locator('.question-card[data-drag="before"]').count()).toBe(1);
    await page.mouse.up();
    expect((await keys()).slice(0, 3)).toEqual(['name', 'Email confirm', 'What would you like']);
    expect(await preview.locator('.bubble-system').nth(2).textContent()).toBe('Which email should we confirm to?');

    // Removing a question offers Undo.
    await page.getByRole('button', { name: 'Remove question 2' }).click();
    expect(await page.getByLabel('Question text').count()).toBe(QUESTIONS.length - 1);
    expect(await activeId(page)).toBe('undo-remove');
    await page.keyboard.press('Enter');
    expect((await keys()).slice(0, 3)).toEqual(['name', 'Email confirm', 'What would you like']);

    // Leaving with unsaved edits asks first, in the page.
    await page.getByRole('link', { name: '← Your chat forms' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await screenView(page, 'chat-form-creator-leave-desktop');
    await dialog.getByRole('button', { name: 'Stay and keep editing' }).click();
    expect(page.url()).toMatch(/\/chat-form-creator\/new$/);
    // Back is asked about too (Chromium has the Navigation API).
    // The held navigation never completes, so goBack is not awaited.
    const back = page.goBack({ timeout: 5000 }).catch(() => null);
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/\/chat-form-creator\/new$/);
    expect(await page.getByLabel('Title').inputValue()).toBe('Saturday bread order');
    await back;

    await page.getByLabel('Thank-you message').fill('Thanks, we got your order!\nSee you on Saturday.');
    await screenshot(page, 'chat-form-creator-new-desktop');
    await page
      .locator('.question-card')
      .nth(3)
      .evaluate((card) => card.scrollIntoView({ block: 'start' }));
    await screenView(page, 'chat-form-creator-questions-desktop');
    await page.getByRole('button', { name: 'Create form' }).click();
    await page.waitForURL(/\/chat-form-creator\/[A-Za-z0-9_-]{12}$/);
    await page.getByText('Form saved.').waitFor();
    formUrl = await page.getByLabel('Public link').inputValue();
    expect(formUrl).toMatch(new RegExp(`^${journey.url}/form/[A-Za-z0-9_-]{12}$`));
    await screenshot(page, 'chat-form-creator-edit-desktop');
  });

  it('asks about Back with unsaved edits in a browser without the Navigation API', async () => {
    const page = await owner.newPage();
    // As in a browser that lacks it: the guard entry in the history holds Back instead.
    await page.addInitScript(() => Object.defineProperty(window, 'navigation', { value: undefined, configurable: true }));
    await page.goto(`${journey.url}/chat-form-creator`);
    await page.getByRole('link', { name: 'Create a form' }).first().click();
    await page.waitForURL(/\/chat-form-creator\/new$/);
    expect(await page.evaluate(() => window.navigation)).toBeUndefined();
    await page.getByLabel('Title').fill('Sunday cake order');

    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await page.goBack();
    await dialog.waitFor();
    expect(page.url()).toMatch(/\/chat-form-creator\/new$/);
    await dialog.getByRole('button', { name: 'Stay and keep editing' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Title').inputValue()).toBe('Sunday cake order');

    // Asked again on the next Back; leaving goes where Back was going, in one step.
    await page.goBack();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(/\/chat-form-creator$/);
    await page.getByRole('heading', { name: 'Chat forms', level: 1 }).waitFor();
    await page.close();
  });

  it('lets a visitor answer each kind with the keyboard, see progress, keep a draft across a reload and change an answer', async () => {
    const visitor = await journey.browser.newContext({ viewport: DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });
    await consentDeclined(visitor);
    const page = await visitor.newPage();
    await page.goto(formUrl);
    await page.getByRole('heading', { name: 'Saturday bread order' }).waitFor();
    // Who asks: the owner's public name, with initials where a logo would be.
    expect(await page.locator('.chat-asker-name').textContent()).toBe('Olive Baker');
    expect(await page.locator('.chat-asker-initials').textContent()).toBe('OB');
    expect(await progressText(page)).toBe('1 of 9');
    expect(await liveText(page)).toBe('Question 1 of 9: Hello! What is your name?');

    await page.keyboard.press('Enter');
    expect(await errorText(page)).toBe('Please type an answer.');
    await answer(page, 'Ada');
    expect(await progressText(page)).toBe('2 of 9');
    expect(await page.getByLabel('Your answer').getAttribute('type')).toBe('email');
    await answer(page, 'not-an-email');
    expect(await errorText(page)).toBe('Please enter an email address like name@example.com.');
    await page.getByLabel('Your answer').fill('');
    await answer(page, 'ada@example.com');

    // A long answer: Shift+Enter is a new line, Enter sends.
    expect(await page.getByText('Press Enter to send, Shift+Enter for a new line.').isVisible()).toBe(true);
    await page.keyboard.type('Rye');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('2 baguettes');
    await page.keyboard.press('Enter');

    expect(await page.getByLabel('Your answer').getAttribute('inputmode')).toBe('decimal');
    await answer(page, '13');
    expect(await errorText(page)).toBe('Please enter a number from 1 to 12.');
    await page.getByLabel('Your answer').fill('');

    // The draft is kept on this device: a reload comes back to question 4 with the answers so far.
    await page.reload();
    await page.getByText('Your answers from your last visit were kept on this device.').waitFor();
    expect(await progressText(page)).toBe('4 of 9');
    expect(await page.locator('.bubble-user').count()).toBe(3);
    await screenView(page, 'chat-form-draft-restored-desktop');

    await answer(page, '2');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    expect(await errorText(page)).toBe('Please choose at least one option.');
    // Each checkbox sits by its label, not stretched across the row away from it (#31).
    expect(await page.getByLabel('Rye').evaluate((box) => box.getBoundingClientRect().width)).toBeLessThan(32);
    const boxRight = await page.getByLabel('Rye').evaluate((box) => box.getBoundingClientRect().right);
    const labelText = page.locator('label', { hasText: 'Rye' }).first();
    const textLeft = await labelText.evaluate((label) => {
      const range = document.createRange();
      range.selectNodeContents(label.lastChild as Node);
      return range.getBoundingClientRect().left;
    });
    expect(textLeft - boxRight).toBeLessThan(24);
    await page.getByLabel('Rye').check();
    await page.getByLabel('White').check();
    await page.keyboard.press('Enter');
    expect(await progressText(page)).toBe('6 of 9');
    // One choice and yes/no: the first option takes the focus; Enter picks it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Small');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'No', exact: true }).click();
    expect(await page.getByLabel('Your answer').getAttribute('type')).toBe('date');
    await page.getByRole('button', { name: 'Skip', exact: true }).click();
    expect(await page.getByLabel('Your answer').getAttribute('type')).toBe('tel');
    await answer(page, 'call me');
    expect(await errorText(page)).toBe('Please enter a phone number: digits, spaces and an optional + at the start.');
    await page.getByLabel('Your answer').fill('+32 470 12 34 56');
    await page.keyboard.press('Enter');
    expect(await liveText(page)).toMatch(/^All questions answered/);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Submit my response');

    // Tap an earlier answer to change it; the conversation then comes back to Submit.
    await page.getByRole('button', { name: /Your answer: Ada/ }).click();
    expect(await liveText(page)).toBe('Changing your answer to question 1 of 9: Hello! What is your name?');
    expect(await page.getByLabel('Your answer').inputValue()).toBe('Ada');
    await page.getByLabel('Your answer').fill('Ada Lovelace');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Submit my response');
    await screenshot(page, 'chat-form-awaiting-submit-desktop');

    // Reset starts again and forgets the draft.
    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await liveText(page)).toBe('Question 1 of 9: Hello! What is your name?');
    expect(await page.locator('.bubble-user').count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'Saturday bread order' }).waitFor();
    expect(await page.getByText('Your answers from your last visit').count()).toBe(0);

    await answer(page, 'Ada');
    await answer(page, 'ada@example.com');
    await page.keyboard.type('Rye');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('2 baguettes');
    await page.keyboard.press('Enter');
    await answerTheRest(page, { skipDate: false });

    // Enter on the focused button submits; a second press while it is in flight adds nothing.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.getByText('Thanks, we got your order!').waitFor();
    expect(await page.getByText('See you on Saturday.').isVisible()).toBe(true);
    const summary = await page.locator('.answer-summary li').allTextContents();
    expect(summary).toEqual([
      'name: Ada',
      'Email confirm: ada@example.com',
      'What would you like: Rye\n2 baguettes',
      'Loaves: 2',
      'Breads: Rye, White',
      'Size: Large',
      'Sliced: No',
      'Pick up: 14 March 2026',
      'Phone number questions: +32 470 12 34 56',
    ]);
    expect(await page.getByText('Did you like this style of form? Try it!').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Try Chat Form' }).getAttribute('href')).toBe('/chat-form-creator');
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(summary.join('\n'));
    await screenshot(page, 'chat-form-submitted-desktop');

    // Submitted: the draft is gone.
    await page.reload();
    await page.getByRole('heading', { name: 'Saturday bread order' }).waitFor();
    expect(await progressText(page)).toBe('1 of 9');
    await visitor.close();
  });

  it('works at phone width, with the keyboards each kind asks for', async () => {
    const phone = await journey.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await phone.newPage();
    await page.goto(formUrl);
    await page.getByRole('heading', { name: 'Saturday bread order' }).waitFor();
    // A first-time visitor answers the consent banner, which covers the bottom of the screen.
    await page.getByRole('button', { name: 'Decline' }).tap();
    await page.locator('.consent-banner').waitFor({ state: 'detached' });
    await page.getByLabel('Your answer').fill('=1+1');
    await page.getByRole('button', { name: 'Send', exact: true }).tap();
    await page.getByLabel('Your answer').fill('bea@example.com');
    await screenView(page, 'chat-form-answering-phone');
    await page.getByRole('button', { name: 'Send', exact: true }).tap();
    // A touch keyboard has no Shift+Enter: Return makes a new line in a long answer, Send sends.
    await page.getByText('Return makes a new line; tap Send when you are done.').waitFor();
    await page.getByLabel('Your answer').fill('Spelt');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Rye');
    await page.getByRole('button', { name: 'Send', exact: true }).tap();
    await page.getByLabel('Your answer').fill('1');
    await page.getByRole('button', { name: 'Send', exact: true }).tap();
    await page.getByLabel('Spelt').tap();
    await screenView(page, 'chat-form-choices-phone');
    await page.getByRole('button', { name: 'Send', exact: true }).tap();
    await page.getByRole('button', { name: 'Small', exact: true }).tap();
    await page.getByRole('button', { name: 'Yes', exact: true }).tap();
    await page.getByRole('button', { name: 'Skip', exact: true }).tap();
    await page.getByRole('button', { name: 'Skip', exact: true }).tap();
    await page.getByRole('button', { name: 'Submit my response' }).tap();
    await page.getByText('Thanks, we got your order!').waitFor();
    const back = page.getByRole('link', { name: 'Back to Olive Baker' });
    expect(await back.getAttribute('href')).toBe('/olive-bakery');
    await screenshot(page, 'chat-form-submitted-phone');
    await phone.close();
  });

  it('shows the responses as a table or as cards, and downloads them as CSV and Excel that read back', async () => {
    const page = ownerPage;
    await page.getByRole('link', { name: /See responses/ }).click();
    await page.waitForURL(/\/responses$/);
    await page.getByRole('table').waitFor();
    expect(await page.getByText('2 responses').isVisible()).toBe(true);
    const headers = await page.locator('thead th').allTextContents();
    expect(headers).toEqual(['Submitted at', 'name', ...QUESTIONS.slice(1).map((q) => q.key)]);
    const rows = await page
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(1, 6).map((td) => td.textContent)));
    expect(rows).toEqual([
      ['=1+1', 'bea@example.com', 'Spelt\nRye', '1', 'Spelt'],
      ['Ada', 'ada@example.com', 'Rye\n2 baguettes', '2', 'Rye, White'],
    ]);
    // A date answer as people write it (#31).
    await page.getByRole('cell', { name: '14 March 2026', exact: true }).waitFor();
    await screenshot(page, 'chat-form-responses-desktop');

    const csvHref = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    const csv = await (await page.request.get(`${journey.url}${csvHref}`)).body();
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csvText = csv.subarray(3).toString('utf8');
    expect(csvText.split('\r\n')[0]).toBe(`Submitted at,name,${headers.slice(2).join(',')}`);
    // Submitted at on the owner's clock, as people read it (#31); the browser sent its time zone.
    expect(csvHref).toMatch(/\?tz=/);
    expect(csvText.split('\r\n')[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
    expect(csvText).toContain(`,'=1+1,bea@example.com,"Spelt\nRye",1,Spelt,Small,Yes,,\r\n`);
    expect(csvText).toContain(',Ada,ada@example.com,"Rye\n2 baguettes",2,"Rye, White",Large,No,2026-03-14,+32 470 12 34 56\r\n');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download Excel (.xlsx)' }).click();
    const file = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(chunk as Buffer);
    const { rows: sheet } = readXlsx(Buffer.concat(chunks));
    expect(sheet[0]!.map((c) => c.value)).toEqual(headers);
    expect(sheet[1]!.slice(1, 6).map((c) => c.value)).toEqual(['=1+1', 'bea@example.com', 'Spelt\nRye', 1, 'Spelt']);
    expect(sheet.flat().some((c) => c.formula)).toBe(false);

    await page.setViewportSize(PHONE);
    await page.reload();
    await page.locator('.response-card').first().waitFor();
    expect(await page.getByRole('table').isVisible()).toBe(false);
    expect(await page.locator('.response-card').first().locator('dd').first().textContent()).toBe('=1+1');
    await screenshot(page, 'chat-form-responses-phone');
    await page.goto(`${journey.url}/chat-form-creator`);
    await page.getByRole('link', { name: '2 responses' }).waitFor();
    await screenshot(page, 'chat-form-creator-list-phone');
    await page.getByRole('link', { name: 'Saturday bread order' }).click();
    await page.getByLabel('Public link').waitFor();
    await screenshot(page, 'chat-form-creator-edit-phone');
    await page
      .locator('.question-card')
      .nth(4)
      .evaluate((card) => card.scrollIntoView({ block: 'start' }));
    await screenView(page, 'chat-form-creator-question-phone');
    await page.setViewportSize(DESKTOP);
  });

  it('closes the form at its maximum of responses, and a visitor is told kindly', async () => {
    const page = ownerPage;
    // An edit left behind on purpose: "Leave without saving" goes, and the form is as it was.
    await page.getByLabel('Title').fill('A title nobody saves');
    await page.getByRole('link', { name: '← Your chat forms' }).click();
    await page
      .getByRole('dialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave without saving' })
      .click();
    await page.waitForURL(/\/chat-form-creator$/);
    await page.getByRole('link', { name: 'Saturday bread order' }).click();
    expect(await page.getByLabel('Title').inputValue()).toBe('Saturday bread order');

    await page.getByLabel('Maximum number of responses').fill('2');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Form saved.').waitFor();
    await page.getByText('This form is closed now').waitFor();

    const context = await journey.browser.newContext({ viewport: PHONE });
    await consentDeclined(context);
    const visitor = await context.newPage();
    await visitor.goto(formUrl);
    await visitor.getByRole('heading', { name: 'This form is closed' }).waitFor();
    expect(await visitor.getByText('It has all the responses it needs. Thank you for stopping by.').isVisible()).toBe(true);
    expect(await visitor.getByLabel('Your answer').count()).toBe(0);
    await screenshot(visitor, 'chat-form-closed-phone');
    await context.close();
  });

  it('deletes the form after asking in the page', async () => {
    const page = ownerPage;
    await page.getByRole('button', { name: 'Delete form' }).click();
    await page.getByText('Delete "Saturday bread order" and its 2 responses? This cannot be undone.').waitFor();
    await page.getByRole('button', { name: 'Yes, delete the form' }).click();
    await page.waitForURL(/\/chat-form-creator$/);
    await page.getByText('You have no chat forms yet.').waitFor();
  });

  it("says 'Form not found' for an unknown form instead of loading forever", async () => {
    const context = await journey.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${journey.url}/form/no-such-form`);
    await page.getByRole('heading', { name: 'Form not found' }).waitFor();
    expect(await page.getByText('Loading form...').count()).toBe(0);
    await screenshot(page, 'chat-form-not-found-phone');
    await context.close();
  });
});
