import { z } from 'zod';
import { COMPARE_ITEM_MAX_LENGTH } from './compare-link';
import { hasSearchWords } from './directory';
import { type AlertLine, comparable, priceTextOf, type Valued, valueTextOf } from './item-alert-lines';
import { formatPrice } from './list-price';
import type { BaseUnit } from './unit-price';

export type { AlertLine } from './item-alert-lines';

/**
 * Item alerts (issue 41 §3, docs/decisions/0209): "tell me when burrata is back", "… is under 30 € per
 * kg", "… moves more than 10 %", across every list the person may read or only the businesses they
 * follow. Exactly one alert per crossing: the condition's truth is kept per alert and list, and an
 * alert fires when it becomes true, again only after it has been false. Pure and browser-safe.
 */

export const ITEM_ALERT_KINDS = ['back', 'under', 'moves'] as const;
export type ItemAlertKind = (typeof ITEM_ALERT_KINDS)[number];
export const ITEM_ALERT_SCOPES = ['following', 'all'] as const;
export type ItemAlertScope = (typeof ITEM_ALERT_SCOPES)[number];
export const ITEM_ALERT_UNITS = ['kg', 'l', 'piece'] as const;

/** A person's alerts at most (the database holds the same bound). */
export const ITEM_ALERTS_MAX = 50;
export const UNDER_MAX = 1_000_000;
export const MOVES_MIN = 1;
export const MOVES_MAX = 1000;

export const ITEM_ALERT_MESSAGES = {
  itemRequired: 'Type the item to watch, for example burrata.',
  itemTooLong: `An item can be at most ${COMPARE_ITEM_MAX_LENGTH} characters.`,
  kind: 'Choose when to be told: back, under a price, or a price move.',
  scope: 'Choose which lists to watch: following (businesses you follow) or all (every list you can see).',
  underThreshold: `Type the price to be under: more than 0 and less than ${UNDER_MAX.toLocaleString('en')}.`,
  movesThreshold: `Type the move in percent: from ${MOVES_MIN} to ${MOVES_MAX}.`,
  backNoThreshold: 'An alert for an item coming back has no price or unit.',
  movesNoUnit: 'A price-move alert is in percent: it has no unit or currency.',
  unit: 'The unit is kg, l or piece, or none for the price as written.',
  currency: 'The currency is a three-letter code such as EUR or GBP.',
  tooMany: `You can have at most ${ITEM_ALERTS_MAX} item alerts. Remove one in Settings first.`,
  duplicate: 'You already have this alert.',
  notFound: 'This alert does not exist, or it is not yours.',
  paused: 'paused is true or false.',
} as const;

const itemSchema = z.string({ error: ITEM_ALERT_MESSAGES.itemRequired }).transform((raw, ctx) => {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (!hasSearchWords(text)) {
    ctx.addIssue({ code: 'custom', message: ITEM_ALERT_MESSAGES.itemRequired });
    return z.NEVER;
  }
  if ([...text].length > COMPARE_ITEM_MAX_LENGTH) {
    ctx.addIssue({ code: 'custom', message: ITEM_ALERT_MESSAGES.itemTooLong });
    return z.NEVER;
  }
  return text;
});

/** POST /api/alerts: the rules of a new alert, the same in the browser's form and on the server. */
export const newItemAlertSchema = z
  .object({
    item: itemSchema,
    kind: z.enum(ITEM_ALERT_KINDS, { error: ITEM_ALERT_MESSAGES.kind }),
    threshold: z.number({ error: ITEM_ALERT_MESSAGES.underThreshold }).finite().nullish(),
    unit: z.enum(ITEM_ALERT_UNITS, { error: ITEM_ALERT_MESSAGES.unit }).nullish(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, ITEM_ALERT_MESSAGES.currency)
      .transform((c) => c.toUpperCase())
      .nullish(),
    scope: z.enum(ITEM_ALERT_SCOPES, { error: ITEM_ALERT_MESSAGES.scope }),
  })
  .superRefine((alert, ctx) => {
    const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    const { kind, threshold, unit, currency } = alert;
    if (kind === 'back') {
      if (threshold != null || unit != null || currency != null) issue(ITEM_ALERT_MESSAGES.backNoThreshold, 'threshold');
    } else if (kind === 'under') {
      if (threshold == null || !(threshold > 0 && threshold < UNDER_MAX)) issue(ITEM_ALERT_MESSAGES.underThreshold, 'threshold');
    } else {
      if (threshold == null || !(threshold >= MOVES_MIN && threshold <= MOVES_MAX))
        issue(ITEM_ALERT_MESSAGES.movesThreshold, 'threshold');
      if (unit != null || currency != null) issue(ITEM_ALERT_MESSAGES.movesNoUnit, 'unit');
    }
  })
  .transform((alert) => ({
    item: alert.item,
    kind: alert.kind,
    // Cents are what a price is told in; a percentage in hundredths.
    threshold: alert.threshold == null || alert.kind === 'back' ? null : Math.round(alert.threshold * 100) / 100,
    unit: alert.kind === 'under' ? (alert.unit ?? null) : null,
    currency: alert.kind === 'under' ? (alert.currency ?? null) : null,
    scope: alert.scope,
  }));
