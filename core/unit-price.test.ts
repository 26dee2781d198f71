import { describe, expect, it } from 'vitest';
import { lineOfText, linesOfSheet } from './list-lines';
import { type BaseUnit, linePack, packOf, unitPriceOf } from './unit-price';
import { formatUnitPrice } from './unit-price-text';

const LB = 0.45359237;
const OZ = 0.028349523125;

describe('packs as suppliers write them', () => {
  it.each<[string, number, BaseUnit]>([
    // English
    ['25kg sack', 25, 'kg'],
    ['125g', 0.125, 'kg'],
    ['6 x 1L', 6, 'l'],
    ['6x1l', 6, 'l'],
    ['12 × 500 g', 6, 'kg'],
    ['2 x 5kg', 10, 'kg'],
    ['4 x 6 x 330 ml', 7.92, 'l'],
    ['125g x 6', 0.75, 'kg'],
    ['Case 6 x 75cl', 4.5, 'l'],
    ['box of 12', 12, 'piece'],
    ['tray of 30', 30, 'piece'],
    ['pack of 6 bottles', 6, 'piece'],
    ['6-pack', 6, 'piece'],
    ['12pk', 12, 'piece'],
    ['Croissants x12', 12, 'piece'],
    ['12 pcs', 12, 'piece'],
    ['dozen', 12, 'piece'],
    ['Doz', 12, 'piece'],
    ['2 dozen', 24, 'piece'],
    ['1/2 doz', 6, 'piece'],
    ['half a dozen', 6, 'piece'],
    ['Free range eggs (dozen)', 12, 'piece'],
    ['each', 1, 'piece'],
    ['ea.', 1, 'piece'],
    ['per piece', 1, 'piece'],
    ['pc', 1, 'piece'],
    ['unit', 1, 'piece'],
    ['per kg', 1, 'kg'],
    ['/kg', 1, 'kg'],
    ['KILO', 1, 'kg'],
    ['£2.10 the kilo', 1, 'kg'],
    ['per 100g', 0.1, 'kg'],
    ['100 g', 0.1, 'kg'],
    ['2,10/100g', 0.1, 'kg'],
    ['1 lb', LB, 'kg'],
    ['5 lbs', 5 * LB, 'kg'],
    ['per lb', LB, 'kg'],
    ['8 oz', 8 * OZ, 'kg'],
    ['1 lb 8 oz', LB + 8 * OZ, 'kg'],
    ['75cl', 0.75, 'l'],
    ['500 ml', 0.5, 'l'],
    ['approx. 1.2kg', 1.2, 'kg'],
    ['½ kg', 0.5, 'kg'],
    ['1/2 kg', 0.5, 'kg'],
    ['Olive oil 6 x 1L, price per litre', 1, 'l'],
    // French
    ['le kilo', 1, 'kg'],
    ['au kilo', 1, 'kg'],
    ['le litre', 1, 'l'],
    ['la pièce', 1, 'piece'],
    ['à la pièce', 1, 'piece'],
    ['pièce', 1, 'piece'],
    ["l'unité", 1, 'piece'],
    ['barquette 250 g', 0.25, 'kg'],
    ['barquette de 6', 6, 'piece'],
    ['douzaine', 12, 'piece'],
    ['demi-douzaine', 6, 'piece'],
    ['sac de 25 kg', 25, 'kg'],
    ['carton de 6 x 1 l', 6, 'l'],
    ['6 bouteilles de 75 cl', 4.5, 'l'],
    ['1 000 g', 1, 'kg'],
    ['0,75 l', 0.75, 'l'],
    ['1,5 kg', 1.5, 'kg'],
    // German
    ['Stück', 1, 'piece'],
    ['pro Stück', 1, 'piece'],
    ['10 Stück', 10, 'piece'],
    ['je kg', 1, 'kg'],
    ['500 g Packung', 0.5, 'kg'],
    ['1.000 g', 1, 'kg'],
    ['2,5 kg', 2.5, 'kg'],
    ['1,250 kg', 1.25, 'kg'],
    ['Kiste 10 kg', 10, 'kg'],
    ['6er Pack', 6, 'piece'],
    ['24 Dosen à 0,33 l', 7.92, 'l'],
    ['5 dl', 0.5, 'l'],
    ['Dutzend', 12, 'piece'],
    // Italian
    ['confezione da 6', 6, 'piece'],
    ['cassetta da 5 kg', 5, 'kg'],
    ['al kg', 1, 'kg'],
    ['al pezzo', 1, 'piece'],
    ['1 litro', 1, 'l'],
    ['200 grammi', 0.2, 'kg'],
    ['dozzina', 12, 'piece'],
    // Spanish
    ['caja 10 kg', 10, 'kg'],
    ['caja de 12', 12, 'piece'],
    ['2 cajas de 10 kg', 20, 'kg'],
    ['por kilo', 1, 'kg'],
    ['la unidad', 1, 'piece'],
    ['botella 75 cl', 0.75, 'l'],
    ['500 gr', 0.5, 'kg'],
    ['media docena', 6, 'piece'],
  ])('"%s" is %d %s', (text, quantity, unit) => {
    const pack = packOf(text);
    expect(pack?.unit).toBe(unit);
    expect(pack?.quantity).toBeCloseTo(quantity, 9);
  });

  it.each([
    '',
    'box',
    'bunch',
    'tray',
    'bottle',
    'fresh',
    'Grade A',
    'size 3',
    'Class 1',
    'No. 5',
    '1st grade',
    'Harvest 2019',
    'Crème 35% MG',
    '4-5 kg',
    'de 4 à 5 kg',
    '8 fl oz',
    '1 box',
    'Pièce de bœuf',
  ])('"%s" is not a pack', (text) => expect(packOf(text)).toBeNull());

  it('is not a pack without text', () => expect(packOf(undefined)).toBeNull());
});

