import type { FastifyBaseLogger } from 'fastify';
import type { CheckOutcome } from './checker';
import type { ClaimedCheck } from './repository';

/** What a check that read a changed (or first-seen) file whole hands on (issue 30 reads it into a snapshot). */
export interface FileFetched {
  listId: number;
  postId: number;
  bytes: Buffer;
  contentType: string | null;
  fileName: string | null;
  fetchedAt: number;
  /** Whether the file differs from the last check's; true the first time a link is read. */
  changed: boolean;
}
/** A listener's reading of a file whose change its lines decide (ADR 0157): whether it reads differently. */
export interface FileVerdict {
  changed: boolean;
}
/** May answer a FileVerdict (the contents reader does); anything else is no verdict. */
export type FileFetchedListener = (file: FileFetched) => unknown;

/** A check that ended; `read`: its file was already read (and is not handed on again). */
export type Checked = { claim: ClaimedCheck; outcome: CheckOutcome; read?: true };

/** The watcher's listeners for files it read whole (issue 30's reader is one), and the calls still running. */
export function fileHandOn(log: FastifyBaseLogger) {
  const listeners = new Set<FileFetchedListener>();
  /** Listener calls still running: the watcher does not wait for them, tests and shutdown can (`idle`). */
  const handing = new Set<Promise<void>>();

  const fileOf = (claim: ClaimedCheck, outcome: CheckOutcome, bytes: Buffer, at: number): FileFetched => ({
    listId: claim.listId,
    postId: claim.currentPostId as number,
    bytes,
    contentType: outcome.file?.type ?? null,
    fileName: outcome.file?.name ?? null,
    fetchedAt: at,
    changed: true,
  });
  const failed = (listId: number) => (error: unknown) => {
    log.warn({ err: error, listId }, 'link-check: a file listener failed');
  };

  return {
    /** Registers a listener for files read whole; returns its removal. */
    listen(listener: FileFetchedListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * A file whose bytes differ on every fetch (a Sheets export, ADR 0157) is read before its check
     * is recorded, and changed only if it reads differently; no verdict (no reader listening, or it
     * failed) leaves the bytes' answer. Read here, it is not handed on again after recording.
     */
    async decideByLines(checked: Checked, at: number): Promise<Checked> {
      const { claim, outcome } = checked;
      if (outcome.compare !== 'lines' || outcome.changed !== true || !outcome.bytes || claim.currentPostId === null)
        return checked;
      const file = fileOf(claim, outcome, outcome.bytes, at);
      const verdicts = await Promise.all(
        [...listeners].map((listener) =>
          Promise.resolve()
            .then(() => listener(file))
            .catch(failed(claim.listId)),
        ),
      );
      const verdict = verdicts.find((v): v is FileVerdict => typeof v === 'object' && v !== null && 'changed' in v);
      if (!verdict) return { ...checked, read: true };
      return { claim, outcome: { ...outcome, changed: verdict.changed }, read: true };
    },

    /** Hands a file on without waiting for its listeners. */
    handOn(claim: ClaimedCheck, outcome: CheckOutcome, at: number): void {
      // Only a file that changed (or is read for the first time) is handed on: a quiet round writes nothing anywhere.
      if (!outcome.bytes || claim.currentPostId === null || outcome.changed === false) return;
      const file = fileOf(claim, outcome, outcome.bytes, at);
      for (const listener of listeners) {
        const call: Promise<void> = Promise.resolve()
          .then(async () => {
            await listener(file);
          })
          .catch(failed(claim.listId))
          .finally(() => handing.delete(call));
        handing.add(call);
      }
    },

    /** Resolves once every file handed on so far has been taken by its listeners. */
    async idle(): Promise<void> {
      while (handing.size > 0) await Promise.all(handing);
    },
  };
}
