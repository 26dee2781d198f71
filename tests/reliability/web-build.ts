import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');

/**
 * Builds the web app and the server's page render when this checkout has neither (a fresh clone
 * where the journeys are skipped): a suite that sends page requests needs them. A run with the
 * journeys has built both in their global setup before any file starts.
 */
export function ensureWebBuilt(): void {
  if (existsSync(join(ROOT, 'dist/web/index.html')) && existsSync(join(ROOT, 'dist/server/render-page.js'))) return;
  for (const ssr of [[], ['--ssr', 'app/render-page.tsx']]) {
    execFileSync('npx', ['vite', 'build', ...ssr, '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
      // What `npm start` serves: React's production build (Vitest sets NODE_ENV=test).
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}
