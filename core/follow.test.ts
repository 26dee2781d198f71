import { describe, expect, it } from 'vitest';
import { unfollowedNotice } from './follow-text';

describe('unfollowedNotice', () => {
  it('says trade access stays only when it does (ADR 0213)', () => {
    expect(unfollowedNotice('Green Valley')).toBe('You no longer follow Green Valley.');
    expect(unfollowedNotice('Green Valley', true)).toBe(
      'You no longer follow Green Valley. You keep access to their trade-only lists until Green Valley removes it.',
    );
  });
});
