/**
 * Packs as suppliers write them ("25kg sack", "6 x 1L", "box of 12", "le kilo", "500 g Packung")
 * read into a quantity of a base unit, so prices of different packs compare per kg, per litre or
 * per piece (issue 39 §2, docs/decisions/0204). Pure and browser-safe, like core/list-price.ts.
 * Every pattern here is linear: a number, a word from a closed list, a few fixed connectors.
 */
import { LINE_MAX_LENGTH } from './list-lines';
import { parseAmount } from './list-price';

/** The base a unit price is given in: per kilogram, per litre, per piece. */
export type BaseUnit = 'kg' | 'l' | 'piece';

/** How much of its base unit a pack holds: "125g" is 0.125 kg, "6 x 1L" is 6 l, "dozen" 12 pieces. */
export interface Pack {
  quantity: number;
  unit: BaseUnit;
}

export interface UnitPrice {
  amount: number;
  currency?: string;
  unit: BaseUnit;
}

/** One of a word, as a fraction of its base unit (divided, not multiplied, so 125 g is exactly 0.125 kg). */
interface Measure {
  unit: BaseUnit;
  times: number;
  per: number;
}

const measure = (unit: BaseUnit, times = 1, per = 1): Measure => ({ unit, times, per });
const KG = measure('kg');
const GRAM = measure('kg', 1, 1000);
const POUND = measure('kg', 0.45359237);
const OUNCE = measure('kg', 0.028349523125);
const LITRE = measure('l');
const PIECE = measure('piece');
const DOZEN = measure('piece', 12);

const words = (list: string, m: Measure) => list.split(' ').map((word) => [word, m] as const);

/** Unit words in the languages of the lists we read, lower case. "each" is only ever "one". */
const WORDS = new Map<string, Measure>([
  ...words('kg kgs kilo kilos kilogram kilograms kilogramme kilogrammes kilogramm kilogramo kilogramos chilo chilogrammi', KG),
  ...words('g gr grs gram grams gramme grammes gramm grammi grammo gramo gramos', GRAM),
  ...words('lb lbs pound pounds', POUND),
  ...words('oz ounce ounces', OUNCE),
  ...words('l lt ltr ltrs litre litres liter liters litro litri litros', LITRE),
  ...words('dl', measure('l', 1, 10)),
  ...words('cl centilitre centilitres centiliter', measure('l', 1, 100)),
  ...words('ml millilitre millilitres milliliter milliliters', measure('l', 1, 1000)),
  ...words(
    'pc pcs pce pces piece pieces pièce pièces stück stk stck pz pezzo pezzi unidad unidades ud uds unité unités unit units',
    PIECE,
  ),
  ...words('dozen dozens doz dz douzaine douzaines dutzend dozzina dozzine docena docenas', DOZEN),
  ...words('each ea', PIECE),
]);
/** After a number, "each" is a price's ("3.50 each"), not a count. */
const ONE_ONLY = new Set(['each', 'ea']);

/** Things goods come in: a count of them, or a count in one, is a pack ("box of 12", "6 bouteilles de 75 cl"). */
const CONTAINERS = [
  'box boxes case cases pack packs packet packets tray trays crate crates carton cartons bag bags sack sacks',
  'tub tubs punnet punnets bottle bottles jar jars tin tins can cans pot pots pouch pouches sachet sachets bucket lot lots',
  'boîte boîtes boite boites caisse caisses colis barquette barquettes paquet paquets bouteille bouteilles sac sacs',
  'plateau plateaux cagette cagettes seau seaux filet filets',
  'kiste kisten packung packungen schale schalen beutel flasche flaschen dose dosen glas gläser säcke eimer gebinde',
  'confezione confezioni cassa casse cassetta cassette scatola scatole vaschetta vaschette bottiglia bottiglie sacco sacchi',
  'busta buste barattolo barattoli lattina lattine',
  'caja cajas paquete paquetes bandeja bandejas bolsa bolsas saco sacos botella botellas lata latas tarro tarros bote botes estuche',
].flatMap((line) => line.split(' '));

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Longest first, so "kgs" is tried before "kg" and "gr" before "g".
const alternation = (list: Iterable<string>) =>
  `(?:${[...list]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')})`;

