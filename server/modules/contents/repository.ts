import { sql } from 'kysely';
import type { ChangeCounts, ListChange } from '../../../core/list-diff';
import type { ListLine } from '../../../core/list-lines';
import type { DB } from '../../plugins/db';
import type { LineRow } from './line-rows';

/**
 * All SQL of lists' contents (docs/decisions/0162): snapshots (versions) and their deduplicated
 * lines. The writes serve the reader; the reads come last, one function per shape people see
 * (a summary per list, the archive of versions, one version's text), so a rule about who may see a
 * list's contents (trade-only lists, issue 32) is added in these few places.
 */

export interface SnapshotHead {
  id: number;
  state: 'read' | 'unreadable';
  reason: string | null;
  seenAt: number;
  /** When the same content was last seen again (null before that). */
  checkedAt: number | null;
}

const LINE_COLUMNS = ['raw', 'item', 'price', 'currency', 'unit', 'place'] as const;
/**
 * Lines a statement when a version's lines go to the thread: about 600 KB of reply, one statement
 * for the issue's 5,000-row sheet. Smaller pages measured worse: each statement's own handling on
 * the event loop (about 0.15 ms) cost more than the shorter reply saved (ADR 0195).
 */
const LINES_PAGE = 5000;
/**
 * Bytes as a bytea parameter: node-postgres sends a Buffer as binary, a view on the same memory
 * (no copy); PGlite takes any Uint8Array.
 */
const bytea = (bytes: Uint8Array) => sql`${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)}::bytea`;

const toLine = (row: Omit<LineRow, 'hash'>): ListLine => {
  const line: ListLine = { raw: row.raw };
  if (row.item !== null) line.item = row.item;
  if (row.price !== null) line.price = Number(row.price);
  if (row.currency !== null) line.currency = row.currency;
  if (row.unit !== null) line.unit = row.unit;
  if (row.place !== null) line.where = row.place;
  return line;
};

