import { type Kysely, sql } from 'kysely';

/**
 * Orders from a list version (issue 40 §2-3, docs/decisions/0210): the buyer's basket as the
 * supplier's file priced it when read, kept with its state. The lines copy item, pack and price
 * from the version, so an order stays readable when the list moves on or is removed. Both people
 * own it: it goes (backed up) with either, like trade requests. A send key unique per buyer makes
 * a double click or a retry one order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table orders (
      id bigint generated always as identity primary key,
      buyer_id uuid not null references users (id) on delete cascade,
      supplier_id uuid not null references users (id) on delete cascade,
      list_id bigint references lists (id) on delete set null,
      version_id bigint not null,
      handle text not null check (char_length(handle) between 1 and 30),
      list_slug text not null check (char_length(list_slug) between 1 and 200),
      list_name text not null check (char_length(list_name) between 1 and 300),
      business_name text not null default '' check (char_length(business_name) <= 300),
      buyer_name text not null default '' check (char_length(buyer_name) <= 300),
      delivery_date date,
      note text not null default '' check (char_length(note) <= 2000),
      state text not null default 'new' check (state in ('new', 'seen', 'confirmed', 'declined')),
      decline_reason text check (char_length(decline_reason) between 1 and 500),
      line_count integer not null check (line_count between 1 and 500),
      total numeric(14, 2) check (total >= 0),
      currency text check (currency ~ '^[A-Z]{3}$'),
      send_key text not null check (char_length(send_key) between 8 and 100),
      created_at bigint not null,
      decided_at bigint,
      check (buyer_id <> supplier_id),
      check ((state = 'declined') = (decline_reason is not null)),
      check ((state in ('confirmed', 'declined')) = (decided_at is not null)),
      constraint orders_send_key unique (buyer_id, send_key)
    )`.execute(db);
  // The two desks, newest first, a keyset page each.
  await sql`create index orders_supplier_idx on orders (supplier_id, created_at desc, id desc)`.execute(db);
  await sql`create index orders_buyer_idx on orders (buyer_id, created_at desc, id desc)`.execute(db);
  await sql`
    create table order_lines (
      order_id bigint not null references orders (id) on delete cascade,
      position integer not null check (position between 0 and 499),
      line_index integer not null check (line_index >= 0),
      raw text not null check (char_length(raw) <= 1000),
      item text not null check (char_length(item) between 1 and 1000),
      unit text check (char_length(unit) <= 200),
      quantity numeric(10, 3) not null check (quantity > 0 and quantity <= 10000),
      price numeric(14, 4) not null check (price >= 0),
      currency text check (currency ~ '^[A-Z]{3}$'),
      primary key (order_id, position)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists order_lines`.execute(db);
  await sql`drop table if exists orders`.execute(db);
}
