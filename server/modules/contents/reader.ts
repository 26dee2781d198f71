import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ListDiff } from '../../../core/list-diff';
import { type ReadQueue, readQueue } from './read-queue';
import type { ReadLimits, ReadResult, TaskResult } from './read-types';

/**
 * Files are read in worker threads (docs/decisions/0160), like QR codes are drawn (ADR 0087): a
 * 5,000-row sheet costs a second of CPU, which on the event loop every request would wait behind.
 * Each thread has a memory cap and each file a time limit; a thread that passes either is ended
 * and the file gets a state ("too big", "too slow"), never a crash or a stall.
 */

export interface ReaderOptions extends ReadLimits {
  threads: number;
  /** Time one file may take once a thread has it (not while it waits, ADR 0212); the thread is ended after that. */
  timeoutMs: number;
  /** How long "compare" and "remove a version" wait for a thread before answering 503 (ADR 0212). */
  busyWaitMs: number;
  /** Old-generation heap of one thread: a zip bomb that lies about its sizes ends here. */
  memoryMb: number;
  idleTimeoutMs: number;
  /**
   * The reading threads' nice value (ADRs 0158, 0159): 0, as measured priority made no difference
   * to other requests, while a lowered one let an overloaded machine starve reads past their limit.
   */
  nice: number;
}

export const DEFAULT_READER_OPTIONS: ReaderOptions = {
  threads: Math.max(1, Math.min(2, availableParallelism() - 1)),
  timeoutMs: 20_000,
  busyWaitMs: 3_000,
  memoryMb: 512,
  idleTimeoutMs: 60_000,
  nice: 0,
  maxLines: 10_000,
  maxPages: 200,
  maxUnzippedBytes: 100 * 1024 * 1024,
  maxPdfStreamBytes: 32 * 1024 * 1024,
};

/** The limits a reading task carries, out of a reader's options. */
export const readLimitsOf = (options: ReadLimits): ReadLimits => ({
  maxLines: options.maxLines,
  maxPages: options.maxPages,
  maxUnzippedBytes: options.maxUnzippedBytes,
  maxPdfStreamBytes: options.maxPdfStreamBytes,
});

export interface FileToRead {
  bytes: Uint8Array;
  contentType?: string | undefined;
  fileName?: string | undefined;
  /** Whose file it is: owners take turns for the threads (ADR 0212). */
  owner?: string | undefined;
  /** The previous version's lines as pieces of JSON in UTF-8 (`linesJson` of the repository). */
  previous?: Uint8Array[] | undefined;
  /** Changes sent back at most; the counts stay whole. */
  changesKept?: number | undefined;
}

/**
 * Lines go to and come from the thread as the UTF-8 bytes of a JSON text (docs/decisions/0196,
 * 0197): the event loop copies bytes and hands them to PostgreSQL, and never holds an object per
 * line nor a string of them.
 */
export interface FileReader {
  read(file: FileToRead): Promise<ReadResult>;
  diff: Diff;
  /**
   * A thread held while `work` runs, taken before it takes any lock (ADR 0212): its diffs start at
   * once. `ReaderBusy` when no thread comes free within `busyWaitMs`.
   */
  withThread<T>(work: (diff: Diff) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Two versions' lines (pieces of JSON in UTF-8) compared in the thread; `ReaderBusy` when none is free soon. */
export type Diff = (before: Uint8Array[], after: Uint8Array[], changesKept?: number) => Promise<ListDiff>;

/** Copies the thread owns (a memory copy, unlike a string's clone), and their buffers to transfer. */
const owned = (pieces: Uint8Array[]) => pieces.map((piece) => new Uint8Array(piece));
const buffers = (pieces: Uint8Array[]) => pieces.map((piece) => piece.buffer as ArrayBuffer);

const isAbort = (error: unknown) => error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');

export function fileReader(
  options: ReaderOptions = DEFAULT_READER_OPTIONS,
  queue: ReadQueue = readQueue(options.threads),
): FileReader {
  let pool: Piscina | undefined;
  const poolOf = () => {
    pool ??= new Piscina({
      filename: new URL('./read-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: options.idleTimeoutMs,
      execArgv: [],
      workerData: { nice: options.nice },
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb, maxYoungGenerationSizeMb: 32 },
    });
    return pool;
  };
  const limits = readLimitsOf(options);
  const heldDiff: Diff = async (before, after, changesKept) => {
    const [a, b] = [owned(before), owned(after)];
    return (await poolOf().run(
      { kind: 'diff', before: a, after: b, changesKept },
      { signal: AbortSignal.timeout(options.timeoutMs), transferList: [...buffers(a), ...buffers(b)] },
    )) as TaskResult as ListDiff;
  };
  async function withThread<T>(work: (diff: Diff) => Promise<T>): Promise<T> {
    const release = await queue.takeSoon(options.busyWaitMs);
    try {
      return await work(heldDiff);
    } finally {
      release();
    }
  }

  return {
    async read(file) {
      const release = await queue.take(file.owner ?? '');
      const started = performance.now();
      // The caller's buffers may be slices of pooled ones, or read again.
      const bytes = new Uint8Array(file.bytes);
      const previous = file.previous && owned(file.previous);
      const task = {
        kind: 'read' as const,
        bytes,
        contentType: file.contentType,
        fileName: file.fileName,
        limits,
        previous,
        changesKept: file.changesKept,
      };
      try {
        return (await poolOf().run(task, {
          signal: AbortSignal.timeout(options.timeoutMs),
          transferList: [bytes.buffer, ...buffers(previous ?? [])],
        })) as ReadResult;
      } catch (error) {
        const workerMs = Math.round(performance.now() - started);
        // Out of time: the thread was ended. Out of memory: the thread died. Neither takes the server.
        return { state: 'unreadable', format: null, reason: isAbort(error) ? 'too-slow' : 'too-big', workerMs };
      } finally {
        release();
      }
    },
    diff: (before, after, changesKept) => withThread((diff) => diff(before, after, changesKept)),
    withThread,
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
