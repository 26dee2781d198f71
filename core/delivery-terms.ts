import { normalizeTown, postcodeCovers } from './delivery-areas';

/**
 * A business's ordering terms (issue 40 §1, docs/decisions/0207) and the rule every page, basket and
 * order applies to them: which delivery an order made now goes for, and by when it must be sent.
 * Pure and zod-free so a public page's first visit can carry it (docs/decisions/0193); the schemas
 * that check what an owner saves live in delivery-terms-api.ts.
 *
 * Dates are calendar dates ('YYYY-MM-DD') in the terms' time zone; instants are epoch milliseconds.
 * A wall time in the zone becomes an instant through Intl.DateTimeFormat, so daylight-saving
 * changes follow the zone's own rules (Node and browsers ship the IANA database).
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
const WEEKDAY_SHORT: Record<Weekday, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};
const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * When orders for one delivery close: `daysBefore` calendar days before the delivery date (0: the
 * same day), at `time` ('HH:MM', 24-hour) in the terms' time zone. "Monday 16:00 for Tuesday" is
 * { daysBefore: 1, time: '16:00' }: a lead time and a cut-off in one, and no weekday to keep in step.
 */
export interface Cutoff {
  daysBefore: number;
  time: string;
}

export interface DeliveryDay {
  day: Weekday;
  cutoff: Cutoff;
}

/** A 'warning' tells the buyer the order is under it; a 'rule' refuses to send it. */
export interface MinimumOrder {
  amount: number;
  /** ISO 4217, e.g. 'GBP'. */
  currency: string;
  kind: 'warning' | 'rule';
}

/** Postcodes (or how they start, e.g. 'SW1', 'BS') and towns; both empty means "ask us". */
export interface AreasServed {
  postcodes: string[];
  towns: string[];
}

export interface DeliveryExceptions {
  /** Dates with no delivery (25 Dec). */
  noDelivery: string[];
  /** Delivery dates whose orders close earlier than the day's usual cut-off (before a holiday). */
  earlierCutoffs: { date: string; cutoff: Cutoff }[];
}

/** Where orders go: private to the business (never in the public terms). */
export interface OrderAddresses {
  emails: string[];
  phone: string | null;
  /** The phone takes WhatsApp orders (a link the buyer taps; Freshlist sends no WhatsApp itself). */
  whatsapp: boolean;
}

export interface DeliveryTerms {
  /** IANA time zone the cut-offs are in, e.g. 'Europe/London'. */
  timeZone: string;
  /** One entry per delivery weekday, Monday first. */
  days: DeliveryDay[];
  minimumOrder: MinimumOrder | null;
  areas: AreasServed;
  exceptions: DeliveryExceptions;
  orderTo: OrderAddresses;
}

/** What anyone may read of the terms: everything but where orders go. */
export type PublicDeliveryTerms = Omit<DeliveryTerms, 'orderTo'>;

export interface NextDelivery {
  /** 'YYYY-MM-DD' in the terms' time zone. */
  deliveryDate: string;
  /** The instant orders for it close. */
  cutoffAtMs: number;
}

export const publicTerms = ({ orderTo: _, ...rest }: DeliveryTerms): PublicDeliveryTerms => rest;

// ── Calendar dates ──

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_SHAPE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 86_400_000;

/** A real calendar date written 'YYYY-MM-DD' (not 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const m = DATE_SHAPE.exec(text);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.getUTCFullYear() === Number(m[1]) && date.getUTCMonth() === Number(m[2]) - 1 && date.getUTCDate() === Number(m[3]);
}

/** A 24-hour time written 'HH:MM'. */
export const isTimeOfDay = (text: string) => TIME_SHAPE.test(text);

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date: plain arithmetic on dates, with no zone in it. */
const dayNumber = (date: string) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 1970-01-01 was a Thursday. */
const weekdayOfDay = (day: number): Weekday => WEEKDAYS[(((day + 3) % 7) + 7) % 7]!;

export const addDays = (date: string, days: number) => dateOf(dayNumber(date) + days);
export const weekdayOf = (date: string): Weekday => weekdayOfDay(dayNumber(date));

// ── Wall time in a zone ↔ instant ──

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one costs far more than using it. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows this IANA time zone. */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock in `timeZone` at `ms`, as if it were UTC (so differences give the zone's offset). */
function wallClockAt(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The zone's offset from UTC at `ms`, in milliseconds (London in summer: +3,600,000). */
const offsetAt = (ms: number, timeZone: string) => wallClockAt(ms, timeZone) - (ms - (((ms % 1000) + 1000) % 1000));

/** The date 'YYYY-MM-DD' it is in `timeZone` at `ms`. */
export const dateInZone = (ms: number, timeZone: string) => dateOf(Math.floor(wallClockAt(ms, timeZone) / DAY_MS));

/**
 * The instant the wall clock in `timeZone` reads `date` `time`. A time that happens twice (clocks
 * go back) is its first; a time that never happens (clocks go forward) is read with the offset
 * before the change, so 01:30 on London's spring-forward day is 02:30 BST: a cut-off is never lost.
 */
export function zonedInstant(date: string, time: string, timeZone: string): number {
  const wall = dayNumber(date) * DAY_MS + (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))) * 60_000;
  // The offsets a day either side: any real zone changes its offset at most once in two days.
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const candidates = [wall - before, wall - after].filter((ms) => wallClockAt(ms, timeZone) === wall);
  return candidates.length > 0 ? Math.min(...candidates) : wall - before;
}

