import { sql } from 'kysely';
import type { UnreadableReason } from '../../../core/list-contents';
import type { ListChange } from '../../../core/list-diff';
import type { ListLine } from '../../../core/list-lines';
import { allowsFractions } from '../../../core/order-rules';
import {
  type ListPrices,
  PRICE_TABLE_FIRST,
  PRICE_TABLE_PAGE,
  type PriceRow,
  type PricesPage,
  type PriceTable,
} from '../../../core/price-table';
import { unitPriceOf } from '../../../core/unit-price';
import type { DB } from '../../plugins/db';
import { contentsRepository } from './repository';

/** Examples of unread rows the owner is shown. */
const UNREAD_EXAMPLES = 3;

interface ReadVersion {
  id: number;
  seenAt: number;
  checkedAt: number;
  /** The first PRICE_TABLE_FIRST of its lines, and how many it has. */
  firstLineIds: number[];
  lineCount: number;
  changes: ListChange[] | null;
}

const json = <T>(value: unknown): T | null =>
  value === null || value === undefined ? null : ((typeof value === 'string' ? JSON.parse(value) : value) as T);

/**
 * Each row's move since the version before, from the changes stored with the version (at most 300,
 * the largest first: a row beyond them shows its price without a move).
 */
function movesOf(changes: ListChange[] | null) {
  const prices = new Map<string, { after: number; percent: number | null; up: boolean }>();
  const added = new Set<string>();
  for (const change of changes ?? []) {
    if (change.kind === 'price') prices.set(change.item, { after: change.after, percent: change.percent, up: change.change > 0 });
    else if (change.kind === 'added') added.add(change.raw);
  }
  return (line: ListLine): PriceRow['move'] => {
    const moved = line.item === undefined ? undefined : prices.get(line.item);
    if (moved && moved.after === line.price) {
      return { kind: moved.up ? 'up' : 'down', percent: moved.percent === null ? null : Math.abs(moved.percent) };
    }
    return added.has(line.raw) ? { kind: 'new', percent: null } : undefined;
  };
}

function rowsOf(lines: ListLine[], changes: ListChange[] | null): PriceRow[] {
  const moveOf = movesOf(changes);
  // Whether a unit takes fractions, once a unit: a list's lines share a few, and reading a pack costs 25-50 µs.
  const fractionsOf = new Map<string, boolean>();
  return lines.map((line) => {
    const row: PriceRow = { ...line };
    const perUnit = unitPriceOf(line);
    if (perUnit) row.perUnit = perUnit;
    if (line.unit !== undefined && !fractionsOf.has(line.unit)) fractionsOf.set(line.unit, allowsFractions(line));
    if (line.unit !== undefined && fractionsOf.get(line.unit)) row.fractions = true;
    const move = moveOf(line);
    if (move) row.move = move;
    return row;
  });
}

/**
 * The prices of a list's file as its own page shows them (issue 39 §1, docs/decisions/0206): the
 * newest version Freshlist could read, whatever became of the file since. The caller decides who
 * may see them (a trade-only list's page is locked for a viewer without access, ADR 0180).
 */
export function priceTableService(db: DB) {
  const lines = contentsRepository(db);

  async function newestRead(listId: number): Promise<ReadVersion | undefined> {
    const row = await db
      .selectFrom('list_snapshots')
      .select([
        'id',
        'seen_at as seenAt',
        'checked_at as checkedAt',
        // Only the ids the page shows: all 5,000 of a large list cost more to send and parse than the rest of its render.
        sql<unknown[] | null>`line_ids[1:${sql.lit(PRICE_TABLE_FIRST)}]`.as('firstLineIds'),
        sql<number>`coalesce(cardinality(line_ids), 0)`.as('lineCount'),
        'changes',
      ])
      .where('list_id', '=', listId)
      .where('state', '=', 'read')
      .orderBy('seen_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return (
      row && {
        id: Number(row.id),
        seenAt: Number(row.seenAt),
        checkedAt: Number(row.checkedAt),
        firstLineIds: (row.firstLineIds ?? []).map(Number),
        lineCount: Number(row.lineCount),
        changes: json<ListChange[]>(row.changes),
      }
    );
  }

  /** Rows with a figure in them but no price read: what the supplier may want to fix. */
  async function unreadRows(listId: number, versionId: number): Promise<{ count: number; examples: string[] }> {
    const { rows } = await sql<{ raw: string; total: number | string }>`
      with unread as (
        select l.raw, e.ord from list_snapshots s
        cross join lateral unnest(s.line_ids) with ordinality as e(id, ord)
        join list_lines l on l.id = e.id and l.list_id = s.list_id
        where s.id = ${versionId} and s.list_id = ${listId} and l.price is null and l.raw ~ '[0-9]'
      )
      select raw, (select count(*) from unread) as total from unread order by ord limit ${UNREAD_EXAMPLES}`.execute(db);
    return { count: Number(rows[0]?.total ?? 0), examples: rows.map((r) => r.raw) };
  }

  return {
    /** Null before Freshlist read the file at all. */
    async listPrices(listId: number, forOwner: boolean): Promise<ListPrices | null> {
      const { latest } = await lines.heads(listId);
      if (!latest) return null;
      const read = await newestRead(listId);
      let table: PriceTable | null = null;
      if (read) {
        table = {
          versionId: read.id,
          seenAt: read.seenAt,
          checkedAt: read.checkedAt,
          lineCount: read.lineCount,
          rows: rowsOf(await lines.lines(listId, read.firstLineIds), read.changes),
        };
      }
      return {
        table,
        unreadable: latest.state === 'unreadable' ? ((latest.reason ?? 'corrupted') as UnreadableReason) : null,
        unread: forOwner && read ? await unreadRows(listId, read.id) : null,
      };
    },

    /** The rows of a version from `from` on, a page at a time; null when the list has no such readable version. */
    async rowsFrom(listId: number, versionId: number, from: number): Promise<PricesPage | null> {
      const row = await db
        .selectFrom('list_snapshots')
        .select([
          sql<unknown[]>`line_ids[${from + 1}:${from + PRICE_TABLE_PAGE}]`.as('lineIds'),
          sql<number>`coalesce(cardinality(line_ids), 0)`.as('total'),
          'changes',
        ])
        .where('id', '=', versionId)
        .where('list_id', '=', listId)
        .where('state', '=', 'read')
        .executeTakeFirst();
      if (!row) return null;
      const ids = (row.lineIds ?? []).map(Number);
      const next = from + PRICE_TABLE_PAGE;
      return {
        rows: rowsOf(await lines.lines(listId, ids), json<ListChange[]>(row.changes)),
        next: next < Number(row.total) ? next : null,
      };
    },
  };
}
