import { alertsTargets } from './alerts-bench';
import { compareTargets } from './compare-bench';
import { contentsTargets } from './contents-bench';
import { EMAIL_TARGETS, type EmailBench } from './email-bench';
import { jobsTargets } from './jobs-part';
import { linkCheckTargets } from './link-check-bench';
import { listPageTargets } from './list-page-report';
import { ordersTargets } from './orders-bench';
import { REAL_TRAFFIC_TARGET } from './real-traffic';
import type { BenchResults, DatabaseRun } from './report';
import { webTargets } from './report-web';
import { watcherWeekTargets } from './watcher-week-report';

/**
 * The targets every run prints, met or not, with the numbers (issue 28 restated them): the feed,
 * search, email, memory and first-visit targets kept from before; the framework's cost against the
 * reference without the framework; the real-traffic mix with the workers running.
 */
const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? 'n/a' : n < 10 ? n.toFixed(2) : n.toFixed(1));
const int = (n: number) => Math.round(n).toLocaleString('en-US');

export interface Target {
  what: string;
  measured: string;
  pass: boolean | null;
}

/** The issue's targets, checked against a PostgreSQL run (the targets are stated for it). */
export function targets(results: BenchResults): Target[] {
  const list = feedTargets(results);
  const email = results.email.find((e) => e.kind === 'postgres') ?? results.email[0];
  if (email) list.push(...emailTargets(email));
  const contents = (results.runs.find((r) => r.kind === 'postgres') ?? results.runs[0])?.contents;
  if (contents) list.push(...contentsTargets(contents), ...compareTargets(contents.compare ?? []));
  list.push(...linkCheckTargets(results.linkChecks ?? []));
  const orders = results.orders?.find((o) => o.kind === 'postgres') ?? results.orders?.[0];
  list.push(...ordersTargets(orders?.cells ?? []), ...jobsTargets(results.jobs));
  list.push(...alertsTargets(results.alerts ?? []));
  list.push(...listPageTargets(results.listPages ?? []));
  list.push(...watcherWeekTargets(results.watcherWeek));
  return list;
}

function feedTargets(results: BenchResults): Target[] {
  const run = results.runs.find((r) => r.kind === 'postgres') ?? results.runs[0];
  const list: Target[] = [];
  if (!run) return list;
  const cell = (follows: number, page: number) => run.feed.find((c) => c.follows === follows && c.page === page);
  const thousand = cell(1000, 1);
  if (thousand) {
    list.push({
      what: 'Feed page 1, 1,000 follows: ours p99 ≤ 15 ms',
      measured: `${ms(thousand.ours?.p99)} ms`,
      pass: thousand.ours ? thousand.ours.p99 <= 15 : null,
    });
  }
  const fiveThousand = run.feed.filter((c) => c.follows === 5000);
  if (fiveThousand.length > 0) {
    const worst = Math.max(...fiveThousand.map((c) => c.ours?.p99 ?? Number.NaN));
    list.push({
      what: 'Feed, 5,000 follows: ours p99 < 30 ms (pages 1 and 20)',
      measured: `${ms(worst)} ms`,
      pass: Number.isNaN(worst) ? null : worst < 30,
    });
  }
  for (const kind of ['one word', 'two words', 'typo'] as const) {
    const cells = run.directory?.cells.filter((c) => c.kind === kind) ?? [];
    if (cells.length === 0) continue;
    const worst = Math.max(...cells.map((c) => c.time.p99));
    list.push({ what: `Directory search, ${kind}: p99 ≤ 20 ms (worst query)`, measured: `${ms(worst)} ms`, pass: worst <= 20 });
  }
  if (run.http) {
    const ceiling = run.http.results[0];
    for (const r of run.http.results) {
      if (r.target === null) continue;
      list.push({
        what: `${r.name}: ≥ ${(100 * r.target).toFixed(0)}% of the ceiling's requests/s`,
        measured: r.unavailable ? `not loaded (${r.unavailable})` : `${(100 * (r.ratioToCeiling ?? 0)).toFixed(0)}%`,
        pass: r.unavailable || !ceiling ? null : (r.ratioToCeiling ?? 0) >= r.target && r.failures === 0,
      });
    }
    list.push(...frameworkTargets(run));
    if (run.http.peakRssMb !== null) {
      list.push({
        what: 'Server peak RSS under load ≤ 250 MB',
        measured: `${run.http.peakRssMb.toFixed(0)} MB`,
        pass: run.http.peakRssMb <= 250,
      });
    }
  }
  list.push(...trafficTargets(run));
  list.push(...webTargets(results.web, results.lcp));
  return list;
}

