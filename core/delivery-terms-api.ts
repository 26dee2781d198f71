import { z } from 'zod';
import { readPhone } from './business-contact';
import { normalizePostcode, normalizeTown } from './delivery-areas';
import {
  type Cutoff,
  type DeliveryTerms,
  isCalendarDate,
  isTimeOfDay,
  isTimeZone,
  shortDate,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type Weekday,
  weekdayOf,
} from './delivery-terms';
import { isEmail, normalizeEmail } from './invite';
import { hasControlCharacters } from './text-rules';

/**
 * The schemas of ordering terms (issue 40 §1, docs/decisions/0207): what an owner may save, checked
 * by the same rules in the form and on the server, and what the API answers. The rule itself, and
 * the types, are in delivery-terms.ts (zod-free, for public pages).
 */

export const MAX_CUTOFF_DAYS_BEFORE = 14;
export const MAX_POSTCODES = 100;
export const MAX_TOWNS = 100;
export const MAX_EXCEPTION_DATES = 100;
export const MAX_ORDER_EMAILS = 5;
export const MAX_MINIMUM_ORDER = 1_000_000;
export const POSTCODE_MAX_LENGTH = 10;
export const TOWN_MAX_LENGTH = 60;

/** Currencies the form offers; any ISO 4217 code is accepted. */
export const COMMON_CURRENCIES = ['GBP', 'EUR', 'USD', 'AUD', 'NZD', 'CAD', 'CHF', 'SEK', 'NOK', 'DKK'] as const;

const cutoffLabel = (date: string) => `the ${shortDate(date)} cut-off`;

export const TERMS_MESSAGES = {
  timeZone: 'Choose a time zone from the list, like Europe/London.',
  noDays: 'Choose at least one delivery day.',
  unknownDay: 'Delivery days must be days of the week.',
  dayTwice: (day: Weekday) => `${WEEKDAY_NAMES[day]} is listed twice.`,
  time: (what: string) => `Enter ${what} as a time like 16:00.`,
  daysBefore: (what: string) =>
    `${what[0]!.toUpperCase()}${what.slice(1)} must be between the same day and ${MAX_CUTOFF_DAYS_BEFORE} days before.`,
  amount: 'Minimum order must be an amount like 150 or 49.50.',
  negative: 'Minimum order cannot be negative.',
  amountTooLarge: `Minimum order can be at most ${MAX_MINIMUM_ORDER.toLocaleString('en-GB')}.`,
  currency: 'Currency must be a three-letter code, like GBP or EUR.',
  minimumKind: 'Choose whether the minimum is a warning or a rule.',
  tooManyPostcodes: `List at most ${MAX_POSTCODES} postcodes.`,
  tooManyTowns: `List at most ${MAX_TOWNS} towns.`,
  postcode: (code: string) =>
    `"${code}" is not a postcode or the start of one: letters, digits and one space, at most ${POSTCODE_MAX_LENGTH} characters.`,
  town: `Town names must be 1 to ${TOWN_MAX_LENGTH} characters, without control characters.`,
  date: (text: string) => `"${text}" is not a date: write it as YYYY-MM-DD.`,
  tooManyDates: `List at most ${MAX_EXCEPTION_DATES} dates.`,
  notADeliveryDay: (date: string) => `${shortDate(date)} is not one of your delivery days.`,
  notEarlier: (date: string) => `The cut-off for ${shortDate(date)} must be earlier than that day's usual cut-off.`,
  alsoNoDelivery: (date: string) => `${shortDate(date)} is also a no-delivery date: remove one of the two.`,
  dateTwice: (date: string) => `${shortDate(date)} is listed twice.`,
  noEmail: 'Add at least one email address for orders.',
  email: (text: string) => `"${text}" is not an email address.`,
  tooManyEmails: `List at most ${MAX_ORDER_EMAILS} email addresses for orders.`,
  whatsappWithoutPhone: 'Add the phone number that takes WhatsApp orders.',
  whatsappCountryCode: 'For WhatsApp, write the number with its country code, like +44 7700 900123.',
  saved: 'Ordering terms saved.',
  none: 'This business has not set ordering terms.',
} as const;

