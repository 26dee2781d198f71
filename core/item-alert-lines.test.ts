import { describe, expect, it } from 'vitest';
import { type AlertRule, type AlertState, evaluateAlert } from './item-alert';
import { type AlertLine, decidingLines, perUnitOf } from './item-alert-lines';

/** A stable pseudo-random sequence, so a failure can be run again. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const pick = <T>(r: () => number, list: readonly T[]) => list[Math.floor(r() * list.length)] as T;

function aLine(r: () => number): AlertLine {
  const pack = pick(r, ['', ' 125g', ' 250 g', ' 1kg', ' 2 kg', ' 750 ml', ' 1 l', ' 6 pcs', ' box of 12']);
  const item = `Burrata${pack}`;
  // Few prices, so ties are common: the earlier line must still win them.
  const price = r() < 0.1 ? null : pick(r, [1, 2, 2.5, 3, 4, 10, 12]);
  return {
    item: r() < 0.05 ? null : item,
    raw: `${item} | ${price ?? ''}`,
    price,
    currency: pick(r, ['EUR', 'EUR', 'GBP', null]),
    unit: pick(r, ['kg', 'piece', null]),
  };
}

const RULES: AlertRule[] = [
  { kind: 'back', threshold: null, unit: null, currency: null },
  { kind: 'under', threshold: 3, unit: null, currency: null },
  { kind: 'under', threshold: 3, unit: null, currency: 'GBP' },
  { kind: 'under', threshold: 20, unit: 'kg', currency: null },
  { kind: 'under', threshold: 20, unit: 'kg', currency: 'EUR' },
  { kind: 'under', threshold: 5, unit: 'piece', currency: null },
  { kind: 'under', threshold: 5, unit: 'l', currency: 'EUR' },
  { kind: 'moves', threshold: 10, unit: null, currency: null },
];

const STATES: Array<AlertState | null> = [
  null,
  { holds: true, reference: null, basis: null },
  { holds: false, reference: 8, basis: 'kg:EUR' },
  { holds: false, reference: 2.2, basis: 'price:EUR' },
  { holds: false, reference: 0.3, basis: 'piece:GBP' },
  { holds: false, reference: 4, basis: 'l:' },
];

describe('the lines that decide an alert', () => {
  it('give every kind of alert, from every state, what all the lines give', { timeout: 30_000 }, () => {
    const r = random(41);
    for (let round = 0; round < 120; round++) {
      const lines = Array.from({ length: 1 + Math.floor(r() * 30) }, () => aLine(r));
      const deciding = decidingLines(lines);
      expect(deciding.length).toBeLessThanOrEqual(lines.length);
      for (const rule of RULES)
        for (const state of STATES) {
          const expected = evaluateAlert(rule, lines, state);
          expect(evaluateAlert(rule, deciding, state)).toEqual(expected);
        }
    }
  });

  it('are few, and the same when sets are reduced apart and then together', () => {
    const r = random(7);
    const lines = Array.from({ length: 500 }, () => aLine(r));
    const whole = decidingLines(lines);
    expect(whole.length).toBeLessThan(30);
    const apart = [...decidingLines(lines.slice(0, 200)), ...decidingLines(lines.slice(200))];
    expect(decidingLines(apart)).toEqual(whole);
  });

  it('read a kept price per unit as the pack would give it', () => {
    const line: AlertLine = { item: 'Burrata 125g', raw: 'Burrata 125g | 3.50', price: 3.5, currency: 'EUR', unit: null };
    const kept = perUnitOf(line);
    expect(kept).toEqual({ amount: 28, unit: 'kg' });
    const rule: AlertRule = { kind: 'under', threshold: 30, unit: 'kg', currency: null };
    expect(evaluateAlert(rule, [{ ...line, perUnit: kept }], null)).toEqual(evaluateAlert(rule, [line], null));
    expect(evaluateAlert(rule, [{ ...line, perUnit: null }], null).fired).toBeNull();
  });
});
