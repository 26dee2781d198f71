import { describe, expect, it } from 'vitest';
import { adminActionLabel } from './audit';

describe('adminActionLabel', () => {
  it('labels a known action and shows an unknown one as it is', () => {
    expect(adminActionLabel('user.restore')).toBe('Restored a user');
    expect(adminActionLabel('something.new')).toBe('something.new');
  });
});
