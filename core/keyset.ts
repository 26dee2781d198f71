import { z } from 'zod';

/** What every list answers to a page cursor it cannot read. */
export const CURSOR_MESSAGE = 'Invalid page cursor.';

/** A row's place in a newest-first list: its time, and the key that breaks ties between equal times. */
export interface Keyset {
  time: number;
  key: number | string;
}

/**
 * Keyset pagination's cursor for one list: the last row seen, written `time_key`. A list names its
 * key's text form (a regular-expression source) and how its cursor maps to a keyset and back.
 */
export function keysetCursor<C>(list: {
  keyPattern: string;
  toKeyset(cursor: C): Keyset;
  fromKeyset(time: number, key: string): C;
}) {
  const pattern = new RegExp(`^(\\d{1,15})_(${list.keyPattern})$`);
  const encode = (cursor: C): string => {
    const { time, key } = list.toKeyset(cursor);
    return `${time}_${key}`;
  };
  const decode = (raw: string): C | null => {
    const match = pattern.exec(raw);
    return match ? list.fromKeyset(Number(match[1]), match[2]!) : null;
  };
  /** The `cursor` query parameter: absent (or empty) for the first page. */
  const param = z
    .string()
    .optional()
    .transform((raw, ctx): C | null => {
      if (raw === undefined || raw === '') return null;
      const cursor = decode(raw);
      if (cursor === null) {
        ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
        return z.NEVER;
      }
      return cursor;
    });
  return { encode, decode, param };
}

/**
 * Cuts the `limit + 1` rows a query asked for to one page and the cursor after its last row: the
 * extra row says whether another page exists, without a count. `nextCursor` is null on the last page.
 */
export function keysetPage<T>(rows: T[], limit: number, cursorAfter: (last: T) => string) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last !== undefined ? cursorAfter(last) : null };
}
