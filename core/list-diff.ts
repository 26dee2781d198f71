import { itemKey, type ListLine } from './list-lines';

/**
 * What changed between two snapshots of one list (docs/decisions/0161): items added and gone,
 * prices up and down, other lines changed. Lines are matched by their text first, then by item
 * name, then by a close spelling of it, so reordered rows and "Tomatos" → "Tomatoes" still match.
 */

export interface PriceMove {
  kind: 'price';
  item: string;
  before: number;
  after: number;
  currency?: string;
  unit?: string;
  /** after − before, in the list's currency. */
  change: number;
  /** The change in percent of the old price, rounded to one decimal; null when it was 0. */
  percent: number | null;
}

export interface ItemAddedOrGone {
  kind: 'added' | 'gone';
  item: string;
  price?: number;
  currency?: string;
  unit?: string;
  raw: string;
}

/** Any other difference: a line whose text changed, or a line (not an item) added or removed. */
export interface LineChanged {
  kind: 'changed';
  item?: string;
  before?: string;
  after?: string;
}

export type ListChange = PriceMove | ItemAddedOrGone | LineChanged;

export interface ChangeCounts {
  up: number;
  down: number;
  added: number;
  gone: number;
  changed: number;
}

export interface ListDiff {
  counts: ChangeCounts;
  changes: ListChange[];
}

/** How alike two spellings must be (trigram Dice coefficient) to be one item. */
const ITEM_SIMILARITY = 0.7;
/** Lines that are not items pair up as "changed" when at least this alike. */
const LINE_SIMILARITY = 0.5;
/** Candidates looked at per unmatched line: bounds the work when a whole file is new. */
const MAX_CANDIDATES = 40;
/** Trigrams in more lines than this find no candidates (they are in nearly every name). */
const COMMON_TRIGRAM = 250;

