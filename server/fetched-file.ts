import type { ChangeCounts } from '../core/list-diff';

/**
 * What the link watcher hands on when it read a file whole, and what a reader answers: the
 * contract between the link-check module, which fetches, and the contents module, which reads.
 * Apart from both (issue 28's one-way arrows): the composition root (modules/index.ts) joins them.
 */

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
  /** What changed in the version stored, when its followers are being told of it ("check now" says so, ADR 0208). */
  announced?: ChangeCounts;
}
/** May answer a FileVerdict (the contents reader does); anything else is no verdict. */
export type FileFetchedListener = (file: FileFetched) => unknown;
