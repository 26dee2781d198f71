import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { SUBMITTED_AT_COLUMN } from '../../../core/chat-form';
import type { ChatQuestion } from '../../../core/chat-form-questions';
import { csvAnswerCell, csvTextCell, submittedAtText } from './export-cells';
import type { SubmissionRow } from './repository';

/**
 * RFC 4180: CRLF between records; a field with a comma, quote, semicolon or any line break is
 * quoted and its quotes doubled (Excel in semicolon locales splits unquoted cells at ';'). Cells
 * starting with =, +, -, @, tab or CR get a leading ' so a spreadsheet shows them as text instead
 * of running them as formulas (CSV injection): export-cells.ts, cell by cell, since a phone
 * answer needs none.
 */
const OPTIONS = { record_delimiter: 'windows', quoted_match: /[\r\n;]/ } as const;

/** Tells Excel on Windows the file is UTF-8, so accented names are not garbled (ADR 0105). */
export const UTF8_BOM = '\ufeff';

/** Records of text cells, each escaped by the formula rule. */
export function csvRecords(records: string[][]): string {
  return stringify(
    records.map((cells) => cells.map(csvTextCell)),
    OPTIONS,
  );
}

/** What the export knows of the form: its questions by field (a phone column), and the owner's time zone. */
export interface CsvExportOptions {
  questions?: Pick<ChatQuestion, 'field' | 'type'>[];
  /** An IANA name checked by exportTimeZone; UTC by default. */
  timeZone?: string;
}

export function responseRecord(columns: string[], row: SubmissionRow, options: CsvExportOptions = {}): string[] {
  const byField = new Map((options.questions ?? []).map((q) => [q.field, q]));
  return [
    submittedAtText(row.submittedAt, options.timeZone ?? 'UTC'),
    ...columns.map((c) => csvAnswerCell(row.answers[c], byField.get(c))),
  ];
}

/** The export as a stream, page by page, so a large form never sits in memory whole. */
export function responsesCsvStream(
  columns: string[],
  pages: AsyncIterable<SubmissionRow[]>,
  options: CsvExportOptions = {},
): Readable {
  async function* chunks() {
    yield UTF8_BOM + csvRecords([[SUBMITTED_AT_COLUMN, ...columns]]);
    for await (const page of pages) {
      if (page.length > 0)
        yield stringify(
          page.map((row) => responseRecord(columns, row, options)),
          OPTIONS,
        );
    }
  }
  return Readable.from(chunks());
}