const WORD = alternation(WORDS.keys());
const COUNTABLE = alternation([...WORDS.keys()].filter((w) => !ONE_ONLY.has(w)));
const CONTAINER = alternation(new Set(CONTAINERS));
const DOZEN_WORD = alternation([...WORDS].filter(([, m]) => m === DOZEN).map(([w]) => w));

// 1 000 · 1/2 · ½ · 1½ · 2,5 · 1.000 · 0.75 (the first alternative needs digits in threes after a space)
const NUMBER = String.raw`(?:\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d+)?|\d+ ?\/ ?\d+|\d*[½¼¾]|\d+(?:[.,]\d+)*)`;
/** Not inside a word or another number: "E330ml" and the "5" of "2.5" are not starts. */
const START = String.raw`(?<![\p{L}\d.,/])`;
const END = String.raw`(?![\p{L}\d'’])`;
/** A count ends where the number ends: "x 12" but not "x 12.5" or "x 12kg". */
const COUNT_END = String.raw`(?![\p{L}\d]|[.,]\d)`;
const TIMES = String.raw`\s*[x×*]\s*`;
const CONNECTOR = '(?:of|de|da|di|à|a|x|×|von|zu|je|con|mit|with)';

const pattern = (source: string) => new RegExp(source, 'gu');

/** "per kg", "/kg", "le kilo", "à la pièce", "pro Stück", "l'unité": the price's own base. */
const PER_WORD = pattern(
  String.raw`(?:(?:(?<![\p{L}])(?:per|par|pro|je|por|the|a|à|au|al|el|le|la)\s+|(?<![\p{L}])l['’]\s*){1,3}|\/\s*)(?<word>${WORD})${END}`,
);
/** "per 100 g", "/100g". Only "per" words: "6 Flaschen à 0,75 l" and "4 à 5 kg" are not a base. */
const PER_AMOUNT = pattern(
  String.raw`(?<marker>(?<![\p{L}])(?:per|par|pro|por)\s+|\/\s*)(?<n>${NUMBER})\s*(?<word>${COUNTABLE})${END}`,
);
/** What stands before a "/" when it is a fraction's ("1/2 kg"), not a price's ("2,10/100g"). */
const WHOLE_NUMBER_BEFORE = /(?<![\d.,])\d+ ?$/;
/** "6 x 1L", "12 × 500 g", "4 x 6 x 330 ml". */
const MULTIPLIED = pattern(
  String.raw`${START}(?<count>\d{1,3})${TIMES}(?:(?<count2>\d{1,3})${TIMES})?(?<n>${NUMBER})\s*(?<word>${COUNTABLE})${END}`,
);
/** "125g x 6", "33cl x 24". */
const MULTIPLIED_AFTER = pattern(
  String.raw`${START}(?<n>${NUMBER})\s*(?<word>${COUNTABLE})${TIMES}(?<count>\d{1,3})${COUNT_END}`,
);
/** "6 bouteilles de 75 cl", "24 Dosen à 0,33 l", "2 cajas de 10 kg". */
const COUNTED_OF = pattern(
  String.raw`${START}(?<count>\d{1,3})\s*${CONTAINER}\s+(?:${CONNECTOR}\s+)?(?<n>${NUMBER})\s*(?<word>${COUNTABLE})${END}`,
);
/** "25kg", "500 g", "0,75 l", "12 pcs", "2 dozen". */
const MEASURED = pattern(String.raw`${START}(?<n>${NUMBER})\s*(?<word>${COUNTABLE})${END}`);
/** The ounces after pounds: "1 lb 8 oz". */
const OUNCES_AFTER = /^\s*(\d+(?:[.,]\d+)?)\s*(?:oz|ounces?)(?![\p{L}\d])/u;
/** "4-5 kg", "4 to 5 kg", "de 4 à 5 kg": a weight that is not known, so not a pack. */
const RANGE_BEFORE = /\d\s*(?:[-–~]|\s(?:to|à|a|bis|al)\s)\s*$/u;
const HALF_DOZEN = new RegExp(
  String.raw`(?<![\p{L}])(?:half(?:\s+a)?|demi|halbes|halbe|mezza|media)[\s-]+${DOZEN_WORD}${END}`,
  'u',
);
/** "box of 12", "confezione da 6", "caja de 12", "tray 30". */
const CONTAINER_OF = pattern(
  String.raw`(?<![\p{L}])${CONTAINER}(?!\p{L})\s*(?:${CONNECTOR}\s*)?:?\s*(?<count>\d{1,4})${COUNT_END}`,
);
/** "6-pack", "6er Pack", "12pk", "12 bottles". */
const CONTAINERS_COUNTED = pattern(String.raw`${START}(?<count>\d{1,4})\s*(?:-\s*|er[\s-]*)?(?:${CONTAINER}|pk|pck)(?![\p{L}])`);
/** "Croissants x12". */
const TIMES_COUNT = pattern(String.raw`(?<![\p{L}\d.,])[x×]\s*(?<count>\d{1,4})${COUNT_END}`);
const DOZEN_ANYWHERE = pattern(String.raw`(?<![\p{L}])${DOZEN_WORD}${END}`);
const EACH_ANYWHERE = pattern(String.raw`(?<![\p{L}])(?:each|ea)${END}`);

