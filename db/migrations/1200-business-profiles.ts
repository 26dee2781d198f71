import { type Kysely, sql } from 'kysely';

/** The fixed list of trades as it was when this migration landed (core/business-profile.ts keeps the labels). */
const TRADES = [
  'produce',
  'meat',
  'fish',
  'dairy',
  'bakery',
  'beverages',
  'dry-goods',
  'equipment',
  'catering',
  'restaurant',
  'cafe',
  'bar',
  'shop',
  'other',
];

/**
 * Business profiles (issue 15 §3, docs/decisions/0099): the spec's users fields description (the
 * bio), phone, links (the website) and socials get their writer; trades and area are new columns.
 * The logo is stored in the database, so every process serves it: its own table, so reading a
 * person never drags the image along.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const trades = sql.join(TRADES.map((trade) => sql.lit(trade)));
  await sql`alter table users add column trades text[] not null default '{}'`.execute(db);
  await sql`alter table users add constraint users_trades_known check (trades <@ array[${trades}]::text[])`.execute(db);
  await sql`alter table users add column area text check (char_length(area) <= 80)`.execute(db);

  await db.schema
    .createTable('profile_logos')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // The processed image (256 px WebP, no metadata): far below this; the bound keeps a bug from storing an upload whole.
    .addColumn('image', 'bytea', (c) => c.notNull().check(sql`octet_length(image) <= 262144`))
    .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type = 'image/webp'`))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    // A hash of the image: in the logo's address, so a new logo is a new URL and caches may keep the old one forever.
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`
    create trigger profile_logos_notify_change
    after insert or update or delete or truncate on profile_logos
    for each statement execute function freshlist_notify_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists profile_logos`.execute(db);
  await sql`alter table users drop column if exists area`.execute(db);
  await sql`alter table users drop constraint if exists users_trades_known`.execute(db);
  await sql`alter table users drop column if exists trades`.execute(db);
}
