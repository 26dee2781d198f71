import type { FastifyBaseLogger } from 'fastify';
import type { FileFetched, FileFetchedListener, FileVerdict } from '../../fetched-file';
import type { CheckOutcome } from './checker';
import type { ClaimedCheck } from './repository';

export type { FileFetched, FileFetchedListener, FileVerdict } from '../../fetched-file';

/** A check that ended; `read`: its file was already read (and is not handed on again), with its listeners' verdict if any. */
export type Checked = { claim: ClaimedCheck; outcome: CheckOutcome; read?: true; verdict?: FileVerdict };

/** What "check now" found: the check, what reading its file said, and whether the watcher queued "the file changed". */
export interface CheckedNow {
  outcome: CheckOutcome;
  verdict: FileVerdict | null;
  fileChanged: boolean;
}

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

  /** Every listener's reading of one file, waited for; the first verdict among them. */
  async function readWhole(file: FileFetched, listId: number): Promise<FileVerdict | undefined> {
    const verdicts = await Promise.all(
      [...listeners].map((listener) =>
        Promise.resolve()
          .then(() => listener(file))
          .catch(failed(listId)),
      ),
    );
    return verdicts.find((v): v is FileVerdict => typeof v === 'object' && v !== null && 'changed' in v);
  }

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
      const verdict = await readWhole(file, claim.listId);
      if (!verdict) return { ...checked, read: true };
      return { claim, outcome: { ...outcome, changed: verdict.changed }, read: true, verdict };
    },

    /**
     * Reads a changed (or first-seen) file before its check is recorded, waiting for its listeners,
     * so the caller learns what the reading found ("check now", ADR 0208); the bytes' answer stands.
     */
    async readNow(checked: Checked, at: number): Promise<Checked> {
      const { claim, outcome } = checked;
      if (checked.read || !outcome.bytes || claim.currentPostId === null || outcome.changed === false) return checked;
      const verdict = await readWhole(fileOf(claim, outcome, outcome.bytes, at), claim.listId);
      return verdict ? { ...checked, read: true, verdict } : { ...checked, read: true };
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
