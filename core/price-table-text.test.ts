import { describe, expect, it } from 'vitest';
import { PRICE_TEXT } from './price-table-text';

describe('the price table’s row count', () => {
  it('says row for one and rows for more, filtered or not', () => {
    expect(PRICE_TEXT.shown(1, 1)).toBe('1 row');
    expect(PRICE_TEXT.shown(5, 5)).toBe('5 rows');
    expect(PRICE_TEXT.shown(0, 1)).toBe('0 of 1 row');
    expect(PRICE_TEXT.shown(2, 40)).toBe('2 of 40 rows');
  });
});
