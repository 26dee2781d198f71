import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localDate } from '../../core/list-text';
import { aPost, aUser } from '../fixtures/factories';
import { DESKTOP, PHONE, screenshot, skipE2E } from './browser';
import { type Person, signInWithCookie } from './helpers';
import { useJourney } from './journey';

const FARM = { email: 'orchard@example.com', name: 'Hillside Orchard', handle: 'hillside-orchard' };
const NEWCOMER = { email: 'newbie@example.com', name: 'New Bakery', handle: 'new-bakery' };
const APPLES = 'Apple varieties and prices';

/** The day before today, as a date field takes it. */
function yesterday(): string {
  const day = new Date();
  day.setDate(day.getDate() - 1);
  return localDate(day);
}

/**
 * #31, the small things a new holder meets: the nudge to complete the business profile, their own
 * page's toolbar and first-list invitation, a link typed without https://, "New version of", a past
 * "Valid until" asked about, a mistyped link put right, and a delete with Undo.
 */
describe.skipIf(skipE2E)('a holder’s first steps: profile nudge, own page, sharing, editing and deleting a list', () => {
  const journey = useJourney({
    seed: async (db) => {
      const farm = await aUser(db, FARM);
      await aPost(db, farm, { url: 'https://drive.google.com/file/d/apples/view', description: APPLES });
      await aUser(db, NEWCOMER);
    },
  });

  async function signedIn(person: Person | null, viewport = DESKTOP) {
    const context = await journey.context(viewport);
    if (person) await signInWithCookie(context, journey.url, person);
    return { context, page: await context.newPage() };
  }
  const inView = (page: Page, text: string) =>
    page.getByText(text).evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });

  it('a new holder is asked to complete the profile; their empty page invites a first list, a visitor’s does not', async () => {
    const { context, page } = await signedIn(NEWCOMER);
    await page.goto(`${journey.url}/dashboard`);
    const nudge = page.getByRole('region', { name: 'Complete your business profile' });
    await nudge.getByText('Add your area and trades so people find you on Explore.').waitFor();
    await screenshot(page, 'holder-profile-nudge-desktop');
    await nudge.getByRole('link', { name: 'Complete your profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'Business profile' }).waitFor();

    await page.goto(`${journey.url}/${NEWCOMER.handle}`);
    const toolbar = page.getByRole('navigation', { name: 'Your page' });
    expect(await toolbar.getByRole('link', { name: 'Share a new list' }).getAttribute('href')).toBe('/upload');
    expect(await toolbar.getByRole('link', { name: 'My QR card' }).getAttribute('href')).toBe(`/follow/${NEWCOMER.handle}`);
    expect(await toolbar.getByRole('link', { name: 'Followers' }).getAttribute('href')).toBe('/followers');
    await page.getByText('Your page is ready. Share your first list').waitFor();
    expect(await page.getByText("This user hasn't uploaded anything yet.").count()).toBe(0);
    await screenshot(page, 'holder-own-empty-page-desktop');
    await context.close();

    const visitor = await signedIn(null, PHONE);
    await visitor.page.goto(`${journey.url}/${NEWCOMER.handle}`);
    await visitor.page.getByText("This user hasn't uploaded anything yet.").waitFor();
    expect(await visitor.page.getByRole('navigation', { name: 'Your page' }).count()).toBe(0);
    expect(await visitor.page.getByText('Your page is ready').count()).toBe(0);
    await visitor.context.close();
  });

  it('a new holder’s dashboard on a phone: Share your first list before the tiles, no empty Trade access card', async () => {
    const { context, page } = await signedIn(NEWCOMER, PHONE);
    const answers = Promise.all(
      ['/api/lists/mine', '/api/trade/requests'].map((path) => page.waitForResponse((r) => r.url().endsWith(path))),
    );
    await page.goto(`${journey.url}/dashboard`);
    const step = page.getByRole('region', { name: 'Share your first list' });
    await step.getByRole('link', { name: 'Upload your first list' }).waitFor();
    const top = async (name: string) => (await page.getByRole('heading', { name }).boundingBox())?.y ?? 0;
    expect(await top('Share your first list')).toBeLessThan(await top('Quick actions'));
    // Both answers in and drawn: no Trade access card (no trade-only list, no request), no empty "Your lists".
    await answers;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    expect(await page.getByRole('heading', { name: 'Trade access' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Your lists' }).count()).toBe(0);
    await screenshot(page, 'dashboard-first-list-phone');
    expect(await step.getByRole('link', { name: 'Upload your first list' }).getAttribute('href')).toBe('/upload');
    await context.close();
  });

  it('a link typed without https:// is completed; a past "Valid until" is asked about; "Upload saved!" is in view', async () => {
    const { context, page } = await signedIn(FARM, PHONE);
    await page.goto(`${journey.url}/upload`);
    await page.getByRole('heading', { level: 1, name: 'Share a new list' }).waitFor();
    const link = page.getByLabel('Link URL');
    await link.fill('drive.google.com/file/d/pears/view');
    await page.getByLabel('Description').focus();
    await page.waitForFunction(() =>
      (document.querySelector('input[name="url"]') as HTMLInputElement).value.startsWith('https://'),
    );
    expect(await link.inputValue()).toBe('https://drive.google.com/file/d/pears/view');
    expect(await page.getByText('Link must start with https://').count()).toBe(0);
    await page.getByLabel('Description').fill('Pear prices this week');
    await page.getByLabel('Valid until (optional)').fill(yesterday());
    await page.getByRole('button', { name: 'Share', exact: true }).click();

    const question = page.getByRole('alert').filter({ hasText: 'already past: people will see this list as Expired.' });
    await question.waitFor();
    expect(await page.getByRole('button', { name: 'Share', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'upload-past-valid-until-phone');
    await question.getByRole('button', { name: 'Share anyway' }).click();
    await page.getByText('Upload saved!').waitFor();
    expect(await inView(page, 'Upload saved!')).toBe(true);
    await screenshot(page, 'upload-saved-in-view-phone');
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('article').filter({ hasText: 'Pear prices this week' }).first().waitFor();
    await context.close();
  });

  it('"New version" names its list and starts from its link; Edit puts a mistyped link right', async () => {
    const { context, page } = await signedIn(FARM);
    await page.goto(`${journey.url}/dashboard`);
    const apples = page.getByRole('article').filter({ hasText: APPLES });
    await apples.getByRole('link', { name: /New version/ }).click();
    await page.getByRole('heading', { level: 1, name: `New version of ${APPLES}` }).waitFor();
    expect(await page.getByLabel('Link URL').inputValue()).toBe('https://drive.google.com/file/d/apples/view');
    await screenshot(page, 'upload-new-version-desktop');
    // Links and buttons of a list's card sit on one line (issue 43: "New version" and "QR card" sat higher).
    await page.goto(`${journey.url}/dashboard`);
    await apples.getByRole('link', { name: /QR card/ }).waitFor();
    const actions = apples.locator('.owner-actions').first();
    // Each one's text on the line of its row's others (wrapped rows a row apart): a link's sat at its top.
    const lines = await actions.locator(':scope > .button, :scope > .check-now > .button').evaluateAll((all) =>
      all.map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el.firstChild as Node);
        const text = range.getBoundingClientRect();
        return Math.round(text.top + text.height / 2);
      }),
    );
    expect(lines.length).toBeGreaterThanOrEqual(6);
    const rows = [...new Set(lines)].sort((x, y) => x - y);
    expect(rows.slice(1).every((row, i) => row - (rows[i] ?? 0) >= 30)).toBe(true);
    const heights = await actions.locator(':scope > .button').evaluateAll((all) => all.map((el) => el.clientHeight));
    expect(new Set(heights).size).toBe(1);
    await screenshot(page, 'dashboard-list-actions-desktop');

    await page.goto(`${journey.url}/dashboard`);
    await apples.getByRole('button', { name: `Edit ${APPLES}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${APPLES}` });
    await edit.getByLabel('Link URL').fill('https://bit.ly/apples');
    await edit.getByText('Shortened or suspicious URLs are not allowed.').waitFor();
    await edit.getByLabel('Link URL').fill('www.dropbox.com/s/apples/prices.pdf');
    // Leaving the field completes the link and checks it (#29's note): wait for both before Save moves.
    await edit.getByLabel('Description').focus();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('input')].some((i) => i.value === 'https://www.dropbox.com/s/apples/prices.pdf'),
    );
    await edit
      .getByText(/Dropbox/)
      .first()
      .waitFor();
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('article').filter({ hasText: APPLES }).getByText('dropbox.com').waitFor();
    await context.close();
  });

  it('deleting a list says so and offers Undo; without Undo it is gone', async () => {
    const { context, page } = await signedIn(FARM, PHONE);
    await page.goto(`${journey.url}/dashboard`);
    const pears = page.getByRole('article').filter({ hasText: 'Pear prices this week' });
    await pears.getByRole('button', { name: /^Delete/ }).click();
    await pears.getByRole('button', { name: 'Yes, delete' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Deleted Pear prices this week.' });
    await notice.waitFor();
    expect(await pears.isVisible()).toBe(false);
    await screenshot(page, 'dashboard-deleted-undo-phone');
    await notice.getByRole('button', { name: 'Undo' }).click();
    await pears.waitFor();
    await page.reload();
    await pears.waitFor();

    await pears.getByRole('button', { name: /^Delete/ }).click();
    await pears.getByRole('button', { name: 'Yes, delete' }).click();
    await notice.waitFor();
    // Leaving the dashboard deletes it for good, as the message running out would.
    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/api/posts/'));
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My page' }).click();
    expect((await deleted).status()).toBe(200);
    await page.getByRole('heading', { name: `@${FARM.handle}` }).waitFor();
    await page.goto(`${journey.url}/dashboard`);
    await page.getByText(APPLES).first().waitFor();
    expect(await page.getByText('Pear prices this week').count()).toBe(0);
    await context.close();
  });
});
