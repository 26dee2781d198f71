import { describe, expect, it } from 'vitest';
import { decodeFollowCursor, encodeFollowCursor, followCursorParamSchema } from './follow';
import { CURSOR_MESSAGE, keysetPage } from './keyset';

describe('keysetPage', () => {
  const cursorAfter = (n: number) => `after-${n}`;

  it('cuts the extra row off and points the cursor after the last row kept', () => {
    expect(keysetPage([5, 4, 3], 2, cursorAfter)).toEqual({ items: [5, 4], nextCursor: 'after-4' });
  });

  it('has no cursor on the last page, full or not', () => {
    expect(keysetPage([5, 4], 2, cursorAfter)).toEqual({ items: [5, 4], nextCursor: null });
    expect(keysetPage([], 2, cursorAfter)).toEqual({ items: [], nextCursor: null });
  });
});

describe('follow cursors', () => {
  it('round-trips a handle or a user id as the key', () => {
    for (const cursor of [
      { followedAt: 1_700_000_000_000, key: 'fresh-farm' },
      { followedAt: 1, key: '7b0c5f9e-6a7e-4b8a-9d86-4a0f7f1c2d3e' },
    ]) {
      expect(decodeFollowCursor(encodeFollowCursor(cursor))).toEqual(cursor);
    }
  });

  it('refuses what is not a cursor, with the one message every list gives', () => {
    expect(decodeFollowCursor('1_UPPER')).toBeNull();
    expect(followCursorParamSchema.parse(undefined)).toBeNull();
    expect(followCursorParamSchema.safeParse('nope').error?.issues[0]?.message).toBe(CURSOR_MESSAGE);
  });
});
