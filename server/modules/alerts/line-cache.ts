import type { ConditionFacts } from '../../../core/item-alert-facts';
import type { IndexedLine } from './line-index';
import type { MatchedLine } from './matching-repository';

/** A current line as an evaluation reads it. */
export type CachedLine = IndexedLine & MatchedLine;

/** Lines one process keeps at most, across lists (a few hundred bytes each). */
export const CACHED_LINES_MAX = 25_000;

interface KeptList {
  lines: Map<number, CachedLine>;
  /**
   * The facts of each query on exactly these lines (docs/decisions/0231), once an evaluation kept
   * them, with the newest alert then: the queries of alerts up to it.
   */
  facts: { byQuery: ReadonlyMap<string, ConditionFacts>; alertId: number } | null;
}

/**
 * The lines a process last evaluated, by list (docs/decisions/0226). A line is stored once and its
 * words and prices never change (a changed price is a new line; only `current` is updated), so a
 * list's next version reads only the lines this process has not seen. One cache an app (one
 * database): line ids of two databases never meet. Bounded: the lists used longest ago go first.
 * With the lines go the facts of the queries on them, so the next version compares with them
 * without matching the queries again (docs/decisions/0231).
 */
export function lineCache(max = CACHED_LINES_MAX, from?: Map<number, KeptList>): LineCache {
  // A Map keeps insertion order: the first list is the one used longest ago.
  const lists = new Map<number, KeptList>(from);
  let size = 0;
  for (const kept of lists.values()) size += kept.lines.size;
  return {
    /**
     * The list's lines of `ids` (its current lines, in order), reading by `read` only those not
     * kept. The list then keeps exactly these lines, and its facts only when they are the lines it
     * kept before.
     */
    async lines(
      listId: number,
      ids: readonly number[],
      read: (missing: number[]) => Promise<CachedLine[]>,
    ): Promise<CachedLine[]> {
      const kept = lists.get(listId);
      const known = kept?.lines ?? new Map<number, CachedLine>();
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
      const same = missing.length === 0 && lines.length === known.size;
      if (lines.length <= max) {
        lists.set(listId, { lines: new Map(lines.map((line) => [line.id, line])), facts: same ? (kept?.facts ?? null) : null });
        size += lines.length;
        for (const [id, dropped] of lists) {
          if (size <= max) break;
          lists.delete(id);
          size -= dropped.lines.size;
        }
      }
      return lines;
    },

    /** The facts kept with the list's lines (those `lines` last returned) when the newest alert was `alertId`, if any. */
    factsOf(listId: number, alertId: number): ReadonlyMap<string, ConditionFacts> | null {
      const facts = lists.get(listId)?.facts;
      return facts?.alertId === alertId ? facts.byQuery : null;
    },

    /** Keeps the facts of queries on the list's lines as `lines` last returned them, the newest alert being `alertId`. */
    keepFacts(listId: number, byQuery: ReadonlyMap<string, ConditionFacts>, alertId: number): void {
      const kept = lists.get(listId);
      if (kept) kept.facts = { byQuery, alertId };
    },

    /** Forgets lines of a list (the bench: a version evaluated again from what the one before left). */
    forget(listId: number, ids: readonly number[]): void {
      const kept = lists.get(listId);
      if (!kept) return;
      kept.facts = null;
      for (const id of ids) if (kept.lines.delete(id)) size--;
    },

    /** A cache holding what this one holds now, changed apart from it (the bench: each run from the same start). */
    copy(): LineCache {
      return lineCache(max, new Map([...lists].map(([id, kept]) => [id, { lines: new Map(kept.lines), facts: kept.facts }])));
    },

    /** How many lines are kept. */
    get size() {
      return size;
    },
  };
}

export interface LineCache {
  lines(listId: number, ids: readonly number[], read: (missing: number[]) => Promise<CachedLine[]>): Promise<CachedLine[]>;
  factsOf(listId: number, alertId: number): ReadonlyMap<string, ConditionFacts> | null;
  keepFacts(listId: number, byQuery: ReadonlyMap<string, ConditionFacts>, alertId: number): void;
  forget(listId: number, ids: readonly number[]): void;
  copy(): LineCache;
  readonly size: number;
}
