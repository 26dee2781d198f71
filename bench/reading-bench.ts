import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance as perf } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { DEFAULT_READER_OPTIONS, type FileReader, fileReader } from '../server/modules/contents/reader';
import { contentsService } from '../server/modules/contents/service';
import type { DB } from '../server/plugins/db';
import { largeSheet } from '../tests/fixtures/list-files';
import { besideProcess } from './cpu';
import { type Distribution, distribution } from './stats';

/**
 * Issue 30's reading target (bench/README.md): a 5,000-row XLSX read and diffed in the reading
 * thread, what it costs the event loop, and what other requests of the process see meanwhile.
 */

export interface ReadingBench {
  rows: number;
  /** Thread time of reading and diffing one 5,000-row XLSX against its previous version. */
  workerMs: Distribution;
  /** Latency of a trivial HTTP route of the same process, idle and while files are read. */
  idle: Distribution;
  reading: Distribution;
  /**
   * The same route, idle, beside a process of its own reading the same sheets back to back
   * (reading-elsewhere.ts; ADR 0201): what the host does to the route whatever design reads.
   */
  elsewhere: Distribution & { cores: number | null };
  /** Event-loop time (busy, not waiting) per reading+diff handed to the thread, with nothing else running. */
  eventLoopMs: Distribution;
  /** The main thread's own CPU time per reading (Linux's schedstat): what other requests wait behind, whatever the load. */
  mainCpuMs: Distribution | null;
  /**
   * The server's own path (`recordFetchedFile`: the previous version's lines from the database, the
   * thread, the new version stored), when the bench has a database: event-loop time per reading and
   * the trivial route's latency idle and meanwhile.
   */
  server: {
    eventLoopMs: Distribution;
    mainCpuMs: Distribution | null;
    idle: Distribution;
    reading: Distribution;
    /** The event loop's delay while files were read (ms, 1 ms timer): its p99 and the longest, what a request waits behind. */
    loopDelay?: { p99: number; max: number };
  } | null;
}

/** One GET to a local server: its latency in ms. */
function timedGet(port: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/' }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - started));
    })
      .on('error', reject)
      .end();
  });
}

