import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** The browser's build and the server's render of the public pages, as `npm start` builds them. */
export function buildWeb(log: (line: string) => void): void {
  log('building the web app (vite build) ...');
  const vite = join(process.cwd(), 'node_modules', 'vite', 'bin', 'vite.js');
  for (const ssr of [[], ['--ssr', 'app/render-page.tsx']]) {
    const built = spawnSync(process.execPath, [vite, 'build', ...ssr, '--logLevel', 'error'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('vite build failed');
  }
}
