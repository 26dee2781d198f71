import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { SUBMITTED_AT_COLUMN } from '../../../core/chat-form';
import { answerText } from '../../../core/chat-form-answers';
import type { SubmissionRow } from './repository';

/**
 * RFC 4180: CRLF between records; a field with a comma, quote, semicolon or any line break is
 * quoted and its quotes doubled (Excel in semicolon locales splits unquoted cells at ';'). Cells
 * starting with =, +, -, @, tab or CR get a leading ' so a spreadsheet shows them as text instead
 * of running them as formulas (CSV injection).
 */
const OPTIONS = { record_delimiter: 'windows', escape_formulas: true, quoted_match: /[\r\n;]/ } as const;

/** Tells Excel on Windows the file is UTF-8, so accented names are not garbled (ADR 0105). */
export const UTF8_BOM = '\ufeff';

export function csvRecords(records: string[][]): string {
  return stringify(records, OPTIONS);
}

export function responseRecord(columns: string[], row: SubmissionRow): string[] {
  return [new Date(row.submittedAt).toISOString(), ...columns.map((c) => answerText(row.answers[c]))];
}

/** The export as a stream, page by page, so a large form never sits in memory whole. */
export function responsesCsvStream(columns: string[], pages: AsyncIterable<SubmissionRow[]>): Readable {
  async function* chunks() {
    yield UTF8_BOM + csvRecords([[SUBMITTED_AT_COLUMN, ...columns]]);
    for await (const page of pages) {
      if (page.length > 0) yield csvRecords(page.map((row) => responseRecord(columns, row)));
    }
  }
  return Readable.from(chunks());
}
