import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../../db/schema';

type PostAndList = ExpressionBuilder<Database & { p: Database['posts']; l: Database['lists'] }, 'p' | 'l'>;

/** A post with its list (posts as p join lists as l): what every post card shows. */
export function postRowColumns(eb: PostAndList) {
  return [
    'p.id',
    'p.handle',
    'p.url',
    'p.description',
    'p.created_at as createdAt',
    'p.edited_at as editedAt',
    'p.valid_from as validFrom',
    'p.valid_until as validUntil',
    'l.id as listId',
    'l.slug as listSlug',
    'l.name as listName',
    eb
      .selectFrom('posts as v')
      .select((c) => c.fn.countAll<number>().as('n'))
      .whereRef('v.list_id', '=', 'p.list_id')
      .as('versions'),
  ] as const;
}

/** The newest version of its list; a literal, so the planner can use the partial `where newest` indexes. */
export const isNewest = sql<boolean>`p.newest`;
