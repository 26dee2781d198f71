import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { makeMigratedFolder } from '../fixtures/migrated-folder';
import { chromiumProblem, launchChromiumServer } from './chromium';
import { type LaneServer, startLaneServers } from './lane-servers';

declare module 'vitest' {
  interface ProvidedContext {
    /** The run's one Chromium (launchBrowser connects to it); '' when the journeys are skipped. */
    chromiumEndpoint: string;
    /** A migrated, empty PGlite data folder that every journey's server starts from a copy of. */
    e2eDataTemplate: string;
    /** One shared server per place of the browser lane (tests/e2e/lane-servers.ts); none without PostgreSQL. */
    laneServers: LaneServer[];
  }
}

/**
 * Once per run, for every journey file: the production build, one migrated data folder (a server
 * starts on a copy in a tenth of a second instead of running initdb and every migration), one
 * Chromium that each file connects to with contexts of its own (ADR 0093), and, with PostgreSQL,
 * the browser lane's servers (ADR 0222).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const problem = chromiumProblem();
  if (problem) {
    if (process.env.E2E_REQUIRED === '1') throw new Error(`E2E_REQUIRED=1 but ${problem}`);
    process.stdout.write(`e2e skipped: ${problem} (install it with: apt-get install -y chromium)\n`);
    project.provide('chromiumEndpoint', '');
    return undefined;
  }
  // Vitest sets NODE_ENV=test, and Vite builds what NODE_ENV says: without this the journeys ran on
  // React's development build (jsxDEV, 464 KB), not the bundle `npm start` serves (276 KB).
  // Both builds `npm start` runs on: the browser's and the server's render of the public pages.
  for (const ssr of [[], ['--ssr', 'app/render-page.tsx']]) {
    execFileSync('npx', ['vite', 'build', ...ssr, '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }

  const folder = mkdtempSync(join(tmpdir(), 'freshlist-e2e-template-'));
  const template = join(folder, 'data');
  await makeMigratedFolder(template);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const lanes = adminUrl ? await startLaneServers(adminUrl) : undefined;
  const browser = await launchChromiumServer();
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  project.provide('e2eDataTemplate', template);
  project.provide('laneServers', lanes?.servers ?? []);
  return async () => {
    await browser.close();
    await lanes?.stop();
    rmSync(folder, { recursive: true, force: true });
  };
}
