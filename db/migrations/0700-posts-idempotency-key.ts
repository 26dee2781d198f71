import type { Kysely } from 'kysely';

// A double-submitted upload (double click, a retry after a lost response) carries the same key:
// the unique index lets only the first become a post. NULL keys (older clients) never conflict.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('idempotency_key', 'text').execute();
  await db.schema
    .createIndex('posts_user_idempotency_key')
    .unique()
    .on('posts')
    .columns(['user_id', 'idempotency_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('posts_user_idempotency_key').ifExists().execute();
  await db.schema.alterTable('posts').dropColumn('idempotency_key').execute();
}