// Structural bounds only: what cannot be a form at all is refused before the rules run; the
// rules below give each mistake its own message.
const text = (max: number) => z.string().max(max);
const cutoffInput = z.object({ daysBefore: z.number(), time: text(20) });

/** PUT /api/profile/terms: the terms as the form sends them; the answer is the terms as stored. */
export const deliveryTermsInputSchema = z
  .object({
    timeZone: text(100),
    days: z.array(z.object({ day: text(20), cutoff: cutoffInput })).max(50),
    minimumOrder: z
      .object({ amount: z.union([z.number(), text(40)]), currency: text(20), kind: text(20) })
      .nullable()
      .default(null),
    areas: z
      .object({ postcodes: z.array(text(200)).max(1000).default([]), towns: z.array(text(200)).max(1000).default([]) })
      .default({ postcodes: [], towns: [] }),
    exceptions: z
      .object({
        noDelivery: z.array(text(40)).max(1000).default([]),
        earlierCutoffs: z
          .array(z.object({ date: text(40), cutoff: cutoffInput }))
          .max(1000)
          .default([]),
      })
      .default({ noDelivery: [], earlierCutoffs: [] }),
    orderTo: z.object({
      emails: z.array(text(300)).max(50),
      phone: text(200).nullable().default(null),
      whatsapp: z.boolean().default(false),
    }),
  })
  .transform((v, ctx): DeliveryTerms => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });

    const timeZone = v.timeZone.trim();
    if (!isTimeZone(timeZone)) issue(['timeZone'], TERMS_MESSAGES.timeZone);

    const readCutoff = (path: (string | number)[], raw: { daysBefore: number; time: string }, what: string): Cutoff => {
      const time = raw.time.trim();
      if (!isTimeOfDay(time)) issue([...path, 'time'], TERMS_MESSAGES.time(what));
      if (!Number.isInteger(raw.daysBefore) || raw.daysBefore < 0 || raw.daysBefore > MAX_CUTOFF_DAYS_BEFORE) {
        issue([...path, 'daysBefore'], TERMS_MESSAGES.daysBefore(what));
      }
      return { daysBefore: raw.daysBefore, time };
    };

    if (v.days.length === 0) issue(['days'], TERMS_MESSAGES.noDays);
    const seen = new Set<string>();
    const days = v.days.flatMap((d, i) => {
      if (!(WEEKDAYS as readonly string[]).includes(d.day)) {
        issue(['days', i, 'day'], TERMS_MESSAGES.unknownDay);
        return [];
      }
      const day = d.day as Weekday;
      if (seen.has(day)) issue(['days', i, 'day'], TERMS_MESSAGES.dayTwice(day));
      seen.add(day);
      return [{ day, cutoff: readCutoff(['days', i, 'cutoff'], d.cutoff, `the ${WEEKDAY_NAMES[day]} cut-off`) }];
    });
    // Monday first, whatever order the boxes were ticked in.
    days.sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day));

    const minimumOrder = v.minimumOrder && readMinimum(v.minimumOrder, issue);
    const areas = readAreas(v.areas, issue);
    const exceptions = readExceptions(v.exceptions, days, readCutoff, issue);

    const emails = [...new Set(v.orderTo.emails.map(normalizeEmail).filter(Boolean))];
    if (emails.length === 0) issue(['orderTo', 'emails'], TERMS_MESSAGES.noEmail);
    else if (emails.length > MAX_ORDER_EMAILS) issue(['orderTo', 'emails'], TERMS_MESSAGES.tooManyEmails);
    const badEmail = emails.find((e) => !isEmail(e) || hasControlCharacters(e));
    if (badEmail !== undefined) issue(['orderTo', 'emails'], TERMS_MESSAGES.email(badEmail.slice(0, 80)));

    let phone: string | null = null;
    const rawPhone = v.orderTo.phone?.trim() ?? '';
    if (rawPhone) {
      const read = readPhone(rawPhone);
      if ('problem' in read) issue(['orderTo', 'phone'], read.problem);
      else phone = read.value;
    }
    if (v.orderTo.whatsapp && !rawPhone) issue(['orderTo', 'phone'], TERMS_MESSAGES.whatsappWithoutPhone);
    else if (v.orderTo.whatsapp && phone && !phone.startsWith('+'))
      issue(['orderTo', 'phone'], TERMS_MESSAGES.whatsappCountryCode);

    return { timeZone, days, minimumOrder, areas, exceptions, orderTo: { emails, phone, whatsapp: v.orderTo.whatsapp } };
  });
