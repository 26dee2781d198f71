import { directoryQuerySchema } from '../core/directory';
import { directoryService } from '../server/modules/directory/service';
import type { DB } from '../server/plugins/db';
import type { CompareCell } from './compare-bench';
import type { ReadingBench } from './reading-bench';
import { type Distribution, distribution, measure } from './stats';

export { benchReading, type ReadingBench } from './reading-bench';

/** Searches by item as /explore sends them, each with the item its first result must show. */
export const ITEM_QUERIES: Array<{ kind: 'one word' | 'two words' | 'typo'; q: string; expect: RegExp }> = [
  { kind: 'one word', q: 'burrata', expect: /burrata/i },
  { kind: 'one word', q: 'asparagus', expect: /asparagus/i },
  { kind: 'two words', q: 'san marzano', expect: /san marzano/i },
  { kind: 'two words', q: 'smoked salmon', expect: /smoked salmon/i },
  { kind: 'two words', q: 'olive oil', expect: /olive oil/i },
  { kind: 'typo', q: 'buratta', expect: /burrata/i },
  { kind: 'typo', q: 'pecorrino', expect: /pecorino/i },
];

export interface ItemSearchCell {
  kind: string;
  q: string;
  results: number;
  top: string | null;
  time: Distribution;
}

/** The directory service in process, first page, as directory-bench.ts times name searches. */
export async function benchItemSearch(
  db: DB,
  viewerId: string,
  options: { requests: number; cellSeconds: number; log(line: string): void },
): Promise<ItemSearchCell[]> {
  const directory = directoryService(db);
  const cells: ItemSearchCell[] = [];
  for (const { kind, q, expect } of ITEM_QUERIES) {
    const parsed = directoryQuerySchema.parse({ q });
    const first = await directory.search(parsed, viewerId);
    // Name matches rank first (ADR 0163): the item shown is the first result's that matched by item.
    const top = first.entries.find((e) => e.match)?.match?.text ?? null;
    if (!top || !expect.test(top)) throw new Error(`item search "${q}" showed ${top ?? 'nothing'} first, expected ${expect}`);
    const time = distribution(
      await measure(
        async () => {
          await directory.search(parsed, viewerId);
          return undefined;
        },
        { requests: options.requests, budgetMs: options.cellSeconds * 1000 },
      ),
    );
    cells.push({ kind, q, results: first.entries.length, top, time });
    options.log(`  item ${kind} "${q}": p50 ${time.p50.toFixed(2)} p99 ${time.p99.toFixed(2)} ms (n=${time.n}), top "${top}"`);
  }
  return cells;
}

export interface ContentsRun {
  seed: { seconds: number; lines: number; lists: number };
  cells: ItemSearchCell[];
  reading: ReadingBench;
  /** One item compared across suppliers (issue 39 §3). */
  compare?: CompareCell[];
}

const ms = (n: number) => n.toFixed(2);
const dist = (d: Distribution) => `${ms(d.p50)} / ${ms(d.p95)} / ${ms(d.p99)}`;

/** The report's section (bench/report.ts). */
export function contentsMarkdown(run: ContentsRun): string[] {
  const out = [
    '',
    `Lists' contents (issue 30): ${run.seed.lines.toLocaleString('en-US')} current lines in ${run.seed.lists.toLocaleString('en-US')} lists ` +
      `seeded in ${run.seed.seconds.toFixed(1)} s; searches by item through the directory service in process, first page:`,
    '',
    '| kind | query | results | first match | p50 / p95 / p99 ms |',
    '| --- | --- | ---: | --- | --- |',
    ...run.cells.map((c) => `| ${c.kind} | ${c.q} | ${c.results} | ${c.top ?? ''} | ${dist(c.time)} |`),
    '',
    `Reading and diffing a ${run.reading.rows.toLocaleString('en-US')}-row XLSX in the reading thread: ${dist(run.reading.workerMs)} ms ` +
      `of thread time (n=${run.reading.workerMs.n}); a trivial HTTP route of the same process, p50 / p95 / p99: ` +
      `${dist(run.reading.idle)} ms idle, ${dist(run.reading.reading)} ms while files were read, ` +
      `${dist(run.reading.elsewhere)} ms idle beside another process reading the same files; ` +
      `the event loop's own time per reading: ${dist(run.reading.eventLoopMs)} ms busy` +
      (run.reading.mainCpuMs ? `, ${dist(run.reading.mainCpuMs)} ms of main-thread CPU.` : '.'),
  ];
  const server = run.reading.server;
  if (server)
    out.push(
      '',
      `The server's path (\`recordFetchedFile\`: previous lines from the database, the thread, the version stored): ` +
        `event loop ${dist(server.eventLoopMs)} ms busy` +
        (server.mainCpuMs ? `, ${dist(server.mainCpuMs)} ms of main-thread CPU` : '') +
        ` a reading; the trivial route ${dist(server.idle)} ms idle, ` +
        `${dist(server.reading)} ms while files were read.`,
    );
  return out;
}

/** The targets, for the report's table. */
export function contentsTargets(run: ContentsRun): { what: string; measured: string; pass: boolean | null }[] {
  const worst = Math.max(...run.cells.map((c) => c.time.p99));
  return [
    {
      what: 'Item search p99 ≤ 30 ms (every query)',
      measured: `${ms(worst)} ms`,
      pass: Number.isFinite(worst) ? worst <= 30 : null,
    },
    {
      what: 'Reading and diffing a 5,000-row XLSX ≤ 2 s of thread time',
      measured: `${ms(run.reading.workerMs.p99)} ms (p99)`,
      pass: run.reading.workerMs.p99 <= 2000,
    },
    {
      // A trivial route answers in under a millisecond: 10% of that is below a timer's noise, so 1 ms is allowed too.
      what: 'Other routes unchanged while files are read: p99 within 10% (or 1 ms) of idle',
      measured: `${ms(run.reading.idle.p99)} → ${ms(run.reading.reading.p99)} ms (idle beside another process reading the same files, ${run.reading.elsewhere.cores} core: ${ms(run.reading.elsewhere.p99)} ms)`,
      pass: run.reading.reading.p99 <= Math.max(run.reading.idle.p99 * 1.1, run.reading.idle.p99 + 1),
    },
    ...(run.reading.server
      ? [
          {
            what: 'Other routes unchanged while the server reads and stores files: p99 within 10% (or 1 ms) of idle',
            measured: `${ms(run.reading.server.idle.p99)} → ${ms(run.reading.server.reading.p99)} ms`,
            pass: run.reading.server.reading.p99 <= Math.max(run.reading.server.idle.p99 * 1.1, run.reading.server.idle.p99 + 1),
          },
        ]
      : []),
  ];
}
