import type { ChangeCounts } from './list-diff';

/**
 * A list's changes in a few words, as its card on a profile shows them (docs/decisions/0161). Apart
 * from list-changes.ts: that module reads prices, whose patterns a profile's first visit does not need.
 */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 prices up, 1 down, 2 new items"; empty when nothing changed. */
export function changeSummary(counts: ChangeCounts): string {
  const parts: string[] = [];
  if (counts.up > 0) parts.push(`${plural(counts.up, 'price', 'prices')} up`);
  if (counts.down > 0) parts.push(counts.up > 0 ? `${counts.down} down` : `${plural(counts.down, 'price', 'prices')} down`);
  if (counts.added > 0) parts.push(plural(counts.added, 'new item', 'new items'));
  if (counts.gone > 0) parts.push(`${plural(counts.gone, 'item', 'items')} gone`);
  if (counts.changed > 0) parts.push(`${plural(counts.changed, 'line', 'lines')} changed`);
  return parts.join(', ');
}

export const hasChanges = (counts: ChangeCounts) => counts.up + counts.down + counts.added + counts.gone + counts.changed > 0;
