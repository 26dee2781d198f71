import { createBenchDatabase } from './database';
import { benchJobs, JOBS_TARGETS, type JobsBench, type JobsRun } from './jobs-bench';
import type { BenchOptions } from './options';
import {
  benchPagesBesideWorker,
  PAGES_BESIDE_WORKER_RATIO,
  type PagesBesideWorker,
  type WorkerPhase,
} from './pages-beside-worker';
import type { Target } from './targets';

/** Mail jobs and check jobs a drain: enough for a few seconds at the targets' rates. */
const SIZES = { mails: 2_000, checks: 500 };
/** Watched lists for the pages beside the worker: a round outlasts the slices. */
const PAGE_LISTS = 3_000;

export interface JobsPart {
  queue: JobsBench;
  pages: PagesBesideWorker;
}

/**
 * Issue 38's jobs part on its own fresh PostgreSQL database: the queue's throughput and CPU a job
 * (bench/jobs-bench.ts), then the public pages with the worker in a process of its own
 * (bench/pages-beside-worker.ts). PGlite has no second process to give the worker: null there.
 */
export async function runJobs(kind: 'postgres' | 'pglite', options: BenchOptions, log: (line: string) => void) {
  if (kind !== 'postgres') return null;
  log(`\n== ${kind}: jobs`);
  const bench = await createBenchDatabase(kind, options.databaseUrl);
  try {
    const queue = await benchJobs(bench, SIZES, log);
    const pages = await benchPagesBesideWorker(bench, PAGE_LISTS, log);
    return { queue, pages } satisfies JobsPart;
  } finally {
    if (options.keep) log(`kept the jobs database: ${bench.location}`);
    else await bench.drop();
  }
}

const ms = (n: number | null) => (n === null ? 'n/a' : `${n.toFixed(2)} ms`);
const int = (n: number) => Math.round(n).toLocaleString('en-US');
/** What one job costs the queue itself: the no-op handlers' worker process and database CPU. */
const queueCpu = (r: JobsRun) => `${ms(r.processCpuMs)} worker + ${ms(r.databaseCpuMs)} database CPU a job`;

export function jobsTargets(part: JobsPart | null | undefined): Target[] {
  if (!part) return [];
  const { mail, check, queueAlone, direct } = part.queue;
  const perHour = check.jobsPerSecond * 3600;
  const list: Target[] = [
    {
      what: `Jobs: ${int(JOBS_TARGETS.mailsPerSecond)} mails a second through the queue (a mail queued a job, in its transaction)`,
      measured: `${int(mail.jobsPerSecond)}/s, ${(mail.jobsPerSecond / direct.jobsPerSecond).toFixed(2)} × the same mails written without the queue (${int(direct.jobsPerSecond)}/s); the queue's own ${queueCpu(queueAlone.mail)}`,
      pass: mail.jobsPerSecond >= JOBS_TARGETS.mailsPerSecond,
    },
    {
      what: `Jobs: ${int(JOBS_TARGETS.checksPerHour)} link checks an hour through the queue (a 304 a job, outside a transaction)`,
      measured: `${int(perHour)} an hour (${check.jobsPerSecond}/s); the queue's own ${queueCpu(queueAlone.check)}`,
      pass: perHour >= JOBS_TARGETS.checksPerHour,
    },
  ];
  for (const [name, phase] of [
    ['a watcher round', part.pages.round],
    ['readings', part.pages.readings],
  ] as const) {
    list.push({
      what: `Public pages' p99 during ${name}, the worker in its own process: ≤ ${PAGES_BESIDE_WORKER_RATIO} × beside a control burning the same CPU`,
      measured: phaseMeasured(phase),
      pass: phase.during.requests === 0 ? null : phase.during.p99 <= PAGES_BESIDE_WORKER_RATIO * phase.control.p99,
    });
  }
  return list;
}

const phaseMeasured = (p: WorkerPhase) =>
  `${(p.during.p99 / p.control.p99).toFixed(2)} × (${p.during.p99} ms beside the worker at ${p.workerCores ?? 'n/a'} core, ${p.control.p99} ms beside the control at ${p.control.cores ?? 'n/a'} core; ${int(p.done)} lists done)`;

/** The part's lines of the report. */
export function jobsMarkdown(part: JobsPart | null | undefined): string {
  if (!part) return '';
  const { mail, check, queueAlone } = part.queue;
  const row = (name: string, r: JobsRun) =>
    `| ${name} | ${int(r.jobs)} | ${r.jobsPerSecond} | ${ms(r.processCpuMs)} | ${ms(r.handlerCpuMs)} | ${ms(r.databaseCpuMs)} |`;
  const page = (name: string, p: WorkerPhase) =>
    `| ${name} | ${p.during.p50} / ${p.during.p99} | ${p.workerCores ?? '–'} | ${p.control.p50} / ${p.control.p99} | ${p.control.cores ?? '–'} | ${(p.during.p99 / p.control.p99).toFixed(2)} |`;
  return [
    '',
    '## Jobs (issue 38): the queue, a worker process of its own, PostgreSQL',
    '',
    `Drained from a full queue; the same mails written without the queue: ${int(part.queue.direct.jobsPerSecond)}/s, ${ms(part.queue.direct.cpuMs)} CPU each.`,
    '',
    '| jobs | n | jobs/s | worker CPU a job | of which handlers | database CPU a job |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row('mail (queued in the outbox)', mail),
    row('check (a 304)', check),
    row('mail, handler does nothing', queueAlone.mail),
    row('check, handler does nothing', queueAlone.check),
    '',
    `Public pages of a ROLE=web process (idle p50 / p99 ${part.pages.idle.p50} / ${part.pages.idle.p99} ms), ROLE=worker beside it; slices in turn with a control burning its CPU:`,
    '',
    '| while | p50 / p99 ms | worker cores | control p50 / p99 ms | control cores | p99 ratio |',
    '| --- | --- | ---: | --- | ---: | ---: |',
    page('a watcher round (304s)', part.pages.round),
    page('readings', part.pages.readings),
  ].join('\n');
}
