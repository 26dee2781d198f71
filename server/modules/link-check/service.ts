import type { AdminLinkChecks, OwnLinkProblems } from '../../../core/link-check';
import { type LinkHealth, linkHealthMessage } from '../../../core/link-check';
import type { DB } from '../../plugins/db';
import { linkChecksRepository } from './repository';

const SHOWN_PROBLEMS = ['needs-sign-in', 'not-found', 'not-a-file', 'unreachable'] as const;
type ShownProblem = (typeof SHOWN_PROBLEMS)[number];
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The link check as the other modules use it: a posted version is tracked; the owner and admins read the state. */
export function linkChecksService(db: DB) {
  const repo = linkChecksRepository(db);
  return {
    /** Inside the post's transaction: the list's newest link is checked next. */
    async track(row: { listId: number; userId: string; postId: number; url: string; now: number }): Promise<void> {
      await repo.track(row);
    },

    /** What a list's page shows of its newest version's file: when it changed, and what is wrong if it is unavailable. */
    async shownState(
      listId: number,
      postId: number,
    ): Promise<{ fileChangedAt: number | null; unavailable: ShownProblem | null }> {
      const row = await repo.ofList(listId);
      if (!row || Number(row.postId) !== postId) return { fileChangedAt: null, unavailable: null };
      const problem = row.broken && SHOWN_PROBLEMS.includes(row.health as ShownProblem) ? (row.health as ShownProblem) : null;
      return { fileChangedAt: num(row.fileChangedAt), unavailable: problem };
    },

    /** The owner's broken links, each with what is wrong and how to fix it. */
    async ownProblems(userId: string): Promise<OwnLinkProblems> {
      const rows = await repo.brokenOf(userId);
      return {
        problems: rows.map((r) => ({
          listId: Number(r.listId),
          listName: r.listName,
          slug: r.slug,
          health: r.health as LinkHealth,
          provider: r.provider,
          message: linkHealthMessage(r.health as LinkHealth, r.provider) ?? '',
          since: num(r.problemSince),
        })),
      };
    },

    async adminView(now: number, health: LinkHealth | null): Promise<Omit<AdminLinkChecks, 'intervals'>> {
      const counts = await repo.counts(now);
      const row = (r: Awaited<ReturnType<typeof repo.troubled>>[number]) => ({
        listId: Number(r.listId),
        listName: r.listName,
        handle: r.handle,
        slug: r.slug,
        health: r.health,
        provider: r.provider,
        broken: r.broken,
        // A trade-only list's file is sealed (ADR 0180): no admin, the owner account included, reads its name (ADR 0213).
        fileName: r.audience === 'trade' ? null : r.fileName,
        fileChangedAt: num(r.fileChangedAt),
        lastError: r.lastError,
        checkedAt: num(r.checkedAt),
        nextCheckAt: Number(r.nextCheckAt),
      });
      return {
        counts: counts.byHealth.map((c) => ({ health: c.health, lists: Number(c.count), broken: Number(c.broken) })),
        due: Number(counts.due),
        late: Number(counts.late),
        lists: (await repo.page(100, health)).map(row),
        failures: (await repo.troubled(20)).map(row),
      };
    },
  };
}
