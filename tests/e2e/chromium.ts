import { existsSync } from 'node:fs';
import { type Browser, type BrowserServer, chromium, type LaunchOptions } from 'playwright-core';

/**
 * Chromium itself, with no Vitest in sight: the e2e global setup starts the run's one browser
 * with it, and the benchmark (bench/web-bytes.ts) launches its own.
 */
/** Viewports the journeys and the bench take screenshots and measure in. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why the journeys cannot run here, or null when Chromium is present. */
export function chromiumProblem(): string | null {
  return existsSync(CHROMIUM_PATH) ? null : `Chromium was not found at ${CHROMIUM_PATH}`;
}

const LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/** A browser of this process's own. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(LAUNCH_OPTIONS);
}

/** A browser other processes connect to (chromium.connect) by its wsEndpoint(). */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH_OPTIONS);
}
