import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumProblem, launchChromium } from './chromium';

export { CHROMIUM_PATH, chromiumProblem, DESKTOP, PHONE } from './chromium';

export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');

/** True when the journeys should be skipped: no Chromium and not required. */
export const skipE2E = chromiumProblem() !== null && process.env.E2E_REQUIRED !== '1';

/**
 * The run's one Chromium (started by tests/e2e/global-setup.ts), connected to from this file:
 * contexts made on it are this file's own, and close() lets go of the connection, not the browser.
 * Outside the e2e project (no endpoint provided) a browser of this process's own.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  return endpoint ? chromium.connect(endpoint) : launchChromium();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
