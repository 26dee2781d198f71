import type { Selectable } from 'kysely';
import type { ListLine } from '../../../core/list-lines';
import type { ListLinesTable } from '../../../db/schema-contents';
import { lineHash } from './line-hash';

/**
 * A line as `list_lines` stores it, and as lines cross between the reading thread, the event loop
 * and PostgreSQL: one JSON text of these rows as UTF-8 bytes, never an object per line (nor a long
 * string, whose copy between threads costs as much) on the event loop (docs/decisions/0196, 0197).
 * The database reads the bytes with `json_to_recordset` and writes them with `json_agg`; only the
 * thread encodes and parses them.
 */
export type LineRow = Omit<Selectable<ListLinesTable>, 'id' | 'list_id' | 'current'>;

/**
 * Text PostgreSQL's json can turn into a text column: a lone surrogate is stored as U+FFFD, as the
 * driver's UTF-8 encoding stored it before; a NUL, which no text column holds, is dropped.
 */
const storable = (text: string) => text.replace(/[\p{Cs}\0]/gu, (c) => (c === '\0' ? '' : '\uFFFD'));
const optional = (text: string | undefined) => (text === undefined ? null : storable(text));

/** The hash is of the line as read, so lines stored before this format keep matching. */
export const toRow = (line: ListLine): LineRow => ({
  hash: lineHash(line),
  raw: storable(line.raw),
  item: optional(line.item),
  price: line.price === undefined || !Number.isFinite(line.price) ? null : line.price,
  currency: optional(line.currency),
  unit: optional(line.unit),
  place: optional(line.where),
});

/** A stored row (or a plain `ListLine` written as JSON) as the line the diff compares. */
export function fromRow(row: Partial<LineRow> & { raw: string; where?: string | null }): ListLine {
  const line: ListLine = { raw: row.raw };
  if (row.item != null) line.item = row.item;
  if (row.price != null) line.price = Number(row.price);
  if (row.currency != null) line.currency = row.currency;
  if (row.unit != null) line.unit = row.unit;
  const where = row.place ?? row.where;
  if (where != null) line.where = where;
  return line;
}

/** A stored line as the database sends it to the thread: raw, item, price, currency, unit, place. */
export type StoredLineArray = [string, string | null, number | null, string | null, string | null, string | null];

/** Lines from their JSON text's UTF-8 bytes (in the thread): rows, or stored lines as arrays. */
export const linesFromJson = (json: Uint8Array): ListLine[] =>
  (JSON.parse(new TextDecoder().decode(json)) as Array<LineRow | StoredLineArray>).map((row) =>
    Array.isArray(row)
      ? fromRow({ raw: row[0], item: row[1], price: row[2], currency: row[3], unit: row[4], place: row[5] })
      : fromRow(row),
  );

/** JSON as UTF-8 bytes: what crosses to the event loop and on to PostgreSQL. */
export const jsonBytes = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value));

/** The hashes in order as a PostgreSQL text[] literal's UTF-8 bytes: base64url has nothing to escape. */
export const hashesLiteral = (rows: LineRow[]): Uint8Array =>
  new TextEncoder().encode(`{${rows.map((r) => `"${r.hash}"`).join(',')}}`);
