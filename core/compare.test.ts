import { describe, expect, it } from 'vitest';
import { type CompareLine, compareGroupsOf, compareQuerySchema, packText } from './compare';
import { compareItemOf, compareLinkOf } from './compare-link';

const line = (handle: string, price: number | null, unitPrice: CompareLine['unitPrice'], currency = 'EUR'): CompareLine => ({
  handle,
  displayName: handle,
  listName: 'Prices',
  listSlug: 'prices',
  item: 'Burrata',
  pack: null,
  price,
  currency,
  priceText: null,
  unitPrice,
  unitPriceText: null,
  fileChangedAt: null,
  checkedAt: null,
});
const perKg = (amount: number, currency = 'EUR') => ({ amount, currency, unit: 'kg' as const });

describe('compareGroupsOf', () => {
  it('groups per kg, per litre and per piece apart, each cheapest first, and the rest by price', () => {
    const groups = compareGroupsOf([
      line('dear', 7, perKg(28)),
      line('other-dear', 9, null),
      line('each', 3.9, { amount: 3.9, currency: 'EUR', unit: 'piece' }),
      line('cheap', 6, perKg(24)),
      line('other-cheap', 2, null),
      line('unpriced', null, null),
      line('milk', 1.2, { amount: 1.2, currency: 'EUR', unit: 'l' }),
    ]);
    expect(groups.map((g) => [g.unit, g.lines.map((l) => l.handle)])).toEqual([
      ['kg', ['cheap', 'dear']],
      ['l', ['milk']],
      ['piece', ['each']],
      ['other', ['other-cheap', 'other-dear', 'unpriced']],
    ]);
  });

  it('puts unit prices in another currency than most after them: they do not compare', () => {
    const groups = compareGroupsOf([line('pounds', 1, perKg(1, 'GBP')), line('a', 30, perKg(30)), line('b', 20, perKg(20))]);
    expect(groups[0]?.lines.map((l) => l.handle)).toEqual(['b', 'a', 'pounds']);
  });

  it('has no group without lines', () => {
    expect(compareGroupsOf([])).toEqual([]);
  });
});

describe('the compared item', () => {
  it.each([
    ['Burrata 125g', 'Burrata'],
    ['Burrata 250 g', 'Burrata'],
    ['Tomatoes San Marzano', 'Tomatoes San Marzano'],
    ['Mineral water 6 x 1L', 'Mineral water'],
    ['Olive oil (5 l)', 'Olive oil'],
    ['Flour 00, 25kg sack', 'Flour 00 sack'],
    ['Eggs 6x12', 'Eggs'],
    ['12', '12'],
  ])('%s is compared as %s', (text, item) => {
    expect(compareItemOf(text)).toBe(item);
  });

  it('links to /compare with the item encoded', () => {
    expect(compareLinkOf('Crème fraîche 200g')).toBe('/compare?item=Cr%C3%A8me+fra%C3%AEche');
  });

  it('is cut at a word to the most the API takes', () => {
    const item = compareItemOf(`${'word '.repeat(30)}end`);
    expect([...item].length).toBeLessThanOrEqual(100);
    expect(item.endsWith('word')).toBe(true);
  });
});

describe('packText', () => {
  it.each([
    [{ quantity: 0.125, unit: 'kg' }, '125 g'],
    [{ quantity: 25, unit: 'kg' }, '25 kg'],
    [{ quantity: 0.75, unit: 'l' }, '750 ml'],
    [{ quantity: 6, unit: 'l' }, '6 l'],
    [{ quantity: 12, unit: 'piece' }, '12 pieces'],
    [{ quantity: 1, unit: 'piece' }, '1 piece'],
  ] as const)('%o reads %s', (pack, text) => {
    expect(packText(pack)).toBe(text);
  });
});

describe('compareQuerySchema', () => {
  it('takes an item and the follow filter', () => {
    expect(compareQuerySchema.parse({ item: '  burrata   di  andria ', following: '1' })).toEqual({
      item: 'burrata di andria',
      following: true,
    });
    expect(compareQuerySchema.parse({ item: 'burrata' })).toEqual({ item: 'burrata', following: false });
  });

  it('refuses an item without letters or digits, or too long, with a message', () => {
    for (const item of [undefined, '', '  ', '!!', 'x'.repeat(101)]) {
      const result = compareQuerySchema.safeParse({ item });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^(Type an item to compare|An item can be at most 100 characters)/);
    }
  });
});
