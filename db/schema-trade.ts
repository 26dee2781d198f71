/** The tables and columns of trade-only lists (issue 32, docs/decisions/0180), apart from db/schema.ts to keep it short. */
import type { Generated } from 'kysely';

/** Epoch milliseconds, as in the spec. */
type Millis = number;

export type Audience = 'public' | 'trade';

export interface TradeUserColumns {
  /** The audience a new list starts with. */
  default_audience: Generated<Audience>;
  /** Whether the businesses this person follows see their name and business; null: never chosen. */
  shown_to_followed: boolean | null;
  /** The business this person names to suppliers (an access request, the Followers page). */
  business_name: string | null;
}

export interface TradeListColumns {
  /** Public, or trade only: its versions' contents then live in trade_contents. */
  audience: Generated<Audience>;
}

/**
 * The sealed contents of a trade-only list's version (its posts row keeps '' and nulls). Read only
 * through `trade_contents_for(viewer)` (db/sealed-contents.ts), never directly.
 */
export interface TradeContentsTable {
  post_id: number;
  url: string;
  description: string;
  valid_from: string | null;
  valid_until: string | null;
}

/** A member's request for a supplier's trade-only lists; `approved` is access. */
export interface TradeRequestsTable {
  owner_id: string;
  member_id: string;
  business_name: string;
  note: Generated<string>;
  state: 'pending' | 'approved' | 'declined';
  created_at: Millis;
  decided_at: Millis | null;
  /** Why the supplier declined, when they said; '' otherwise. */
  decline_reason: Generated<string>;
}

export interface TradeTables {
  trade_contents: TradeContentsTable;
  trade_requests: TradeRequestsTable;
}
