import { describe, expect, it } from 'vitest';
import { changeSummary } from './change-summary';
import { formatMove } from './list-changes';
import { diffLines, type PriceMove } from './list-diff';
import { type ListLine, linesOfText } from './list-lines';

const lines = (text: string): ListLine[] => linesOfText(text);

describe('diffLines', () => {
  it('finds nothing when only the order of the rows changed', () => {
    const before = lines('Tomatoes 2.10 €/kg\nBurrata 3.50 €/piece\nBasil 1.20 €/bunch');
    const after = lines('Basil 1.20 €/bunch\nTomatoes 2.10 €/kg\nBurrata 3.50 €/piece');
    expect(diffLines(before, after)).toEqual({ counts: { up: 0, down: 0, added: 0, gone: 0, changed: 0 }, changes: [] });
  });

  it('tells prices up and down with the amount and the percent, the biggest move first', () => {
    const before = lines('Tomatoes 2.10 €/kg\nBurrata 3.50 €/piece\nBasil 1.20 €/bunch');
    const after = lines('Burrata 3.40 €/piece\nTomatoes 2.40 €/kg\nBasil 1.20 €/bunch');
    const diff = diffLines(before, after);
    expect(diff.counts).toMatchObject({ up: 1, down: 1, added: 0, gone: 0 });
    const [first, second] = diff.changes as PriceMove[];
    expect(first).toMatchObject({
      kind: 'price',
      item: 'Tomatoes',
      before: 2.1,
      after: 2.4,
      change: 0.3,
      percent: 14.3,
      currency: 'EUR',
      unit: 'kg',
    });
    expect(second).toMatchObject({ item: 'Burrata', change: -0.1, percent: -2.9 });
    expect(formatMove(first as PriceMove)).toBe('Tomatoes 2.10 € → 2.40 €/kg, +14%');
    // Both sides with their currency, as a buyer reads them (issue 43: "2.10 → £2.40/kg").
    const lamb: PriceMove = { ...(first as PriceMove), item: 'Lamb', currency: 'GBP' };
    expect(formatMove(lamb)).toBe('Lamb £2.10 → £2.40/kg, +14%');
    expect(changeSummary(diff.counts)).toBe('1 price up, 1 down');
  });

  it('matches an item whose spelling was corrected and still sees its price move', () => {
    const diff = diffLines(lines('Tomatos San Marzano 2.10 €/kg'), lines('Tomatoes San Marzano 2.30 €/kg'));
    expect(diff.changes).toEqual([
      expect.objectContaining({ kind: 'price', item: 'Tomatoes San Marzano', before: 2.1, after: 2.3 }),
    ]);
  });

  it('tells new and gone items apart from price moves', () => {
    const diff = diffLines(
      lines('Tomatoes 2.10 €/kg\nCourgettes 1.80 €/kg'),
      lines('Tomatoes 2.10 €/kg\nBurrata 3.50 €\nRicotta 2.00 €'),
    );
    expect(diff.counts).toEqual({ up: 0, down: 0, added: 2, gone: 1, changed: 0 });
    expect(changeSummary(diff.counts)).toBe('2 new items, 1 item gone');
    expect(diff.changes.map((c) => c.kind)).toEqual(['added', 'added', 'gone']);
  });

  it('keeps two items with alike names apart when both are still there', () => {
    const before = lines('Burrata 125g 3.50 €\nBurrata 250g 6.00 €');
    const after = lines('Burrata 250g 6.50 €\nBurrata 125g 3.50 €');
    expect(diffLines(before, after).changes).toEqual([expect.objectContaining({ item: 'Burrata 250g', before: 6, after: 6.5 })]);
  });

  it('counts a changed line that is not a price as another change', () => {
    const before = lines('Prices valid from 1 October\nTomatoes 2.10 €/kg');
    const after = lines('Prices valid from 8 October\nTomatoes 2.10 €/kg');
    const diff = diffLines(before, after);
    expect(diff.changes).toEqual([
      { kind: 'changed', before: 'Prices valid from 1 October', after: 'Prices valid from 8 October' },
    ]);
    expect(changeSummary(diff.counts)).toBe('1 line changed');
  });

  it('does not call a change of unit a price move', () => {
    const diff = diffLines(lines('Tomatoes 2.10 €/kg'), lines('Tomatoes 12.00 €/box'));
    expect(diff.changes).toEqual([expect.objectContaining({ kind: 'changed', item: 'Tomatoes' })]);
  });

  it('pairs the same item in two units by its unit', () => {
    const before = lines('Tomatoes 2.10 €/kg\nTomatoes 11.00 €/box');
    const after = lines('Tomatoes 12.00 €/box\nTomatoes 2.10 €/kg');
    expect(diffLines(before, after).changes).toEqual([
      expect.objectContaining({ kind: 'price', unit: 'box', before: 11, after: 12 }),
    ]);
  });

  it('handles a list read for the first time against nothing, and a duplicate row added', () => {
    expect(diffLines([], lines('Tomatoes 2.10 €/kg')).counts.added).toBe(1);
    const diff = diffLines(lines('Tomatoes 2.10 €/kg'), lines('Tomatoes 2.10 €/kg\nTomatoes 2.10 €/kg'));
    expect(diff.counts).toMatchObject({ added: 1, up: 0 });
  });

  it('reads a price of zero becoming a price as a move without a percent', () => {
    const diff = diffLines(lines('Bread 0.00 €'), lines('Bread 1.00 €'));
    expect(diff.changes[0]).toMatchObject({ kind: 'price', change: 1, percent: null });
  });

  it('stays fast and bounded when every one of 5,000 lines is new', () => {
    const before = Array.from({ length: 5000 }, (_, i) => ({
      raw: `Old item ${i} ${i}.10 €`,
      item: `Old item ${i}`,
      price: i + 0.1,
    }));
    const after = Array.from({ length: 5000 }, (_, i) => ({
      raw: `Fresh thing ${i * 7} ${i}.20 €`,
      item: `Fresh thing ${i * 7}`,
      price: i + 0.2,
    }));
    const diff = diffLines(before, after);
    expect(diff.counts.added + diff.counts.gone + diff.counts.up + diff.counts.down + diff.counts.changed).toBeGreaterThan(0);
  });
});
