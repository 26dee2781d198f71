import type { IndexedLine } from './line-index';
import type { MatchedLine } from './matching-repository';

/** A current line as an evaluation reads it. */
export type CachedLine = IndexedLine & MatchedLine;

/** Lines one process keeps at most, across lists (a few hundred bytes each). */
export const CACHED_LINES_MAX = 25_000;

/**
 * The lines a process last evaluated, by list (docs/decisions/0226). A line is stored once and its
 * words and prices never change (a changed price is a new line; only `current` is updated), so a
 * list's next version reads only the lines this process has not seen. One cache an app (one
 * database): line ids of two databases never meet. Bounded: the lists used longest ago go first.
 */
export function lineCache(max = CACHED_LINES_MAX) {
  // A Map keeps insertion order: the first list is the one used longest ago.
  const lists = new Map<number, Map<number, CachedLine>>();
  let size = 0;
  return {
    /**
     * The list's lines of `ids` (its current lines, in order), reading by `read` only those not
     * kept. The list then keeps exactly these lines.
     */
    async lines(
      listId: number,
      ids: readonly number[],
      read: (missing: number[]) => Promise<CachedLine[]>,
    ): Promise<CachedLine[]> {
      const known = lists.get(listId) ?? new Map<number, CachedLine>();
      size -= known.size;
      lists.delete(listId);
      const missing = ids.filter((id) => !known.has(id));
      const fresh = missing.length === 0 ? [] : await read(missing);
      for (const line of fresh) known.set(line.id, line);
      const lines: CachedLine[] = [];
      for (const id of ids) {
        const line = known.get(id);
        if (line) lines.push(line);
      }
      if (lines.length <= max) {
        lists.set(listId, new Map(lines.map((line) => [line.id, line])));
        size += lines.length;
        for (const [id, kept] of lists) {
          if (size <= max) break;
          lists.delete(id);
          size -= kept.size;
        }
      }
      return lines;
    },

    /** Forgets lines of a list (the bench: a version evaluated again from what the one before left). */
    forget(listId: number, ids: readonly number[]): void {
      const kept = lists.get(listId);
      if (!kept) return;
      for (const id of ids) if (kept.delete(id)) size--;
    },

    /** How many lines are kept. */
    get size() {
      return size;
    },
  };
}

export type LineCache = ReturnType<typeof lineCache>;
