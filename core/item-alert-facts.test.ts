import { describe, expect, it } from 'vitest';
import { randomOf } from '../tests/fixtures/seeded-random';
import { type AlertRule, evaluateAlert } from './item-alert';
import { conditionFacts, type FactsChange, factsChange } from './item-alert-facts';
import type { AlertLine } from './item-alert-lines';

const ITEMS = ['Burrata 125g', 'Ricotta 1kg', 'Olive oil 750 ml', 'Basil', 'Tomatoes', 'Eggs 6 pcs'];

function linesOf(random: () => number): AlertLine[] {
  return Array.from({ length: Math.floor(random() * 5) }, () => {
    const item = ITEMS[Math.floor(random() * ITEMS.length)] as string;
    const price = random() < 0.15 ? null : Math.round((0.5 + random() * 20) * 4) / 4;
    const currency = random() < 0.7 ? 'EUR' : random() < 0.5 ? 'GBP' : null;
    return { item, raw: item, price, currency, unit: random() < 0.3 ? 'kg' : null };
  });
}

function ruleOf(random: () => number): AlertRule {
  const kind = random();
  if (kind < 0.3) return { kind: 'back', threshold: null, unit: null, currency: null };
  if (kind < 0.7) {
    const unit = ([null, 'kg', 'l', 'piece'] as const)[Math.floor(random() * 4)] ?? null;
    return { kind: 'under', threshold: Math.round(random() * 2500) / 100, unit, currency: random() < 0.5 ? null : 'EUR' };
  }
  return { kind: 'moves', threshold: 1 + Math.floor(random() * 30), unit: null, currency: null };
}

/** Whether the change names the alert, as the job's read of alerts by change does (list-evaluation.ts). */
function named(change: FactsChange | null, rule: AlertRule, state: ReturnType<typeof evaluateAlert>['state']): boolean {
  if (!change) return false;
  if (rule.kind === 'back') return change.back;
  if (rule.kind === 'under') {
    const key =
      rule.unit === null
        ? `p:${rule.currency ?? '*'}`
        : rule.currency === null
          ? `u:${rule.unit}`
          : `b:${rule.unit}:${rule.currency}`;
    const threshold = rule.threshold ?? 0;
    return change.under.some((u) => u.key === key && threshold > u.low && (u.high === null || threshold <= u.high));
  }
  const moves = change.moves;
  if (!moves) return false;
  const basis = state?.basis ?? null;
  const reference = state?.reference ?? null;
  return (
    basis === null || reference === null || reference <= 0 || moves.changed.includes(basis) || !moves.present.includes(basis)
  );
}

describe('the facts of a query’s lines (docs/decisions/0231)', () => {
  it('leave an alert that a change of them does not name as it was: same state, nothing told', () => {
    const random = randomOf(231);
    let unnamed = 0;
    for (let round = 0; round < 1_500; round++) {
      const before = linesOf(random);
      const after = linesOf(random);
      const rule = ruleOf(random);
      // A state an evaluation of the lines before left, from whatever was kept before them.
      const first = evaluateAlert(rule, linesOf(random), null).state;
      const { state } = evaluateAlert(rule, before, first);
      const change = factsChange(conditionFacts(before), conditionFacts(after));
      if (named(change, rule, state)) continue;
      unnamed++;
      const now = evaluateAlert(rule, after, state);
      expect(now.fired, JSON.stringify({ rule, before, after, state })).toBeNull();
      expect(now.state, JSON.stringify({ rule, before, after, state })).toEqual(state);
    }
    // Most alerts are left out, not read.
    expect(unnamed).toBeGreaterThan(400);
  });

  it('are the same for the same lines in another order', () => {
    const random = randomOf(7);
    for (let round = 0; round < 500; round++) {
      const lines = linesOf(random);
      expect(factsChange(conditionFacts(lines), conditionFacts([...lines].reverse()))).toBeNull();
    }
  });
});
