import { z } from 'zod';
import { logoSchema } from './business-profile';
import { WEEKDAY_NAMES, WEEKDAYS, type Weekday } from './delivery-terms';
import { pagePath } from './pages';
import { isTrade } from './trades';

/**
 * The directory at /explore (issue 15 §4): every held handle, found by a search over handle,
 * display name, bio, trades and area that forgives a typo or a missing accent, filtered by trade and
 * area, and by who delivers to a postcode or town on a weekday (issue 40 §1), a page at a time. With no search: the handles that posted most recently first.
 */

export const DIRECTORY_PAGE_SIZE = 20;
/** Deeper than this nobody reads; a narrower search finds it sooner. */
export const DIRECTORY_MAX_PAGE = 50;
export const DIRECTORY_QUERY_MAX_LENGTH = 100;
export const DIRECTORY_AREA_MAX_LENGTH = 80;
/** A postcode or a town, as long as a town in the ordering terms may be (core/delivery-terms-api.ts). */
export const DIRECTORY_DELIVERS_TO_MAX_LENGTH = 60;

export const DIRECTORY_MESSAGES = {
  queryTooLong: `A search can be at most ${DIRECTORY_QUERY_MAX_LENGTH} characters.`,
  areaTooLong: `An area can be at most ${DIRECTORY_AREA_MAX_LENGTH} characters.`,
  trade: 'Choose a trade from the list.',
  deliversToTooLong: `A postcode or town can be at most ${DIRECTORY_DELIVERS_TO_MAX_LENGTH} characters.`,
  day: `Choose a delivery day: ${WEEKDAYS.join(', ')}.`,
  page: `Page must be a whole number from 1 to ${DIRECTORY_MAX_PAGE}.`,
  noResults: 'No suppliers or restaurants match your search.',
  empty: 'No one has a public page yet.',
} as const;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const text = (raw ?? '').trim().replace(/\s+/g, ' ');
      if ([...text].length > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return text;
    });

/** GET /api/directory's query string, as the /explore address carries it. */
export const directoryQuerySchema = z.object({
  q: optionalText(DIRECTORY_QUERY_MAX_LENGTH, DIRECTORY_MESSAGES.queryTooLong),
  area: optionalText(DIRECTORY_AREA_MAX_LENGTH, DIRECTORY_MESSAGES.areaTooLong),
  trade: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return null;
      if (!isTrade(raw)) {
        ctx.addIssue({ code: 'custom', message: DIRECTORY_MESSAGES.trade });
        return z.NEVER;
      }
      return raw;
    }),
  deliversTo: optionalText(DIRECTORY_DELIVERS_TO_MAX_LENGTH, DIRECTORY_MESSAGES.deliversToTooLong),
  day: z
    .string()
    .optional()
    .transform((raw, ctx): Weekday | null => {
      if (raw === undefined || raw === '') return null;
      if (!(WEEKDAYS as readonly string[]).includes(raw)) {
        ctx.addIssue({ code: 'custom', message: DIRECTORY_MESSAGES.day });
        return z.NEVER;
      }
      return raw as Weekday;
    }),
  page: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return 1;
      const n = /^\d{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
      if (!Number.isInteger(n) || n < 1 || n > DIRECTORY_MAX_PAGE) {
        ctx.addIssue({ code: 'custom', message: DIRECTORY_MESSAGES.page });
        return z.NEVER;
      }
      return n;
    }),
});
export type DirectoryQuery = z.output<typeof directoryQuerySchema>;

/** Whether a search has anything to look for: letters or digits (punctuation alone lists everyone). */
export const hasSearchWords = (q: string) => /[\p{L}\p{N}]/u.test(q);

export const directoryEntrySchema = z.object({
  handle: z.string(),
  displayName: z.string(),
  logo: logoSchema.nullable(),
  trades: z.array(z.string()),
  area: z.string().nullable(),
  /** When the newest list was posted; null before the first. */
  lastPostAt: z.number().nullable(),
  /** When a file behind one of its lists last changed, from the file (issue 29); null: not known. */
  fileChangedAt: z.number().nullable(),
  followerCount: z.number(),
  /** Whether the signed-in viewer follows it; null for visitors and for the viewer's own handle. */
  following: z.boolean().nullable(),
  isOwner: z.boolean(),
  /**
   * The line of the business's current lists that the search matched by item (issue 30 §4), with its
   * price and how fresh the list is; null when only the name, bio, trades or area matched.
   */
  match: z
    .object({
      listName: z.string(),
      listSlug: z.string(),
      /** The item as the list names it, or the whole line. */
      text: z.string(),
      /** "2.40 €/kg", as written by formatPrice; null when the line has no price. */
      price: z.string().nullable(),
      /** When the list last changed, and when Freshlist last read it unchanged. */
      changedAt: z.number().nullable(),
      checkedAt: z.number().nullable(),
    })
    .nullable()
    .default(null),
});
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

export const directoryPageSchema = z.object({
  entries: z.array(directoryEntrySchema),
  page: z.number(),
  /** The next page's number; null on the last. */
  nextPage: z.number().nullable(),
});
export type DirectoryPage = z.infer<typeof directoryPageSchema>;

/** The query string of a search (empty parts left out), as /explore's address carries it. */
export function exploreSearchParams(query: {
  q?: string;
  trade?: string | null;
  area?: string;
  deliversTo?: string;
  day?: string | null;
  page?: number;
}): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.trade) params.set('trade', query.trade);
  if (query.area) params.set('area', query.area);
  if (query.deliversTo) params.set('deliversTo', query.deliversTo);
  if (query.day) params.set('day', query.day);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  return params;
}

/** The /explore address of a search, for links. */
export function explorePath(query: Parameters<typeof exploreSearchParams>[0]): string {
  const search = exploreSearchParams(query).toString();
  return search ? `${pagePath('explore')}?${search}` : pagePath('explore');
}

/** The page number of an /explore address; anything else is page 1 (the server refuses it otherwise). */
export function explorePageNumber(raw: string | null): number {
  const n = Number(raw ?? '1');
  return Number.isInteger(n) && n >= 1 && n <= DIRECTORY_MAX_PAGE ? n : 1;
}

/**
 * The search an /explore address asks for, as the page reads it: what the browser asks
 * `/api/directory` and what the server renders the page with (docs/decisions/0108).
 */
export function exploreSearchOf(params: URLSearchParams): ExploreSearch {
  return {
    q: params.get('q') ?? '',
    trade: params.get('trade') ?? '',
    area: params.get('area') ?? '',
    deliversTo: params.get('deliversTo') ?? '',
    day: params.get('day') ?? '',
    page: explorePageNumber(params.get('page')),
  };
}

export interface ExploreSearch {
  q: string;
  trade: string;
  area: string;
  deliversTo: string;
  day: string;
  page: number;
}

/** The weekdays /explore's "on" filter offers, in the order of the week. */
export const DELIVERY_DAY_CHOICES = WEEKDAYS.map((day) => ({ id: day, label: WEEKDAY_NAMES[day] }));

/** GET /api/directory's address for a search (empty parts and page 1 left out). */
export function directoryApiPath(query: ExploreSearch): string {
  const entries = [
    ['q', query.q],
    ['trade', query.trade],
    ['area', query.area],
    ['deliversTo', query.deliversTo],
    ['day', query.day],
    ['page', query.page > 1 ? String(query.page) : ''],
  ].filter(([, value]) => value !== '');
  return entries.length > 0 ? `/api/directory?${new URLSearchParams(entries)}` : '/api/directory';
}