export type NewItemAlert = z.output<typeof newItemAlertSchema>;

/** PATCH /api/alerts/:id: pause or resume. */
export const itemAlertPatchSchema = z.object({ paused: z.boolean({ error: ITEM_ALERT_MESSAGES.paused }) });

export const itemAlertIdSchema = z.coerce
  .number({ error: ITEM_ALERT_MESSAGES.notFound })
  .int(ITEM_ALERT_MESSAGES.notFound)
  .positive(ITEM_ALERT_MESSAGES.notFound)
  .max(Number.MAX_SAFE_INTEGER, ITEM_ALERT_MESSAGES.notFound);

export const itemAlertSchema = z.object({
  id: z.number(),
  item: z.string(),
  kind: z.enum(ITEM_ALERT_KINDS),
  threshold: z.number().nullable(),
  unit: z.enum(ITEM_ALERT_UNITS).nullable(),
  currency: z.string().nullable(),
  scope: z.enum(ITEM_ALERT_SCOPES),
  paused: z.boolean(),
  createdAt: z.number(),
  /** When it last told the person; null before the first time. */
  lastFiredAt: z.number().nullable(),
  /** "under 30.00 €/kg", as settings lists it. */
  condition: z.string(),
});
export type ItemAlert = z.infer<typeof itemAlertSchema>;
export const itemAlertsSchema = z.object({ alerts: z.array(itemAlertSchema), max: z.number() });

export interface AlertRule {
  kind: ItemAlertKind;
  threshold: number | null;
  unit: BaseUnit | null;
  currency: string | null;
}

/** What the condition says, after the item: "is back", "is under 30.00 €/kg", "moves more than 10 %". */
export function conditionText(rule: AlertRule, currency: string | null = rule.currency): string {
  if (rule.kind === 'back') return 'is back';
  if (rule.kind === 'moves') return `moves more than ${rule.threshold ?? 0} %`;
  const price = formatPrice({
    amount: rule.threshold ?? 0,
    ...(currency ? { currency } : {}),
    ...(rule.unit ? { unit: rule.unit } : {}),
  });
  return `is under ${price}`;
}

/** What is kept per alert and list: whether the condition holds, and for 'moves' the price last told. */
export interface AlertState {
  holds: boolean;
  reference: number | null;
  /** What the reference is a price of: "kg:EUR", "price:GBP". */
  basis: string | null;
}

/** The line an alert tells of, with its price as the condition reads it. */
export interface AlertHit {
  /** "Burrata 125g". */
  text: string;
  /** "3.50 €". */
  priceText: string | null;
  /** What the condition compared: "28.00 €/kg" (per unit) or "3.50 €"; null for 'back' without a price. */
  valueText: string | null;
  currency: string | null;
  /** 'moves': the price told before, and by how much it moved, in percent (signed). */
  wasText?: string;
  movedPercent?: number;
}

const hitOf = (valued: Valued | null, line: AlertLine): AlertHit => ({
  text: line.item ?? line.raw,
  priceText: priceTextOf(line),
  valueText: valued ? valueTextOf(valued) : null,
  currency: line.currency,
});

const cheapest = (values: Valued[]) =>
  values.reduce<Valued | null>((best, v) => (best && best.value <= v.value ? best : v), null);
const BASIS_ORDER = ['kg', 'l', 'piece', 'price'];
const basisRank = (basis: string) => BASIS_ORDER.indexOf(basis.split(':')[0] ?? '');

/**
 * One alert against one list's current matching lines, given what was kept for them before.
 * Returns what to keep now (null: nothing, the condition is false) and the line to tell of when the
 * condition crossed to true.
 */
