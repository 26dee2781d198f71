/**
 * The tables of business profiles, the directory (issue 15 §3, §4) and stored public pages, apart
 * from db/schema.ts to keep it short.
 */

/** Epoch milliseconds, as in the spec. */
type Millis = number;

/** A business profile's logo, processed on upload (docs/decisions/0099). */
export interface ProfileLogosTable {
  user_id: string;
  image: Uint8Array;
  content_type: string;
  width: number;
  height: number;
  version: string;
  updated_at: Millis;
}

/** One held handle as the directory searches it, kept by triggers (db/migrations/1201-directory.ts). */
export interface DirectoryEntriesTable {
  handle: string;
  user_id: string;
  document: string;
  area_document: string;
  trades: string[];
  follower_count: number;
  last_post_at: Millis | null;
}

/** Every word of the directory's documents, for finding what a mistyped word was meant to be. */
export interface DirectoryWordsTable {
  word: string;
}

/** A public page rendered ahead (docs/decisions/0115, 0116); null body: not a page to store. */
export interface RenderedPagesTable {
  path: string;
  handle: string;
  build: string;
  version: number;
  fresh_until: Millis;
  rendered_at: Millis;
  status: number | null;
  /** The whole page as sent, gzipped. */
  body: Buffer | null;
}
