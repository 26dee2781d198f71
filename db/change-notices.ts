import { type Kysely, sql } from 'kysely';

/**
 * Change notices (docs/decisions/0118, docs/architecture.md): every committed change to a row that
 * cached reads show sends one notification on CHANGES_CHANNEL naming what changed, so every server
 * process drops exactly the cached reads that show it. Triggers rather than the app: a change made
 * by another process, a script or psql is heard all the same.
 *
 * A notice's payload is `<table> <tag> <tag> …`, or `<table> *` when a statement changed too many
 * rows to name (a bulk insert, a restore); a table whose rows name no tags sends `<table>` alone,
 * for reads over the whole table. A tag is `kind:value`; a table's triggers say which
 * kinds its rows name (`kind=column`), and the kind `holder` names the handle that the user id in
 * its column holds, as `handle:<handle>`.
 *
 * Migrations call `noticeChanges` for each table a cached read shows. These functions are frozen
 * like a landed migration: a new behaviour is a new function.
 */
export const CHANGES_CHANNEL = 'freshlist_changes';

export interface NoticeOptions {
  /** The tags each changed row names, as `kind=column`; `holder=column` names the handle that user id holds. */
  tags: readonly string[];
  /**
   * Columns no cached read shows and that change often (a link's open count, a session's last-seen
   * time): an update that changes only these notifies nobody. Every other column notifies.
   */
  unshown?: readonly string[];
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** A tag spec (`kind=column`) as its kind and column, both plain identifiers. */
function specOf(tag: string): { kind: string; column: string } {
  const [kind = '', column = ''] = tag.split('=');
  if (!IDENTIFIER.test(kind) || !IDENTIFIER.test(column)) throw new Error(`change notices: bad tag spec ${tag}`);
  return { kind, column };
}

/** The distinct tags the rows of the transition table `changed` name, one SQL select per spec. */
function rowsTagsSql(tags: readonly string[]): string {
  return tags
    .map(specOf)
    .map(({ kind, column }) =>
      kind === 'holder'
        ? `select 'handle:' || h.handle from handles h where h.user_id in (select ${column} from changed)`
        : `select '${kind}:' || ${column}::text from changed where ${column} is not null`,
    )
    .join(' union ');
}

/** The statements adding one row's tags (`rec` is old or new) to the array `tags`. */
function rowTagsSql(tags: readonly string[], rec: 'old' | 'new'): string {
  return tags
    .map(specOf)
    .map(({ kind, column }) => {
      const tag =
        kind === 'holder'
          ? `(select 'handle:' || h.handle from handles h where h.user_id = ${rec}.${column})`
          : `('${kind}:' || ${rec}.${column}::text)`;
      return rec === 'old'
        ? `tags := tags || ${tag};`
        : `if new.${column} is distinct from old.${column} then tags := tags || ${tag}; end if;`;
    })
    .join('\n        ');
}

/** The functions every table's notice triggers share; migration 1800 creates them once. */
export async function createNoticeFunctions(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function freshlist_notice_all() returns trigger language plpgsql as $$
    begin
      perform pg_notify('freshlist_changes', tg_table_name || ' *');
      return null;
    end $$`.execute(db);
}

/** The names of a table's notice triggers, one per event. */
export const noticeTriggers = (table: string) =>
  (['insert', 'update', 'delete', 'truncate'] as const).map((event) => `${table}_notice_${event}`);

/**
 * Makes every committed change to `table` notify, naming the tags of its rows (see NoticeOptions).
 * Each table gets functions of its own, written out for its tags, so PostgreSQL plans them once
 * (no dynamic SQL in a write's path).
 */
export async function noticeChanges(db: Kysely<unknown>, table: string, { tags, unshown = [] }: NoticeOptions): Promise<void> {
  if (!IDENTIFIER.test(table)) throw new Error(`change notices: bad table ${table}`);
  for (const column of unshown) if (!IDENTIFIER.test(column)) throw new Error(`change notices: bad column ${column}`);
  // Inserts and deletes, once per statement (a bulk insert or an account's cascade is one notice):
  // the distinct tags of every row in the transition table `changed`; more rows than a payload can
  // name (a bulk insert, a restore) send `*`.
  const rowsTags = tags.length > 0 ? `select string_agg(t, ' ') into payload from (${rowsTagsSql(tags)}) s(t);` : '';
  await sql`
    create function ${sql.id(`${table}_notice_rows`)}() returns trigger language plpgsql as $$
    declare
      payload text;
      rows_changed integer;
    begin
      select count(*) into rows_changed from (select 1 from changed limit 101) c;
      if rows_changed = 0 then
        return null;
      end if;
      if rows_changed > 100 and ${sql.raw(tags.length > 0 ? 'true' : 'false')} then
        payload := '*';
      else
        ${sql.raw(rowsTags)}
      end if;
      if octet_length(payload) > 7000 then
        payload := '*';
      end if;
      perform pg_notify('freshlist_changes', rtrim(tg_table_name || ' ' || coalesce(payload, '')));
      return null;
    end $$`.execute(db);
  // Updates, per row (the trigger's WHEN leaves out rows whose shown columns stayed the same): the
  // tags of the row before and, where they differ, after (a renamed handle names both).
  await sql`
    create function ${sql.id(`${table}_notice_row`)}() returns trigger language plpgsql as $$
    declare
      tags text[] := '{}';
    begin
      ${sql.raw(rowTagsSql(tags, 'old'))}
      ${sql.raw(rowTagsSql(tags, 'new'))}
      perform pg_notify('freshlist_changes', rtrim(tg_table_name || ' ' || array_to_string(tags, ' ')));
      return null;
    end $$`.execute(db);
  const [insert, update, del, truncate] = noticeTriggers(table) as [string, string, string, string];
  await sql`create trigger ${sql.id(insert)} after insert on ${sql.table(table)}
    referencing new table as changed for each statement execute function ${sql.id(`${table}_notice_rows`)}()`.execute(db);
  await sql`create trigger ${sql.id(del)} after delete on ${sql.table(table)}
    referencing old table as changed for each statement execute function ${sql.id(`${table}_notice_rows`)}()`.execute(db);
  const hidden = sql.raw(`array[${[...unshown, ''].map((c) => `'${c}'`).join(', ')}]::text[]`);
  await sql`create trigger ${sql.id(update)} after update on ${sql.table(table)} for each row
    when ((to_jsonb(old) - ${hidden}) is distinct from (to_jsonb(new) - ${hidden}))
    execute function ${sql.id(`${table}_notice_row`)}()`.execute(db);
  await sql`create trigger ${sql.id(truncate)} after truncate on ${sql.table(table)}
    for each statement execute function freshlist_notice_all()`.execute(db);
}

/** Undoes noticeChanges. */
export async function dropNoticeChanges(db: Kysely<unknown>, table: string): Promise<void> {
  for (const trigger of noticeTriggers(table)) {
    await sql`drop trigger if exists ${sql.id(trigger)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists ${sql.id(`${table}_notice_rows`)}()`.execute(db);
  await sql`drop function if exists ${sql.id(`${table}_notice_row`)}()`.execute(db);
}
