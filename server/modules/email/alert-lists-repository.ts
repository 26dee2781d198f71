import { sql } from 'kysely';
import { tradeAccess } from '../../../db/sealed-contents';
import type { DB } from '../../plugins/db';

/** A list an item alert tells of, as its mail names it. */
export interface AlertList {
  listId: number;
  handle: string;
  displayName: string;
  listName: string;
  slug: string;
}

/** The lists of an item alert's mail that its recipient may still read (trade-only: docs/decisions/0180, 0209). */
export async function alertLists(db: DB, listIds: number[], readerId: string): Promise<Map<number, AlertList>> {
  if (listIds.length === 0) return new Map();
  const { rows } = await sql<AlertList & { listId: number | string }>`
    select l.id as "listId", h.handle, u.display_name as "displayName", l.name as "listName", l.slug
    from lists l
    join handles h on h.user_id = l.user_id
    join users u on u.id = l.user_id
    where l.id = any(${listIds}::bigint[])
      and (l.audience = 'public' or ${tradeAccess(sql.ref('l.user_id'), readerId)})`.execute(db);
  return new Map(rows.map((r) => [Number(r.listId), { ...r, listId: Number(r.listId) }]));
}
