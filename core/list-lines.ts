import { currencyAndUnitIn, findPrice, unitOf } from './list-price';

/**
 * A list's contents as lines (docs/decisions/0160): the raw text always, and the item, its price,
 * currency and unit where the reader can tell. Spreadsheet rows and lines of text both end here.
 */
export interface ListLine {
  /** The line as written: a row's cells joined by " | ", or one line of text. */
  raw: string;
  item?: string;
  price?: number;
  currency?: string;
  unit?: string;
  /** The sheet or page the line is on, when the file has more than one. */
  where?: string;
}

/** One spreadsheet cell: the text as the sheet shows it, and its number when it holds one. */
export interface Cell {
  text: string;
  number?: number;
}

export interface SheetOfRows {
  name: string;
  rows: Cell[][];
}

/** The longest raw text a line keeps (a cell of a whole paragraph is cut, with "…"). */
export const LINE_MAX_LENGTH = 300;

/** An item's name folded for matching: no accents, no case, words only. */
export function itemKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const fold = (text: string) => ` ${itemKey(text)} `;
const ITEM_WORDS =
  /\s(item|items|product|products|produit|produits|article|articles|artikel|description|designation|name|nom|bezeichnung|produkt|prodotto|descrizione|articolo|producto|descripcion|variety|variete|dish|plat|goods|wine|vin|libelle)\s/;
const PRICE_WORDS =
  /\s(price|prices|prix|preis|prezzo|precio|cost|tarif|rate|eur|euro|usd|gbp|chf|pvp|ht|ttc|net|amount|montant)\s|[€$£]/;
const UNIT_WORDS = /\s(unit|units|unite|einheit|unita|unidad|uom|per|packaging|conditionnement|pack|size)\s/;

const clip = (text: string) => (text.length > LINE_MAX_LENGTH ? `${text.slice(0, LINE_MAX_LENGTH - 1)}…` : text);
const hasLetter = (text: string) => /\p{L}/u.test(text);
const filled = (row: Cell[]) => row.filter((c) => c.text.trim() !== '');
const isNumberCell = (cell: Cell | undefined) =>
  cell !== undefined && (cell.number !== undefined || findPrice(cell.text) !== undefined);

interface Columns {
  item?: number;
  price?: number;
  unit?: number;
  currency?: string;
  priceUnit?: string;
}

/** The header row among the first rows: words like "Item" and "Price", no numbers. */
function headerRow(rows: Cell[][]): { index: number; columns: Columns } | undefined {
  for (let index = 0; index < Math.min(rows.length, 15); index++) {
    const row = rows[index] ?? [];
    const cells = filled(row);
    if (cells.length < 2 || cells.some((c) => c.number !== undefined)) continue;
    const columns: Columns = {};
    row.forEach((cell, column) => {
      const text = fold(cell.text);
      if (columns.price === undefined && PRICE_WORDS.test(text)) {
        columns.price = column;
        const named = currencyAndUnitIn(cell.text);
        columns.currency = named.currency;
        columns.priceUnit = named.unit;
      } else if (columns.item === undefined && ITEM_WORDS.test(text)) columns.item = column;
      else if (columns.unit === undefined && UNIT_WORDS.test(text)) columns.unit = column;
    });
    if (columns.item !== undefined || columns.price !== undefined) return { index, columns };
  }
  return undefined;
}