/** Latencies of a GET every 20 ms for `ms`. */
async function latencies(port: number, ms: number): Promise<number[]> {
  const samples: number[] = [];
  const until = performance.now() + ms;
  while (performance.now() < until) {
    samples.push(await timedGet(port));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return samples;
}

/** Samples the trivial route every 20 ms until `stop()`; its latencies. */
function sampleWhile(port: number) {
  let running = true;
  const samples: number[] = [];
  const done = (async () => {
    while (running) {
      samples.push(await timedGet(port));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return async () => {
    running = false;
    await done;
    return samples;
  };
}

/**
 * CPU time the main thread has run, in ms (Linux: /proc's schedstat of the thread whose id is the
 * process's), or null elsewhere. Unlike the event loop's busy time, waiting for a core does not count.
 */
function mainThreadCpuMs(): number | null {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

/**
 * Event-loop busy time and main-thread CPU time (ms) of each run of `work`, one after another
 * with nothing else in the process.
 */
async function eventLoopTimes(count: number, work: (i: number) => Promise<void>) {
  const busy: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < count; i++) {
    const before = perf.eventLoopUtilization();
    const cpuBefore = mainThreadCpuMs();
    await work(i);
    busy.push(perf.eventLoopUtilization(before).active);
    const cpuAfter = mainThreadCpuMs();
    if (cpuBefore !== null && cpuAfter !== null) cpu.push(cpuAfter - cpuBefore);
  }
  return { eventLoopMs: distribution(busy), mainCpuMs: cpu.length > 0 ? distribution(cpu) : null };
}

/**
 * The server's path: `recordFetchedFile` on one list of the bench database, the two sheets in turn,
 * so each reading is compared with a 5,000-line previous version and stored as a new one.
 */
async function benchServerReading(db: DB, reader: FileReader, port: number, files: number, sheets: Uint8Array[]) {
  const list = await sql<{ id: string | number }>`select id from lists order by id limit 1`.execute(db);
  const listId = Number(list.rows[0]?.id);
  if (!listId) throw new Error('the bench database has no list to read into');
  const service = contentsService(db, reader);
  const started = Date.now();
  let count = 0;
  const record = async (i: number) => {
    count += 1;
    const fetchedAt = started + count * 1000;
    const reading = await service.recordFetchedFile({ listId, postId: null, bytes: sheets[i % 2]!, fetchedAt });
    if (reading.state !== 'read' || (i > 0 && !reading.changed))
      throw new Error('the server path did not store a changed version');
  };
  await record(0);
  await record(1);
  const times = await eventLoopTimes(files, (i) => record(i));
  const idle = await latencies(port, 3000);
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const stop = sampleWhile(port);
  for (let i = 0; i < files; i++) await record(i);
  const reading = await stop();
  delay.disable();
  const loopDelay = { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
  return { ...times, idle: distribution(idle), reading: distribution(reading), loopDelay };
}

/**
 * Reading and diffing a 5,000-row XLSX in the reading thread (issue 30: ≤ 2 s of thread time), and
 * what it costs other requests: a trivial HTTP route of this process, timed idle and while the
 * thread reads file after file; the event loop's own time per reading; and, with a database, the
 * same for the server's whole path (lines from and to the database).
 */
export async function benchReading(options: { files: number; db?: DB; log(line: string): void }): Promise<ReadingBench> {
  const reader = fileReader({ ...DEFAULT_READER_OPTIONS, threads: 1 });
  const server = createServer((_, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const previousFile = largeSheet(5000);
    const nextFile = largeSheet(5000, 0.25);
    const previous = await reader.read({ bytes: previousFile });
    if (previous.state !== 'read') throw new Error(`the 5,000-row sheet was not read: ${previous.reason}`);
    const worker: number[] = [];
    const readNext = async () => {
      const result = await reader.read({ bytes: nextFile, previous: previous.newRows });
      if (result.state !== 'read' || !result.diff || result.diff.counts.up === 0)
        throw new Error('the changed sheet was not compared');
      worker.push(result.workerMs);
    };
    const times = await eventLoopTimes(options.files, readNext);
    const idle = await latencies(port, 3000);
    const stop = sampleWhile(port);
    for (let i = 0; i < options.files; i++) await readNext();
    const busy = await stop();
    const elsewhereArgs = [...process.execArgv, fileURLToPath(new URL('./reading-elsewhere.ts', import.meta.url))];
    const elsewhere = await besideProcess(elsewhereArgs, () => latencies(port, 3000));
    const cell: ReadingBench = {
      rows: 5000,
      workerMs: distribution(worker),
      idle: distribution(idle),
      reading: distribution(busy),
      elsewhere: { ...distribution(elsewhere.result), cores: elsewhere.cores },
      ...times,
      server: options.db ? await benchServerReading(options.db, reader, port, options.files, [previousFile, nextFile]) : null,
    };
    options.log(
      `  reading+diffing a 5,000-row XLSX: thread p50 ${cell.workerMs.p50} ms, max ${Math.max(...worker)} ms; ` +
        `event loop ${cell.eventLoopMs.p50.toFixed(2)} ms busy, ${cell.mainCpuMs?.p50.toFixed(2)} ms CPU a reading (p50); ` +
        `a trivial route p99 ${cell.idle.p99.toFixed(2)} ms idle, ${cell.reading.p99.toFixed(2)} ms while reading, ` +
        `${cell.elsewhere.p99.toFixed(2)} ms beside another process reading (${cell.elsewhere.cores} core)`,
    );
    if (cell.server)
      options.log(
        `  the server's path (recordFetchedFile): event loop ${cell.server.eventLoopMs.p50.toFixed(2)} ms busy, ` +
          `${cell.server.mainCpuMs?.p50.toFixed(2)} ms CPU a reading (p50; p99 ${cell.server.eventLoopMs.p99.toFixed(2)}, ` +
          `${cell.server.mainCpuMs?.p99.toFixed(2)}); a trivial route p99 ${cell.server.idle.p99.toFixed(2)} ms idle, ` +
          `${cell.server.reading.p99.toFixed(2)} ms while reading (p50 ${cell.server.idle.p50.toFixed(2)} → ${cell.server.reading.p50.toFixed(2)}); ` +
          `event-loop delay meanwhile p99 ${cell.server.loopDelay?.p99.toFixed(2)} ms, longest ${cell.server.loopDelay?.max.toFixed(2)} ms`,
      );
    return cell;
  } finally {
    server.close();
    await reader.close();
  }
}
