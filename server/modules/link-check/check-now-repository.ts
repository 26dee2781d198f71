import type { CheckNowOutcome } from '../../../core/check-now';
import type { DB } from '../../plugins/db';

/** All SQL of "check now" (docs/decisions/0208): the presses of a list, and what each found. */
export function checkNowRepository(db: DB) {
  return {
    /** The list's owner; `lock`: its row held until the transaction ends (one press counted at a time). */
    async ownerOf(listId: number, lock = false): Promise<string | undefined> {
      const query = db.selectFrom('lists').select('user_id').where('id', '=', listId);
      return (await (lock ? query.forUpdate() : query).executeTakeFirst())?.user_id;
    },

    /** When the list's presses since `since` were made, oldest first (the limit counts them under the list's lock). */
    async pressedSince(listId: number, since: number): Promise<number[]> {
      const rows = await db
        .selectFrom('check_now_presses')
        .select('pressed_at')
        .where('list_id', '=', listId)
        .where('pressed_at', '>', since)
        .orderBy('pressed_at')
        .execute();
      return rows.map((r) => Number(r.pressed_at));
    },

    /** A new press; presses older than `forgetBefore` go (none of them counts or is asked about any more). */
    async insert(listId: number, at: number, forgetBefore: number): Promise<number> {
      await db.deleteFrom('check_now_presses').where('list_id', '=', listId).where('pressed_at', '<', forgetBefore).execute();
      const row = await db
        .insertInto('check_now_presses')
        .values({ list_id: listId, pressed_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async ofList(listId: number, pressId: number) {
      const row = await db
        .selectFrom('check_now_presses')
        .select(['id', 'settled_at', 'outcome'])
        .where('id', '=', pressId)
        .where('list_id', '=', listId)
        .executeTakeFirst();
      return row && { id: Number(row.id), settled: row.settled_at !== null, outcome: row.outcome as CheckNowOutcome | null };
    },

    async isSettled(pressId: number): Promise<boolean> {
      const row = await db.selectFrom('check_now_presses').select('settled_at').where('id', '=', pressId).executeTakeFirst();
      return row?.settled_at !== null && row?.settled_at !== undefined;
    },

    /** What the check found, once: a run again after a crash does not say it differently. */
    async settle(pressId: number, outcome: CheckNowOutcome, at: number): Promise<void> {
      await db
        .updateTable('check_now_presses')
        .set({ settled_at: at, outcome: JSON.stringify(outcome) })
        .where('id', '=', pressId)
        .where('settled_at', 'is', null)
        .execute();
    },
  };
}