// ── The rule ──

/** How far ahead the next delivery is looked for: a year of exceptions is the most anyone writes. */
const HORIZON_DAYS = 400;

/** The cut-off of a delivery on `date`, an earlier one for that date if the terms set one. */
export function cutoffFor(terms: PublicDeliveryTerms, date: string): Cutoff | null {
  const day = terms.days.find((d) => d.day === weekdayOf(date));
  if (!day || terms.exceptions.noDelivery.includes(date)) return null;
  return terms.exceptions.earlierCutoffs.find((e) => e.date === date)?.cutoff ?? day.cutoff;
}

/** When orders for a delivery on `date` close; null when there is no delivery that day. */
export function cutoffAt(terms: PublicDeliveryTerms, date: string): number | null {
  const cutoff = cutoffFor(terms, date);
  return cutoff && zonedInstant(addDays(date, -cutoff.daysBefore), cutoff.time, terms.timeZone);
}

/**
 * The first delivery an order sent at `nowMs` can still make: the earliest delivery date whose
 * cut-off is after `nowMs` (at the cut-off itself it has passed), skipping dates with no delivery.
 * Null when the terms give no delivery within the next year.
 */
export function nextDelivery(terms: PublicDeliveryTerms, nowMs: number): NextDelivery | null {
  if (terms.days.length === 0) return null;
  const today = dateInZone(nowMs, terms.timeZone);
  for (let i = 0; i < HORIZON_DAYS; i++) {
    const deliveryDate = addDays(today, i);
    const cutoffAtMs = cutoffAt(terms, deliveryDate);
    if (cutoffAtMs !== null && cutoffAtMs > nowMs) return { deliveryDate, cutoffAtMs };
  }
  return null;
}

// ── Words ──

/** 'Tue 3 Dec'. English and fixed, so the server's and the browser's text agree. */
export function shortDate(date: string): string {
  return `${WEEKDAY_SHORT[weekdayOf(date)]} ${Number(date.slice(8, 10))} ${MONTHS_SHORT[Number(date.slice(5, 7)) - 1]}`;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** '45 min left', '3 h left' (under two days, hours say more than "1 day"), '4 days left'. */
export function timeLeft(ms: number): string {
  if (ms < HOUR_MS) return `${Math.max(1, Math.floor(ms / MINUTE_MS))} min left`;
  if (ms < 2 * DAY_MS) return `${Math.floor(ms / HOUR_MS)} h left`;
  return `${Math.floor(ms / DAY_MS)} days left`;
}

/**
 * "Next delivery Tue 3 Dec · order by Mon 16:00 (3 h left)". The cut-off names its weekday; a week
 * or more ahead it names its date too, as a weekday alone would point to the coming one.
 */
export function nextDeliveryText(next: NextDelivery, timeZone: string, nowMs: number): string {
  return `Next delivery ${shortDate(next.deliveryDate)} · order by ${cutoffWords(next.cutoffAtMs, timeZone, nowMs)} (${timeLeft(next.cutoffAtMs - nowMs)})`;
}

/**
 * A cut-off as the business's clock reads it: 'Mon 16:00', or 'Thu 10 Dec 12:00' a week or more
 * ahead. In the terms' zone, not the viewer's: "order by Mon 16:00" is the supplier's 16:00.
 */
export function cutoffWords(cutoffAtMs: number, timeZone: string, nowMs: number): string {
  const wall = wallClockAt(cutoffAtMs, timeZone);
  const cutoffDate = dateOf(Math.floor(wall / DAY_MS));
  const time = new Date(wall).toISOString().slice(11, 16);
  const soon = dayNumber(cutoffDate) - dayNumber(dateInZone(nowMs, timeZone)) < 7;
  return `${soon ? WEEKDAY_SHORT[weekdayOf(cutoffDate)] : shortDate(cutoffDate)} ${time}`;
}

/** The line for the terms at `nowMs`; null when they give no delivery ahead. */
export function deliveryLine(terms: PublicDeliveryTerms, nowMs: number): string | null {
  const next = nextDelivery(terms, nowMs);
  return next && nextDeliveryText(next, terms.timeZone, nowMs);
}

/** When deliveryLine's text next changes: its countdown's next step, or the cut-off. */
export function deliveryLineChangesAt(next: NextDelivery, nowMs: number): number {
  const left = next.cutoffAtMs - nowMs;
  const step = left < HOUR_MS ? MINUTE_MS : left < 2 * DAY_MS ? HOUR_MS : DAY_MS;
  // floor(left / step) drops just after `left % step` has passed.
  return nowMs + Math.min((left % step) + 1, left);
}

// ── Areas ──

/**
 * Whether the business delivers to a postcode or town as a buyer types it. Terms that name no
 * area serve everywhere they are asked to (the buyer asks the business).
 */
export function servesArea(terms: Pick<DeliveryTerms, 'areas'>, postcodeOrTown: string): boolean {
  const { postcodes, towns } = terms.areas;
  if (postcodes.length === 0 && towns.length === 0) return true;
  const town = normalizeTown(postcodeOrTown);
  if (town && towns.some((t) => normalizeTown(t) === town)) return true;
  return postcodes.some((prefix) => postcodeCovers(prefix, postcodeOrTown));
}