const FRACTIONS: Record<string, number> = { '½': 0.5, '¼': 0.25, '¾': 0.75 };

/** A number as written; kg and litres to three decimals ("1,250 kg", "1.000 l") are decimals, not thousands. */
function numberOf(text: string, m: Measure): number | undefined {
  const fraction = /^(\d+) ?\/ ?(\d+)$/.exec(text);
  if (fraction) return Number(fraction[2]) === 0 ? undefined : Number(fraction[1]) / Number(fraction[2]);
  const glyph = FRACTIONS[text.slice(-1)];
  if (glyph !== undefined) return Number(text.slice(0, -1) || 0) + glyph;
  // Weights are written to the gram and volumes to the millilitre; "1.000 g" stays a thousand grams.
  if (m.per === 1 && m.unit !== 'piece' && /^\d{1,3}[.,]\d{3}$/.test(text)) return Number(text.replace(',', '.'));
  return parseAmount(text);
}

function packOfMeasure(count: number | undefined, m: Measure | undefined): Pack | null {
  if (count === undefined || m === undefined) return null;
  const quantity = (count * m.times) / m.per;
  if (!Number.isFinite(quantity) || quantity <= 0) return null;
  // Pieces are whole: "2.5 pcs" is more likely a price than a count.
  if (m.unit === 'piece' && !Number.isInteger(quantity)) return null;
  return { quantity, unit: m.unit };
}

const wordOf = (groups: Record<string, string | undefined>) => WORDS.get(groups.word ?? '');
const countOf = (text: string | undefined) => (text === undefined ? 1 : Number(text));
const pieces = (count: number): Pack | null => (count >= 2 ? { quantity: count, unit: 'piece' } : null);

/** The first match of a pattern that reads as a pack. */
function first(
  regex: RegExp,
  text: string,
  read: (groups: Record<string, string | undefined>, match: RegExpExecArray) => Pack | null,
) {
  for (const match of text.matchAll(regex)) {
    const pack = read(match.groups ?? {}, match);
    if (pack) return pack;
  }
  return null;
}

/** Read before "per" words, since "half a dozen" holds "a dozen". */
const halfDozen = (text: string): Pack | null => (HALF_DOZEN.test(text) ? { quantity: 6, unit: 'piece' } : null);

function perUnit(text: string): Pack | null {
  return (
    first(PER_WORD, text, (g) => packOfMeasure(1, wordOf(g))) ??
    first(PER_AMOUNT, text, (g, match) => {
      const m = wordOf(g);
      if (!m || g.n === undefined) return null;
      if (g.marker?.startsWith('/') && WHOLE_NUMBER_BEFORE.test(text.slice(Math.max(0, match.index - 8), match.index)))
        return null;
      return packOfMeasure(numberOf(g.n, m), m);
    })
  );
}

function multiplied(text: string): Pack | null {
  const read = (g: Record<string, string | undefined>) => {
    const m = wordOf(g);
    const n = m && g.n !== undefined ? numberOf(g.n, m) : undefined;
    return packOfMeasure(n === undefined ? undefined : n * countOf(g.count) * countOf(g.count2), m);
  };
  return first(MULTIPLIED, text, read) ?? first(MULTIPLIED_AFTER, text, read) ?? first(COUNTED_OF, text, read);
}

