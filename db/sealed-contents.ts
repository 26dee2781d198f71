import { type ExpressionBuilder, type RawBuilder, sql } from 'kysely';
import type { Database } from './schema';

/**
 * The one way to a trade-only list's contents (docs/decisions/0180). A version of a trade-only list
 * keeps '' and nulls in posts.url, description, valid_from and valid_until; the real values are in
 * trade_contents, which a query reads only through the database function `trade_contents_for(viewer)`:
 * the rows of the lists the viewer owns or was approved for. A query that forgets this join reads
 * the blanks, so a forgotten rule shows nothing rather than everything.
 *
 * Use with posts as `p` and lists as `l`:
 *   .leftJoin(readableContents(viewerId), 'tc.post_id', 'p.id')
 *   .select((eb) => contentColumns(eb))
 * or, in a raw `sql` query, `left join ${readableContentsSql(viewer)} on tc.post_id = p.id` and
 * `${CONTENT_COLUMNS_SQL}`. A viewer of null (a visitor, a cached or stored public page) reads
 * `publicContentColumns` and needs no join.
 */
export interface ReadableContentsRow {
  post_id: number;
  url: string;
  description: string;
  valid_from: string | null;
  valid_until: string | null;
}

/** The sealed contents `viewerId` may read, as the table `tc` (nothing for null, a visitor). */
export function readableContents(viewerId: string | null) {
  return sql<ReadableContentsRow>`trade_contents_for(${viewerId}::uuid)`.as('tc');
}

/**
 * The sealed contents of each post's own author (posts as `p`), as `tc`, for work done on the
 * owner's behalf (the link watcher): join with `leftJoinLateral(ownersContents(), (j) => j.onRef('tc.post_id', '=', 'p.id'))`.
 */
export function ownersContents() {
  return sql<ReadableContentsRow>`trade_contents_for(p.user_id)`.as('tc');
}

/** The same for a raw `sql` query, `viewer` being an expression for the viewer's id. */
export function readableContentsSql(viewer: RawBuilder<unknown>) {
  return sql`trade_contents_for(${viewer}::uuid) tc`;
}

type PostAndList = ExpressionBuilder<Database & { p: Database['posts']; l: Database['lists'] }, 'p' | 'l'>;
type WithContents = ExpressionBuilder<
  Database & { p: Database['posts']; l: Database['lists']; tc: ReadableContentsRow },
  'p' | 'l' | 'tc'
>;
type AnyPostAndList =
  | PostAndList
  | ExpressionBuilder<Database & { p: Database['posts']; l: Database['lists']; h: Database['handles'] }, 'p' | 'l' | 'h'>;
type AnyWithContents =
  | WithContents
  | ExpressionBuilder<
      Database & { p: Database['posts']; l: Database['lists']; h: Database['handles']; tc: ReadableContentsRow },
      'p' | 'l' | 'h' | 'tc'
    >;

/** A version's link, description, dates and whether its contents are hidden from this viewer. */
export function contentColumns(anyEb: AnyWithContents) {
  const eb = anyEb as WithContents;
  return [
    eb.fn.coalesce('tc.url', 'p.url').as('url'),
    eb.fn.coalesce('tc.description', 'p.description').as('description'),
    eb.fn.coalesce('tc.valid_from', 'p.valid_from').as('validFrom'),
    eb.fn.coalesce('tc.valid_until', 'p.valid_until').as('validUntil'),
    'l.audience as audience',
    sql<boolean>`(l.audience = 'trade' and tc.post_id is null)`.as('locked'),
  ] as const;
}

/** What anyone may read: a trade-only list's version is locked, its columns blank. */
export function publicContentColumns(_eb: AnyPostAndList) {
  return [
    'p.url',
    'p.description',
    'p.valid_from as validFrom',
    'p.valid_until as validUntil',
    'l.audience as audience',
    sql<boolean>`(l.audience = 'trade')`.as('locked'),
  ] as const;
}

/** contentColumns for a raw `sql` query (posts p, lists l, and readableContentsSql joined as tc). */
export const CONTENT_COLUMNS_SQL = sql`coalesce(tc.url, p.url) as url, coalesce(tc.description, p.description) as description,
  coalesce(tc.valid_from, p.valid_from) as "validFrom", coalesce(tc.valid_until, p.valid_until) as "validUntil",
  l.audience as audience, (l.audience = 'trade' and tc.post_id is null) as locked`;

/** Whether `viewer` may read the trade-only lists of `owner` (the same rule as trade_contents_for). */
export function tradeAccess(owner: RawBuilder<unknown> | string, viewer: RawBuilder<unknown> | string | null) {
  return sql<boolean>`trade_access(${owner}::uuid, ${viewer}::uuid)`;
}
