import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
// Not tests/e2e/browser: it reads the test run's shared Chromium from Vitest, which the bench is not.
import { chromiumProblem, launchChromium, PHONE } from '../tests/e2e/chromium';
import { distribution } from './stats';
import { throttleProxy } from './throttle-proxy';

/** The issue's slow phone: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, the CPU 4x slower. */
export const SLOW_PHONE = {
  latencyMs: 150,
  downloadBitsPerSecond: 1_600_000,
  uploadBitsPerSecond: 750_000,
  cpuSlowdown: 4,
} as const;

export interface LcpRun {
  lcpMs: number;
  /** The element the browser reported as the largest contentful paint, e.g. `h1` or `p.post-card-description`. */
  element: string;
  /** Bytes the page's first visit transferred (HTML, scripts, styles, images), as the network saw them. */
  transferBytes: number;
  /** When the HTML's first byte came and the first content was painted. */
  firstByteMs: number;
  firstPaintMs: number;
}

export interface WebLcp {
  page: string;
  runs: LcpRun[];
  p50Ms: number;
  worstMs: number;
  /**
   * The same visits to a static page of a heading and a paragraph (about 700 bytes, no script, no
   * style) from a bare `node:http` server: what this host's Chromium and the slow phone's link
   * take before any page can paint. Null where it was not measured.
   */
  floor: { p50Ms: number; worstMs: number } | null;
}

/** The floor's page: nothing for the browser to fetch, parse or run beyond its own text. */
const FLOOR_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<title>Floor</title></head><body><h1>A page with nothing in it</h1><p>${'A line of text. '.repeat(40)}</p></body></html>`;

/** A bare server of FLOOR_PAGE on a free loopback port. */
async function floorServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(FLOOR_PAGE) });
    response.end(FLOOR_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const RUNS = 5;
/** How long after the load event new paints may still become the largest one (hydration, late content). */
const SETTLE_MS = 3_000;

async function oneVisit(browser: Browser, url: string): Promise<LcpRun> {
  // A fresh context each time: an empty cache and no stored consent, as a first visit.
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
    let transferBytes = 0;
    cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
      transferBytes += event.encodedDataLength;
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp?: { time: number; element: string } };
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
        if (!last) return;
        const el = last.element;
        const name = el ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}` : '?';
        w.__lcp = { time: last.startTime, element: name };
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForTimeout(SETTLE_MS);
    const lcp = await page.evaluate(() => (window as unknown as { __lcp?: { time: number; element: string } }).__lcp);
    if (!lcp) throw new Error(`no largest contentful paint reported for ${url}`);
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        firstByteMs: navigation?.responseStart ?? 0,
        firstPaintMs: paint?.startTime ?? 0,
      };
    });
    return { lcpMs: lcp.time, element: lcp.element, transferBytes, ...timing };
  } finally {
    await context.close();
  }
}

/**
 * Largest contentful paint of a first visit in Chromium on a slow phone (SLOW_PHONE): a phone
 * viewport, the CPU slowed through the DevTools protocol, the network through a throttling proxy
 * (bench/throttle-proxy.ts), an empty cache each run. Null without Chromium.
 */
export async function measureLcp(baseUrl: string, pagePath: string, runs = RUNS): Promise<WebLcp | null> {
  if (chromiumProblem() !== null) return null;
  const browser = await launchChromium();
  try {
    const results = await visits(browser, new URL(baseUrl), pagePath, runs);
    const floorPage = await floorServer();
    const floor = await visits(browser, new URL(floorPage.url), '/', runs).finally(() => floorPage.close());
    const d = distribution(results.map((r) => r.lcpMs));
    return {
      page: pagePath,
      runs: results,
      p50Ms: d.p50,
      worstMs: Math.max(...results.map((r) => r.lcpMs)),
      floor: { p50Ms: distribution(floor.map((r) => r.lcpMs)).p50, worstMs: Math.max(...floor.map((r) => r.lcpMs)) },
    };
  } finally {
    await browser.close();
  }
}

async function visits(browser: Browser, target: URL, pagePath: string, runs: number): Promise<LcpRun[]> {
  const results: LcpRun[] = [];
  for (let i = 0; i < runs; i++) {
    // A new proxy each visit: its link starts idle, as a phone's does.
    const proxy = await throttleProxy(
      { host: target.hostname, port: Number(target.port) },
      {
        latencyMs: SLOW_PHONE.latencyMs,
        downBitsPerSecond: SLOW_PHONE.downloadBitsPerSecond,
        upBitsPerSecond: SLOW_PHONE.uploadBitsPerSecond,
      },
    );
    try {
      results.push(await oneVisit(browser, `${proxy.url}${pagePath}`));
    } finally {
      await proxy.close();
    }
  }
  return results;
}
