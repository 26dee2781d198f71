import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from './schema';
import { contentColumns, publicContentColumns, type ReadableContentsRow } from './sealed-contents';

type PostListHolder = ExpressionBuilder<
  Database & { p: Database['posts']; l: Database['lists']; h: Database['handles'] },
  'p' | 'l' | 'h'
>;
type PostListHolderContents = ExpressionBuilder<
  Database & { p: Database['posts']; l: Database['lists']; h: Database['handles']; tc: ReadableContentsRow },
  'p' | 'l' | 'h' | 'tc'
>;

/** The columns of a card that anyone may see: the version's time, its list and its author's current handle. */
function cardColumns(eb: PostListHolder | PostListHolderContents) {
  return [
    'p.id',
    'h.handle',
    'p.created_at as createdAt',
    'p.edited_at as editedAt',
    'l.id as listId',
    'l.slug as listSlug',
    'l.name as listName',
    (eb as PostListHolder)
      .selectFrom('posts as v')
      .select((c) => c.fn.countAll<number>().as('n'))
      .whereRef('v.list_id', '=', 'p.list_id')
      .as('versions'),
    // What the link watcher learned of this version's file (issue 29): one primary-key read each.
    (eb as PostListHolder)
      .selectFrom('link_checks as c')
      .select('c.file_changed_at')
      .whereRef('c.list_id', '=', 'p.list_id')
      .whereRef('c.post_id', '=', 'p.id')
      .as('fileChangedAt'),
    (eb as PostListHolder)
      .selectFrom('link_checks as c')
      .select('c.broken')
      .whereRef('c.list_id', '=', 'p.list_id')
      .whereRef('c.post_id', '=', 'p.id')
      .as('unavailable'),
  ] as const;
}

/**
 * A post with its list and its author's current handle (posts as p join lists as l, handles as h
 * on h.user_id = p.user_id) as anyone sees it: what every public card shows. The name comes from
 * the holder, so a query that forgets the holder does not compile, and a post whose author holds no
 * handle (it was removed) is in no card (docs/decisions/0131). A trade-only list's version comes
 * locked, its contents blank (docs/decisions/0180).
 */
export function postRowColumns(eb: PostListHolder) {
  return [...cardColumns(eb), ...publicContentColumns(eb)] as const;
}

/**
 * The same for one viewer: with `readableContents(viewer)` left-joined as tc as well
 * (db/sealed-contents.ts). A trade-only list's contents appear when the viewer may read them.
 */
export function readablePostRowColumns(eb: PostListHolderContents) {
  return [...cardColumns(eb), ...contentColumns(eb)] as const;
}

/** The newest version of its list; a literal, so the planner can use the partial `where newest` indexes. */
export const isNewest = sql<boolean>`p.newest`;
