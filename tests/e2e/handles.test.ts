import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot, skipE2E } from './browser';
import { countOnReload, fillDevProvider, type Person, signInWithCookie } from './helpers';
import { useJourney } from './journey';

const OWNER = { email: 'owner@example.com', name: 'Olivia Owner' };
const ADMIN = { email: 'boss@example.com', name: 'Bea Boss' };

/** Clicks a sign-in button that opens the development provider in a popup, and signs in there. */
async function signInThroughPopup(page: Page, button: string, who: Person) {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: button }).click();
  const popup = await popupPromise;
  await popup.getByLabel('Email').waitFor();
  // Listen before submitting: the popup reports back and closes itself at once.
  const closed = popup.waitForEvent('close');
  await fillDevProvider(popup, who.email, who.name);
  await closed;
}

/** Signs in (without the popup, which the request and invite journeys use themselves) and opens `to`. */
async function signInTo(page: Page, baseUrl: string, who: Person, to = '/dashboard') {
  await signInWithCookie(page.context(), baseUrl, who);
  await page.goto(`${baseUrl}${to}`);
}

describe.skipIf(skipE2E)('handles and invites', () => {
  // The mail worker runs, so a rejection's mail shows in the development mailbox.
  const journey = useJourney({
    env: { OWNER_EMAIL: OWNER.email, ADMIN_EMAILS: `${OWNER.email},${ADMIN.email}`, EMAIL_POLL_MS: '300' },
  });
  const contexts: BrowserContext[] = [];
  // Hooks after run in reverse: these contexts close before the journey lets go of the browser.
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  /** A page in a context of its own, where the consent banner still shows. */
  async function newPage(viewport = DESKTOP): Promise<Page> {
    const context = await journey.browser.newContext(
      viewport === PHONE ? { viewport, isMobile: true, hasTouch: true } : { viewport },
    );
    contexts.push(context);
    return context.newPage();
  }

  it('request a handle, the owner approves, the requester sees it on the dashboard', async () => {
    const page = await newPage();
    await page.goto(`${journey.url}/request-handle`);
    await page.getByRole('heading', { name: 'Request a handle' }).waitFor();
    // Typed as people write a name: the space becomes a hyphen as they type (issue 43).
    await page.getByLabel('Handle', { exact: true }).pressSequentially('Green Grocer');
    expect(await page.getByLabel('Handle', { exact: true }).inputValue()).toBe('green-grocer');
    await page.getByLabel('Display Name').fill('Green Grocer');
    await page.getByLabel('How will you use your handle?').fill('Our daily vegetable price list for restaurants.');
    await page.getByRole('button', { name: 'Submit request' }).click();
    await page.getByText('Please sign in with Google to submit your request.').waitFor();
    await screenshot(page, 'request-handle-signed-out-desktop');

    // A sign-in that fails (the provider sends the popup back with an error) keeps the form and says so.
    const failedPopup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with Google to submit' }).click();
    const popup = await failedPopup;
    await popup.goto(
      `${journey.url}/login/complete?${new URLSearchParams({ redirect: '/request-handle', popup: '1', error: '1' })}`,
    );
    await page.getByText('Failed to sign in. Please try again.').waitFor();
    await screenshot(page, 'request-handle-sign-in-failed-desktop');

    await signInThroughPopup(page, 'Sign in with Google to submit', { email: 'gina@example.com', name: 'Gina' });
    await page.getByRole('button', { name: 'Sign in with Google to submit' }).waitFor({ state: 'detached' });
    expect(await page.getByLabel('Handle', { exact: true }).inputValue()).toBe('green-grocer');
    await page.getByRole('button', { name: 'Submit request' }).click();
    await page.getByRole('heading', { name: 'Request submitted' }).waitFor();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Your request for a handle is being reviewed.').waitFor();
    await screenshot(page, 'dashboard-requested-desktop');
    await page.goto(`${journey.url}/request-handle`);
    await page.getByText('pending approval').waitFor();
    expect(await page.getByText('@green-grocer').isVisible()).toBe(true);

    // A second person asks for the same handle: requests do not hold it.
    const rival = await newPage(PHONE);
    await signInTo(rival, journey.url, { email: 'rico@example.com', name: 'Rico' }, '/request-handle');
    await rival.getByLabel('Handle', { exact: true }).fill('green-grocer');
    await rival.getByLabel('Display Name').fill('Rico Greens');
    await rival.getByLabel('How will you use your handle?').fill('Menus');
    await screenshot(rival, 'request-handle-phone');
    await rival.getByRole('button', { name: 'Submit request' }).click();
    await rival.waitForURL(/\/dashboard$/);

    const owner = await newPage();
    await signInTo(owner, journey.url, OWNER, '/admin/handles');
    await owner.getByRole('heading', { name: 'Handle requests (2)' }).waitFor();
    await screenshot(owner, 'admin-handles-desktop');
    const ginaCard = owner.getByRole('listitem').filter({ hasText: 'gina@example.com' });
    await ginaCard.getByRole('button', { name: 'Approve' }).click();
    await owner.getByText('Approved @green-grocer for gina@example.com.').waitFor();
    const ricoCard = owner.getByRole('listitem').filter({ hasText: 'rico@example.com' });
    await ricoCard.getByRole('button', { name: 'Approve' }).click();
    await ricoCard.getByRole('alert').getByText('This handle is already taken. Please choose another.').waitFor();
    await screenshot(owner, 'admin-handles-taken-desktop');

    await page.goto(`${journey.url}/dashboard`);
    await page.getByRole('heading', { name: '@green-grocer' }).waitFor();
    expect(await page.getByRole('link', { name: `${journey.url}/green-grocer`, exact: true }).getAttribute('href')).toBe(
      '/green-grocer',
    );
    expect(await page.getByText('requires a handle').count()).toBe(0);
    const quickActions = page.getByRole('region', { name: 'Quick actions' });
    expect(await quickActions.getByRole('link', { name: 'Upload a new list' }).isVisible()).toBe(true);
    await screenshot(page, 'dashboard-approved-desktop');

    // The owner approves Rico under another handle, then deletes it after confirming.
    await ricoCard.getByLabel('Handle to approve').fill('@rico-greens');
    await ricoCard.getByRole('button', { name: 'Approve' }).click();
    await owner.getByText('Approved @rico-greens for rico@example.com.').waitFor();
    await owner.getByRole('button', { name: 'Delete @rico-greens' }).click();
    await owner
      .getByText('Delete @rico-greens? Rico Greens loses the handle; nobody else can claim it until its cooling-off period ends.')
      .waitFor();
    await screenshot(owner, 'admin-handles-confirm-delete-desktop');
    await owner.getByRole('button', { name: 'Yes, delete' }).click();
    await owner.getByText('Deleted @rico-greens.').waitFor();
    await owner.getByRole('link', { name: '@rico-greens' }).waitFor({ state: 'detached' });
    // The result shows in the section the row left, next to where it was.
    await owner
      .getByRole('region', { name: /All handles/ })
      .getByRole('status')
      .getByText('Deleted @rico-greens.')
      .waitFor();
    // Held, so its old QR codes don't lead to someone else; the owner may release it (#31, ADR 0170).
    const held = owner.getByRole('region', { name: /Held handles/ });
    await held.getByText(/held until \d{1,2} \w{3} \d{4}/).waitFor();
    await held.getByRole('button', { name: 'Release @rico-greens' }).click();
    await held.getByRole('button', { name: 'Yes, release' }).click();
    await held.getByText('Released @rico-greens: it can be claimed now.').waitFor();
    await screenshot(owner, 'admin-handles-hold-released-desktop');
  });

  it('the owner rejects a request with a reason; the mail carries it and what to do next (#31)', async () => {
    const hana = await newPage(PHONE);
    await signInTo(hana, journey.url, { email: 'hana@example.com', name: 'Hana' }, '/request-handle');
    await hana.getByLabel('Handle', { exact: true }).fill('bakery');
    await hana.getByLabel('Display Name').fill('Hana Bakes');
    await hana.getByLabel('How will you use your handle?').fill('Bread orders');
    await hana.getByRole('button', { name: 'Submit request' }).click();
    await hana.waitForURL(/\/dashboard$/);

    const owner = await newPage(PHONE);
    await signInTo(owner, journey.url, OWNER, '/admin/handles');
    const card = owner.getByRole('listitem').filter({ hasText: 'hana@example.com' });
    await card.getByLabel('Reason if you reject (optional)').fill('A handle this general would suit many bakeries.');
    await card.getByRole('button', { name: 'Reject' }).click();
    await owner.getByRole('button', { name: 'Yes, reject' }).click();
    await owner.getByText('Rejected the request for @bakery from hana@example.com.').waitFor();
    await screenshot(owner, 'admin-handles-rejected-phone');

    // The development mailbox holds what Hana receives.
    const row = owner.getByRole('row').filter({ hasText: 'hana@example.com' }).filter({ hasText: 'Your request for @bakery' });
    await expect.poll(countOnReload(owner, `${journey.url}/dev/mailbox`, row), { timeout: 20_000 }).toBe(1);
    await row.getByRole('link', { name: 'Your request for @bakery' }).click();
    const text = (await owner.locator('pre').textContent()) ?? '';
    expect(text).toContain('The Freshlist team says:\nA handle this general would suit many bakeries.');
    expect(text).toContain(`- Ask for another handle: ${journey.url}/request-handle`);
    expect(text).toContain(`- Meanwhile, follow suppliers and restaurants and read their lists: ${journey.url}/explore`);
  });

  it('an admin invites an email; that person signs in, accepts and lands on the dashboard', async () => {
    const admin = await newPage();
    await signInTo(admin, journey.url, ADMIN, '/admin/invite');
    const inviteForm = admin.getByRole('form', { name: 'Invite someone' });
    await inviteForm.getByRole('button', { name: 'Create invite' }).click();
    await inviteForm.getByText('All fields are required.').waitFor();
    await inviteForm.getByLabel('Handle', { exact: true }).fill('corner-cafe');
    await inviteForm.getByLabel('Email').fill('Cara@Example.com');
    await inviteForm.getByLabel('Display name').fill('Corner Cafe');
    await inviteForm.getByRole('button', { name: 'Create invite' }).click();
    // The invite was mailed (#31): the page says so rather than "Send this link".
    await inviteForm
      .getByText(/Invite mailed to cara@example\.com\. Their invite link, should they ask: .*\/invite\/corner-cafe/)
      .waitFor();
    await screenshot(admin, 'admin-invite-desktop');

    await admin.goto(`${journey.url}/admin/invites-pending`);
    const row = admin.getByRole('listitem').filter({ hasText: '@corner-cafe' });
    await row.waitFor();
    await row.getByLabel('Sent').check();
    await admin.reload();
    expect(await admin.getByRole('listitem').filter({ hasText: '@corner-cafe' }).getByLabel('Sent').isChecked()).toBe(true);
    await screenshot(admin, 'admin-invites-pending-desktop');

    const phone = await newPage(PHONE);
    await phone.goto(`${journey.url}/invite/corner-cafe`);
    await phone.getByText('Please sign in to accept this invite.').waitFor();
    // Who invited them and what Freshlist is, for someone who never heard of it (#31).
    await phone.getByText(`${ADMIN.name} invited you to Freshlist.`).waitFor();
    await phone.getByText(/^Freshlist is where suppliers, restaurants and small businesses share/).waitFor();
    await screenshot(phone, 'invite-signed-out-phone');
    await signInThroughPopup(phone, 'Continue with Google', { email: 'cara@example.com', name: 'Cara' });
    await phone.getByRole('heading', { name: 'Claim your handle' }).waitFor();
    expect(await phone.getByLabel('Email', { exact: true }).inputValue()).toBe('cara@example.com');
    expect(await phone.getByLabel('Handle', { exact: true }).inputValue()).toBe('@corner-cafe');
    expect(await phone.getByLabel('Public name').inputValue()).toBe('Corner Cafe');
    await screenshot(phone, 'invite-ready-phone');
    await phone.getByLabel('Public name').fill('  ');
    await phone.getByRole('button', { name: 'Sign me up!' }).click();
    await phone.getByText('Display name cannot be empty.').waitFor();
    await phone.getByLabel('Public name').fill('Corner Café');
    await phone.getByRole('button', { name: 'Sign me up!' }).click();
    await phone.waitForURL(/\/dashboard$/);
    await phone.getByRole('heading', { name: '@corner-cafe' }).waitFor();
    await phone.getByRole('heading', { name: 'Welcome, Corner Café' }).waitFor();
    await screenshot(phone, 'dashboard-invited-phone');

    await admin.reload();
    await admin.getByText('0 waiting · 1 accepted').waitFor();
  });

  it('shows the email mismatch, invite not found and invalid link states', async () => {
    const admin = await newPage();
    await signInTo(admin, journey.url, ADMIN, '/admin/invite');
    const inviteForm = admin.getByRole('form', { name: 'Invite someone' });
    await inviteForm.getByLabel('Handle', { exact: true }).fill('market-stall');
    await inviteForm.getByLabel('Email').fill('mia@example.com');
    await inviteForm.getByLabel('Display name').fill('Market Stall');
    await inviteForm.getByRole('button', { name: 'Create invite' }).click();
    await inviteForm.getByText(/Invite mailed to/).waitFor();

    for (const [viewport, suffix] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await newPage(viewport);
      await signInTo(page, journey.url, { email: `mallory-${suffix}@example.com`, name: 'Mallory' });
      await page.goto(`${journey.url}/invite/Market-Stall`);
      await page.getByRole('heading', { name: 'Email mismatch' }).waitFor();
      await page
        .getByText(`This invite is for m•••@example.com, but you are signed in as mallory-${suffix}@example.com.`)
        .waitFor();
      await screenshot(page, `invite-mismatch-${suffix}`);

      await page.goto(`${journey.url}/invite/nobody-here`);
      await page.getByRole('heading', { name: 'Invite not found.' }).waitFor();
      await screenshot(page, `invite-not-found-${suffix}`);

      await page.goto(`${journey.url}/invite/not%20a%20handle`);
      await page.getByRole('heading', { name: 'Invalid invite link.' }).waitFor();
      await page.goto(`${journey.url}/invite`);
      await page.getByRole('heading', { name: 'Invalid invite link.' }).waitFor();
    }
  });

  it('an invite request becomes an invite the person confirms from the dashboard; an admin-made handle is claimed at sign-in', async () => {
    const visitor = await newPage(PHONE);
    await visitor.goto(`${journey.url}/request-invite`);
    await visitor.getByRole('heading', { name: 'Get Started' }).waitFor();
    await screenshot(visitor, 'request-invite-signed-out-phone');

    const page = await newPage();
    await signInTo(page, journey.url, { email: 'dan@example.com', name: 'Dan Deli' }, '/request-invite');
    // Not a second page titled "Request a handle" (#31).
    await page.getByRole('heading', { level: 1, name: 'Request an invite' }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('dan@example.com');
    await page.getByLabel('Public name').fill('');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Name is required.').waitFor();
    await page.getByLabel('Public name').fill('Dan Deli');
    await page.getByLabel('Desired handle').fill('dan-deli');
    await page.getByLabel('Short description').fill('A small Italian deli.');
    await page.getByLabel('Social accounts').fill('@dandeli on Instagram');
    await page.getByLabel('Expected benefits').fill('Restaurants see our weekly specials.');
    await screenshot(page, 'request-invite-desktop');
    await page.getByRole('button', { name: 'Send request' }).click();
    // Confirmed as a handle request is: 'Request submitted', then the dashboard.
    await page.getByRole('heading', { name: 'Request submitted' }).waitFor();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Your request for a handle is being reviewed.').waitFor();

    const admin = await newPage();
    await signInTo(admin, journey.url, ADMIN, '/admin/invite-requests');
    const card = admin.getByRole('listitem').filter({ hasText: 'dan@example.com' });
    await card.getByText('@dandeli on Instagram').waitFor();
    await screenshot(admin, 'admin-invite-requests-desktop');
    await card.getByRole('button', { name: 'Convert to invite' }).click();
    await admin.getByText('Invite for @dan-deli mailed to dan@example.com.').waitFor();
    await admin.getByText('No invite requests.').waitFor();

    await page.reload();
    await page.getByRole('link', { name: 'Confirm your handle here' }).click();
    await page.waitForURL(/\/invite\/dan-deli$/);
    await page.getByRole('button', { name: 'Sign me up!' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: '@dan-deli' }).waitFor();

    // An admin-created handle belongs to whoever first signs in with its email.
    await admin.goto(`${journey.url}/admin/invite`);
    const direct = admin.getByRole('form', { name: 'Create a handle directly' });
    await direct.getByLabel('Handle', { exact: true }).fill('Farm-Shop');
    await direct.getByLabel('Email').fill('FERN@example.com');
    await direct.getByLabel('Display name').fill('Fern Farm Shop');
    await direct.getByRole('button', { name: 'Create handle' }).click();
    await direct.getByText('@farm-shop created for fern@example.com.').waitFor();
    await direct.getByLabel('Handle', { exact: true }).fill('farm-shop');
    await direct.getByLabel('Email').fill('other@example.com');
    await direct.getByLabel('Display name').fill('Other');
    await direct.getByRole('button', { name: 'Create handle' }).click();
    await direct.getByText('This handle is already taken.').waitFor();

    const fern = await newPage(PHONE);
    await signInTo(fern, journey.url, { email: 'fern@example.com', name: 'Fern' });
    await fern.getByRole('heading', { name: '@farm-shop' }).waitFor();
    await fern.getByRole('heading', { name: 'Welcome, Fern Farm Shop' }).waitFor();
    await screenshot(fern, 'dashboard-admin-created-phone');
  });
});
