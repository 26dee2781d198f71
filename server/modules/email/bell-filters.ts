import { type RawBuilder, sql } from 'kysely';

/**
 * The SQL of bells (issue 41 §2, docs/decisions/0214), shared by the instant hand-out, the digests
 * and rendering. `f` is the follows row, `p` the follower's email_preferences (may be missing).
 */

/**
 * How often the follower hears of the business: its bell's cadence, else their default (daily when
 * they have none); 'off' when the bell says nothing, or when they turned list mail off altogether
 * (an unsubscribe link must stop every list mail, RFC 8058).
 */
export const cadenceOf = (f = 'f', p = 'p'): RawBuilder<string> =>
  sql<string>`(case when coalesce(${sql.ref(`${p}.list_updates`)}, 'daily') = 'off' or ${sql.ref(`${f}.bell`)} = 'none' then 'off'
    else coalesce(${sql.ref(`${f}.cadence`)}, ${sql.ref(`${p}.list_updates`)}, 'daily') end)`;

/**
 * The biggest price move, in percent either way, of a list's newest read version that says what
 * changed (what the mail shows of it); 0 when none moved.
 */
export const biggestMoveOf = (listId: RawBuilder<unknown> | ReturnType<typeof sql.ref>): RawBuilder<number> =>
  sql<number>`(select coalesce(max(abs((m ->> 'percent')::numeric)), 0)
    from (select s.changes from list_snapshots s
          where s.list_id = ${listId} and s.state = 'read' and s.counts is not null
          order by s.seen_at desc, s.id desc limit 1) s
    cross join lateral jsonb_array_elements(coalesce(s.changes, '[]'::jsonb)) m
    where m ->> 'kind' = 'price' and m ->> 'percent' is not null)`;

/** Whether a follower with bell `f` hears of a changed list whose biggest move is `move` (new lists: any bell but 'none'). */
export const hearsOfChange = (move: RawBuilder<number>, f = 'f'): RawBuilder<boolean> =>
  sql<boolean>`(${sql.ref(`${f}.bell`)} = 'all' or (${sql.ref(`${f}.bell`)} = 'moves' and ${move} >= ${sql.ref(`${f}.move_percent`)}))`;