describe('the pack of a line', () => {
  it('takes a measure from the unit: a price per kg is per kg, whatever the item weighs', () => {
    expect(linePack({ item: 'Burrata 125g', unit: 'kg', raw: 'Burrata 125g | kg | 28.00' })).toEqual({ quantity: 1, unit: 'kg' });
    expect(linePack({ item: 'Ham', unit: '100 g', raw: 'Ham | 100 g | 2.90' })?.quantity).toBeCloseTo(0.1);
    expect(linePack({ item: 'Eggs', unit: 'dozen', raw: 'Eggs | dozen | 4.20' })).toEqual({ quantity: 12, unit: 'piece' });
    expect(linePack({ item: 'Flour', unit: '25kg sack', raw: 'Flour | 25kg sack | £15.50' })).toEqual({
      quantity: 25,
      unit: 'kg',
    });
  });

  it('reads "each" or a container as one of the item as written', () => {
    expect(linePack({ item: 'Burrata 125g', unit: 'each', raw: 'Burrata 125g | each | 3.50' })).toEqual({
      quantity: 0.125,
      unit: 'kg',
    });
    expect(linePack({ item: 'Red wine, case 6 x 75cl', unit: 'box', raw: 'Red wine, case 6 x 75cl | box | 54.00' })).toEqual({
      quantity: 4.5,
      unit: 'l',
    });
    expect(linePack({ item: 'Burrata', unit: 'each', raw: 'Burrata | each | 3.50' })).toEqual({ quantity: 1, unit: 'piece' });
  });

  it('finds the pack in the item text, then in the raw line', () => {
    expect(linePack({ item: 'Olive oil 6 x 1L', raw: 'Olive oil 6 x 1L 48,00 €' })).toEqual({ quantity: 6, unit: 'l' });
    expect(linePack({ item: 'Eggs free range', raw: 'Eggs free range | box of 30 | 7,20 €' })).toEqual({
      quantity: 30,
      unit: 'piece',
    });
    expect(linePack({ item: 'Tomatoes', raw: 'Tomatoes 2,10 €/kg' })).toEqual({ quantity: 1, unit: 'kg' });
  });

  it('is null when neither unit, item nor line names one', () => {
    expect(linePack({ item: 'Basil', unit: 'bunch', raw: 'Basil | bunch | 1.20' })).toBeNull();
    expect(linePack({ item: 'Wine', unit: 'case', raw: 'Wine | case | 54.00' })).toBeNull();
    expect(linePack({ raw: 'SOFT CHEESES' })).toBeNull();
  });
});

