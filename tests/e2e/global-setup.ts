import { execFileSync } from 'node:child_process';
import { chromiumProblem } from './browser';

/** The journeys run against the production build, made once per run. */
export default function setup() {
  const problem = chromiumProblem();
  if (problem) {
    if (process.env.E2E_REQUIRED === '1') throw new Error(`E2E_REQUIRED=1 but ${problem}`);
    process.stdout.write(`e2e skipped: ${problem} (install it with: apt-get install -y chromium)\n`);
    return;
  }
  // Vitest sets NODE_ENV=test, and Vite builds what NODE_ENV says: without this the journeys ran on
  // React's development build (jsxDEV, 464 KB), not the bundle `npm start` serves (276 KB).
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