export function contentsRepository(db: DB) {
  return {
    /** Whether Freshlist reads the list's file: its newest version was read. */
    async readsList(listId: number): Promise<boolean> {
      const row = await db
        .selectFrom('list_snapshots')
        .select('state')
        .where('list_id', '=', listId)
        .orderBy('seen_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.state === 'read';
    },

    async listOwner(listId: number): Promise<string | undefined> {
      return (await db.selectFrom('lists').select('user_id').where('id', '=', listId).executeTakeFirst())?.user_id;
    },

    /** One reading of a list at a time: the next reading compares with what this one stored. */
    async lockList(listId: number): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`contents:${listId}`}, 0))`.execute(db);
    },

    /** The list's newest snapshot, and its newest readable one (the same when the file reads). */
    async heads(listId: number): Promise<{ latest: SnapshotHead | undefined; readable: SnapshotHead | undefined }> {
      const select = db
        .selectFrom('list_snapshots')
        .select(['id', 'state', 'reason', 'seen_at as seenAt', 'checked_at as checkedAt'])
        .where('list_id', '=', listId)
        .orderBy('seen_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1);
      const [latest, readable] = await Promise.all([
        select.executeTakeFirst(),
        select.where('state', '=', 'read').executeTakeFirst(),
      ]);
      const head = (row: typeof latest) =>
        row && {
          ...row,
          id: Number(row.id),
          seenAt: Number(row.seenAt),
          checkedAt: row.checkedAt === null ? null : Number(row.checkedAt),
        };
      return { latest: head(latest), readable: head(readable) };
    },

    /** Lines by id, in the order of `lineIds`. */
    async lines(listId: number, lineIds: number[]): Promise<ListLine[]> {
      if (lineIds.length === 0) return [];
      const rows = await db
        .selectFrom('list_lines')
        .select(['id', ...LINE_COLUMNS])
        .where('list_id', '=', listId)
        .where('id', '=', sql<number>`any(${lineIds}::bigint[])`)
        .execute();
      const byId = new Map(rows.map((r) => [Number(r.id), toLine(r)]));
      return lineIds.map((id) => byId.get(id)).filter((l): l is ListLine => l !== undefined);
    },

    /**
     * A version's lines in order as pieces of JSON text in UTF-8, each line an array
     * (`StoredLineArray` of line-rows.ts: half the bytes of named fields, and the hash it is stored
     * under), for the reading thread: PostgreSQL builds them, the event loop passes the bytes on
     * unparsed (docs/decisions/0196, 0197), a page of lines a statement so that no reply holds the
     * event loop for long (0195).
     */
    async linesJson(listId: number, snapshotId: number): Promise<Uint8Array[]> {
      const pieces: Uint8Array[] = [];
      for (let from = 1, total = 1; from <= total; from += LINES_PAGE) {
        // Text, encoded here once (natively): a bytea column's hex or base64 cost the driver more.
        const { rows } = await sql<{ lines: string; total: number | string | null }>`
          select coalesce(json_agg(json_build_array(l.raw, l.item, l.price, l.currency, l.unit, l.place, l.hash)
            order by e.ord), '[]')::text as lines,
            (select cardinality(line_ids) from list_snapshots where id = ${snapshotId} and list_id = ${listId}) as total
          from list_snapshots s
          cross join lateral unnest(s.line_ids[${from}:${from + LINES_PAGE - 1}]) with ordinality as e(id, ord)
          join list_lines l on l.id = e.id and l.list_id = s.list_id
          where s.id = ${snapshotId} and s.list_id = ${listId}`.execute(db);
        pieces.push(Buffer.from(rows[0]?.lines ?? '[]'));
        total = Number(rows[0]?.total ?? 0);
      }
      return pieces;
    },

    /**
     * Stores the lines not stored yet, from the thread's JSON rows (UTF-8 pieces, each sent as one
     * bytea parameter), in their order (a line's id breaks ties in /explore): a statement a piece,
     * the event loop free for other requests between them (ADR 0195).
     */
    async storeLines(listId: number, pieces: Uint8Array[]): Promise<void> {
      for (const [i, rowsJson] of pieces.entries()) {
        // On PGlite the statement itself runs on the event loop: requests waiting get their turn first.
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        await sql`
          insert into list_lines (list_id, hash, raw, item, price, currency, unit, place)
          select ${listId}, r.hash, r.raw, r.item, r.price, r.currency, r.unit, r.place
          from rows from (json_to_recordset(convert_from(${bytea(rowsJson)}, 'UTF8')::json) as (hash text, raw text, item text,
            price double precision, currency text, unit text, place text)) with ordinality
            as r(hash, raw, item, price, currency, unit, place, ord)
          order by r.ord
          on conflict (list_id, hash) do nothing`.execute(db);
      }
    },

    async insertSnapshot(snapshot: {
      listId: number;
      userId: string;
      postId: number | null;
      seenAt: number;
      state: 'read' | 'unreadable';
      reason: string | null;
      format: string | null;
      /** The lines' hashes in order (a text[] literal's UTF-8 from the thread); their stored ids become the version's. */
      lineHashes: Uint8Array | null;
      counts: ChangeCounts | null;
      changes: ListChange[] | null;
    }): Promise<number> {
      const row = await db
        .insertInto('list_snapshots')
        .values({
          list_id: snapshot.listId,
          user_id: snapshot.userId,
          post_id: snapshot.postId,
          seen_at: snapshot.seenAt,
          checked_at: snapshot.seenAt,
          state: snapshot.state,
          reason: snapshot.reason,
          format: snapshot.format,
          line_ids:
            snapshot.lineHashes === null
              ? sql<number[]>`'{}'::bigint[]`
              : sql<number[]>`coalesce((
                  select array_agg(l.id order by h.ord)
                  from unnest(convert_from(${bytea(snapshot.lineHashes)}, 'UTF8')::text[]) with ordinality as h(hash, ord)
                  join list_lines l on l.list_id = ${snapshot.listId} and l.hash = h.hash), '{}')`,
          counts: snapshot.counts === null ? null : (JSON.stringify(snapshot.counts) as never),
          changes: snapshot.changes === null ? null : (JSON.stringify(snapshot.changes) as never),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** The same content seen again: only its last-seen time moves. */
    async touch(snapshotId: number, checkedAt: number): Promise<void> {
      await db.updateTable('list_snapshots').set({ checked_at: checkedAt }).where('id', '=', snapshotId).execute();
    },

    async setChanges(snapshotId: number, counts: ChangeCounts | null, changes: ListChange[] | null): Promise<void> {
      await db
        .updateTable('list_snapshots')
        .set({
          counts: counts === null ? null : (JSON.stringify(counts) as never),
          changes: changes === null ? null : (JSON.stringify(changes) as never),
        })
        .where('id', '=', snapshotId)
        .execute();
    },

    /**
     * The lines /explore searches: exactly those of this version (the newest readable one), none
     * when null. The version's ids stay in the database.
     */
    async markCurrent(listId: number, snapshotId: number | null): Promise<void> {
      await sql`
        update list_lines set current = not current
        where list_id = ${listId} and current is distinct from (id in (
          select unnest(line_ids) from list_snapshots where id = ${snapshotId} and list_id = ${listId}))`.execute(db);
    },

    /** Snapshots past the newest `keep`, oldest first; returns how many went. */
    async dropOldest(listId: number, keep: number): Promise<number> {
      const result = await sql`
        delete from list_snapshots where id in (
          select id from list_snapshots where list_id = ${listId}
          order by seen_at desc, id desc offset ${keep})`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },

    async lineCount(listId: number): Promise<number> {
      const row = await db
        .selectFrom('list_lines')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('list_id', '=', listId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async snapshotCount(listId: number): Promise<number> {
      const row = await db
        .selectFrom('list_snapshots')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('list_id', '=', listId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Lines no version holds any more (a version removed or dropped) go. */
    async dropUnheldLines(listId: number): Promise<void> {
      await sql`
        delete from list_lines l using (
          select id from list_lines where list_id = ${listId} and not current
          except select unnest(line_ids) from list_snapshots where list_id = ${listId}
        ) unheld
        where l.id = unheld.id`.execute(db);
    },

    async seenAt(listId: number, snapshotId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('list_snapshots')
        .select('seen_at')
        .where('id', '=', snapshotId)
        .where('list_id', '=', listId)
        .executeTakeFirst();
      return row && Number(row.seen_at);
    },

    async deleteSnapshot(listId: number, snapshotId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('list_snapshots')
        .where('id', '=', snapshotId)
        .where('list_id', '=', listId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The readable snapshot right after and right before `seenAt`/`id` (to mend the archive around a removed one). */
    async neighbours(listId: number, seenAt: number, id: number) {
      const base = db.selectFrom('list_snapshots').select('id').where('list_id', '=', listId).where('state', '=', 'read');
      const [next, previous] = await Promise.all([
        base
          .where((eb) => eb.or([eb('seen_at', '>', seenAt), eb.and([eb('seen_at', '=', seenAt), eb('id', '>', id)])]))
          .orderBy('seen_at')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst(),
        base
          .where((eb) => eb.or([eb('seen_at', '<', seenAt), eb.and([eb('seen_at', '=', seenAt), eb('id', '<', id)])]))
          .orderBy('seen_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst(),
      ]);
      const head = (row: typeof next) => row && { id: Number(row.id) };
      return { next: head(next), previous: head(previous) };
    },
  };
}

export type ContentsRepository = ReturnType<typeof contentsRepository>;
