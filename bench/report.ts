import { type AlertsBench, alertsMarkdown } from './alerts-bench';
import type { BareReference } from './bare-reference';
import { compareMarkdown } from './compare-bench';
import { type ContentsRun, contentsMarkdown } from './contents-bench';
import type { DirectoryCell } from './directory-bench';
import type { EmailBench } from './email-bench';
import type { FeedCell } from './feed-bench';
import { HTTP_ROUNDS, type HttpBench } from './http-bench';
import type { JobsPart } from './jobs-part';
import type { LinkCheckBench } from './link-check-bench';
import type { ListPageRun } from './list-page-bench';
import { listPageSections } from './list-page-report';
import type { SeedSizes } from './options';
import type { OrdersCell } from './orders-bench';
import type { RealTraffic } from './real-traffic';
import { webSections } from './report-web';
import type { SeededNetwork } from './seed';
import type { Distribution } from './stats';
import { targets } from './targets';
import type { WatcherWeekBench } from './watcher-week';
import type { WebBytes } from './web-bytes';
import type { WebLcp } from './web-lcp';
import type { WhatIfCell } from './what-if';

export interface DatabaseRun {
  kind: 'postgres' | 'pglite';
  version: string;
  seed: Omit<SeededNetwork, 'namedReaders'> & { namedReaders: Array<{ follows: number; feedPosts: number }> };
  feed: FeedCell[];
  whatIf: WhatIfCell[] | null;
  /** The business profiles seeded for the directory, and its searches; null when left out. */
  directory: { seed: { seconds: number; words: number }; cells: DirectoryCell[] } | null;
  /** Lists' contents: lines seeded, searches by item, reading a large sheet; null when left out. */
  contents?: ContentsRun | null;
  http: HttpBench | null;
  /** The same cold work on node:http without the framework (PostgreSQL only; issue 28). */
  bare?: BareReference | null;
  /** The mixed load at 1,000 requests/s with the background workers running (issue 28). */
  realTraffic?: RealTraffic | null;
  seconds: number;
}

import type { PartTime } from './parts';

export { type Target, targets } from './targets';

export interface BenchResults {
  startedAt: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; platform: string };
  sizes: SeedSizes;
  options: { requests: number; cellSeconds: number; httpSeconds: number; connections: number };
  runs: DatabaseRun[];
  web: WebBytes | null;
  /** Largest contentful paint of the profile's first visit on a slow phone. */
  lcp: WebLcp | null;
  /** Issue 18, one entry per database. */
  email: Array<EmailBench & { kind: 'postgres' | 'pglite' }>;
  /** Issue 29, one entry per database. */
  linkChecks?: Array<LinkCheckBench & { kind: string }>;
  /** Issue 40's orders cells, one entry per database. */
  orders?: Array<{ kind: string; cells: OrdersCell[] }>;
  /** Issue 38's jobs part (PostgreSQL only). */
  jobs?: JobsPart | null;
  /** Issue 41's item alerts, one entry per database. */
  alerts?: Array<AlertsBench & { kind: string }>;
  /** Issue 39, one entry per database. */
  listPages: ListPageRun[];
  /** Issue 41 §1: a simulated week of the watcher (no database). */
  watcherWeek?: WatcherWeekBench | null;
  totalSeconds: number;
  /** Each part's wall time in the order run (bench/parts.ts). */
  parts?: PartTime[];
}

const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? 'n/a' : n < 10 ? n.toFixed(2) : n.toFixed(1));
const dist = (d: Distribution | null) => (d ? `${ms(d.p50)} / ${ms(d.p95)} / ${ms(d.p99)}` : 'n/a');
const ratio = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? 'n/a' : n < 0.1 ? n.toFixed(3) : n.toFixed(2));
const int = (n: number) => Math.round(n).toLocaleString('en-US');

