import type { Target } from './report';
import type { WebBytes } from './web-bytes';
import { SLOW_PHONE, type WebLcp } from './web-lcp';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The web part's targets: the profile's first-visit weight and its largest contentful paint on a slow phone. */
export function webTargets(web: WebBytes | null, lcp: WebLcp | null): Target[] {
  const list: Target[] = [];
  if (lcp) {
    list.push({
      what: `First visit to ${lcp.page} on a slow phone: largest contentful paint ≤ 1.0 s (worst of ${lcp.runs.length})`,
      measured: `${(lcp.worstMs / 1000).toFixed(2)} s${lcp.floor ? ` (an empty static page on this host: p50 ${seconds(lcp.floor.p50Ms)}, worst ${seconds(lcp.floor.worstMs)})` : ''}`,
      pass: lcp.worstMs <= 1000,
    });
  }
  if (web) {
    list.push({
      what: `First visit to ${web.page}: JS+CSS ≤ 100 KB gzipped`,
      measured: kb(web.totalGzip),
      pass: web.totalGzip <= 100 * 1024,
    });
  }
  return list;
}

/** The web part as Markdown: what a first visit downloads, and how soon it shows on a slow phone. */
export function webSections(web: WebBytes | null, lcp: WebLcp | null): string[] {
  const out: string[] = [];
  if (web) {
    out.push(
      `### Web: first visit to \`${web.page}\``,
      '',
      `JS ${kb(web.jsGzip)} + CSS ${kb(web.cssGzip)} = **${kb(web.totalGzip)} gzipped** (${kb(web.totalBytes)} raw), ${web.assets.length} files, listed by ${web.method === 'browser' ? 'Chromium loading the page' : 'index.html (no Chromium)'}.`,
      '',
    );
  }
  if (lcp) {
    const link = `${SLOW_PHONE.latencyMs} ms round trip, ${SLOW_PHONE.downloadBitsPerSecond / 1e6} Mbit/s down, ${SLOW_PHONE.uploadBitsPerSecond / 1e3} kbit/s up, CPU ${SLOW_PHONE.cpuSlowdown}x slower`;
    out.push(
      `### Web: largest contentful paint of a first visit to \`${lcp.page}\` on a slow phone`,
      '',
      `Chromium, 390x844 phone viewport, empty cache each visit; ${link} (a throttling proxy for the network). ` +
        `p50 **${(lcp.p50Ms / 1000).toFixed(2)} s**, worst ${(lcp.worstMs / 1000).toFixed(2)} s.` +
        (lcp.floor
          ? ` The floor of this host's browser and link, the same visits to a static page of a heading and a paragraph from a bare server: p50 ${seconds(lcp.floor.p50Ms)}, worst ${seconds(lcp.floor.worstMs)}.`
          : ''),
      '',
      '| visit | first byte | first paint | largest paint | element | transferred |',
      '| ---: | ---: | ---: | ---: | --- | ---: |',
      ...lcp.runs.map(
        (r, i) =>
          `| ${i + 1} | ${int(r.firstByteMs)} ms | ${int(r.firstPaintMs)} ms | ${int(r.lcpMs)} ms | \`${r.element}\` | ${kb(r.transferBytes)} |`,
      ),
      '',
    );
  }
  return out;
}
