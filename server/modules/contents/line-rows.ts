import type { Selectable } from 'kysely';
import type { ListLine } from '../../../core/list-lines';
import type { ListLinesTable } from '../../../db/schema-contents';
import { lineHash } from './line-hash';

/**
 * A line as `list_lines` stores it, and as lines cross between the reading thread, the event loop
 * and PostgreSQL: JSON texts of these rows as UTF-8 bytes, never an object per line (nor a long
 * string, whose copy between threads costs as much) on the event loop (docs/decisions/0196, 0197),
 * in pieces of tens of kilobytes, so that no piece holds the event loop for long (0195). The
 * database reads the bytes with `json_to_recordset` and writes them with `json_agg`; only the
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

/**
 * A stored line as the database sends it to the thread: raw, item, price, currency, unit, place,
 * and the hash it is stored under (which lines of a reading need not be sent again, ADR 0195).
 */
export type StoredLineArray = [string, string | null, number | null, string | null, string | null, string | null, string?];

/** JSON texts (UTF-8) of arrays, each a piece of one list: their elements in order, as one array. */
const elementsOf = (pieces: Uint8Array[]): unknown[] => {
  const decoder = new TextDecoder();
  return pieces.flatMap((piece) => JSON.parse(decoder.decode(piece)) as unknown[]);
};

/** Lines from the pieces of their JSON text (in the thread): rows, or stored lines as arrays. */
export const linesFromJson = (pieces: Uint8Array[]): ListLine[] =>
  (elementsOf(pieces) as Array<LineRow | StoredLineArray>).map((row) =>
    Array.isArray(row)
      ? fromRow({ raw: row[0], item: row[1], price: row[2], currency: row[3], unit: row[4], place: row[5] })
      : fromRow(row),
  );

/** The hashes the stored lines of these pieces were stored under (arrays sent without one have none). */
export const storedHashes = (pieces: Uint8Array[]): Set<string> =>
  new Set(
    (elementsOf(pieces) as Array<LineRow | StoredLineArray>)
      .map((row) => (Array.isArray(row) ? row[6] : row.hash))
      .filter((hash): hash is string => typeof hash === 'string'),
  );

const encoder = new TextEncoder();

/** JSON as UTF-8 bytes: what crosses to the event loop and on to PostgreSQL. */
export const jsonBytes = (value: unknown): Uint8Array => encoder.encode(JSON.stringify(value));

/**
 * Rows as JSON arrays of at most about `pieceBytes` each (a row longer than that is a piece of its
 * own): each piece is one statement's parameter, small enough that the driver's handling of it is
 * a short piece of the event loop's time (ADR 0195).
 */
export function jsonPieces(rows: LineRow[], pieceBytes: number): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  let texts: string[] = [];
  let size = 0;
  for (const row of rows) {
    const text = JSON.stringify(row);
    if (texts.length > 0 && size + text.length > pieceBytes) {
      pieces.push(encoder.encode(`[${texts.join(',')}]`));
      texts = [];
      size = 0;
    }
    texts.push(text);
    size += text.length + 1;
  }
  if (texts.length > 0) pieces.push(encoder.encode(`[${texts.join(',')}]`));
  return pieces;
}

/** The hashes in order as a PostgreSQL text[] literal's UTF-8 bytes: base64url has nothing to escape. */
export const hashesLiteral = (rows: LineRow[]): Uint8Array => encoder.encode(`{${rows.map((r) => `"${r.hash}"`).join(',')}}`);
