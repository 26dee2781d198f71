import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../server/plugins/db';
import { aReadVersion } from '../fixtures/contents-rows';
import { aPost, aUser } from '../fixtures/factories';
import { anOrder } from '../fixtures/order-rows';
import { DESKTOP, PHONE, screenshot, skipE2E } from './browser';
import { hydrated, signInWithCookie, standInForDrive } from './helpers';
import { useJourney, type Viewport } from './journey';
import { openMail } from './mailbox';

const FARM = { email: 'farm@example.com', name: 'Green Valley Farm', handle: 'green-valley' };
const READER = { email: 'reader@example.com', name: 'Rosa Restaurant' };

async function seed(db: DB): Promise<void> {
  const farm = await aUser(db, FARM);
  const reader = await aUser(db, READER);
  const weekly = await aPost(db, farm, { description: 'Weekly prices', url: 'https://drive.google.com/file/d/week/view' });
  await aReadVersion(db, farm, weekly, ['Vegetables', 'Tomatoes 2.40 €', 'Burrata 125g 3.50 €'], Date.now() - 3_600_000);
  // A past order from the market list (tomatoes at 2.40 €, cheese by the kilo); the list moved on since.
  const market = await aPost(db, farm, { description: 'Market list', url: 'https://drive.google.com/file/d/market/view' });
  await aReadVersion(db, farm, market, ['Tomatoes 2.40 €', 'Cheese 5.10 € kg'], Date.now() - 2 * 86_400_000);
  await anOrder(db, reader, farm, market, { state: 'confirmed', createdAt: Date.now() - 86_400_000 });
  await aReadVersion(db, farm, market, ['Tomatoes 2.60 €', 'Leeks 1.10 €'], Date.now() - 3_600_000);
}

/**
 * Issue 40 §2-3: the supplier confirms an order from its mail through a one-time link, without
 * signing in on that phone, and the buyer is told; "Order again" flags what changed before sending.
 */
describe.skipIf(skipE2E)('the order desk', () => {
  const journey = useJourney({ seed, env: { EMAIL_POLL_MS: '300' } });

  async function visit(options: { viewport?: Viewport; as?: typeof READER } = {}): Promise<Page> {
    const ctx = await journey.context(options.viewport ?? PHONE);
    if (options.as) await signInWithCookie(ctx, journey.url, options.as);
    await standInForDrive(ctx, (url) => `<title>Drive file</title><p>${url}</p>`);
    return ctx.newPage();
  }

  it('the supplier confirms from the order mail’s link, once, and the buyer is told', async () => {
    const buyer = await visit({ as: READER });
    await buyer.goto(`${journey.url}/${FARM.handle}/lists/weekly-prices`);
    // The server renders the quantity boxes: typed before React takes over, a quantity never reaches the basket.
    await hydrated(buyer);
    await buyer.getByRole('region', { name: 'Prices' }).getByLabel('Quantity of Tomatoes').fill('3');
    const basket = buyer.getByRole('region', { name: 'Your order' });
    await basket.getByRole('button', { name: 'Send order' }).click();
    await basket
      .getByRole('status')
      .filter({ hasText: `Order sent to ${FARM.name}.` })
      .waitFor();

    const mailbox = await journey.signedIn(FARM, DESKTOP);
    const mail = await openMail(mailbox, journey.url, FARM.email, new RegExp(`Order \\d+ from ${READER.name}`));
    const link = mail.match(/https?:\/\/\S+\/orders\/answer\/[A-Za-z0-9_-]{43}/)?.[0];
    expect(link, mail).toBeDefined();
    const answerPath = new URL(link!).pathname;

    // On a phone where the supplier is not signed in: opening it changes nothing, the button answers.
    const phone = await visit();
    await phone.goto(`${journey.url}${answerPath}`);
    await phone.getByRole('heading', { level: 1, name: /^Order \d+/ }).waitFor();
    await phone.getByText('New', { exact: true }).waitFor();
    await screenshot(phone, 'order-answer-link-phone');
    await phone.getByRole('button', { name: 'Confirm order' }).click();
    await phone.getByRole('status').filter({ hasText: 'Confirmed: the buyer is told.' }).waitFor();
    await phone.reload();
    await phone.getByText('This link was already used: the order has been answered.', { exact: false }).waitFor();
    expect(await phone.getByRole('button', { name: 'Confirm order' }).count()).toBe(0);

    const told = await openMail(mailbox, journey.url, READER.email, new RegExp(`${FARM.name} confirmed your order`));
    expect(told).toContain('confirmed your order');
    await buyer.context().close();
    await phone.context().close();
    await mailbox.context().close();
  });

  it('"Order again" builds the basket from the newest version and flags a changed price and a gone line', async () => {
    const buyer = await visit({ as: READER, viewport: DESKTOP });
    await buyer.goto(`${journey.url}/orders`);
    await buyer.getByRole('link', { name: /^Order \d+ · Buyer Deli$/ }).click();
    await buyer.getByRole('link', { name: 'Order again' }).click();
    await buyer.waitForURL(/\/lists\/market-list$/);
    const basket = buyer.getByRole('region', { name: 'Your order' });
    const flags = basket.getByRole('alert').filter({ hasText: '2 lines have changed since your order' });
    await flags.getByText(/Tomatoes: 2[.,]40.* then, 2[.,]60.* now/).waitFor();
    await flags.getByText('Cheese: no longer on the list (left out of your basket)').waitFor();
    expect(await buyer.getByRole('region', { name: 'Prices' }).getByLabel('Quantity of Tomatoes').inputValue()).toBe('3');
    await screenshot(buyer, 'order-again-flags-desktop');
    expect(await basket.getByRole('button', { name: 'Send order' }).isDisabled()).toBe(true);
    await basket.getByRole('button', { name: 'I have checked these lines' }).click();
    await basket.getByRole('button', { name: 'Send order' }).click();
    await basket
      .getByRole('status')
      .filter({ hasText: `Order sent to ${FARM.name}.` })
      .waitFor();
    await buyer.context().close();
  });
});
