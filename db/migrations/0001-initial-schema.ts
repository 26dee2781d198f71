import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull().unique().check(sql`email = lower(email) and email <> ''`))
    .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('oidc_subject', 'text', (c) => c.unique())
    .addColumn('admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rejected', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('handle_revoked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('admin_created', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('phone', 'text')
    .addColumn('socials', 'text')
    .addColumn('links', 'text')
    .addColumn('description', 'text')
    .addColumn('questions', 'text')
    .addColumn('usage_description', 'text')
    .addColumn('invited_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('restored_at', 'bigint')
    .execute();

  await db.schema
    .createTable('handles')
    .addColumn('handle', 'text', (c) => c.primaryKey().check(sql`handle ~ '^[a-z0-9-]{1,30}$'`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('handle_requests')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('handle', 'text', (c) => c.notNull().check(sql`handle ~ '^[a-z0-9-]{1,30}$'`))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('usage_description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invites')
    .addColumn('handle', 'text', (c) => c.primaryKey().check(sql`handle ~ '^[a-z0-9-]{1,30}$'`))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(email)`))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('socials', 'text')
    .addColumn('links', 'text')
    .addColumn('description', 'text')
    .addColumn('questions', 'text')
    .addColumn('used', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint')
    .addColumn('accepted_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('invites_email_idx').on('invites').column('email').execute();

  await db.schema
    .createTable('invite_requests')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('handle', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('socials', 'text')
    .addColumn('links', 'text')
    .addColumn('description', 'text')
    .addColumn('questions', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('handle', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull().check(sql`char_length(url) <= 500`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo('').check(sql`char_length(description) <= 300`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('open_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create index posts_handle_time_idx on posts (handle, created_at desc, id desc)`.execute(db);
  await sql`create index posts_user_time_idx on posts (user_id, created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('handle', 'text', (c) => c.notNull().references('handles.handle').onDelete('cascade').onUpdate('cascade'))
    .addColumn('followed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pkey', ['follower_id', 'handle'])
    .execute();
  await db.schema.createIndex('follows_handle_idx').on('follows').columns(['handle', 'followed_at']).execute();

  await db.schema
    .createTable('chat_forms')
    .addColumn('id', 'text', (c) => c.primaryKey().check(sql`id ~ '^[A-Za-z0-9_-]{1,64}$'`))
    .addColumn('owner_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('questions', 'jsonb', (c) => c.notNull())
    .addColumn('thank_you_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_forms_owner_idx').on('chat_forms').column('owner_id').execute();

  await db.schema
    .createTable('chat_form_submissions')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('form_id', 'text', (c) => c.notNull().references('chat_forms.id').onDelete('cascade'))
    .addColumn('answers', 'jsonb', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('chat_form_submissions_idempotency_key', ['form_id', 'idempotency_key'])
    .execute();
  await sql`create index chat_form_submissions_form_time_idx on chat_form_submissions (form_id, submitted_at desc)`.execute(db);

  await db.schema
    .createTable('deleted_users')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('backup', 'jsonb', (c) => c.notNull())
    .addColumn('deleted_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('deleted_at', 'bigint', (c) => c.notNull())
    .addColumn('restored_at', 'bigint')
    .execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('path', 'text')
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('analytics_events_time_idx').on('analytics_events').columns(['created_at']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'sessions',
    'analytics_events',
    'deleted_users',
    'chat_form_submissions',
    'chat_forms',
    'follows',
    'posts',
    'invite_requests',
    'invites',
    'handle_requests',
    'handles',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
