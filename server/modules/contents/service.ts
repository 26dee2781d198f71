import { CONTENTS_TEXT } from '../../../core/list-contents';
import type { ChangeCounts, ListChange, ListDiff } from '../../../core/list-diff';
import { formatPrice } from '../../../core/list-price';
import type { SearchTerms } from '../../../db/search-queries';
import { forbidden, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { contentsReadRepository, ITEM_SEARCH_LIMITS } from './read-repository';
import type { FileReader } from './reader';
import { type ContentsRepository, contentsRepository } from './repository';
import { slowRetryDue } from './slow-retry';

/**
 * Snapshots of lists' files (docs/decisions/0162): each reading that differs from the one before is
 * a version, stored with what changed; the same content seen again only moves its last-seen time.
 */

/** What the fetcher hands over when it has a file's bytes (issue 29's hook). */
export interface FetchedFile {
  listId: number;
  /** The version (post) whose link was fetched. */
  postId: number | null;
  bytes: Uint8Array;
  contentType?: string | undefined;
  fileName?: string | undefined;
  fetchedAt: number;
  /** False when the fetcher saw the same bytes as last time: nothing is read again once a version exists. */
  changed?: boolean;
}

/** A version that reads differently from the one before: what the list-updated mail and feeds tell. */
export interface ReadableChange {
  listId: number;
  userId: string;
  versionId: number;
  seenAt: number;
  diff: ListDiff;
}

export interface RecordedReading {
  versionId: number | null;
  state: 'read' | 'unreadable';
  /** A readable change from the previous version: the only case in which anyone is told. */
  changed: boolean;
  /** A new version was kept (it reads differently, or reads not at all, unlike the one before). */
  stored: boolean;
  /** What changed: whole counts, the changes cut to the archive's `changesKept` (what is stored). */
  diff: ListDiff | null;
}

export interface ArchiveLimits {
  /** Versions kept per list; the oldest go first. */
  versionsKept: number;
  /** Distinct lines stored per list; past it the oldest versions go until it fits. */
  linesKept: number;
  /** Changes stored per version (the counts are always whole). */
  changesKept: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = { versionsKept: 100, linesKept: 50_000, changesKept: 300 };

const isEmpty = (counts: ChangeCounts) => counts.up + counts.down + counts.added + counts.gone + counts.changed === 0;

/** Queues what a readable change sets off, inside the transaction that stores its version (ADR 0203). */
export type AnnounceChange = (change: ReadableChange, trx: DB) => Promise<void>;

/** Queues what any version read sets off (its first too), inside the transaction that stores it (item alerts, ADR 0209). */
export type OnStored = (stored: { listId: number; versionId: number }, trx: DB) => Promise<void>;

/** Whether Freshlist reads this list's file (its newest version was read). */
export const readsList = (db: DB, listId: number) => contentsRepository(db).readsList(listId);

export function contentsService(
  db: DB,
  reader: FileReader,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
  announce: AnnounceChange | null = null,
  onStored: OnStored | null = null,
) {
  const repo = contentsRepository(db);
  const listeners = new Set<(change: ReadableChange) => void | Promise<void>>();

  /** Old versions past the caps go, then the lines no version holds. */
  async function keepBounded(tx: ContentsRepository, listId: number): Promise<void> {
    let dropped = await tx.dropOldest(listId, limits.versionsKept);
    for (let keep = limits.versionsKept; keep > 1 && (await tx.lineCount(listId)) > limits.linesKept; ) {
      keep = Math.min(keep, await tx.snapshotCount(listId)) - 1;
      dropped += await tx.dropOldest(listId, keep);
      await tx.dropUnheldLines(listId);
    }
    if (dropped > 0) await tx.dropUnheldLines(listId);
  }

  return {
    /**
     * Reads a fetched file in a worker thread and keeps what it found. Nothing readable changed:
     * the newest version is seen again (its last-seen time moves), nothing is stored, no one is told.
     */
    async recordFetchedFile(file: FetchedFile): Promise<RecordedReading> {
      const owner = await repo.listOwner(file.listId);
      if (!owner) return { versionId: null, state: 'unreadable', changed: false, stored: false, diff: null };
      const before = await repo.heads(file.listId);
      const latest = before.latest;
      // Unchanged bytes are not read again, unless they were "too slow" and a retry is due (ADR 0212).
      const retry = latest?.reason === 'too-slow' && slowRetryDue(latest.seenAt, latest.checkedAt, file.fetchedAt);
      if (file.changed === false && before.latest && !retry) {
        await repo.touch(before.latest.id, file.fetchedAt);
        return { versionId: before.latest.id, state: before.latest.state, changed: false, stored: false, diff: null };
      }
      // The previous version's lines go to the thread as PostgreSQL's JSON in UTF-8, and the new
      // ones come back so (docs/decisions/0196, 0197), in pieces (0195): the event loop holds no
      // object per line, and no piece holds it long.
      const readFile = (previous: Uint8Array[] | undefined) =>
        reader.read({
          owner,
          bytes: file.bytes,
          contentType: file.contentType,
          fileName: file.fileName,
          previous,
          changesKept: limits.changesKept,
        });
      const first = await readFile(before.readable && (await repo.linesJson(file.listId, before.readable.id)));

      const reading = await db.transaction().execute(async (trx): Promise<RecordedReading> => {
        const tx = contentsRepository(trx);
        await tx.lockList(file.listId);
        const { latest, readable } = await tx.heads(file.listId);
        // Another reading stored or removed a version meanwhile: the file is read again against the
        // one now in force, as the new rows sent are only those that version does not hold (ADR 0195).
        const result =
          first.state === 'read' && readable?.id !== before.readable?.id
            ? await readFile(readable && (await tx.linesJson(file.listId, readable.id)))
            : first;
        const snapshot = { listId: file.listId, userId: owner, postId: file.postId, seenAt: file.fetchedAt };
        if (result.state === 'unreadable') {
          if (latest?.state === 'unreadable' && latest.reason === result.reason) {
            await tx.touch(latest.id, file.fetchedAt);
            return { versionId: latest.id, state: 'unreadable', changed: false, stored: false, diff: null };
          }
          const versionId = await tx.insertSnapshot({
            ...snapshot,
            state: 'unreadable',
            reason: result.reason,
            format: result.format,
            lineHashes: null,
            counts: null,
            changes: null,
          });
          await keepBounded(tx, file.listId);
          return { versionId, state: 'unreadable', changed: false, stored: true, diff: null };
        }
        const diff = result.diff;
        if (readable && diff && isEmpty(diff.counts) && latest?.id === readable.id) {
          await tx.touch(readable.id, file.fetchedAt);
          return { versionId: readable.id, state: 'read', changed: false, stored: false, diff };
        }
        // The version compared with holds the other lines, and the lock keeps it.
        await tx.storeLines(file.listId, result.newRows);
        const versionId = await tx.insertSnapshot({
          ...snapshot,
          state: 'read',
          reason: null,
          format: result.format,
          lineHashes: result.hashes,
          counts: diff?.counts ?? null,
          changes: diff ? diff.changes.slice(0, limits.changesKept) : null,
        });
        await tx.markCurrent(file.listId, versionId);
        await keepBounded(tx, file.listId);
        const changed = diff !== null && !isEmpty(diff.counts);
        if (changed && announce) await announce({ ...snapshot, versionId, diff }, trx);
        if (onStored) await onStored({ listId: file.listId, versionId }, trx);
        return { versionId, state: 'read', changed, stored: true, diff };
      });
      if (reading.changed && reading.diff && reading.versionId !== null) {
        const change = {
          listId: file.listId,
          userId: owner,
          versionId: reading.versionId,
          seenAt: file.fetchedAt,
          diff: reading.diff,
        };
        for (const listener of listeners) await listener(change);
      }
      return reading;
    },

    /**
     * Whether Freshlist reads this list's file (its newest version was read): then only a readable
     * change tells its followers, and the watcher's "the file changed" does not.
     */
    readsList: (listId: number) => repo.readsList(listId),

    /** Called after each version that reads differently (committed); what it sets off is queued by `announce`, with the version. */
    onReadableChange(listener: (change: ReadableChange) => void | Promise<void>): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * The owner removes a version: gone for everyone. The version after it is compared again with
     * the one before it, so no stored change still shows what the removed version said.
     */
    async removeVersion(listId: number, versionId: number, userId: string): Promise<void> {
      const owner = await repo.listOwner(listId);
      if (!owner) throw notFound(CONTENTS_TEXT.listNotFound);
      if (owner !== userId) throw forbidden(CONTENTS_TEXT.notYourList);
      // The thread is taken before the lock (ADR 0212): a busy reader answers 503, holding nothing.
      await reader.withThread((diffLines) =>
        db.transaction().execute(async (trx) => {
          const tx = contentsRepository(trx);
          await tx.lockList(listId);
          const removed = await tx.seenAt(listId, versionId);
          if (removed === undefined) throw notFound(CONTENTS_TEXT.versionGone);
          const { next, previous } = await tx.neighbours(listId, removed, versionId);
          await tx.deleteSnapshot(listId, versionId);
          if (next) {
            const diff = previous
              ? await diffLines(await tx.linesJson(listId, previous.id), await tx.linesJson(listId, next.id), limits.changesKept)
              : null;
            await tx.setChanges(
              next.id,
              diff?.counts ?? null,
              diff ? (diff.changes.slice(0, limits.changesKept) as ListChange[]) : null,
            );
          }
          const { readable } = await tx.heads(listId);
          await tx.markCurrent(listId, readable?.id ?? null);
          await tx.dropUnheldLines(listId);
        }),
      );
    },
  };
}

export type ContentsService = ReturnType<typeof contentsService>;

/** A current line found by item, as /explore shows it. */
export interface ItemMatch {
  listName: string;
  listSlug: string;
  text: string;
  price: string | null;
  changedAt: number | null;
  checkedAt: number | null;
}

/** /explore's search of suppliers by the items of their current lists (docs/decisions/0163). */
export function contentsSearchService(db: DB, limits = ITEM_SEARCH_LIMITS) {
  const reads = contentsReadRepository(db, limits);
  return {
    /** Each owner's best matching current line, with its rank: the directory ranks them beside names. */
    bestItemMatches: (terms: SearchTerms, viewerId: string | null) => reads.bestItemMatches(terms, viewerId),

    /** The matched lines, only of lists the viewer may read (trade-only lists, docs/decisions/0180). */
    /** The matching line of each list (by list id) that a page of results shows. */
    async matches(terms: SearchTerms, listIds: number[], viewerId: string | null): Promise<Map<number, ItemMatch>> {
      const lines = await reads.bestLines(terms, listIds, viewerId);
      return new Map(
        [...lines].map(([id, line]) => [
          id,
          {
            listName: line.listName,
            listSlug: line.listSlug,
            text: line.item ?? line.raw,
            price:
              line.price === null
                ? null
                : formatPrice({ amount: line.price, currency: line.currency ?? undefined, unit: line.unit ?? undefined }),
            changedAt: line.changedAt,
            checkedAt: line.checkedAt,
          },
        ]),
      );
    },
  };
}
