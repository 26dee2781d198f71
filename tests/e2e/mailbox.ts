import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { countOnReload } from './helpers';

/**
 * Opens the newest mail to `to` whose subject matches in the development mailbox (a server without
 * SMTP_URL holds its mail there), waiting for the mail worker to send it; returns its text part.
 */
export async function openMail(page: Page, baseUrl: string, to: string, subject: RegExp, timeout = 20_000): Promise<string> {
  const row = page.getByRole('row').filter({ hasText: to }).filter({ hasText: subject });
  await expect.poll(countOnReload(page, `${baseUrl}/dev/mailbox`, row), { timeout }).toBeGreaterThan(0);
  await row.first().getByRole('link', { name: subject }).click();
  return (await page.locator('pre').textContent()) ?? '';
}

/** On /settings, chooses Instantly for new lists from handles followed, and waits until it is saved. */
export async function chooseInstantMail(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/settings`);
  await page
    .getByRole('group', { name: 'New lists and price changes from businesses you follow' })
    .getByRole('radio', { name: /^Instantly/ })
    .check();
  await page.getByRole('button', { name: 'Save email preferences' }).click();
  await page.getByRole('status').filter({ hasText: 'Email preferences saved.' }).waitFor();
}
