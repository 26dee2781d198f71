import { HttpError } from '../../http-errors';

/**
 * Who reads next (docs/decisions/0212). Files wait here, not in the thread pool's queue: each owner
 * has a queue and owners take turns, so a supplier with fifty slow files delays another's one by
 * one file at most; and a file's time limit starts when a thread takes it, not while it waits. A
 * person waiting on a page (compare, remove a version) goes ahead of the files, for a short while.
 */

/** About a short file's reading and a little more: a long one ends by its time limit meanwhile or soon after. */
const RETRY_AFTER_SECONDS = 5;

/** No reading thread came free in time: the caller answers 503 with Retry-After. */
export class ReaderBusy extends HttpError {
  constructor(retryAfterSeconds: number) {
    super(503, 'Files are being read; please try again in a few seconds.', 'Service Unavailable', retryAfterSeconds);
  }
}

/** Gives the thread back; calling it twice gives it back once. */
export type Release = () => void;

export interface ReadQueue {
  /** A thread for one of `owner`'s files, when it is that owner's turn. */
  take(owner: string): Promise<Release>;
  /** A thread ahead of every file; `ReaderBusy` when none is free within `waitMs`. */
  takeSoon(waitMs: number): Promise<Release>;
}

export function readQueue(threads: number): ReadQueue {
  let running = 0;
  const soon: (() => void)[] = [];
  // A Map keeps insertion order: the first owner is the one whose turn it is, and goes to the back.
  const turns = new Map<string, (() => void)[]>();

  function nextFile(): (() => void) | undefined {
    const first = turns.entries().next();
    if (first.done) return undefined;
    const [owner, files] = first.value;
    turns.delete(owner);
    const start = files.shift();
    if (files.length > 0) turns.set(owner, files);
    return start;
  }

  function startNext(): void {
    while (running < threads) {
      const start = soon.shift() ?? nextFile();
      if (!start) return;
      running++;
      start();
    }
  }

  function released(): Release {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      running--;
      startNext();
    };
  }

  return {
    take(owner) {
      return new Promise((resolve) => {
        const files = turns.get(owner) ?? [];
        files.push(() => resolve(released()));
        turns.set(owner, files);
        startNext();
      });
    },
    takeSoon(waitMs) {
      return new Promise((resolve, reject) => {
        const start = () => {
          clearTimeout(timer);
          resolve(released());
        };
        const timer = setTimeout(() => {
          soon.splice(soon.indexOf(start), 1);
          reject(new ReaderBusy(RETRY_AFTER_SECONDS));
        }, waitMs);
        soon.push(start);
        startNext();
      });
    },
  };
}
