import { sql } from 'kysely';
import type { DB } from '../../plugins/db';
import { biggestMoveOf, cadenceOf, hearsOfChange } from './bell-filters';
import { handOutInstantMails, type InstantQueue } from './instant-hand-out';

const CHANGED_LISTS: InstantQueue = {
  table: 'email_list_changes',
  column: 'list_ids',
  kind: 'list-changed',
  topicPrefix: 'changed:',
  payloadKey: 'lists',
};

/** A list whose file changed, as a mail names it. */
export interface ChangedList {
  listId: number;
  handle: string;
  displayName: string;
  listName: string;
  slug: string;
  changedAt: number | null;
  tradeOnly: boolean;
  /** What changed in the file, when Freshlist read it (issue 30). */
  changes?: { summary: string; moves: string[]; path: string } | undefined;
  /** The business's logo's version, for the instant mail's header (read by changedLists only). */
  logoVersion?: string | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** What both of a mail's reads take of a changed list (`l` lists, `h` handles, `u` users, `c` link_checks). */
const CHANGED_LIST_COLUMNS = [
  'l.id as listId',
  'h.handle',
  'u.display_name as displayName',
  'l.name as listName',
  'l.slug',
  'c.file_changed_at as changedAt',
  'l.audience',
] as const;

function changedList(r: {
  listId: number | string;
  handle: string;
  displayName: string;
  listName: string;
  slug: string;
  changedAt: unknown;
  audience: string;
  logoVersion?: string | null;
}): ChangedList {
  return { ...r, listId: Number(r.listId), changedAt: num(r.changedAt), tradeOnly: r.audience === 'trade' };
}

/**
 * The SQL of the mails the link watcher causes (docs/decisions/0153): "list updated" for followers,
 * instantly (a handle's changed lists wait in `email_list_changes`, handed out at most once an hour
 * as email_list_batches are, ADR 0141) or in their digest; and the owner's "link broken" mail.
 */
export function listChangeRepository(db: DB) {
  return {
    /** A list's file changed: it waits for its holder's next instant mail, once however often it changes. */
    async queueListChange(args: { userId: string; listId: number }): Promise<void> {
      await sql`
        insert into email_list_changes (handle, list_ids)
        select h.handle, array[${args.listId}::bigint] from handles h where h.user_id = ${args.userId}
        on conflict (handle) do update set list_ids = case
          when ${args.listId}::bigint = any(email_list_changes.list_ids) then email_list_changes.list_ids
          else email_list_changes.list_ids || excluded.list_ids end
      `.execute(db);
    },

    /** Hands out every handle's changed lists whose last mail is at least `intervalMs` old (`handOutInstantMails`). */
    handOutListChanges(args: { now: number; intervalMs: number }): Promise<number> {
      return handOutInstantMails(db, CHANGED_LISTS, args);
    },

    /** The lists of a mail, still the handle's holder's and still there. */
    async changedLists(handle: string, listIds: number[]): Promise<ChangedList[]> {
      if (listIds.length === 0) return [];
      const rows = await db
        .selectFrom('lists as l')
        .innerJoin('handles as h', 'h.user_id', 'l.user_id')
        .innerJoin('users as u', 'u.id', 'l.user_id')
        .leftJoin('link_checks as c', 'c.list_id', 'l.id')
        .leftJoin('profile_logos as pl', 'pl.user_id', 'l.user_id')
        .select([...CHANGED_LIST_COLUMNS, 'pl.version as logoVersion'])
        .where('h.handle', '=', handle)
        .where('l.id', 'in', listIds)
        .orderBy('l.name')
        .execute();
      return rows.map(changedList);
    },

    /** The lists of the handles `readerId` follows whose files the watcher saw change in [from, to), as their bells for a `period` digest say. */
    async digestChanges(readerId: string, from: number, to: number, period: 'daily' | 'weekly'): Promise<ChangedList[]> {
      const rows = await db
        .selectFrom('follows as f')
        .innerJoin('handles as h', (j) => j.onRef('h.handle', '=', 'f.handle').onRef('h.user_id', '=', 'f.followed_user_id'))
        .innerJoin('users as u', 'u.id', 'h.user_id')
        .innerJoin('users as fu', 'fu.id', 'f.follower_id')
        .leftJoin('email_preferences as p', 'p.email', 'fu.email')
        .innerJoin('link_checks as c', 'c.user_id', 'h.user_id')
        .innerJoin('lists as l', 'l.id', 'c.list_id')
        .select(CHANGED_LIST_COLUMNS)
        .where('f.follower_id', '=', readerId)
        .where(sql<boolean>`${cadenceOf()} = ${period} and ${hearsOfChange(biggestMoveOf(sql.ref('c.list_id')))}`)
        .where('c.change_seen_at', '>=', from)
        .where('c.change_seen_at', '<', to)
        .orderBy('h.handle')
        .orderBy('l.name')
        .limit(200)
        .execute();
      return rows.map(changedList);
    },

    /** Followers owed a `period` digest for lists that changed in [from, to), as their bells say (joined with those owed one for new lists). */
    changeDigestReaders(from: number, to: number, period: 'daily' | 'weekly') {
      return sql`
        select f.follower_id
        from link_checks c
        join handles h on h.user_id = c.user_id
        join follows f on f.handle = h.handle and f.followed_user_id = h.user_id
        join users u on u.id = f.follower_id
        left join email_preferences p on p.email = u.email
        where c.change_seen_at >= ${from}::bigint and c.change_seen_at < ${to}::bigint and f.follower_id <> c.user_id
          and ${cadenceOf()} = ${period} and ${hearsOfChange(biggestMoveOf(sql.ref('c.list_id')))}`;
    },

    /** The owner's list whose link broke, as it is now (a link that works again is not mailed about). */
    async brokenLink(userId: string, listId: number) {
      return db
        .selectFrom('link_checks as c')
        .innerJoin('lists as l', 'l.id', 'c.list_id')
        .innerJoin('handles as h', 'h.user_id', 'c.user_id')
        .select(['l.name as listName', 'l.slug', 'h.handle', 'c.health', 'c.provider', 'c.broken'])
        .where('c.list_id', '=', listId)
        .where('c.user_id', '=', userId)
        .executeTakeFirst();
    },
  };
}
