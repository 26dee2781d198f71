import type { Generated } from 'kysely';

/** Epoch milliseconds, as in the spec. */
type Millis = number;

/**
 * What the link watcher knows about one list's file: its newest version's link, checked in the
 * background (db/migrations/2100-link-checks.ts, docs/decisions/0152).
 */
export interface LinkChecksTable {
  list_id: number;
  user_id: string;
  /** The version and link last checked: a new link starts afresh (no validators, no hash). */
  post_id: number | null;
  url: string | null;
  /** 'pending' until the first check, then core/link-check.ts LinkHealth. */
  health: Generated<string>;
  provider: string | null;
  file_name: string | null;
  file_type: string | null;
  file_size: number | null;
  /** When the file last changed: the provider's Last-Modified, else when a check first saw it different. */
  file_changed_at: Millis | null;
  etag: string | null;
  last_modified: string | null;
  content_sha256: string | null;
  /** How many checks in a row found the file the same (the interval grows with it). */
  quiet_checks: Generated<number>;
  /** The first failing check of the current streak; null while the link works. */
  problem_since: Millis | null;
  /** What visitors see: "This list may be unavailable". */
  broken: Generated<boolean>;
  /** The owner was mailed about the current problem. */
  owner_told: Generated<boolean>;
  last_error: string | null;
  checked_at: Millis | null;
  next_check_at: Millis;
  /** A watcher's claim; another may take the check once it passes (a crash). */
  lease_until: Millis | null;
  created_at: Millis;
  /** When the watcher saw the file change (the digests' period); migration 2102. */
  change_seen_at: Millis | null;
  /** The file's last changes, minutes since the epoch, oldest first: when it usually changes (migration 2980). */
  change_minutes: Generated<number[]>;
}

/** A handle's changed lists waiting for their instant mail (migration 2102, docs/decisions/0153). */
export interface EmailListChangesTable {
  handle: string;
  list_ids: Generated<number[]>;
  sent_at: Generated<Millis>;
}

/** One press of the owner's "check now" (migration 2520, docs/decisions/0208). */
export interface CheckNowPressesTable {
  id: Generated<number>;
  list_id: number;
  pressed_at: Millis;
  /** When the worker's check ended; null while it runs. */
  settled_at: Millis | null;
  /** What the check found (core/check-now.ts CheckNowOutcome), as JSON. */
  outcome: unknown;
}

// The table joins the one Database interface from here, so db/schema.ts stays within its 300 lines.
declare module './schema' {
  interface Database {
    link_checks: LinkChecksTable;
    email_list_changes: EmailListChangesTable;
    check_now_presses: CheckNowPressesTable;
  }
}