/** The whole run as Markdown: what the README shows and what stdout prints. */
export function markdown(results: BenchResults): string {
  const m = results.machine;
  const out: string[] = [];
  out.push(
    `Run ${results.startedAt} on ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, Node ${m.node}, ${m.platform}; ` +
      (results.runs.length > 0
        ? `${int(results.sizes.handles)} handles, ${int(results.sizes.posts)} posts, ${int(results.sizes.readers)} readers; `
        : 'no feed network (a part alone); ') +
      `took ${(results.totalSeconds / 60).toFixed(1)} min.`,
    '',
  );

  for (const run of results.runs) {
    out.push(`### ${run.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} (${run.version})`, '');
    const c = run.seed.counts;
    out.push(
      `Seeded in ${run.seed.seconds.toFixed(1)} s: ${int(c.users)} users, ${int(c.handles)} handles, ${int(c.posts)} posts, ${int(c.follows)} follows.`,
      '',
    );
    out.push(
      '| follows | feed posts | page | ours p50 / p95 / p99 ms | earlier p50 / p95 / p99 ms | limit p50 / p95 / p99 ms | ours/earlier p50, p99 | ours/limit p50, p99 |',
      '| ---: | ---: | ---: | --- | --- | --- | --- | --- |',
    );
    for (const cell of run.feed) {
      const r = cell.ratios;
      out.push(
        `| ${int(cell.follows)} | ${int(cell.feedPosts)} | ${cell.page} | ${dist(cell.ours)} | ${dist(cell.earlier)} | ` +
          `${dist(cell.limit)} (${cell.limit.candidate}) | ${r ? `${ratio(r.oursToEarlierP50)}, ${ratio(r.oursToEarlierP99)}` : 'n/a'} | ` +
          `${r ? `${ratio(r.oursToLimitP50)}, ${ratio(r.oursToLimitP99)}` : 'n/a'} |`,
      );
    }
    const short = run.feed.filter((x) => x.ours && x.ours.n < results.options.requests);
    const shortEarlier = run.feed.filter((x) => x.earlier.n < results.options.requests);
    if (short.length + shortEarlier.length > 0) {
      out.push(
        '',
        `Cells that hit the ${results.options.cellSeconds} s budget before ${results.options.requests} requests: ` +
          [
            ...short.map((x) => `ours ${x.follows}/p${x.page} n=${x.ours!.n}`),
            ...shortEarlier.map((x) => `earlier ${x.follows}/p${x.page} n=${x.earlier.n}`),
          ].join(', ') +
          '.',
      );
    }

    const base = run.feed.filter((x) => x.ours);
    if (base.length > 0) {
      out.push('', 'How ours grows with follows (p50, relative to the smallest reader):', '');
      out.push('| follows | page 1 p50 ms | × | page 20 p50 ms | × |', '| ---: | ---: | ---: | ---: | ---: |');
      const first = (page: number) => base.find((x) => x.page === page)?.ours?.p50;
      for (const follows of [...new Set(base.map((x) => x.follows))]) {
        const p1 = base.find((x) => x.follows === follows && x.page === 1)?.ours?.p50;
        const p20 = base.find((x) => x.follows === follows && x.page === 20)?.ours?.p50;
        const f1 = first(1);
        const f20 = first(20);
        out.push(
          `| ${int(follows)} | ${ms(p1)} | ${p1 && f1 ? ratio(p1 / f1) : 'n/a'} | ${ms(p20)} | ${p20 && f20 ? ratio(p20 / f20) : 'n/a'} |`,
        );
      }
    }

    if (run.whatIf && run.whatIf.length > 0) {
      out.push(
        '',
        'Design alternatives (not the app as a whole): the per-follow LATERAL query alone, and the followed handles sent ' +
          'as an array (a second round trip) so the planner picks the time index (0600) or the handle index; database ' +
          'execution time, p50 / p99 ms:',
        '',
        '| reader | feed posts | page | per follow (lateral) | handles as array | plan | lateral ÷ array (p50) |',
        '| --- | ---: | ---: | --- | --- | --- | ---: |',
      );
      for (const w of run.whatIf) {
        out.push(
          `| ${w.reader} | ${int(w.feedPosts)} | ${w.page} | ${ms(w.lateral.p50)} / ${ms(w.lateral.p99)} | ` +
            `${ms(w.timeScan.p50)} / ${ms(w.timeScan.p99)} | ${w.timeScanPlan} | ${ratio(w.lateral.p50 / w.timeScan.p50)} |`,
        );
      }
    }

    if (run.directory && run.directory.cells.length > 0) {
      out.push(
        '',
        `Directory (/explore): ${int(c.handles)} business profiles seeded in ${run.directory.seed.seconds.toFixed(1)} s, ` +
          `${int(run.directory.seed.words)} distinct words; the directory service in process, first page, a signed-in viewer:`,
        '',
        '| kind | query | results | top | p50 / p95 / p99 ms |',
        '| --- | --- | ---: | --- | --- |',
      );
      for (const cell of run.directory.cells) {
        const query = Object.entries(cell.query)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ');
        out.push(`| ${cell.kind} | ${query || '(none)'} | ${cell.results} | ${cell.top ?? ''} | ${dist(cell.time)} |`);
      }
    }

    if (run.contents) out.push(...contentsMarkdown(run.contents), ...compareMarkdown(run.contents.compare ?? []));

    if (run.http) {
      out.push(
        '',
        `HTTP: autocannon, ${run.http.connections} connections, ${run.http.seconds} s a route in ${HTTP_ROUNDS} rounds of alternating order ` +
          '(p50: mean of the rounds, p99: the worst), server in production mode on 127.0.0.1. Cold routes: each request its own ' +
          'reader or handle, never repeated, split between the rounds. CPU per request: the server process and the database ' +
          "backends serving the bench's database, during the rounds.",
        '',
      );
      out.push(
        '| route | requests/s | p50 ms | p99 ms | vs ceiling | server CPU ms/req | database CPU ms/req | failures |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      );
      const cpuMs = (n: number | null) => (n === null ? 'n/a' : n.toFixed(3));
      for (const r of run.http.results) {
        if (r.unavailable) {
          out.push(`| ${r.name} \`${r.path}\` | not loaded: ${r.unavailable} | | | | | | |`);
          continue;
        }
        out.push(
          `| ${r.name} \`${r.path}\` | ${int(r.requestsPerSecond)} | ${ms(r.p50Ms)} | ${ms(r.p99Ms)} | ${r.ratioToCeiling === null ? 'n/a' : `${(100 * r.ratioToCeiling).toFixed(0)}%`} | ` +
            `${cpuMs(r.serverCpuMs)} | ${cpuMs(r.databaseCpuMs)} | ${r.failures} |`,
        );
      }
      const mb = (n: number | null) => (n === null ? 'n/a' : `${n.toFixed(0)} MB`);
      out.push('', `Server peak RSS (VmHWM): ${mb(run.http.peakRssMb)} under load (${mb(run.http.startPeakRssMb)} when ready).`);
    }
    out.push('');
  }

  out.push(...webSections(results.web, results.lcp));
  out.push(...listPageSections(results.listPages ?? []));

  for (const e of results.email) {
    out.push(
      `### Email (${e.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'})`,
      '',
      `One post by a handle with ${int(e.followers)} followers set to Instantly: its transaction queued ${int(e.queued)} mails in ` +
        `${e.queueSeconds.toFixed(2)} s (${e.queueCpuSeconds.toFixed(2)} s CPU in the bench process). The server (production mode) ` +
        `delivered ${int(e.received)} to an SMTP sink on 127.0.0.1 in ${e.deliverSeconds.toFixed(1)} s: ` +
        `**${int(e.mailsPerSecond)} mails/s** (${e.serverCpuMsPerMail === null ? 'n/a' : e.serverCpuMsPerMail.toFixed(2)} ms of server CPU a mail), ` +
        `${e.duplicates} Message-IDs twice, ${e.missing} missing; outbox after: ` +
        `${Object.entries(e.states)
          .map(([state, count]) => `${int(count)} ${state}`)
          .join(', ')}.`,
      '',
    );
  }

  out.push(alertsMarkdown(results.alerts ?? []));
  const checks = targets(results);
  if (checks.length > 0) {
    out.push('### Targets', '', '| target | measured | met |', '| --- | --- | --- |');
    for (const t of checks) out.push(`| ${t.what} | ${t.measured} | ${t.pass === null ? 'n/a' : t.pass ? 'yes' : '**no**'} |`);
    out.push('');
  }
  return out.join('\n');
}