describe('unit prices', () => {
  it('gives the issue examples', () => {
    expect(
      unitPriceOf({ item: 'Flour', unit: '25kg sack', raw: 'Flour | 25kg sack | £15.50', price: 15.5, currency: 'GBP' }),
    ).toEqual({
      amount: expect.closeTo(0.62, 10),
      currency: 'GBP',
      unit: 'kg',
    });
    expect(unitPriceOf({ item: 'Burrata', unit: '125g', raw: 'Burrata | 125g | £3.50', price: 3.5, currency: 'GBP' })).toEqual({
      amount: 28,
      currency: 'GBP',
      unit: 'kg',
    });
    expect(unitPriceOf({ item: 'Olive oil 6 x 1L', raw: 'Olive oil 6 x 1L £30.00', price: 30, currency: 'GBP' })).toEqual({
      amount: 5,
      currency: 'GBP',
      unit: 'l',
    });
    expect(unitPriceOf({ item: 'Eggs', unit: 'dozen', raw: 'Eggs | dozen | 4,20 €', price: 4.2, currency: 'EUR' })).toEqual({
      amount: expect.closeTo(0.35, 10),
      currency: 'EUR',
      unit: 'piece',
    });
  });

  it('reads a line of text with decimal commas, from the reader to the unit price', () => {
    const line = lineOfText('Tomates cerises barquette 0,5 kg ..... 2,40 €');
    expect(line).toMatchObject({ price: 2.4, currency: 'EUR' });
    const price = unitPriceOf(line ?? { raw: '' });
    expect(price).toEqual({ amount: 4.8, currency: 'EUR', unit: 'kg' });
    expect(price && formatUnitPrice(price)).toBe('4.80 €/kg');
  });

  it('reads a sheet with a pack column', () => {
    const lines = linesOfSheet({
      name: 'Prices',
      rows: [
        [{ text: 'Item' }, { text: 'Pack' }, { text: 'Price' }],
        [{ text: 'Flour T55' }, { text: '25kg sack' }, { text: '£15.50' }],
        [{ text: 'Burrata' }, { text: '125g' }, { text: '£3.50' }],
      ],
    });
    expect(lines.map((line) => unitPriceOf(line)).map((price) => price && formatUnitPrice(price))).toEqual([
      '£0.62/kg',
      '£28.00/kg',
    ]);
  });

  it('keeps the full amount and leaves out an unknown currency', () => {
    expect(unitPriceOf({ item: 'Ham', unit: '100 g', raw: 'Ham | 100 g | 2.99', price: 2.99 })).toEqual({
      amount: expect.closeTo(29.9, 10),
      unit: 'kg',
    });
    expect(unitPriceOf({ item: 'Bread', unit: 'each', raw: 'Bread | each | 1.00', price: 1 })).not.toHaveProperty('currency');
    expect(unitPriceOf({ item: 'Cheese', unit: 'kg', raw: 'Cheese | 1/3 lb', price: 1 })?.amount).toBe(1);
    const third = unitPriceOf({ item: 'Cheese 3 x 1 lb', raw: 'Cheese 3 x 1 lb', price: 10 });
    expect(third?.amount).toBeCloseTo(10 / (3 * LB), 12);
  });

  it('is null without a price or a pack', () => {
    expect(unitPriceOf({ item: 'Flour', unit: '25kg sack', raw: 'Flour | 25kg sack' })).toBeNull();
    expect(unitPriceOf({ item: 'Basil', unit: 'bunch', raw: 'Basil | bunch | 1.20', price: 1.2 })).toBeNull();
  });
});

describe('formatting a unit price', () => {
  it.each<[Parameters<typeof formatUnitPrice>[0], string]>([
    [{ amount: 0.62, currency: 'GBP', unit: 'kg' }, '£0.62/kg'],
    [{ amount: 28, currency: 'EUR', unit: 'kg' }, '28.00 €/kg'],
    [{ amount: 0.35, currency: 'EUR', unit: 'piece' }, '0.35 €/piece'],
    [{ amount: 15.5 / 25, currency: 'GBP', unit: 'kg' }, '£0.62/kg'],
    [{ amount: 2.456, currency: 'CHF', unit: 'l' }, '2.46 CHF/l'],
    [{ amount: 5, unit: 'l' }, '5.00/l'],
  ])('%o reads %s', (price, text) => expect(formatUnitPrice(price)).toBe(text));
});
