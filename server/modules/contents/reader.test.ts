import { afterAll, describe, expect, it } from 'vitest';
import { badFiles, priceListCsv, priceListPdf, priceListSheet } from '../../../tests/fixtures/list-files';
import { jsonBytes, linesFromJson } from './line-rows';
import { DEFAULT_READER_OPTIONS, fileReader } from './reader';

const reader = fileReader({ ...DEFAULT_READER_OPTIONS, threads: 1 });
afterAll(() => reader.close());

const TOMATOES = { item: 'Tomatoes San Marzano', price: 2.1, currency: 'EUR', unit: 'kg' };

describe('reading a price list in a worker thread', () => {
  it.each([
    ['CSV', () => priceListCsv(1), 'text/csv', 'csv'],
    ['XLSX', () => priceListSheet(1, 'xlsx'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
    ['ODS', () => priceListSheet(1, 'ods'), 'application/vnd.oasis.opendocument.spreadsheet', 'ods'],
    ['PDF', () => priceListPdf(1), 'application/pdf', 'pdf'],
  ])('reads the items, prices, currency and units of the %s', async (_, file, contentType, format) => {
    const result = await reader.read({ bytes: file(), contentType });
    expect(result).toMatchObject({ state: 'read', format });
    if (result.state !== 'read') return;
    const lines = linesFromJson(result.newRows);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining(TOMATOES),
        expect.objectContaining({ item: 'Burrata', price: 3.5, unit: 'piece' }),
        expect.objectContaining({ item: 'Courgettes', price: 1.8 }),
      ]),
    );
    expect(lines.every((l) => l.raw.length > 0)).toBe(true);
    expect(result.lineCount).toBe(lines.length);
  });

  it.each([
    ['CSV', priceListCsv],
    ['XLSX', (v: 1 | 2) => priceListSheet(v, 'xlsx')],
    ['ODS', (v: 1 | 2) => priceListSheet(v, 'ods')],
    ['PDF', priceListPdf],
  ])('says what changed in the %s against its previous version', async (_, file) => {
    const first = await reader.read({ bytes: file(1), fileName: 'prices.csv' });
    if (first.state !== 'read') throw new Error('first version unread');
    const second = await reader.read({ bytes: file(2), previous: first.newRows, fileName: 'prices.csv' });
    expect(second).toMatchObject({ state: 'read', diff: { counts: { up: 2, down: 0, added: 1, gone: 1, changed: 0 } } });
  });

  it.each([
    ['a corrupted XLSX', badFiles.corruptedXlsx, 'corrupted'],
    ['a corrupted PDF', badFiles.corruptedPdf, 'corrupted'],
    ['a password-protected PDF', badFiles.passwordPdf, 'password'],
    ['a scanned PDF without text', badFiles.scannedPdf, 'no-text'],
    ['a zip bomb in an XLSX', badFiles.zipBombXlsx, 'too-big'],
    ['a CSV of a million rows', badFiles.millionRowCsv, 'too-big'],
    ['an XLSX sheet of a million rows', badFiles.millionRowXlsx, 'too-big'],
  ])('gives %s a state instead of a crash', async (_, file, reason) => {
    const result = await reader.read({ bytes: file(), fileName: 'list.csv' });
    expect(result).toMatchObject({ state: 'unreadable', reason });
  });

  it('stops unpacking a zip bomb that lies about its size at the limit', async () => {
    const strict = fileReader({ ...DEFAULT_READER_OPTIONS, threads: 1, maxUnzippedBytes: 5 * 1024 * 1024 });
    try {
      expect(await strict.read({ bytes: badFiles.lyingZipBombXlsx() })).toMatchObject({ state: 'unreadable', reason: 'too-big' });
    } finally {
      await strict.close();
    }
  });

  it('gives a PDF whose page tree loops a state, and reads the next file as before', async () => {
    const looping = await reader.read({ bytes: badFiles.loopingPdf() });
    expect(looping.state).toBe('unreadable');
    expect(await reader.read({ bytes: priceListPdf(1) })).toMatchObject({ state: 'read' });
  });

  it('ends a reading that takes longer than its limit, and the next file is read by a new thread', async () => {
    const hasty = fileReader({ ...DEFAULT_READER_OPTIONS, threads: 1, timeoutMs: 1 });
    try {
      expect(await hasty.read({ bytes: priceListSheet(1, 'xlsx') })).toMatchObject({ state: 'unreadable', reason: 'too-slow' });
    } finally {
      await hasty.close();
    }
    expect(await reader.read({ bytes: priceListSheet(1, 'xlsx') })).toMatchObject({ state: 'read' });
  });

  it('compares two stored snapshots in the thread', async () => {
    const diff = await reader.diff(
      [jsonBytes([{ raw: 'Tomatoes 2.10 €', item: 'Tomatoes', price: 2.1, currency: 'EUR' }])],
      [jsonBytes([{ raw: 'Tomatoes 2.40 €', item: 'Tomatoes', price: 2.4, currency: 'EUR' }])],
    );
    expect(diff.counts.up).toBe(1);
  });
});
