import type { TestProject } from 'vitest/node';
import { ensureWebBuilt } from '../fixtures/web-build';
import { chromiumProblem, launchChromiumServer } from './chromium';
import { type LaneServer, startLaneServers } from './lane-servers';

declare module 'vitest' {
  interface ProvidedContext {
    /** The run's one Chromium (launchBrowser connects to it); '' when the journeys are skipped. */
    chromiumEndpoint: string;
    /** One shared server per place of the browser lane (tests/e2e/lane-servers.ts); none without PostgreSQL. */
    laneServers: LaneServer[];
  }
}

/**
 * Once per run, for every journey file: the production build (skipped when it is up to date,
 * tests/fixtures/web-build.ts), one Chromium that each file connects to with contexts of its own
 * (ADR 0093), and, with PostgreSQL, the browser lane's servers (ADR 0222). The migrated PGlite
 * folder and PostgreSQL template the servers start from are the run's (globalSetup before this one).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const problem = chromiumProblem();
  if (problem) {
    if (process.env.E2E_REQUIRED === '1') throw new Error(`E2E_REQUIRED=1 but ${problem}`);
    process.stdout.write(`e2e skipped: ${problem} (install it with: apt-get install -y chromium)\n`);
    project.provide('chromiumEndpoint', '');
    return undefined;
  }
  ensureWebBuilt();
  const template = project.getProvidedContext().migratedPostgresTemplate;
  const lanes = template ? await startLaneServers(template) : undefined;
  const browser = await launchChromiumServer();
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  project.provide('laneServers', lanes?.servers ?? []);
  return async () => {
    await browser.close();
    await lanes?.stop();
  };
}
