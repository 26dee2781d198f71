import { describe, expect, it } from 'vitest';
import { cursorParamSchema, decodeCursor, encodeCursor } from './feed';
import { CURSOR_MESSAGE } from './keyset';

describe('page cursors', () => {
  it('round-trips the last post seen', () => {
    const cursor = { createdAt: 1_763_800_000_123, id: 42 };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it.each(['', 'abc', '1_', '_1', '1-2', '1_2_3', '-1_2', `${'9'.repeat(16)}_1`])('rejects %j', (raw) => {
    expect(decodeCursor(raw)).toBeNull();
  });

  it('reads an absent cursor as the first page and names a bad one', () => {
    expect(cursorParamSchema.parse(undefined)).toBeNull();
    expect(cursorParamSchema.parse('')).toBeNull();
    const bad = cursorParamSchema.safeParse('nope');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(CURSOR_MESSAGE);
  });
});