export function evaluateAlert(
  rule: AlertRule,
  lines: AlertLine[],
  before: AlertState | null,
): { state: AlertState | null; fired: AlertHit | null } {
  const wasTrue = before?.holds === true;
  if (rule.kind === 'back') {
    if (lines.length === 0) return { state: null, fired: null };
    const valued = lines.map(comparable).filter((v): v is Valued => v !== null);
    const best = cheapest(valued);
    const line = best?.line ?? (lines[0] as AlertLine);
    return { state: { holds: true, reference: null, basis: null }, fired: wasTrue ? null : hitOf(best, line) };
  }
  if (rule.kind === 'under') {
    const threshold = rule.threshold ?? 0;
    const values: Valued[] = [];
    for (const line of lines) {
      if (rule.currency !== null && line.currency !== rule.currency) continue;
      if (rule.unit === null) {
        if (line.price !== null) values.push({ line, value: line.price, basis: 'price', unitPrice: null });
        continue;
      }
      const valued = comparable(line);
      if (valued?.basis.startsWith(`${rule.unit}:`)) values.push(valued);
    }
    const best = cheapest(values.filter((v) => v.value < threshold));
    if (!best) return { state: null, fired: null };
    return { state: { holds: true, reference: null, basis: null }, fired: wasTrue ? null : hitOf(best, best.line) };
  }
  // 'moves': the cheapest matching price, against the one last told (drifts add up until they cross).
  const values = lines.map(comparable).filter((v): v is Valued => v !== null);
  const reference = before?.reference ?? null;
  const same = reference !== null && before?.basis ? cheapest(values.filter((v) => v.basis === before.basis)) : null;
  if (same && reference !== null && reference > 0) {
    const moved = ((same.value - reference) / reference) * 100;
    if (Math.abs(moved) > (rule.threshold ?? 0)) {
      const was = formatPrice({ amount: reference, ...basisPrice(same.basis) });
      return {
        state: { holds: false, reference: same.value, basis: same.basis },
        fired: { ...hitOf(same, same.line), wasText: was, movedPercent: Math.round(moved * 10) / 10 },
      };
    }
    return { state: before, fired: null };
  }
  // No price to compare with yet (or the item is now sold another way): this one is the reference.
  const ranked = [...values].sort((a, b) => basisRank(a.basis) - basisRank(b.basis) || a.basis.localeCompare(b.basis));
  const basis = ranked[0]?.basis;
  const first = basis === undefined ? null : cheapest(values.filter((v) => v.basis === basis));
  if (!first) return { state: before, fired: null };
  return { state: { holds: false, reference: first.value, basis: first.basis }, fired: null };
}

function basisPrice(basis: string): { currency?: string; unit?: string } {
  const [unit = '', currency = ''] = basis.split(':');
  return { ...(currency ? { currency } : {}), ...(unit && unit !== 'price' ? { unit } : {}) };
}

/** What crossed, where: "Burrata is under 30.00 €/kg at Green Valley Farm" (a mail's subject). */
export function alertHeadline(item: string, rule: AlertRule, business: string, hit: AlertHit): string {
  if (rule.kind === 'back') return `${item} is back at ${business}`;
  if (rule.kind === 'moves') {
    const moved = hit.movedPercent ?? 0;
    return `${item} moved ${moved < 0 ? 'down' : 'up'} ${Math.abs(moved)} % at ${business}`;
  }
  return `${item} ${conditionText(rule, rule.currency ?? hit.currency)} at ${business}`;
}

/**
 * The sentence a mail tells an alert with: "Burrata is under 30.00 €/kg at Green Valley Farm:
 * 28.00 €/kg, Burrata 125g at 3.50 €".
 */
export function alertSentence(item: string, rule: AlertRule, business: string, hit: AlertHit): string {
  const line = hit.priceText ? `${hit.text} at ${hit.priceText}` : hit.text;
  const headline = alertHeadline(item, rule, business, hit);
  if (rule.kind === 'back') return `${headline}: ${line}`;
  if (rule.kind === 'moves') return `${headline}: ${hit.valueText ?? ''} (was ${hit.wasText ?? '?'}), ${line}`;
  return `${headline}: ${hit.valueText ?? ''}, ${line}`;
}

/** The item with its first letter up, as a sentence starts: "burrata" → "Burrata". */
export const itemTitle = (item: string) => item.charAt(0).toLocaleUpperCase('en') + item.slice(1);
