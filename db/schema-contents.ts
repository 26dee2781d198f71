import type { Generated } from 'kysely';

/**
 * The tables of what Freshlist read in lists' files (issue 30, db/migrations/2200-list-contents.ts,
 * docs/decisions/0162). They join `Database` by interface merging, so db/schema.ts stays short.
 */

/** Epoch milliseconds, as in the spec. */
type Millis = number;

/** One reading of a list's file that differed from the one before: a version in the archive. */
export interface ListSnapshotsTable {
  id: Generated<number>;
  list_id: number;
  user_id: string;
  /** The version (post) whose link was read; null once that post is removed. */
  post_id: number | null;
  /** When this content was first seen, and last seen unchanged. */
  seen_at: Millis;
  checked_at: Millis;
  state: 'read' | 'unreadable';
  reason: string | null;
  format: string | null;
  /** The lines in order, by their list_lines ids: a line unchanged since an earlier version is stored once. */
  line_ids: number[];
  /** What changed since the previous readable version; null for the first one read. */
  counts: { up: number; down: number; added: number; gone: number; changed: number } | null;
  changes: unknown[] | null;
}

/** A distinct line of one list, kept while a version holds it. `current`: in the list's newest readable version. */
export interface ListLinesTable {
  id: Generated<number>;
  list_id: number;
  hash: string;
  raw: string;
  item: string | null;
  price: number | null;
  currency: string | null;
  unit: string | null;
  place: string | null;
  current: Generated<boolean>;
}

/** Each list's current items as one document, kept by triggers on list_lines (migration 2201): /explore searches it. */
export interface ListSearchTable {
  list_id: number;
  user_id: string;
  document: string;
  /** The list's current lines, by id, and their documents in the same order (docs/decisions/0192). */
  line_ids: Generated<number[]>;
  line_documents: Generated<string[]>;
}

declare module './schema' {
  interface Database {
    list_snapshots: ListSnapshotsTable;
    list_lines: ListLinesTable;
    list_search: ListSearchTable;
  }
}
