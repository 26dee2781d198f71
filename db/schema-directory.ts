/**
 * The tables of business profiles, the directory (issue 15 §3, §4) and held handles, apart from
 * db/schema.ts to keep it short.
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
  /** 'day:tue', 'pc:BS8', 'town:bath', 'area:any' from the business's ordering terms (migration 2960). */
  delivery_keys: string[];
}

/** Every word of the directory's documents, for finding what a mistyped word was meant to be. */
export interface DirectoryWordsTable {
  word: string;
}

/** A released handle, held from others until `held_until` (migration 2300, docs/decisions/0170). */
export interface HandleHoldsTable {
  handle: string;
  former_user_id: string;
  released_at: Millis;
  held_until: Millis;
}