export type DeliveryTermsInput = z.input<typeof deliveryTermsInputSchema>;

type Issue = (path: (string | number)[], message: string) => void;

function readMinimum(raw: { amount: number | string; currency: string; kind: string }, issue: Issue) {
  const written = typeof raw.amount === 'number' ? raw.amount : raw.amount.trim().replace(/,/g, '');
  const amount = typeof written === 'number' ? written : /^-?\d+(\.\d{1,2})?$/.test(written) ? Number(written) : Number.NaN;
  // Whole cents: 49.99 * 100 is not exactly 4999 in floating point, hence the tolerance.
  const cents = Math.round(amount * 100);
  if (!Number.isFinite(amount) || Math.abs(cents - amount * 100) > 1e-6) issue(['minimumOrder', 'amount'], TERMS_MESSAGES.amount);
  else if (amount < 0) issue(['minimumOrder', 'amount'], TERMS_MESSAGES.negative);
  else if (amount > MAX_MINIMUM_ORDER) issue(['minimumOrder', 'amount'], TERMS_MESSAGES.amountTooLarge);
  const currency = raw.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) issue(['minimumOrder', 'currency'], TERMS_MESSAGES.currency);
  if (raw.kind !== 'warning' && raw.kind !== 'rule') issue(['minimumOrder', 'kind'], TERMS_MESSAGES.minimumKind);
  return { amount: cents / 100, currency, kind: raw.kind as 'warning' | 'rule' };
}

function readAreas(raw: { postcodes: string[]; towns: string[] }, issue: Issue) {
  const postcodes = [...new Set(raw.postcodes.map(normalizePostcode).filter(Boolean))];
  if (postcodes.length > MAX_POSTCODES) issue(['areas', 'postcodes'], TERMS_MESSAGES.tooManyPostcodes);
  const badPostcode = postcodes.find((p) => p.length > POSTCODE_MAX_LENGTH || !/^[A-Z0-9]+( [A-Z0-9]+)?$/.test(p));
  if (badPostcode !== undefined) issue(['areas', 'postcodes'], TERMS_MESSAGES.postcode(badPostcode.slice(0, 20)));

  const towns: string[] = [];
  const townKeys = new Set<string>();
  for (const town of raw.towns.map((t) => t.trim().replace(/\s+/g, ' ')).filter(Boolean)) {
    if ([...town].length > TOWN_MAX_LENGTH || hasControlCharacters(town) || !normalizeTown(town)) {
      issue(['areas', 'towns'], TERMS_MESSAGES.town);
      break;
    }
    // "Bristol" and "bristol" are one town: the first spelling stays.
    if (!townKeys.has(normalizeTown(town))) towns.push(town);
    townKeys.add(normalizeTown(town));
  }
  if (towns.length > MAX_TOWNS) issue(['areas', 'towns'], TERMS_MESSAGES.tooManyTowns);
  return { postcodes, towns };
}

