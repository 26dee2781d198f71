import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { WEB_ROOT } from '../server/plugins/web';
import { chromiumProblem, launchChromium } from '../tests/e2e/chromium';

export interface WebAsset {
  path: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
}

export interface WebBytes {
  page: string;
  /** How the list of downloaded files was found. */
  method: 'browser' | 'index.html';
  assets: WebAsset[];
  jsGzip: number;
  cssGzip: number;
  totalGzip: number;
  totalBytes: number;
}

function asset(path: string): WebAsset | null {
  const kind = path.endsWith('.js') ? 'js' : path.endsWith('.css') ? 'css' : null;
  const file = join(WEB_ROOT, path);
  if (!kind || !existsSync(file)) return null;
  const content = readFileSync(file);
  return { path, kind, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

function sum(assets: WebAsset[], pick: (a: WebAsset) => number): number {
  return assets.reduce((total, a) => total + pick(a), 0);
}

/**
 * The JavaScript and CSS a first visit to the page downloads, as files of the production build
 * gzipped at level 9 (what a compressing proxy or a pre-compressed build would send). Chromium
 * loads the page and lists what it fetched, lazy route chunks included; without Chromium the
 * files index.html names are counted instead (a lower bound). Style sheets inside the HTML count
 * as CSS too.
 */
export async function measureWebBytes(baseUrl: string, pagePath: string): Promise<WebBytes> {
  let paths: string[];
  /** Style sheets the HTML carries inline (server-rendered pages, docs/decisions/0108): CSS all the same. */
  let inline: WebAsset[] = [];
  let method: WebBytes['method'];
  if (chromiumProblem() === null) {
    method = 'browser';
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const fetched = new Set<string>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin === baseUrl) fetched.add(url.pathname);
      });
      await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'networkidle' });
      paths = [...fetched];
      const styles = await page.$$eval('style', (elements) => elements.map((e) => e.textContent ?? ''));
      inline = styles.map((css) => ({
        path: 'inline <style>',
        kind: 'css' as const,
        bytes: Buffer.byteLength(css),
        gzipBytes: gzipSync(css, { level: 9 }).length,
      }));
    } finally {
      await browser.close();
    }
  } else {
    method = 'index.html';
    const html = readFileSync(join(WEB_ROOT, 'index.html'), 'utf8');
    paths = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  }
  const assets = [...paths.map(asset).filter((a): a is WebAsset => a !== null), ...inline].sort(
    (a, b) => b.gzipBytes - a.gzipBytes,
  );
  const js = assets.filter((a) => a.kind === 'js');
  const css = assets.filter((a) => a.kind === 'css');
  return {
    page: pagePath,
    method,
    assets,
    jsGzip: sum(js, (a) => a.gzipBytes),
    cssGzip: sum(css, (a) => a.gzipBytes),
    totalGzip: sum(assets, (a) => a.gzipBytes),
    totalBytes: sum(assets, (a) => a.bytes),
  };
}