function measured(text: string): Pack | null {
  return first(MEASURED, text, (g, match) => {
    const m = wordOf(g);
    if (!m || g.n === undefined || RANGE_BEFORE.test(text.slice(Math.max(0, match.index - 12), match.index))) return null;
    const n = numberOf(g.n, m);
    if (n !== undefined && m === POUND) {
      const ounces = OUNCES_AFTER.exec(text.slice(match.index + match[0].length));
      const extra = ounces?.[1] === undefined ? undefined : parseAmount(ounces[1]);
      if (extra !== undefined) return packOfMeasure(n + (extra * OUNCE.times) / POUND.times, POUND);
    }
    return packOfMeasure(n, m);
  });
}

function counted(text: string): Pack | null {
  const read = (g: Record<string, string | undefined>) => pieces(Number(g.count));
  return (
    first(CONTAINER_OF, text, read) ??
    first(CONTAINERS_COUNTED, text, read) ??
    first(TIMES_COUNT, text, read) ??
    first(DOZEN_ANYWHERE, text, () => ({ quantity: 12, unit: 'piece' }))
  );
}

/** The text alone is a unit word: a unit column's "kg", "kilo", "Stück", "unit". */
function wholeWord(text: string): Pack | null {
  return packOfMeasure(1, WORDS.get(text.replace(/^[\s([]+|[\s)\].:;,]+$/g, '')));
}

/**
 * The pack a text names, or null when it names none ("box", "bunch", "fresh", "size 3"). A price's
 * own base ("per kg", "€/kg") comes first, then a multiplied pack, a weight or volume, a count.
 */
export function packOf(text: string | undefined): Pack | null {
  if (!text) return null;
  const folded = text.slice(0, LINE_MAX_LENGTH).normalize('NFC').toLowerCase();
  for (const read of NUMBERED.test(folded) ? READERS : WORD_READERS) {
    const pack = read(folded);
    if (pack) return pack;
  }
  return first(EACH_ANYWHERE, folded, () => ({ quantity: 1, unit: 'piece' }));
}

const READERS = [halfDozen, perUnit, multiplied, measured, counted, wholeWord];
/** Every other pattern holds a number: a text without one reads only these, in the same order. */
const NUMBERED = /[\d½¼¾]/;
const WORD_READERS = [
  halfDozen,
  (text: string) => first(PER_WORD, text, (g) => packOfMeasure(1, wordOf(g))),
  (text: string) => first(DOZEN_ANYWHERE, text, () => ({ quantity: 12, unit: 'piece' })),
  wholeWord,
];

// A unit column holds few texts ("kg", "each", "1 kg") on many lines: each is read once.
const UNIT_PACKS_MAX = 1000;
const unitPacks = new Map<string, Pack | null>();
function unitPackOf(unit: string | undefined): Pack | null {
  if (!unit || unit.length > 40) return packOf(unit);
  let pack = unitPacks.get(unit);
  if (pack === undefined) {
    pack = packOf(unit);
    if (unitPacks.size >= UNIT_PACKS_MAX) unitPacks.clear();
    unitPacks.set(unit, pack);
  }
  return pack && { ...pack };
}

/**
 * The pack of a line: its unit ('kg', '100 g', 'dozen', '25kg sack') when that is a measure. A
 * unit of one thing ('each', 'piece') or a container ('box') is one of the item as written, so the
 * item's "Burrata 125g" or the raw line's "box of 12" says what that one holds.
 */
export function linePack(line: { item?: string; unit?: string; raw: string }): Pack | null {
  const fromUnit = unitPackOf(line.unit);
  const oneThing = fromUnit === null || (fromUnit.unit === 'piece' && fromUnit.quantity === 1);
  if (!oneThing) return fromUnit;
  return packOf(line.item) ?? packOf(line.raw) ?? fromUnit;
}

/** price / pack.quantity, e.g. £15.50 for 25kg -> {amount: 0.62, currency:'GBP', unit:'kg'}; null when no pack. */
export function unitPriceOf(line: {
  item?: string;
  unit?: string;
  raw: string;
  price?: number;
  currency?: string;
}): UnitPrice | null {
  if (line.price === undefined || !Number.isFinite(line.price)) return null;
  const pack = linePack(line);
  if (!pack) return null;
  const price: UnitPrice = { amount: line.price / pack.quantity, unit: pack.unit };
  if (line.currency) price.currency = line.currency;
  return price;
}
