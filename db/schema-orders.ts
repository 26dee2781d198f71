import type { ColumnType, Generated } from 'kysely';

/** numeric columns: the drivers read them as text, Kysely writes numbers. */
type Numeric = ColumnType<string, number | string, number | string>;
type NullableNumeric = ColumnType<string | null, number | string | null, number | string | null>;

/** An order from a list version (migration 2700, docs/decisions/0210). */
export interface OrdersTable {
  id: Generated<number>;
  buyer_id: string;
  supplier_id: string;
  list_id: number | null;
  version_id: number;
  handle: string;
  list_slug: string;
  list_name: string;
  business_name: Generated<string>;
  buyer_name: Generated<string>;
  /** YYYY-MM-DD; the drivers may read a date as a Date, so queries select it as text. */
  delivery_date: ColumnType<string | null, string | null, string | null>;
  note: Generated<string>;
  state: Generated<'new' | 'seen' | 'confirmed' | 'declined'>;
  decline_reason: string | null;
  line_count: number;
  total: NullableNumeric;
  currency: string | null;
  send_key: string;
  created_at: number;
  decided_at: number | null;
}

export interface OrderLinesTable {
  order_id: number;
  position: number;
  line_index: number;
  raw: string;
  item: string;
  unit: string | null;
  quantity: Numeric;
  price: Numeric;
  currency: string | null;
}

/** A one-time link to answer an order from its mail (migration 2950): the token's SHA-256 only. */
export interface OrderAnswerLinksTable {
  token_hash: string;
  order_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A buyer a supplier takes no orders from (migration 2950). */
export interface OrderBlocksTable {
  supplier_id: string;
  buyer_id: string;
  created_at: number;
}

declare module './schema' {
  interface Database {
    orders: OrdersTable;
    order_lines: OrderLinesTable;
    order_answer_links: OrderAnswerLinksTable;
    order_blocks: OrderBlocksTable;
  }
}
