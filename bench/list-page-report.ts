import type { ListPageRun } from './list-page-bench';
import type { ColdSide } from './list-page-cold';
import { webSections } from './report-web';
import type { Target } from './targets';

/** Issue 39's targets for the list page of a 5,000-line list. */
export const LIST_PAGE_TARGETS = { coldRatio: 0.7, firstVisitKb: 100, lcpOfFloor: 1.25 } as const;

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const us = (n: number | null) => (n === null ? 'n/a' : `${int(1000 * n)} µs`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const dbName = (kind: string) => (kind === 'postgres' ? 'PostgreSQL' : 'PGlite');
const side = (s: ColdSide) =>
  `${int(s.requestsPerSecond)}/s, ${us(s.serverCpuMs)} CPU a request + ${us(s.databaseCpuMs)} in the database`;

export function listPageTargets(runs: ListPageRun[]): Target[] {
  const list: Target[] = [];
  for (const run of runs) {
    const where = `List page of a ${int(run.lines)}-line list (${dbName(run.kind)})`;
    if (run.cold) {
      const { app, bare } = run.cold;
      const ratio = app.requestsPerSecond / bare.requestsPerSecond;
      list.push({
        what: `${where}, cold render: app ÷ bare node:http doing the same SQL and render ≥ ${LIST_PAGE_TARGETS.coldRatio} (requests/s)`,
        measured: `${ratio.toFixed(2)} (app ${side(app)}; bare ${side(bare)}; round by round ${app.rounds.map((r, i) => (r / bare.rounds[i]!).toFixed(2)).join(', ')}; ${app.rowsRendered} rows rendered, ${kb(app.pageGzipBytes)} gzipped)`,
        pass: ratio >= LIST_PAGE_TARGETS.coldRatio && app.rowsRendered === bare.rowsRendered,
      });
    }
    if (run.web) {
      list.push({
        what: `${where}, first visit: JS+CSS ≤ ${LIST_PAGE_TARGETS.firstVisitKb} KB gzipped`,
        measured: `${kb(run.web.totalGzip)} (JS ${kb(run.web.jsGzip)} + CSS ${kb(run.web.cssGzip)})`,
        pass: run.web.totalGzip <= LIST_PAGE_TARGETS.firstVisitKb * 1024,
      });
    }
    if (run.lcp?.floor) {
      const { worstMs, floor } = run.lcp;
      const ratio = worstMs / floor.worstMs;
      list.push({
        what: `${where}, slow phone: largest contentful paint ≤ ${LIST_PAGE_TARGETS.lcpOfFloor} × the host's empty page (worst of ${run.lcp.runs.length} each)`,
        measured: `${ratio.toFixed(2)} × (${seconds(worstMs)}, p50 ${seconds(run.lcp.p50Ms)}; the empty page ${seconds(floor.worstMs)}, p50 ${seconds(floor.p50Ms)})`,
        pass: ratio <= LIST_PAGE_TARGETS.lcpOfFloor,
      });
    }
  }
  return list;
}

/** The list page's part as Markdown: the cold render's two sides, then the first visit as the profile's is shown. */
export function listPageSections(runs: ListPageRun[]): string[] {
  const out: string[] = [];
  for (const run of runs) {
    out.push(
      `### The list page of a ${int(run.lines)}-line list (${dbName(run.kind)}): \`${run.path}\``,
      '',
      `Seeded in ${run.seedSeconds.toFixed(1)} s on a database of its own.`,
      '',
    );
    if (run.cold) {
      const row = (name: string, s: ColdSide) =>
        `| ${name} | ${int(s.requestsPerSecond)} | ${s.rounds.map(int).join(', ')} | ${us(s.serverCpuMs)} | ${us(s.databaseCpuMs)} | ${s.rowsRendered} | ${kb(s.pageGzipBytes)} | ${int(s.requests)} |`;
      out.push(
        `Cold render, ${run.cold.rounds} rounds a side in turns, each side started for its round (the app with its read cache and workers off):`,
        '',
        '| side | requests/s | each round | server CPU a request | database CPU a request | rows rendered | page gzipped | requests |',
        '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |',
        row('the app', run.cold.app),
        row('bare node:http, the same work', run.cold.bare),
        '',
      );
    }
    out.push(...webSections(run.web, run.lcp));
  }
  return out;
}
