import { CONTENTS_TEXT, type UnreadableReason } from '../../../core/list-contents';
import type {
  ContentSummary,
  ContentsList,
  ListChangesPage,
  ListCompare,
  ListVersion,
  ListVersionText,
} from '../../../core/list-contents-api';
import { TRADE_MESSAGES } from '../../../core/trade-text';
import { forbidden, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { contentsReadRepository, type ListVersionRow } from './read-repository';
import type { FileReader } from './reader';
import { contentsRepository } from './repository';

/** Versions a page of the archive holds. */
export const VERSIONS_PAGE = 10;

const shown = (row: ListVersionRow): ListVersion => ({
  ...row,
  reason: row.reason as UnreadableReason | null,
  format: row.format as ListVersion['format'],
});

/**
 * What people see of a list's contents (docs/decisions/0162): the archive, one version as text, two
 * compared. A trade-only list shows none of it to a viewer without access (issue 32): the rule is
 * in the reads of read-repository.ts.
 */
export function contentsViews(db: DB, reader: FileReader) {
  const reads = contentsReadRepository(db);
  const lines = contentsRepository(db);

  async function listAt(handle: string, slug: string, viewerId: string | null): Promise<ContentsList> {
    const list = await reads.listAt(handle, slug, viewerId);
    if (!list) throw notFound(CONTENTS_TEXT.listNotFound);
    // A trade-only list without access: no version, text or change of it (docs/decisions/0180).
    if (!list.readable) throw forbidden(TRADE_MESSAGES.locked);
    return { id: list.id, name: list.name, slug: list.slug, handle: list.handle, own: viewerId === list.userId };
  }

  async function versionOf(list: ContentsList, which: { id: number } | { at: number }) {
    const version = await reads.version(list.id, which);
    if (!version) throw notFound(CONTENTS_TEXT.versionGone);
    return version;
  }

  return {
    /** What the cards of these lists say of their newest versions, to a viewer who may read them. */
    async summaries(listIds: number[], viewerId: string | null): Promise<(ContentSummary & { listId: number })[]> {
      const found = await reads.summariesOf(listIds, viewerId);
      return [...found.values()].map((s) => ({ ...s, reason: s.reason as UnreadableReason | null }));
    },

    /** What the list's own page says of its newest version; null before it was read. */
    async summaryAt(handle: string, slug: string, viewerId: string | null): Promise<ContentSummary | null> {
      const list = await listAt(handle, slug, viewerId);
      const found = (await reads.summariesOf([list.id], viewerId)).get(list.id);
      return found ? { ...found, reason: found.reason as UnreadableReason | null } : null;
    },

    /** The list's id for its owner's changes (the service checks they own it). */
    async listIdAt(handle: string, slug: string, viewerId: string): Promise<number> {
      return (await listAt(handle, slug, viewerId)).id;
    },

    async changes(
      handle: string,
      slug: string,
      cursor: { seenAt: number; id: number } | null,
      viewerId: string | null,
    ): Promise<ListChangesPage> {
      const list = await listAt(handle, slug, viewerId);
      const rows = await reads.versionsOf(list.id, cursor, VERSIONS_PAGE + 1);
      const page = rows.slice(0, VERSIONS_PAGE);
      const last = page.at(-1);
      return {
        list,
        versions: page.map(shown),
        nextCursor: rows.length > VERSIONS_PAGE && last ? `${last.seenAt}.${last.versionId}` : null,
      };
    },

    async version(
      handle: string,
      slug: string,
      which: { id: number } | { at: number },
      viewerId: string | null,
    ): Promise<ListVersionText> {
      const list = await listAt(handle, slug, viewerId);
      const { lineIds, ...version } = await versionOf(list, which);
      return {
        list,
        version: {
          ...version,
          reason: version.reason as UnreadableReason | null,
          format: version.format as ListVersion['format'],
          lineCount: lineIds.length,
        },
        lines: await lines.lines(list.id, lineIds),
      };
    },

    /** Any two versions compared, older to newer whichever order they are asked in. */
    async compare(handle: string, slug: string, fromId: number, toId: number, viewerId: string | null): Promise<ListCompare> {
      const list = await listAt(handle, slug, viewerId);
      const [a, b] = await Promise.all([versionOf(list, { id: fromId }), versionOf(list, { id: toId })]);
      const [from, to] = a.seenAt < b.seenAt || (a.seenAt === b.seenAt && a.versionId <= b.versionId) ? [a, b] : [b, a];
      const diff = await reader.diff(
        await lines.linesJson(list.id, from.versionId),
        await lines.linesJson(list.id, to.versionId),
      );
      return {
        list,
        from: { versionId: from.versionId, seenAt: from.seenAt },
        to: { versionId: to.versionId, seenAt: to.seenAt },
        counts: diff.counts,
        changes: diff.changes,
      };
    },
  };
}