function readExceptions(
  raw: { noDelivery: string[]; earlierCutoffs: { date: string; cutoff: { daysBefore: number; time: string } }[] },
  days: { day: Weekday; cutoff: Cutoff }[],
  readCutoff: (path: (string | number)[], raw: { daysBefore: number; time: string }, what: string) => Cutoff,
  issue: Issue,
) {
  const noDelivery = [...new Set(raw.noDelivery.map((d) => d.trim()))].sort();
  if (noDelivery.length > MAX_EXCEPTION_DATES) issue(['exceptions', 'noDelivery'], TERMS_MESSAGES.tooManyDates);
  const badDate = noDelivery.find((d) => !isCalendarDate(d));
  if (badDate !== undefined) issue(['exceptions', 'noDelivery'], TERMS_MESSAGES.date(badDate.slice(0, 20)));

  if (raw.earlierCutoffs.length > MAX_EXCEPTION_DATES) issue(['exceptions', 'earlierCutoffs'], TERMS_MESSAGES.tooManyDates);
  const seen = new Set<string>();
  const earlierCutoffs = raw.earlierCutoffs.slice(0, MAX_EXCEPTION_DATES).flatMap((e, i) => {
    const path = ['exceptions', 'earlierCutoffs', i];
    const date = e.date.trim();
    if (!isCalendarDate(date)) {
      issue([...path, 'date'], TERMS_MESSAGES.date(date.slice(0, 20)));
      return [];
    }
    const cutoff = readCutoff([...path, 'cutoff'], e.cutoff, cutoffLabel(date));
    const usual = days.find((d) => d.day === weekdayOf(date))?.cutoff;
    if (seen.has(date)) issue([...path, 'date'], TERMS_MESSAGES.dateTwice(date));
    else if (noDelivery.includes(date)) issue([...path, 'date'], TERMS_MESSAGES.alsoNoDelivery(date));
    else if (!usual) issue([...path, 'date'], TERMS_MESSAGES.notADeliveryDay(date));
    else if (isTimeOfDay(cutoff.time) && !isEarlier(cutoff, usual))
      issue([...path, 'cutoff', 'time'], TERMS_MESSAGES.notEarlier(date));
    seen.add(date);
    return [{ date, cutoff }];
  });
  earlierCutoffs.sort((a, b) => a.date.localeCompare(b.date));
  return { noDelivery, earlierCutoffs };
}

/** More days before, or the same day before at an earlier time: no zone needed to compare. */
const isEarlier = (a: Cutoff, b: Cutoff) => a.daysBefore > b.daysBefore || (a.daysBefore === b.daysBefore && a.time < b.time);

// ── Answers ──

const cutoffSchema = z.object({ daysBefore: z.number(), time: z.string() });

/** The public part of stored terms; also how a stored value is read back (unknown keys dropped). */
export const publicDeliveryTermsSchema = z.object({
  timeZone: z.string(),
  days: z.array(z.object({ day: z.enum(WEEKDAYS), cutoff: cutoffSchema })),
  minimumOrder: z.object({ amount: z.number(), currency: z.string(), kind: z.enum(['warning', 'rule']) }).nullable(),
  areas: z.object({ postcodes: z.array(z.string()), towns: z.array(z.string()) }),
  exceptions: z.object({
    noDelivery: z.array(z.string()),
    earlierCutoffs: z.array(z.object({ date: z.string(), cutoff: cutoffSchema })),
  }),
});

export const deliveryTermsSchema = publicDeliveryTermsSchema.extend({
  orderTo: z.object({ emails: z.array(z.string()), phone: z.string().nullable(), whatsapp: z.boolean() }),
});

/** GET and PUT /api/profile/terms: the owner's terms, null until first saved. */
export const ownDeliveryTermsSchema = z.object({ terms: deliveryTermsSchema.nullable() });
export type OwnDeliveryTerms = z.infer<typeof ownDeliveryTermsSchema>;

export const nextDeliverySchema = z.object({ deliveryDate: z.string(), cutoffAtMs: z.number() });

/** GET /api/profiles/:handle/terms: what anyone may read, with the next delivery as of the request. */
export const publicTermsAnswerSchema = z.object({
  terms: publicDeliveryTermsSchema.nullable(),
  nextDelivery: nextDeliverySchema.nullable(),
});
export type PublicTermsAnswer = z.infer<typeof publicTermsAnswerSchema>;

/** The form's errors keyed by their path ('days.1.cutoff.time'); the first message for each. */
export function termsFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
