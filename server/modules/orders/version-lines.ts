import { sql } from 'kysely';
import type { ListLine } from '../../../core/list-lines';
import type { DB } from '../../plugins/db';

/** A version's priced line at an index, as the order copies it. */
export interface VersionLine extends ListLine {
  index: number;
}

/** The list versions an order is built on (issue 40): which is newest, and its lines by index. */
export function versionLinesRepository(db: DB) {
  return {
    /** The newest version Freshlist could read of a list: the one a basket must be built on. */
    async newestRead(listId: number): Promise<{ id: number; lineIds: number[] } | undefined> {
      const row = await db
        .selectFrom('list_snapshots')
        .select(['id', 'line_ids as lineIds'])
        .where('list_id', '=', listId)
        .where('state', '=', 'read')
        .orderBy('seen_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && { id: Number(row.id), lineIds: (row.lineIds as unknown[]).map(Number) };
    },

    /** A readable version of the list by id (an older one the basket was built on). */
    async readVersion(listId: number, versionId: number): Promise<{ id: number; lineIds: number[] } | undefined> {
      const row = await db
        .selectFrom('list_snapshots')
        .select(['id', 'line_ids as lineIds'])
        .where('id', '=', versionId)
        .where('list_id', '=', listId)
        .where('state', '=', 'read')
        .executeTakeFirst();
      return row && { id: Number(row.id), lineIds: (row.lineIds as unknown[]).map(Number) };
    },

    /** The lines at these indices of a version (missing indices are absent from the map). */
    async linesAt(listId: number, lineIds: number[], indices: number[]): Promise<Map<number, VersionLine>> {
      const wanted = indices.filter((i) => i < lineIds.length).map((i) => ({ i, id: lineIds[i]! }));
      if (wanted.length === 0) return new Map();
      const rows = await db
        .selectFrom('list_lines')
        .select(['id', 'raw', 'item', 'price', 'currency', 'unit'])
        .where('list_id', '=', listId)
        .where('id', '=', sql<number>`any(${wanted.map((w) => w.id)}::bigint[])`)
        .execute();
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      const out = new Map<number, VersionLine>();
      for (const { i, id } of wanted) {
        const r = byId.get(id);
        if (!r) continue;
        const line: VersionLine = { index: i, raw: r.raw };
        if (r.item !== null) line.item = r.item;
        if (r.price !== null) line.price = Number(r.price);
        if (r.currency !== null) line.currency = r.currency;
        if (r.unit !== null) line.unit = r.unit;
        out.set(i, line);
      }
      return out;
    },

    /** Every priced line of a version with its index, for matching moved items (bounded by the version's size). */
    async pricedLines(listId: number, versionId: number): Promise<VersionLine[]> {
      const { rows } = await sql<{
        ord: string | number;
        raw: string;
        item: string;
        price: string | number;
        currency: string | null;
        unit: string | null;
      }>`
        select e.ord, l.raw, l.item, l.price, l.currency, l.unit from list_snapshots s
        cross join lateral unnest(s.line_ids) with ordinality as e(id, ord)
        join list_lines l on l.id = e.id and l.list_id = s.list_id
        where s.id = ${versionId} and s.list_id = ${listId} and l.price is not null and l.item is not null`.execute(db);
      return rows.map((r) => ({
        index: Number(r.ord) - 1,
        raw: r.raw,
        item: r.item,
        price: Number(r.price),
        ...(r.currency ? { currency: r.currency } : {}),
        ...(r.unit ? { unit: r.unit } : {}),
      }));
    },
  };
}
