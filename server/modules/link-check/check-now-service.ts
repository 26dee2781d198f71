import {
  CHECK_NOW_PER_HOUR,
  CHECK_NOW_WINDOW_MS,
  type CheckNowOutcome,
  type CheckNowState,
  checkNowLimitMessage,
  checkNowMessage,
} from '../../../core/check-now';
import { LIST_MESSAGES } from '../../../core/list-messages';
import { forbidden, HttpError, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import type { JobQueue } from '../../plugins/jobs';
import { readsList } from '../contents/service';
import { checkNowRepository } from './check-now-repository';
import type { CheckedNow } from './file-hand-on';

const NOT_YOURS = 'Only the list’s owner can have its file checked now.';
const NO_SUCH_CHECK = 'No such check of this list.';

/** Too many presses of one list in the hour: when the next may be made. */
export class CheckNowLimited extends HttpError {
  constructor(readonly waitMs: number) {
    super(429, checkNowLimitMessage(waitMs), 'Too Many Requests');
  }
}

const stateOf = (press: { id: number; settled: boolean; outcome: CheckNowOutcome | null }): CheckNowState => ({
  id: press.id,
  state: press.settled ? 'done' : 'checking',
  kind: press.outcome?.kind ?? null,
  message: press.outcome ? checkNowMessage(press.outcome) : null,
});

/** What one check found, as the owner is told: followers are told exactly when a job tells them (contents/routes.ts). */
export async function outcomeOf(db: DB, listId: number, found: CheckedNow): Promise<CheckNowOutcome> {
  const { outcome, verdict, fileChanged } = found;
  if (outcome.health !== 'ok') return { kind: 'problem', health: outcome.health, provider: outcome.provider };
  // A readable change was stored and announced with its version.
  if (verdict?.announced) return { kind: 'changed', counts: verdict.announced };
  // New bytes of a file Freshlist does not read: the watcher's "the file changed" tells them.
  if (fileChanged && !(await readsList(db, listId))) return { kind: 'changed', counts: null };
  return { kind: 'unchanged' };
}

/** The owner's "I've updated it: check now" (docs/decisions/0208). */
export function checkNowService(db: DB, jobs: Pick<JobQueue, 'send'>) {
  const owned = async (listId: number, userId: string) => {
    const owner = await checkNowRepository(db).ownerOf(listId);
    if (owner === undefined) throw notFound(LIST_MESSAGES.listNotFound);
    if (owner !== userId) throw forbidden(NOT_YOURS);
  };
  return {
    /**
     * A press: counted under the list's row lock (any number of processes, one count), and its
     * check queued for a worker in the same transaction. 429 past the hour's presses.
     */
    async press(listId: number, userId: string, now: number): Promise<CheckNowState> {
      return db.transaction().execute(async (trx) => {
        const repo = checkNowRepository(trx);
        const owner = await repo.ownerOf(listId, true);
        if (owner === undefined) throw notFound(LIST_MESSAGES.listNotFound);
        if (owner !== userId) throw forbidden(NOT_YOURS);
        const recent = await repo.pressedSince(listId, now - CHECK_NOW_WINDOW_MS);
        if (recent.length >= CHECK_NOW_PER_HOUR)
          throw new CheckNowLimited((recent[recent.length - CHECK_NOW_PER_HOUR] as number) + CHECK_NOW_WINDOW_MS - now);
        const pressId = await repo.insert(listId, now, now - 24 * CHECK_NOW_WINDOW_MS);
        await jobs.send('check-now', { pressId, listId, userId }, trx);
        return stateOf({ id: pressId, settled: false, outcome: null });
      });
    },

    /** A press of the owner's list, and what it found once its check ended. */
    async state(listId: number, pressId: number, userId: string): Promise<CheckNowState> {
      await owned(listId, userId);
      const press = await checkNowRepository(db).ofList(listId, pressId);
      if (!press) throw notFound(NO_SUCH_CHECK);
      return stateOf(press);
    },
  };
}
