import type * as XLSX from '@e965/xlsx';
import Papa from 'papaparse';
import type { FileFormat } from '../../../core/list-contents';
import { type Cell, type ListLine, lineOfText, linesOfSheet } from '../../../core/list-lines';
import { parseAmount } from '../../../core/list-price';
import { type ReadLimits, Unreadable } from './read-types';
import { guardZip } from './zip-guard';

/**
 * Spreadsheets (XLSX, ODS and old XLS through SheetJS), CSV (Papa Parse) and plain text into lines
 * (docs/decisions/0160). Each reader stops at the line limit rather than reading a million rows.
 */

function cellOf(cell: XLSX.CellObject | undefined): Cell {
  if (!cell || cell.v === undefined || cell.v === null) return { text: '' };
  const text = String(cell.w ?? cell.v);
  return cell.t === 'n' && typeof cell.v === 'number' ? { text, number: cell.v } : { text };
}

function failure(error: unknown): Unreadable {
  if (error instanceof Unreadable) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new Unreadable(/password|encrypt/i.test(message) ? 'password' : 'corrupted');
}

/** SheetJS, loaded on the first spreadsheet a thread reads. */
let sheetjs: Promise<typeof XLSX> | undefined;

export async function readSpreadsheet(bytes: Uint8Array, format: FileFormat, limits: ReadLimits): Promise<ListLine[]> {
  if (format !== 'xls') guardZip(bytes, limits);
  sheetjs ??= import('@e965/xlsx');
  const { read } = await sheetjs;
  let book: XLSX.WorkBook;
  try {
    // One row past the limit tells a sheet that is too long without reading the rest of it.
    book = read(bytes, { type: 'array', dense: true, sheetRows: limits.maxLines + 1, cellHTML: false, cellFormula: false });
  } catch (error) {
    throw failure(error);
  }
  const names = book.SheetNames.filter((name) => book.Sheets[name]);
  const lines: ListLine[] = [];
  for (const name of names) {
    const sheet = book.Sheets[name] as XLSX.WorkSheet;
    const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
    if (sheet['!fullref'] && sheet['!fullref'] !== sheet['!ref']) throw new Unreadable('too-big');
    // Dense sheets are sparse arrays: an empty row or cell is a hole, which map would keep.
    const rows = Array.from(data, (row) => Array.from(row ?? [], cellOf));
    lines.push(...linesOfSheet({ name, rows }, names.length > 1 ? name : undefined));
    if (lines.length > limits.maxLines) throw new Unreadable('too-big');
  }
  return lines;
}

/** Text in UTF-8, or Windows-1252 when it is not (a CSV saved by an old Excel). */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** A CSV cell that is a plain number ("2.10", "3,50") is one; anything with words stays text. */
function csvCell(text: string): Cell {
  const trimmed = text.trim();
  const amount = /^-?\d[\d\s.,]*$/.test(trimmed) ? parseAmount(trimmed.replace(/^-/, '')) : undefined;
  return amount === undefined ? { text: trimmed } : { text: trimmed, number: trimmed.startsWith('-') ? -amount : amount };
}

export function readCsv(bytes: Uint8Array, limits: ReadLimits): ListLine[] {
  const text = decodeText(bytes);
  // Papa Parse guesses the delimiter (',' ';' tab '|') by reading everything it is given: the first
  // 64 KB tell it as well as a million rows do, in a hundredth of the time.
  const { delimiter } = Papa.parse(text.slice(0, 64 * 1024), { preview: 100 }).meta;
  const parsed = Papa.parse<string[]>(text, { delimiter, preview: limits.maxLines + 1, skipEmptyLines: 'greedy' });
  if (parsed.data.length > limits.maxLines) throw new Unreadable('too-big');
  // Papa Parse reports a stray quote and reads on: the rows it read are still the file's rows.
  return linesOfSheet({ name: 'CSV', rows: parsed.data.map((row) => row.map(csvCell)) });
}

/** Text whose first lines all hold the same number of `;`, tabs or `,`: a CSV without its name. */
function looksDelimited(text: string): boolean {
  const first = text
    .slice(0, 8192)
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 20);
  if (first.length < 2) return false;
  return [';', '\t', ','].some((d) => {
    const counts = new Set(first.map((l) => l.split(d).length - 1));
    return counts.size === 1 && !counts.has(0);
  });
}

export function readText(bytes: Uint8Array, limits: ReadLimits): ListLine[] {
  const text = decodeText(bytes);
  if (looksDelimited(text)) return readCsv(bytes, limits);
  // Line by line, stopping one past the limit (ADR 0212): 4.8 MB of one-letter lines is 2.4 million.
  const lines: ListLine[] = [];
  const breaks = /\r\n|\r|\n/g;
  for (let from = 0; ; ) {
    const found = breaks.exec(text);
    const line = lineOfText(text.slice(from, found ? found.index : text.length));
    if (line && lines.push(line) > limits.maxLines) throw new Unreadable('too-big');
    if (!found) return lines;
    from = breaks.lastIndex;
  }
}
