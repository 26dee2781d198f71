import type { Kysely } from 'kysely';

// The admin planning-note pages: one row per page once an admin saves it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admin_notes')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_by_email', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_notes').ifExists().execute();
}
