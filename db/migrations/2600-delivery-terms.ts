import { type Kysely, sql } from 'kysely';

/**
 * Ordering terms (issue 40 §1, docs/decisions/0207): a business's delivery days, cut-offs, minimum,
 * areas, exceptions and order addresses, as one JSON object on its users row. Read and written
 * whole with the profile, backed up, exported and restored with the person's row, and a change
 * notifies the holder's cached reads like any profile column. The server checks its shape on every
 * write (core/delivery-terms-api.ts); the database only bounds its size and kind.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column delivery_terms jsonb
    constraint users_delivery_terms_object check (
      jsonb_typeof(delivery_terms) = 'object' and octet_length(delivery_terms::text) <= 65536
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column if exists delivery_terms`.execute(db);
}
