import { itemKey } from '../../../core/list-lines';
import type { PriceRow } from '../../../core/price-table';

/**
 * The list page's filter (issue 39 §1): loaded with the first letter typed. Every word typed must
 * start a word of the row, or be one slip from a word (two for long words), as /explore forgives typos.
 */

/** Edits between two words, given up past `most`. */
function withinEdits(a: string, b: string, most: number): boolean {
  if (Math.abs(a.length - b.length) > most) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > most) return false;
    previous = current;
  }
  return (previous[b.length] as number) <= most;
}

const slipsAllowed = (word: string) => (word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0);

function wordMatches(typed: string, words: string[]): boolean {
  const most = slipsAllowed(typed);
  return words.some(
    (word) =>
      word.startsWith(typed) ||
      (most > 0 && (withinEdits(typed, word, most) || withinEdits(typed, word.slice(0, typed.length), most))),
  );
}

export function rowFilter(query: string): (row: PriceRow) => boolean {
  const typed = itemKey(query).split(' ').filter(Boolean);
  return (row) => {
    const words = itemKey(`${row.raw} ${row.where ?? ''}`).split(' ');
    return typed.every((word) => wordMatches(word, words));
  };
}
