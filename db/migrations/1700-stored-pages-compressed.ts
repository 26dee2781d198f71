import { type Kysely, sql } from 'kysely';

/**
 * A stored profile page is kept as the whole page, gzipped, as it is sent (docs/decisions/0116):
 * about 6 KB instead of 25–30 KB of parts that every request joined to the shell and sent. Stored
 * inline with the row (no TOAST lookups), and never compressed again by PostgreSQL. Stored pages
 * are derived: the ones kept in parts go, and the renderer stores them again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`delete from rendered_pages`.execute(db);
  await sql`alter table rendered_pages drop column head, drop column root, drop column data`.execute(db);
  // Null: the page is not one to store (a redirect, or a render that failed).
  await sql`alter table rendered_pages add column body bytea`.execute(db);
  // Already gzipped: PostgreSQL's own compression would only spend time finding that out.
  await sql`alter table rendered_pages alter column body set storage external`.execute(db);
  // A page of up to about 8 KB stays in the row: one heap fetch, no TOAST index lookup per read.
  await sql`alter table rendered_pages set (toast_tuple_target = 8160)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from rendered_pages`.execute(db);
  await sql`alter table rendered_pages reset (toast_tuple_target)`.execute(db);
  await sql`alter table rendered_pages drop column if exists body`.execute(db);
  await sql`alter table rendered_pages add column head text, add column root text, add column data text`.execute(db);
}
