import { type Kysely, sql } from 'kysely';

/**
 * The rest of the order desk (issue 40 §3, docs/decisions/0210):
 * - `order_answer_links`: the supplier answers from the order mail through a link that works once
 *   and expires. Only the token's SHA-256 is stored, so the table cannot answer an order by itself.
 * - `order_blocks`: a supplier blocks a buyer from ordering; it goes with either person.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table order_answer_links (
      token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
      order_id bigint not null references orders (id) on delete cascade,
      created_at bigint not null,
      expires_at bigint not null,
      used_at bigint,
      check (expires_at > created_at)
    )`.execute(db);
  await sql`create index order_answer_links_order on order_answer_links (order_id)`.execute(db);
  await sql`
    create table order_blocks (
      supplier_id uuid not null references users (id) on delete cascade,
      buyer_id uuid not null references users (id) on delete cascade,
      created_at bigint not null,
      primary key (supplier_id, buyer_id),
      check (supplier_id <> buyer_id)
    )`.execute(db);
  await sql`create index order_blocks_buyer on order_blocks (buyer_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists order_blocks`.execute(db);
  await sql`drop table if exists order_answer_links`.execute(db);
}
