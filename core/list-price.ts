/**
 * Prices as suppliers write them ("2,10 €/kg", "€2.10", "12.50 EUR per box", "$1,234.50"): the
 * amount, its currency and its unit when the text says them (docs/decisions/0160). Pure and
 * browser-safe: the reader's worker and the pages use the same rules.
 */

/** Currency symbols and codes, as written, to the ISO code a change is compared in. */
const CURRENCY_SYMBOLS: Record<string, string> = {
  '€': 'EUR',
  $: 'USD',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
  '₺': 'TRY',
  zł: 'PLN',
  kč: 'CZK',
  fr: 'CHF',
};
const CURRENCY_CODES = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'CAD', 'AUD', 'NZD', 'JPY'];

/** How a currency is shown next to an amount: the symbol where there is a common one. */
const CURRENCY_SHOWN: Record<string, string> = { EUR: '€', USD: '$', GBP: '£', JPY: '¥', INR: '₹', TRY: '₺' };

/** Units as written, to one spelling each ("per kilo" and "/kg" are the same unit). */
const UNITS: Record<string, string> = {
  kg: 'kg',
  kgs: 'kg',
  kilo: 'kg',
  kilos: 'kg',
  kilogram: 'kg',
  g: 'g',
  gr: 'g',
  '100g': '100 g',
  lb: 'lb',
  lbs: 'lb',
  oz: 'oz',
  l: 'l',
  litre: 'l',
  liter: 'l',
  ltr: 'l',
  cl: 'cl',
  ml: 'ml',
  each: 'each',
  ea: 'each',
  pc: 'piece',
  pcs: 'piece',
  piece: 'piece',
  pieces: 'piece',
  unit: 'unit',
  box: 'box',
  case: 'case',
  crate: 'crate',
  tray: 'tray',
  bag: 'bag',
  bottle: 'bottle',
  btl: 'bottle',
  jar: 'jar',
  tin: 'tin',
  can: 'can',
  bunch: 'bunch',
  dozen: 'dozen',
  doz: 'dozen',
  pack: 'pack',
  punnet: 'punnet',
  head: 'head',
  portion: 'portion',
  loaf: 'loaf',
  pallet: 'pallet',
  stk: 'piece',
  stück: 'piece',
  pièce: 'piece',
};

export interface Price {
  amount: number;
  currency?: string;
  unit?: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SYMBOL_PATTERN = Object.keys(CURRENCY_SYMBOLS)
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join('|');
const CURRENCY = `(?:${SYMBOL_PATTERN}|${CURRENCY_CODES.join('|')})`;
// 1,234.56 · 1.234,56 · 1 234,56 · 2.10 · 2,1 · 12 · .50
const NUMBER = String.raw`(?:\d{1,3}(?:[ ,.\u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,3})?|[.,]\d{2})`;
const UNIT = `(?:${Object.keys(UNITS)
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join('|')})`;
const UNIT_TAIL = String.raw`(?:\s*(?:/|per\b|par\b|pro\b|le\b|the\b|a\b)\s*(?<unit>${UNIT})\b\.?)?`;

/** A price with its currency before or after the amount, then perhaps "/ unit". */
const PRICE_WITH_CURRENCY = new RegExp(
  String.raw`(?:(?<pre>${CURRENCY})\s?(?<a1>${NUMBER})|(?<a2>${NUMBER})\s?(?<post>${CURRENCY}))(?![\p{L}\d])${UNIT_TAIL}`,
  'giu',
);
/** A bare decimal amount with two decimals ("2.10", "3,50"), then perhaps "/ unit". */
const BARE_PRICE = new RegExp(
  String.raw`(?<![\p{L}\d.,])(?<a3>\d{1,3}(?:[ ,.]\d{3})*[.,]\d{2}|\d+[.,]\d{2})(?![\d\p{L}%])${UNIT_TAIL}`,
  'giu',
);

/** The number a supplier wrote, whichever of comma and point is the decimal mark. */
export function parseAmount(text: string): number | undefined {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '');
  if (!/^\d*(?:[.,]\d+)*$/.test(compact) || !/\d/.test(compact)) return undefined;
  const lastMark = Math.max(compact.lastIndexOf('.'), compact.lastIndexOf(','));
  let normal = compact;
  if (lastMark >= 0) {
    const decimals = compact.length - lastMark - 1;
    const marks = compact.match(/[.,]/g) ?? [];
    // "1,234" and "1.234" alone are thousands; a single mark followed by 1, 2 or 4+ digits is decimal.
    const thousandsOnly = decimals === 3 && new Set(marks).size === 1 && !/^0[.,]/.test(compact);
    normal = thousandsOnly
      ? compact.replace(/[.,]/g, '')
      : `${compact.slice(0, lastMark).replace(/[.,]/g, '')}.${compact.slice(lastMark + 1)}`;
  }
  const amount = Number(normal);
  return Number.isFinite(amount) ? amount : undefined;
}

export function currencyOf(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const upper = text.toUpperCase();
  if (CURRENCY_CODES.includes(upper)) return upper;
  return CURRENCY_SYMBOLS[text.toLowerCase()];
}

export function unitOf(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const word = text
    .toLowerCase()
    .replace(/^(?:per|par|pro|\/)\s*/, '')
    .replace(/\.$/, '')
    .trim();
  return UNITS[word];
}

/** Currency and unit named in a column header: "Price (€)", "EUR/kg", "Prix HT €/kg". */
export function currencyAndUnitIn(text: string): { currency?: string; unit?: string } {
  const currency = new RegExp(`(?<![\\p{L}])${CURRENCY}(?![\\p{L}])`, 'iu').exec(text)?.[0];
  const unit = new RegExp(`(?:/|\\bper\\b)\\s*(${UNIT})\\b`, 'iu').exec(text)?.[1];
  return { currency: currencyOf(currency), unit: unitOf(unit) };
}

export interface FoundPrice extends Price {
  /** Where the price starts in the text: what comes before is usually the item. */
  index: number;
  length: number;
}

/** The last price written in a line of text, with a currency or two decimals; undefined if none. */
export function findPrice(text: string): FoundPrice | undefined {
  let found: FoundPrice | undefined;
  for (const match of text.matchAll(PRICE_WITH_CURRENCY)) {
    const g = match.groups ?? {};
    const amount = parseAmount(g.a1 ?? g.a2 ?? '');
    if (amount === undefined) continue;
    found = { amount, currency: currencyOf(g.pre ?? g.post), unit: unitOf(g.unit), index: match.index, length: match[0].length };
  }
  if (found) return found;
  for (const match of text.matchAll(BARE_PRICE)) {
    const amount = parseAmount(match.groups?.a3 ?? '');
    if (amount === undefined) continue;
    found = { amount, unit: unitOf(match.groups?.unit), index: match.index, length: match[0].length };
  }
  return found;
}

/** "2.40 €/kg": an amount as a person reads it, two decimals, the currency and unit when known. */
export function formatPrice(price: Price): string {
  const amount = price.amount.toFixed(price.amount % 1 === 0 && price.amount >= 100 ? 0 : 2);
  const symbol = price.currency ? (CURRENCY_SHOWN[price.currency] ?? price.currency) : '';
  const money = symbol
    ? price.currency === 'USD' || price.currency === 'GBP'
      ? `${symbol}${amount}`
      : `${amount} ${symbol}`
    : amount;
  return price.unit ? `${money}/${price.unit}` : money;
}
