import { z } from 'zod';

/**
 * The signed-in person's own account (issue 15 §6): downloading what Freshlist stores about them,
 * and deleting it. Deletion keeps the admin's backup for BACKUP_KEEP_DAYS, then purges it.
 */

export const BACKUP_KEEP_DAYS = 30;
export const BACKUP_KEEP_MS = BACKUP_KEEP_DAYS * 24 * 60 * 60 * 1000;

export const ACCOUNT_MESSAGES = {
  confirmMismatch: 'Type the email address you sign in with, exactly as shown, to confirm.',
  ownerCannotDelete:
    'The owner account (OWNER_EMAIL) reviews every handle request, so it cannot delete itself. Change OWNER_EMAIL first.',
} as const;

export const deleteAccountBodySchema = z.object({
  /** The person's sign-in email, typed to confirm (compared without regard to case or surrounding spaces). */
  email: z.string().max(320),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const deleteAccountResponseSchema = z.object({
  deleted: z.literal(true),
  /** Until then an admin can restore the account; afterwards the backup is purged. */
  restorableUntil: z.number(),
});
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/** Rows as stored (column names as in the database), minus what identifies other people. */
const row = z.record(z.string(), z.unknown());

/**
 * "Download my data": one JSON document with everything stored about the person. Other people
 * appear only as what the product already shows them: a follower's public handle, a count.
 */
export const accountExportSchema = z.object({
  format: z.literal('freshlist-export'),
  version: z.literal(1),
  exportedAt: z.number(),
  profile: row,
  handle: z.object({ handle: z.string(), created_at: z.number() }).nullable(),
  handleRequest: row.nullable(),
  inviteRequest: row.nullable(),
  /** Invites sent to the person's address or accepted by them (who made them is left out). */
  invites: z.array(row),
  /** The person's lists (a list is a named series of posts, each post one version). */
  lists: z.array(row),
  posts: z.array(row),
  /** Posts the person removed (only their id and when: the old link answers 410). */
  removedPosts: z.array(row),
  /** What the link watcher learned about each list's file: health, name, type, last change. */
  linkChecks: z.array(row).default([]),
  /** What Freshlist read in the person's lists: each version kept (snapshots) and the lines they hold. */
  listContents: z.object({ snapshots: z.array(row), lines: z.array(row) }),
  /** Whom the person follows, with each bell: what they hear of the business and how often (docs/decisions/0214). */
  following: z.array(
    z.object({
      handle: z.string(),
      followed_at: z.number(),
      bell: z.string().optional(),
      move_percent: z.number().nullable().optional(),
      cadence: z.string().nullable().optional(),
    }),
  ),
  /**
   * Requests for trade access (issue 32): those the person made (to a supplier's handle), and those
   * made to them (the business name the asker gave, as their dashboard shows it).
   */
  tradeRequests: z.object({ made: z.array(row), received: z.array(row) }).default({ made: [], received: [] }),
  /**
   * Orders (docs/decisions/0210): those the person sent and those sent to them, each with its lines,
   * as both order pages show them (the buyer and supplier by name, not by account).
   */
  orders: z.object({ sent: z.array(row), received: z.array(row) }).default({ sent: [], received: [] }),
  /** Blocks from ordering (docs/decisions/0210): the buyers the person blocked, by name, and the suppliers who blocked them, by handle. */
  orderBlocks: z
    .object({
      made: z.array(z.object({ buyer_name: z.string(), blocked_at: z.number() })),
      received: z.array(z.object({ handle: z.string().nullable(), blocked_at: z.number() })),
    })
    .default({ made: [], received: [] }),
  /** The person's item alerts (docs/decisions/0209), each with the words it is found by and what it knew per list. */
  itemAlerts: z.array(row).default([]),
  /** The person's presses of "check now" on their lists and what each found (docs/decisions/0208). */
  checkNowPresses: z.array(row).default([]),
  /** The person's quiet hours (docs/decisions/0214): alerts queued inside them wait until they end. */
  quietHours: row.nullable().default(null),
  /**
   * The devices the person turned push on for (docs/decisions/0214): when, and whose push service
   * (its host). The device's address and keys are left out: they would let anyone push to it.
   */
  pushDevices: z.array(z.object({ pushService: z.string(), created_at: z.number() })).default([]),
  followers: z.object({
    total: z.number(),
    /** Followers with an approved handle, by handle; the others are only counted. */
    withHandle: z.array(z.object({ handle: z.string(), followed_at: z.number() })),
    othersCount: z.number(),
  }),
  /** The person's chat forms, each with its responses. */
  forms: z.array(row),
  emailPreferences: z.object({ listUpdates: z.string(), formResponses: z.string(), notices: z.boolean() }).nullable(),
  /** Mails to the person still in the outbox (finished mails are kept 30 days). */
  emails: z.array(row),
  /** Signed-in browsers (no tokens). */
  sessions: z.array(row),
  /** Analytics events recorded while the person was signed in and had accepted analytics. */
  analyticsEvents: z.array(row),
  /** Admin actions the person took (admins only). */
  adminActions: z.array(row),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** The file name the browser saves the export under. */
export function exportFileName(handle: string | null, at: number, kind: 'json' | 'zip' = 'json'): string {
  const day = new Date(at).toISOString().slice(0, 10);
  return `freshlist-data-${handle ?? 'account'}-${day}.${kind}`;
}
