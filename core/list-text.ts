/**
 * What cards show about lists, without zod (the public profile's first visit loads it, ADR 0062):
 * the stable address, validity dates and the folded versions. The rules and schemas are in list.ts.
 */

export const LIST_NAME_MAX_LENGTH = 60;

/** The words a card shows beside a list; list-messages.ts has these and the API's answers. */
export const LIST_LABELS = {
  expired: 'Expired',
  edited: 'edited',
  newVersion: 'new version',
  /** A list's page with its prices on it: the file is the second way to read them (issue 39). */
  openOriginal: 'Open the original',
} as const;

/**
 * The two times every card and list page shows, each saying which it is (issue 43: "just now ·
 * Updated 1 day ago" read as two unexplained clocks): when the list was posted on Freshlist, and
 * when its file was last saved where it lives (what the link watcher saw).
 */
export const LIST_TIMES = {
  posted: (age: string) => `Posted ${age}`,
  edited: (age: string) => `Edited ${age}`,
  fileSaved: (age: string) => `File saved ${age}`,
} as const;

/** The name a list gets when its owner gives none: the description's first line, 60 characters at most. */
export function defaultListName(description: string): string {
  const firstLine = (description.split('\n')[0] ?? '').replace(/^[ \t\r]+|[ \t\r]+$/g, '');
  if (firstLine === '') return 'Untitled list';
  const chars = [...firstLine];
  return chars.length > LIST_NAME_MAX_LENGTH ? `${chars.slice(0, LIST_NAME_MAX_LENGTH - 1).join('')}…` : firstLine;
}

/**
 * Paths of a list: its stable address (the list's own page, docs/decisions/0142), the direct address
 * that always opens the newest file (a counted redirect), its page's data and its images.
 */
export const listPaths = {
  stable: (handle: string, slug: string) => `/${encodeURIComponent(handle)}/lists/${encodeURIComponent(slug)}`,
  open: (handle: string, slug: string) => `/${encodeURIComponent(handle)}/lists/${encodeURIComponent(slug)}/open`,
  page: (handle: string, slug: string) => `/api/profiles/${encodeURIComponent(handle)}/lists/${encodeURIComponent(slug)}`,
  qr: (handle: string, slug: string, format: 'png' | 'svg' = 'png') =>
    `/qr/${encodeURIComponent(handle)}/lists/${encodeURIComponent(slug)}.${format}`,
  card: (handle: string, slug: string, download = false) =>
    `/qr/${encodeURIComponent(handle)}/lists/${encodeURIComponent(slug)}/card.png${download ? '?download=1' : ''}`,
};

export const earlierVersionsLabel = (n: number) => (n === 1 ? '1 earlier version' : `${n} earlier versions`);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Today as YYYY-MM-DD in the viewer's own time zone: a list valid until 31 Oct is valid all that day. */
export function localDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** '31 Oct', with the year when it is not this year ('31 Oct 2027'). */
export function shortDate(date: string, today: string): string {
  const [year, month, day] = date.split('-');
  const text = `${Number(day)} ${MONTHS[Number(month) - 1] ?? ''}`;
  return year === today.slice(0, 4) ? text : `${text} ${year}`;
}

/** 'Valid until 31 Oct', 'Valid from 1 Oct until 31 Oct', 'Valid from 1 Nov'; null without dates. */
export function validityLabel(validFrom: string | null, validUntil: string | null, today: string): string | null {
  if (validFrom && validUntil) return `Valid from ${shortDate(validFrom, today)} until ${shortDate(validUntil, today)}`;
  if (validUntil) return `Valid until ${shortDate(validUntil, today)}`;
  if (validFrom) return `Valid from ${shortDate(validFrom, today)}`;
  return null;
}

/** After its last valid day a version is expired (it stays visible, marked). */
export const isExpired = (validUntil: string | null, today: string) => validUntil !== null && today > validUntil;
