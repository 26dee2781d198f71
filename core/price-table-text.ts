import { LIST_LABELS } from './list-text';

/**
 * What the prices on a list's page say (issue 39 §1). No zod: the list's page loads it.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "3 Oct at 14:20", in the reader's own time zone. */
export function readOn(ms: number): string {
  const at = new Date(ms);
  return `${at.getDate()} ${MONTHS[at.getMonth()]} at ${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;
}

export const PRICE_TEXT = {
  heading: 'Prices',
  readOn: (when: string) => `Prices as read on ${when}`,
  lastKnown: (when: string) => `Last known prices, read on ${when}. The file can't be opened right now`,
  unread: (n: number) => (n === 1 ? '1 row could not be read' : `${n} rows could not be read`),
  unreadHelp: 'Freshlist found figures but no price it could tell in these rows, for example:',
  filterLabel: 'Filter items',
  noMatch: (query: string) => `No item matches “${query}”.`,
  shown: (shown: number, total: number) =>
    shown === total ? (total === 1 ? '1 row' : `${total} rows`) : `${shown} of ${total} ${total === 1 ? 'row' : 'rows'}`,
  showAll: (n: number) => `Show all ${n} rows`,
  loading: 'Loading the rest of the list...',
  openOriginal: LIST_LABELS.openOriginal,
  compare: 'Compare',
  notRead: 'Freshlist has not read this file yet. Open the original to see it.',
} as const;

/** "↑ 14 %", "↓ 11 %", "new"; and how a screen reader says it. */
export function moveLabel(move: { kind: 'up' | 'down' | 'new'; percent: number | null }): { shown: string; spoken: string } {
  if (move.kind === 'new') return { shown: 'new', spoken: 'new item' };
  const arrow = move.kind === 'up' ? '↑' : '↓';
  const percent = move.percent === null ? '' : ` ${Math.round(move.percent)} %`;
  return {
    shown: `${arrow}${percent}`,
    spoken: `price ${move.kind}${move.percent === null ? '' : ` ${Math.round(move.percent)} percent`}`,
  };
}

export const pricePaths = {
  rows: (handle: string, slug: string, versionId: number, from: number) =>
    `/api/profiles/${encodeURIComponent(handle)}/lists/${encodeURIComponent(slug)}/prices?version=${versionId}&from=${from}`,
};
