import type { ColumnType, Generated } from 'kysely';

/**
 * The tables of item alerts (db/migrations/2800-item-alerts.ts, docs/decisions/0209). They join
 * `Database` by interface merging, as db/schema-contents.ts does.
 */

/** Epoch milliseconds, as in the spec. */
type Millis = number;
/** PostgreSQL's numeric: read as text by the drivers, written as a number. */
type Numeric = ColumnType<string, number, number>;

export interface ItemAlertsTable {
  id: Generated<number>;
  user_id: string;
  /** The item's words as the person typed them. */
  item: string;
  /** The words as a tsquery, typos forgiven as /explore forgives them (db/search-queries.ts `fuzzy`). */
  query: string;
  kind: 'back' | 'under' | 'moves';
  /** 'under': a price; 'moves': a percentage; null for 'back'. */
  threshold: ColumnType<string | null, number | null, number | null>;
  unit: 'kg' | 'l' | 'piece' | null;
  currency: string | null;
  scope: 'following' | 'all';
  paused: Generated<boolean>;
  created_at: Millis;
  last_fired_at: Millis | null;
}

export interface ItemAlertWordsTable {
  word: string;
  prefix: boolean;
  alert_id: number;
}

export interface ItemAlertStatesTable {
  alert_id: number;
  list_id: number;
  holds: boolean;
  reference: Numeric | null;
  reference_basis: string | null;
  changed_at: Millis;
}

/** A line's price per unit as alerts read it, kept once read (db/migrations/2990, docs/decisions/0221). */
export interface ItemAlertLineValuesTable {
  line_id: number;
  /** Null when the line's pack gives no price per unit. */
  amount: number | null;
  unit: 'kg' | 'l' | 'piece' | null;
}

/** Each distinct query's words, kept by a trigger on item_alerts (db/migrations/3030, docs/decisions/0231). */
export interface ItemAlertQueryWordsTable {
  word: string;
  prefix: boolean;
  query: string;
}

/** The lines a list's alerts were last evaluated against (db/migrations/3030, docs/decisions/0231). */
export interface ItemAlertEvaluationsTable {
  list_id: number;
  line_ids: number[];
  /** The newest alert when they were: a newer one is evaluated whatever the version changed. */
  last_alert_id: number;
  evaluated_at: Millis;
}

declare module './schema' {
  interface Database {
    item_alerts: ItemAlertsTable;
    item_alert_words: ItemAlertWordsTable;
    item_alert_states: ItemAlertStatesTable;
    item_alert_line_values: ItemAlertLineValuesTable;
    item_alert_query_words: ItemAlertQueryWordsTable;
    item_alert_evaluations: ItemAlertEvaluationsTable;
  }
}