function trigrams(key: string): Set<string> {
  const padded = `  ${key} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
}

function dice(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const g of a) if (b.has(g)) shared++;
  return (2 * shared) / (a.size + b.size);
}

interface Pair {
  before: ListLine;
  after: ListLine;
}

/** Removes the lines whose raw text is on both sides (as often as it is on both). */
function withoutUnchanged(before: ListLine[], after: ListLine[]): [ListLine[], ListLine[]] {
  const counts = new Map<string, number>();
  for (const line of before) counts.set(line.raw, (counts.get(line.raw) ?? 0) + 1);
  const kept: ListLine[] = [];
  for (const line of after) {
    const n = counts.get(line.raw) ?? 0;
    if (n > 0) counts.set(line.raw, n - 1);
    else kept.push(line);
  }
  const left: ListLine[] = [];
  for (const line of before) {
    const n = counts.get(line.raw) ?? 0;
    if (n > 0) {
      counts.set(line.raw, n - 1);
      left.push(line);
    }
  }
  return [left, kept];
}

/** Pairs lines with the same item name, the same unit first; returns the pairs and the rest. */
function pairByName(before: ListLine[], after: ListLine[]): { pairs: Pair[]; before: ListLine[]; after: ListLine[] } {
  const byKey = new Map<string, ListLine[]>();
  for (const line of before) {
    const key = itemKey(line.item ?? '');
    const same = byKey.get(key);
    if (same) same.push(line);
    else byKey.set(key, [line]);
  }
  const pairs: Pair[] = [];
  const rest: ListLine[] = [];
  for (const line of after) {
    const candidates = byKey.get(itemKey(line.item ?? '')) ?? [];
    const index = Math.max(
      0,
      candidates.findIndex((c) => c.unit === line.unit),
    );
    const match = candidates[index];
    if (match) {
      candidates.splice(index, 1);
      pairs.push({ before: match, after: line });
    } else rest.push(line);
  }
  return { pairs, before: [...byKey.values()].flat(), after: rest };
}

/** Pairs lines whose text (`textOf`) is alike, the most alike first. */
function pairByLikeness(
  before: ListLine[],
  after: ListLine[],
  textOf: (line: ListLine) => string,
  threshold: number,
): { pairs: Pair[]; before: ListLine[]; after: ListLine[] } {
  const beforeGrams = before.map((l) => trigrams(itemKey(textOf(l))));
  const index = new Map<string, number[]>();
  beforeGrams.forEach((grams, i) => {
    for (const g of grams) {
      const lines = index.get(g);
      if (lines) lines.push(i);
      else index.set(g, [i]);
    }
  });
  const scored: { score: number; b: number; a: number }[] = [];
  after.forEach((line, a) => {
    const grams = trigrams(itemKey(textOf(line)));
    const shared = new Map<number, number>();
    for (const g of grams) {
      const lines = index.get(g) ?? [];
      // A trigram in very many lines ("  t") tells little and would make the work quadratic.
      if (lines.length > COMMON_TRIGRAM) continue;
      for (const b of lines) shared.set(b, (shared.get(b) ?? 0) + 1);
    }
    // Dice ≥ t needs at least t·|a|/2 shared trigrams: most lines are ruled out by their count.
    const needed = (threshold * grams.size) / 2;
    const best = [...shared.entries()].filter(([, n]) => n >= needed);
    if (best.length > MAX_CANDIDATES) best.sort((x, y) => y[1] - x[1]).length = MAX_CANDIDATES;
    for (const [b] of best) {
      const score = dice(grams, beforeGrams[b] as Set<string>);
      if (score >= threshold) scored.push({ score, b, a });
    }
  });
  scored.sort((x, y) => y.score - x.score);
  const usedBefore = new Set<number>();
  const usedAfter = new Set<number>();
  const pairs: Pair[] = [];
  for (const { b, a } of scored) {
    if (usedBefore.has(b) || usedAfter.has(a)) continue;
    usedBefore.add(b);
    usedAfter.add(a);
    pairs.push({ before: before[b] as ListLine, after: after[a] as ListLine });
  }
  return {
    pairs,
    before: before.filter((_, i) => !usedBefore.has(i)),
    after: after.filter((_, i) => !usedAfter.has(i)),
  };
}

const sameOrUnknown = (a: string | undefined, b: string | undefined) => a === undefined || b === undefined || a === b;

function changeOfPair({ before, after }: Pair): ListChange | undefined {
  const item = after.item ?? before.item;
  if (
    item !== undefined &&
    before.price !== undefined &&
    after.price !== undefined &&
    before.price !== after.price &&
    sameOrUnknown(before.currency, after.currency) &&
    sameOrUnknown(before.unit, after.unit)
  ) {
    const change = Math.round((after.price - before.price) * 10_000) / 10_000;
    const percent = before.price === 0 ? null : Math.round((change / before.price) * 1000) / 10;
    const move: PriceMove = { kind: 'price', item, before: before.price, after: after.price, change, percent };
    const currency = after.currency ?? before.currency;
    const unit = after.unit ?? before.unit;
    if (currency) move.currency = currency;
    if (unit) move.unit = unit;
    return move;
  }
  if (before.raw === after.raw) return undefined;
  return { kind: 'changed', ...(item ? { item } : {}), before: before.raw, after: after.raw };
}

function addedOrGone(kind: 'added' | 'gone', line: ListLine): ListChange {
  if (!line.item) return kind === 'added' ? { kind: 'changed', after: line.raw } : { kind: 'changed', before: line.raw };
  const change: ItemAddedOrGone = { kind, item: line.item, raw: line.raw };
  if (line.price !== undefined) change.price = line.price;
  if (line.currency) change.currency = line.currency;
  if (line.unit) change.unit = line.unit;
  return change;
}

const KIND_ORDER = { price: 0, added: 1, gone: 2, changed: 3 } as const;
const size = (c: ListChange) => (c.kind === 'price' ? Math.abs(c.percent ?? Number.POSITIVE_INFINITY) : 0);

/** The changes from `before` to `after`: the biggest price moves first, then new, gone, other. */
export function diffLines(before: ListLine[], after: ListLine[]): ListDiff {
  const [oldLines, newLines] = withoutUnchanged(before, after);
  const oldItems = oldLines.filter((l) => l.item);
  const newItems = newLines.filter((l) => l.item);
  const byName = pairByName(oldItems, newItems);
  const bySpelling = pairByLikeness(byName.before, byName.after, (l) => l.item ?? '', ITEM_SIMILARITY);
  const byText = pairByLikeness(
    oldLines.filter((l) => !l.item),
    newLines.filter((l) => !l.item),
    (l) => l.raw,
    LINE_SIMILARITY,
  );
  const changes: ListChange[] = [];
  for (const pair of [...byName.pairs, ...bySpelling.pairs, ...byText.pairs]) {
    const change = changeOfPair(pair);
    if (change) changes.push(change);
  }
  for (const line of [...bySpelling.after, ...byText.after]) changes.push(addedOrGone('added', line));
  for (const line of [...bySpelling.before, ...byText.before]) changes.push(addedOrGone('gone', line));
  changes.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || size(b) - size(a));
  const counts: ChangeCounts = { up: 0, down: 0, added: 0, gone: 0, changed: 0 };
  for (const c of changes) {
    if (c.kind === 'price') counts[c.change > 0 ? 'up' : 'down']++;
    else counts[c.kind]++;
  }
  return { counts, changes };
}
