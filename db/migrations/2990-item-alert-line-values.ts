import { type Kysely, sql } from 'kysely';

/**
 * Each line's price per kg, litre or piece as item alerts read it (docs/decisions/0221), kept
 * once read: reading a pack is the dearest step of evaluating a version's alerts, and a line is
 * stored once and never changes (a changed price is a new line), so only a version's new lines are
 * read. Filled by the `item-alerts` job; it goes with its line. `amount` and `unit` are null when
 * the line's pack gives no price per unit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table item_alert_line_values (
      line_id bigint primary key references list_lines (id) on delete cascade,
      amount float8,
      unit text constraint item_alert_line_values_unit check (unit in ('kg', 'l', 'piece')),
      constraint item_alert_line_values_whole check ((amount is null) = (unit is null))
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists item_alert_line_values`.execute(db);
}
