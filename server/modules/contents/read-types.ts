import type { FileFormat, UnreadableReason } from '../../../core/list-contents';
import type { ListDiff } from '../../../core/list-diff';

/**
 * What goes to a reading thread and what comes back (docs/decisions/0160). Lines cross only as the
 * UTF-8 bytes of JSON texts of `LineRow`s (line-rows.ts, docs/decisions/0196, 0197), in pieces of
 * tens of kilobytes (0195): bytes are copied whole, where 5,000 line objects, or one long string,
 * cost the event loop milliseconds to clone and more to hand to the database.
 */

export interface ReadLimits {
  /** Lines (rows) in all sheets or pages together; more is "too big". */
  maxLines: number;
  maxPages: number;
  /** Bytes a spreadsheet's zip may unpack to, by what its entries declare (a zip bomb's tell). */
  maxUnzippedBytes: number;
  /** Bytes one stream of a PDF may unpack to (docs/decisions/0212); all of them together, `maxUnzippedBytes`. */
  maxPdfStreamBytes: number;
}

export type ReadTask =
  | {
      kind: 'read';
      bytes: Uint8Array;
      contentType?: string | undefined;
      fileName?: string | undefined;
      limits: ReadLimits;
      /** The lines of the list's previous readable snapshot (pieces of JSON, UTF-8), to say what changed. */
      previous?: Uint8Array[] | undefined;
      /** Changes sent back at most (the counts stay whole); all when absent. */
      changesKept?: number | undefined;
    }
  | { kind: 'diff'; before: Uint8Array[]; after: Uint8Array[]; changesKept?: number | undefined };

export type ReadResult =
  | {
      state: 'read';
      format: FileFormat;
      /**
       * The lines whose hash no line of `previous` was stored under, as JSON rows (UTF-8) in
       * pieces, hashed in the thread: all a reading needs to store while that version exists, the
       * others being stored already (ADR 0195); every line when there was no `previous`.
       */
      newRows: Uint8Array[];
      /** Their hashes in order, a PostgreSQL text[] literal (UTF-8): the version's line ids are found by them. */
      hashes: Uint8Array;
      lineCount: number;
      /** Against `previous`, its changes cut to `changesKept`. */
      diff: ListDiff | null;
      workerMs: number;
    }
  | { state: 'unreadable'; format: FileFormat | null; reason: UnreadableReason; workerMs: number };

export type TaskResult = ReadResult | ListDiff;

/** A reader's way of saying the file cannot be read, and why. */
export class Unreadable extends Error {
  constructor(readonly reason: UnreadableReason) {
    super(reason);
  }
}
