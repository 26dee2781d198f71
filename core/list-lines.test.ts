import { describe, expect, it } from 'vitest';
import { type Cell, lineOfText, linesOfSheet } from './list-lines';
import { findPrice, formatPrice, parseAmount } from './list-price';

const row = (...cells: (string | number)[]): Cell[] =>
  cells.map((c) => (typeof c === 'number' ? { text: String(c), number: c } : { text: c }));

describe('prices as written', () => {
  it.each([
    ['2.10', 2.1],
    ['2,10', 2.1],
    ['1,234.50', 1234.5],
    ['1.234,50', 1234.5],
    ['1 234,50', 1234.5],
    ['1,234', 1234],
    ['0,125', 0.125],
    ['12', 12],
  ])('%s is %d', (text, amount) => expect(parseAmount(text)).toBe(amount));

  it.each([
    ['Tomatoes 2,40 €/kg', { amount: 2.4, currency: 'EUR', unit: 'kg' }],
    ['Burrata €3.50 each', { amount: 3.5, currency: 'EUR' }],
    ['Olive oil 12.50 EUR per bottle', { amount: 12.5, currency: 'EUR', unit: 'bottle' }],
    ['Flour $1,234.50 / case', { amount: 1234.5, currency: 'USD', unit: 'case' }],
    ['Basil £1.20/bunch', { amount: 1.2, currency: 'GBP', unit: 'bunch' }],
    ['Eggs 3.10', { amount: 3.1 }],
  ])('finds the price in "%s"', (text, price) => expect(findPrice(text)).toMatchObject(price));

  it('does not take a weight or a year for a price', () => {
    expect(findPrice('Burrata 125 g')).toBeUndefined();
    expect(findPrice('Harvest 2026')).toBeUndefined();
    expect(findPrice('Pack of 12')).toBeUndefined();
  });

  it('writes a price as a person reads it', () => {
    expect(formatPrice({ amount: 2.4, currency: 'EUR', unit: 'kg' })).toBe('2.40 €/kg');
    expect(formatPrice({ amount: 3.5, currency: 'GBP' })).toBe('£3.50');
    expect(formatPrice({ amount: 7 })).toBe('7.00');
  });
});

describe('lines of a sheet', () => {
  it('finds the header row under a title and reads item, price, currency and unit by column', () => {
    const lines = linesOfSheet({
      name: 'Veg',
      rows: [
        row('Green Valley price list'),
        [],
        row('Item', 'Origin', 'Unit', 'Price (€)'),
        row('Tomatoes', 'Italy', 'kg', 2.1),
        row('Burrata', 'Puglia', 'piece', 3.5),
      ],
    });
    expect(lines).toEqual([
      { raw: 'Green Valley price list' },
      { raw: 'Tomatoes | Italy | kg | 2.1', item: 'Tomatoes', price: 2.1, currency: 'EUR', unit: 'kg' },
      { raw: 'Burrata | Puglia | piece | 3.5', item: 'Burrata', price: 3.5, currency: 'EUR', unit: 'piece' },
    ]);
  });

  it('guesses the columns when there is no header', () => {
    const lines = linesOfSheet({ name: 'Sheet1', rows: [row('A-1', 'Tomatoes', '2,10 €'), row('A-2', 'Burrata', '3,50 €')] });
    expect(lines[1]).toMatchObject({ item: 'Burrata', price: 3.5, currency: 'EUR' });
  });

  it('keeps a heading without a price as a line without an item, and the sheet it is on', () => {
    const lines = linesOfSheet(
      { name: 'Cheese', rows: [row('Product', 'Price'), row('SOFT CHEESES'), row('Burrata', 3.5)] },
      'Cheese',
    );
    expect(lines).toEqual([
      { raw: 'SOFT CHEESES', where: 'Cheese' },
      { raw: 'Burrata | 3.5', item: 'Burrata', price: 3.5, where: 'Cheese' },
    ]);
  });
});

describe('lines of text', () => {
  it('takes the item before the price, without the dots leading to it', () => {
    expect(lineOfText('Tomatoes San Marzano ........ 2,40 €/kg')).toEqual({
      raw: 'Tomatoes San Marzano ........ 2,40 €/kg',
      item: 'Tomatoes San Marzano',
      price: 2.4,
      currency: 'EUR',
      unit: 'kg',
    });
  });

  it('keeps a line without a price as raw text only', () => {
    expect(lineOfText('  Prices valid from 1 October  ')).toEqual({ raw: 'Prices valid from 1 October' });
  });
});
