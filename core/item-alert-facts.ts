import { type AlertLine, comparable } from './item-alert-lines';

/**
 * The facts of a query's lines that every item alert's outcome depends on (docs/decisions/0231), so
 * that a version reads only the alerts whose outcome it can change. Pure and browser-safe.
 */

/**
 * What every condition on one query's lines reads (docs/decisions/0231): whether any line matches,
 * and the cheapest value each rule compares, by key: "p:" and a currency or "*" (the price as written),
 * "u:" and a unit (per unit, any currency), "b:" and a basis ("b:kg:EUR"; 'moves' too). From the
 * same kept state, two sets of lines with the same facts give each alert of the query the same outcome.
 */
export interface ConditionFacts {
  any: boolean;
  cheapest: Map<string, number>;
}

/** The facts of a query's lines (its deciding lines will do: they hold each cheapest value). */
export function conditionFacts(lines: AlertLine[]): ConditionFacts {
  const cheapest = new Map<string, number>();
  const keep = (key: string, value: number) => {
    const known = cheapest.get(key);
    if (known === undefined || value < known) cheapest.set(key, value);
  };
  for (const line of lines) {
    if (line.price !== null) {
      keep('p:*', line.price);
      if (line.currency !== null) keep(`p:${line.currency}`, line.price);
    }
    const valued = comparable(line);
    if (!valued) continue;
    keep(`b:${valued.basis}`, valued.value);
    const unit = valued.basis.slice(0, valued.basis.indexOf(':'));
    if (unit !== 'price') keep(`u:${unit}`, valued.value);
  }
  return { any: lines.length > 0, cheapest };
}

/** Which of a query's alerts a change of its facts can change: 'under' ones by key, within a range of thresholds. */
export interface FactsChange {
  back: boolean;
  /**
   * 'moves': the bases whose cheapest value changed, and those there are now. An alert whose kept
   * reference is of a basis there is now, unchanged, keeps its outcome.
   */
  moves: { changed: string[]; present: string[] } | null;
  /** An 'under' alert of the key changes when low < threshold <= high (high null: no bound). */
  under: Array<{ key: string; low: number; high: number | null }>;
}

/** What changed between two facts of one query; null when no alert of it can change. */
export function factsChange(before: ConditionFacts, after: ConditionFacts): FactsChange | null {
  const change: FactsChange = { back: before.any !== after.any, moves: null, under: [] };
  const bases: string[] = [];
  const keys = new Set([...before.cheapest.keys(), ...after.cheapest.keys()]);
  for (const key of keys) {
    const was = before.cheapest.get(key);
    const is = after.cheapest.get(key);
    if (was === is) continue;
    if (key.startsWith('b:')) bases.push(key.slice(2));
    // 'under' holds when the cheapest is under its threshold: it flips for the thresholds between the two.
    const low = Math.min(was ?? Number.POSITIVE_INFINITY, is ?? Number.POSITIVE_INFINITY);
    const high = was === undefined || is === undefined ? null : Math.max(was, is);
    change.under.push({ key, low, high });
  }
  if (bases.length > 0) {
    const present = [...after.cheapest.keys()].filter((key) => key.startsWith('b:')).map((key) => key.slice(2));
    change.moves = { changed: bases, present };
  }
  return change.back || change.moves || change.under.length > 0 ? change : null;
}