/** The framework's cost (issue 28): the app's cold requests/s over the bare reference's, and CPU per request. */
function frameworkTargets(run: DatabaseRun): Target[] {
  const list: Target[] = [];
  const us = (n: number | null | undefined) => (n === null || n === undefined ? 'n/a' : `${Math.round(1000 * n)} µs`);
  for (const [what, prefix, bare] of [
    ['cold profile page', 'cold profile page', run.bare?.coldProfile],
    ['cold feed page', 'cold feed API', run.bare?.coldFeed],
  ] as const) {
    const app = run.http?.results.find((r) => r.name.startsWith(prefix) && !r.unavailable);
    const ratioOf = app && bare ? app.requestsPerSecond / bare.requestsPerSecond : null;
    list.push({
      what: `Framework's cost, ${what}: app ÷ bare node:http doing the same work ≥ 0.7 (requests/s)`,
      measured:
        app && bare
          ? `${ratioOf!.toFixed(2)} (app ${int(app.requestsPerSecond)}/s, ${us(app.serverCpuMs)} CPU a request + ${us(app.databaseCpuMs)} in the database; bare ${int(bare.requestsPerSecond)}/s, ${us(bare.serverCpuMs)} + ${us(bare.databaseCpuMs)})`
          : `not measured (${app ? 'no reference: PostgreSQL only' : 'route not loaded'})`,
      pass: ratioOf === null ? null : ratioOf >= 0.7 && (app?.failures ?? 1) === 0,
    });
  }
  return list;
}

function trafficTargets(run: DatabaseRun): Target[] {
  const t = run.realTraffic;
  if (!t) return [];
  const hits = t.hitRate === null ? 'n/a' : `${(100 * t.hitRate).toFixed(0)}%`;
  return [
    {
      what: `Real traffic on ${run.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, workers running: p99 ≤ ${REAL_TRAFFIC_TARGET.p99Ms} ms at ${int(REAL_TRAFFIC_TARGET.rate)} requests/s`,
      measured: `p99 ${ms(t.p99Ms)} ms (p50 ${ms(t.p50Ms)}) at ${int(t.requestsPerSecond)}/s, ${t.failures} failed${t.unanswered ? ` (${int(t.unanswered)} unanswered 30 s after the last was due)` : ''}; read cache hit rate ${hits}; server CPU ${ms(t.serverCpuMs ?? undefined)} ms a request; ${t.generator ?? 'autocannon overallRate'}${t.bare ? `; the bare node:http reference, same pacing, cold: p99 ${ms(t.bare.p99Ms)} ms (p50 ${ms(t.bare.p50Ms)}), ${t.bare.failures} failed` : ''}`,
      pass:
        run.kind === 'postgres'
          ? t.p99Ms <= REAL_TRAFFIC_TARGET.p99Ms && t.requestsPerSecond >= 0.95 * t.targetRate && t.failures === 0
          : null,
    },
  ];
}

function emailTargets(e: EmailBench): Target[] {
  const n = int(e.followers);
  return [
    {
      what: `Email: one post to ${n} instant followers queued ≤ ${EMAIL_TARGETS.queueSeconds} s`,
      measured: `${e.queueSeconds.toFixed(2)} s`,
      pass: e.queued === e.followers && e.queueSeconds <= EMAIL_TARGETS.queueSeconds,
    },
    {
      what: `Email: delivered to a local SMTP sink ≥ ${EMAIL_TARGETS.mailsPerSecond} mails/s, none twice, none lost`,
      measured: `${int(e.mailsPerSecond)} mails/s, ${e.duplicates} twice, ${e.missing} lost`,
      pass: e.mailsPerSecond >= EMAIL_TARGETS.mailsPerSecond && e.duplicates === 0 && e.missing === 0,
    },
  ];
}

/** The whole run as Markdown: what the README shows and what stdout prints. */
