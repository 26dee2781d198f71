import { Piscina } from 'piscina';
import type { CheckTask, CheckThreadSetup } from './check-task';
import type { CheckLimits, CheckOutcome, Validators } from './checker';

export type { CheckThreadSetup } from './check-task';

/** Checks one link (checker.ts checkLink), wherever its network work runs. */
export type LinkChecker = (
  link: string,
  options: CheckLimits & { siteHost: string; previous?: Validators | null },
) => Promise<CheckOutcome>;

export interface CheckThreadOptions {
  setup: CheckThreadSetup;
  /** Checks the thread runs at once: the watcher's places (32) plus the checks of /upload. */
  concurrency: number;
  /** The thread ends after this long without a check (its sockets with it), and starts again on the next. */
  idleTimeoutMs: number;
}

/**
 * Link checks run in a thread of their own (docs/decisions/0191): undici's TLS writes, the parsing of
 * answers, reading and hashing bodies and classifying them cost 0.3-1 ms of a loop per check, which
 * on the event loop answering requests is the tail every page's p99 saw during a watcher round. The
 * main thread sends the link and its validators, and gets back the outcome, the file's bytes moved
 * rather than copied. One thread: the work is mostly waiting for providers, and its own loop
 * interleaves all the checks as the event loop did.
 */
export function checkThread(options: CheckThreadOptions): { check: LinkChecker; close(): Promise<void> } {
  let pool: Piscina | undefined;
  const poolOf = () => {
    pool ??= new Piscina({
      filename: new URL('./check-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: 1,
      concurrentTasksPerWorker: options.concurrency,
      // 'sync' would freeze the thread's loop between tasks, and with it every check still waiting for its answer.
      atomics: 'disabled',
      idleTimeout: options.idleTimeoutMs,
      execArgv: [],
      workerData: options.setup,
    });
    return pool;
  };
  return {
    async check(link, limits) {
      const task: CheckTask = {
        link,
        siteHost: limits.siteHost,
        maxBytes: limits.maxBytes,
        timeoutMs: limits.timeoutMs,
        previous: limits.previous ?? null,
      };
      const outcome = (await poolOf().run(task)) as CheckOutcome;
      // A Buffer crosses as a plain Uint8Array: the same memory seen as a Buffer again.
      const bytes = outcome.bytes && Buffer.from(outcome.bytes.buffer, outcome.bytes.byteOffset, outcome.bytes.byteLength);
      return { ...outcome, bytes };
    },
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
