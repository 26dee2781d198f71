import { Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { SUBMITTED_AT_COLUMN } from '../../../core/chat-form';
import { answerText } from '../../../core/chat-form-answers';
import type { ChatQuestion } from '../../../core/chat-form-questions';
import type { StoredAnswer } from '../../../db/schema';
import { wallClock } from './export-cells';
import type { SubmissionRow } from './repository';
import {
  CONTENT_TYPES,
  columnName,
  ROOT_RELS,
  SHEET_END,
  STYLE,
  STYLES,
  sheetStart,
  WORKBOOK,
  WORKBOOK_RELS,
  xmlText,
} from './xlsx-parts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;
/** Excel's serial day of 1970-01-01 (days since 1899-12-30). */
const EPOCH_SERIAL = 25_569;
/** Fast and still small: the sheet's XML repeats itself, so level 1 loses little to level 6 at a third of the CPU. */
const LEVEL = 1;

const serial = (ms: number) => ms / MS_PER_DAY + EPOCH_SERIAL;
const textCell = (ref: string, text: string, style: number) =>
  `<c r="${ref}" t="inlineStr" s="${style}"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;

/**
 * One cell of an answer, typed so the spreadsheet can sort and sum it: numbers as numbers, the
 * days a date question holds as dates; everything else as text. A text cell is never a formula
 * in .xlsx, so answers need no escaping here beyond XML's own (unlike CSV).
 */
function answerCell(ref: string, value: StoredAnswer | undefined, question: ChatQuestion | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"><v>${value}</v></c>`;
  if (question?.type === 'date' && typeof value === 'string' && DAY.test(value)) {
    const ms = Date.parse(`${value}T00:00:00Z`);
    if (Number.isFinite(ms)) return `<c r="${ref}" s="${STYLE.date}"><v>${serial(ms)}</v></c>`;
  }
  return textCell(ref, answerText(value), STYLE.text);
}

/**
 * The responses as an .xlsx workbook (ADR 0105, streamed since 0132): one sheet "Responses", a
 * bold header row that stays in view, `Submitted at` on the owner's clock (#31), then one column per question in
 * order. Written and compressed a page of responses at a time as the download is read, so a
 * form of any size takes the memory of one page, and the event loop is held a page at a time.
 */
export function responsesXlsxStream(
  questions: ChatQuestion[],
  columns: string[],
  pages: AsyncIterable<SubmissionRow[]>,
  /** The owner's time zone (exportTimeZone); a date-time cell has none of its own. */
  timeZone = 'UTC',
): Readable {
  const byField = columns.map((c) => questions.find((q) => q.field === c));
  const letters = ['A', ...columns.map((_, i) => columnName(i + 1))];

  async function* chunks(): AsyncGenerator<Buffer> {
    const ready: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, data) => {
      if (error) failure = error;
      else ready.push(data);
    });
    function* drain() {
      if (failure) throw failure;
      for (const data of ready.splice(0)) yield Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    }
    for (const [name, text] of [
      ['[Content_Types].xml', CONTENT_TYPES],
      ['_rels/.rels', ROOT_RELS],
      ['xl/workbook.xml', WORKBOOK],
      ['xl/_rels/workbook.xml.rels', WORKBOOK_RELS],
      ['xl/styles.xml', STYLES],
    ] as const) {
      const part = new ZipDeflate(name, { level: LEVEL });
      zip.add(part);
      part.push(strToU8(text), true);
    }
    const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: LEVEL });
    zip.add(sheet);
    const header = [SUBMITTED_AT_COLUMN, ...columns].map((name, i) => textCell(`${letters[i]}1`, name, STYLE.header));
    sheet.push(strToU8(`${sheetStart(letters.length)}<row r="1">${header.join('')}</row>`));
    yield* drain();

    let r = 1;
    for await (const page of pages) {
      let xml = '';
      for (const row of page) {
        r += 1;
        xml += `<row r="${r}"><c r="A${r}" s="${STYLE.dateTime}"><v>${serial(wallClock(row.submittedAt, timeZone).getTime())}</v></c>`;
        for (let i = 0; i < columns.length; i++) {
          xml += answerCell(`${letters[i + 1]}${r}`, row.answers[columns[i]!], byField[i]);
        }
        xml += '</row>';
      }
      sheet.push(strToU8(xml));
      yield* drain();
    }
    sheet.push(strToU8(SHEET_END), true);
    zip.end();
    yield* drain();
  }

  return Readable.from(chunks(), { objectMode: false });
}