/** Without a header: the price column holds amounts, the item column words (left-most wins). */
function guessedColumns(rows: Cell[][], columns: Columns = {}): Columns {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const sample = rows.slice(0, 200);
  const share = (column: number, test: (cell: Cell) => boolean) => {
    const cells = sample.map((r) => r[column]).filter((c): c is Cell => c !== undefined && c.text.trim() !== '');
    return cells.length === 0 ? 0 : cells.filter(test).length / cells.length;
  };
  const guessed = { ...columns };
  for (let column = 0; column < width; column++) {
    if (column === guessed.item || column === guessed.unit) continue;
    if (guessed.price === undefined && share(column, (c) => isNumberCell(c) && !unitOf(c.text)) >= 0.6) guessed.price = column;
  }
  // The item column is the wordiest of those mostly holding words (codes like "A-12" have few letters).
  let wordiest = 0;
  for (let column = 0; column < width && columns.item === undefined; column++) {
    if (column === guessed.price || column === guessed.unit) continue;
    if (share(column, (c) => hasLetter(c.text) && c.number === undefined && !unitOf(c.text)) < 0.6) continue;
    const letters = sample.reduce((sum, r) => sum + (r[column]?.text.match(/\p{L}/gu)?.length ?? 0), 0);
    if (letters > wordiest) {
      wordiest = letters;
      guessed.item = column;
    }
  }
  for (let column = 0; column < width; column++) {
    if (guessed.unit === undefined && column !== guessed.item && share(column, (c) => unitOf(c.text) !== undefined) >= 0.6) {
      guessed.unit = column;
    }
  }
  return guessed;
}

function lineOfRow(row: Cell[], columns: Columns): ListLine | undefined {
  const cells = filled(row);
  if (cells.length === 0) return undefined;
  const line: ListLine = { raw: clip(cells.map((c) => c.text.trim().replace(/\s+/g, ' ')).join(' | ')) };
  const priceCell = columns.price === undefined ? undefined : row[columns.price];
  const found = priceCell?.text ? findPrice(priceCell.text) : undefined;
  const amount = priceCell?.number ?? found?.amount;
  const itemText = columns.item === undefined ? undefined : row[columns.item]?.text.trim();
  // A heading ("VEGETABLES") or a note is a line without an item: it has no price and one cell.
  if (itemText && hasLetter(itemText) && (amount !== undefined || cells.length >= 2)) line.item = clip(itemText);
  if (amount !== undefined && Number.isFinite(amount) && line.item) {
    line.price = Math.round(amount * 10_000) / 10_000;
    const currency = found?.currency ?? columns.currency;
    if (currency) line.currency = currency;
    const unitText = columns.unit === undefined ? undefined : row[columns.unit]?.text.trim();
    const unit =
      found?.unit ??
      unitOf(unitText) ??
      (unitText && unitText.length <= 12 ? unitText.toLowerCase() : undefined) ??
      columns.priceUnit;
    if (unit) line.unit = unit;
  }
  return line;
}

/** Every non-empty row of a sheet as a line, the header row found and left out. */
export function linesOfSheet(sheet: SheetOfRows, where?: string): ListLine[] {
  const header = headerRow(sheet.rows);
  const body = header ? sheet.rows.slice(header.index + 1) : sheet.rows;
  const columns = guessedColumns(body, header?.columns);
  const lines: ListLine[] = [];
  // Rows above the header (a title, an address) are kept as plain lines.
  for (const row of header ? sheet.rows.slice(0, header.index) : []) {
    const cells = filled(row);
    if (cells.length > 0) lines.push({ raw: clip(cells.map((c) => c.text.trim()).join(' | ')) });
  }
  for (const row of body) {
    const line = lineOfRow(row, columns);
    if (line) lines.push(line);
  }
  return where ? lines.map((line) => ({ ...line, where })) : lines;
}

/** One line of text (a PDF's, a document's): the item before its price, when a price is there. */
export function lineOfText(text: string, where?: string): ListLine | undefined {
  const raw = clip(text.replace(/\s+/g, ' ').trim());
  if (raw === '') return undefined;
  const line: ListLine = { raw };
  const found = findPrice(raw);
  if (found) {
    const before = raw
      .slice(0, found.index)
      .replace(/[\s.…:|·\-–—_]+$/u, '')
      .trim();
    const after = raw
      .slice(found.index + found.length)
      .replace(/^[\s.…:|·\-–—_]+/u, '')
      .trim();
    const item = hasLetter(before) ? before : hasLetter(after) ? after : undefined;
    if (item) {
      line.item = item;
      line.price = found.amount;
      if (found.currency) line.currency = found.currency;
      if (found.unit) line.unit = found.unit;
    }
  }
  if (where) line.where = where;
  return line;
}

export function linesOfText(text: string, where?: string): ListLine[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((t) => lineOfText(t, where))
    .filter((l): l is ListLine => l !== undefined);
}
