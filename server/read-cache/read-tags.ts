import { normalizeHandle } from '../../core/handle';
import type { Database } from '../../db/schema';

/**
 * The tags a cached read is filed under, spelled as change notices name them
 * (db/change-notices.ts, docs/architecture.md): a notice naming one drops every read filed under it.
 */

/** Everything public about one handle: its holder's profile, logo, lists and posts, and the handle row. */
export const handleTag = (handle: string) => `handle:${normalizeHandle(handle)}`;

/** One person's private reads: their sessions (which show their email, name, admin flag and handle). */
export const userTag = (userId: string) => `user:${userId}`;

/** The follows one reader made: their feed. */
export const followerTag = (userId: string) => `follower:${userId}`;

/** Any change to a table: for reads over many people's rows (a feed, a directory search). */
export const tableTags = (...tables: Array<keyof Database>) => tables.map((table) => `table:${table}`);
