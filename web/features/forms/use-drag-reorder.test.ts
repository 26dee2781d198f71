import { describe, expect, it } from 'vitest';
import { dropIndex } from './use-drag-reorder';

// Three items of 100px: 0–100, 100–200, 200–300.
const rects = [0, 100, 200].map((top) => ({ top, bottom: top + 100 }));

describe('where a dragged question lands', () => {
  it('stays put over its own place', () => {
    expect(dropIndex(1, 150, rects)).toBe(1);
  });

  it('goes before an item once the pointer is above its middle', () => {
    expect(dropIndex(2, 40, rects)).toBe(0);
    expect(dropIndex(2, 60, rects)).toBe(1);
  });

  it('goes after an item once the pointer is below its middle, and to the end past the last', () => {
    expect(dropIndex(0, 140, rects)).toBe(0);
    expect(dropIndex(0, 160, rects)).toBe(1);
    expect(dropIndex(0, 999, rects)).toBe(2);
    expect(dropIndex(0, -50, rects)).toBe(0);
  });
});
