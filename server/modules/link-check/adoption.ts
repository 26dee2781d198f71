import type { linkChecksRepository } from './repository';
import { breathe } from './turns';

/** Lists looked at for adoption in one statement: a range of 200 ids (a few milliseconds on PGlite). */
const ADOPT_AT_ONCE = 200;

/**
 * Gives every list without a row (made before the watcher, restored, seeded) one, due at a time of
 * its own within the shortest interval (docs/decisions/0190): adopting 50,000 lists after a start
 * neither holds the database in one statement nor makes them all due now. A range of ids at a
 * time, the event loop given a turn between statements; nothing is walked when none is missing.
 */
export async function adoptUntracked(
  repo: ReturnType<typeof linkChecksRepository>,
  now: number,
  spreadMs: number,
): Promise<void> {
  if ((await repo.untracked()) === 0) return;
  for (let after = 0; ; ) {
    await breathe();
    const upTo = await repo.listIdAfter(after, ADOPT_AT_ONCE);
    if (upTo === null) return;
    await breathe();
    await repo.adoptUntracked(now, spreadMs, after, upTo);
    after = upTo;
  }
}
