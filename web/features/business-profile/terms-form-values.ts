import { type DeliveryTerms, WEEKDAYS, type Weekday } from '../../../core/delivery-terms';
import type { DeliveryTermsInput } from '../../../core/delivery-terms-api';

/**
 * The ordering-terms form as its inputs hold it (text, checkboxes, date and time inputs), and the
 * body PUT /api/profile/terms reads (deliveryTermsInputSchema). Kept apart from the form so the
 * mapping of an error's path to its field has one home.
 */
export interface DayRow {
  on: boolean;
  daysBefore: string;
  time: string;
}
export interface EarlierCutoffRow {
  date: string;
  daysBefore: string;
  time: string;
}
export interface TermsFormValues {
  timeZone: string;
  days: Record<Weekday, DayRow>;
  minimumAmount: string;
  currency: string;
  minimumKind: 'warning' | 'rule';
  postcodes: string;
  towns: string;
  noDelivery: string[];
  earlierCutoffs: EarlierCutoffRow[];
  emails: string;
  phone: string;
  whatsapp: boolean;
}

const USUAL_DAY: DayRow = { on: false, daysBefore: '1', time: '16:00' };

/** The viewer's own zone: most businesses set terms where they are. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/London';
}

/** Starting values: the stored terms, or an empty form in the browser's zone. */
export function termsFormValues(terms: DeliveryTerms | null, fallbackZone: string): TermsFormValues {
  const days = Object.fromEntries(WEEKDAYS.map((day) => [day, { ...USUAL_DAY }])) as Record<Weekday, DayRow>;
  for (const d of terms?.days ?? []) days[d.day] = { on: true, daysBefore: String(d.cutoff.daysBefore), time: d.cutoff.time };
  return {
    timeZone: terms?.timeZone ?? fallbackZone,
    days,
    minimumAmount: terms?.minimumOrder ? String(terms.minimumOrder.amount) : '',
    currency: terms?.minimumOrder?.currency ?? 'GBP',
    minimumKind: terms?.minimumOrder?.kind ?? 'warning',
    postcodes: terms?.areas.postcodes.join(', ') ?? '',
    towns: terms?.areas.towns.join(', ') ?? '',
    noDelivery: terms?.exceptions.noDelivery ?? [],
    earlierCutoffs: (terms?.exceptions.earlierCutoffs ?? []).map((e) => ({
      date: e.date,
      daysBefore: String(e.cutoff.daysBefore),
      time: e.cutoff.time,
    })),
    emails: terms?.orderTo.emails.join(', ') ?? '',
    phone: terms?.orderTo.phone ?? '',
    whatsapp: terms?.orderTo.whatsapp ?? false,
  };
}

const listOf = (text: string, separators: RegExp) =>
  text
    .split(separators)
    .map((s) => s.trim())
    .filter(Boolean);

/** The days the form sends, Monday first: an error's `days.<i>` is the i-th of these. */
export const chosenDays = (values: TermsFormValues) => WEEKDAYS.filter((day) => values.days[day].on);

/** A number as typed; what is not one goes as it is, for the rules to name. */
const whole = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text) : Number.NaN);

export function termsInput(values: TermsFormValues): DeliveryTermsInput {
  return {
    timeZone: values.timeZone,
    days: chosenDays(values).map((day) => ({
      day,
      cutoff: { daysBefore: whole(values.days[day].daysBefore), time: values.days[day].time },
    })),
    minimumOrder: values.minimumAmount.trim()
      ? { amount: values.minimumAmount, currency: values.currency, kind: values.minimumKind }
      : null,
    areas: { postcodes: listOf(values.postcodes, /[,;\n]/), towns: listOf(values.towns, /[,;\n]/) },
    exceptions: {
      noDelivery: values.noDelivery.filter((d) => d.trim()),
      earlierCutoffs: values.earlierCutoffs.map((e) => ({
        date: e.date,
        cutoff: { daysBefore: whole(e.daysBefore), time: e.time },
      })),
    },
    orderTo: { emails: listOf(values.emails, /[,;\s]+/), phone: values.phone, whatsapp: values.whatsapp },
  };
}

/**
 * The id of the input an error's path points at ('days.1.cutoff.time' → the second chosen day's
 * time), so each message shows under its own field.
 */
export function fieldIdOf(path: string, values: TermsFormValues): string {
  const day = /^days\.(\d+)\.cutoff\.(time|daysBefore)$/.exec(path);
  if (day) return `terms-${chosenDays(values)[Number(day[1])]}-${day[2]}`;
  if (path.startsWith('days')) return 'terms-days';
  const early = /^exceptions\.earlierCutoffs\.(\d+)\.(?:cutoff\.)?(date|time|daysBefore)$/.exec(path);
  if (early) return `terms-early-${early[1]}-${early[2]}`;
  if (path.startsWith('exceptions.earlierCutoffs')) return 'terms-early';
  if (path.startsWith('exceptions.noDelivery')) return 'terms-no-delivery';
  const known: Record<string, string> = {
    timeZone: 'terms-timeZone',
    'minimumOrder.amount': 'terms-minimum',
    'minimumOrder.currency': 'terms-currency',
    'minimumOrder.kind': 'terms-minimum-kind',
    'areas.postcodes': 'terms-postcodes',
    'areas.towns': 'terms-towns',
    'orderTo.emails': 'terms-emails',
    'orderTo.phone': 'terms-phone',
  };
  return known[path] ?? 'terms-form';
}
