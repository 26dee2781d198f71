import { afterAll, describe, expect, it } from 'vitest';
import { lyingZipBomb, pdfFlateBomb } from '../../../tests/fixtures/bombs';
import { priceListPdf, priceListSheet } from '../../../tests/fixtures/list-files';
import { guardPdf } from './pdf-guard';
import { DEFAULT_READER_OPTIONS, type FileToRead, fileReader, readLimitsOf } from './reader';

/** Issue 42's High item (docs/decisions/0212): a bomb is "too big" and the process stays small meanwhile. */

// A bomb is stopped by its size, never by the clock: time limits a busy machine cannot trip (a run
// at load 16 saw the first PDF, which loads PDF.js into the thread, go past the 20 s default).
const reader = fileReader({ ...DEFAULT_READER_OPTIONS, threads: 1, timeoutMs: 120_000, busyWaitMs: 120_000 });
afterAll(() => reader.close());

const MB = 1024 * 1024;

/** The process's resident memory at its highest while `file` is read (the thread is in the process), above before. */
async function peakWhileReading(file: FileToRead) {
  const idle = process.memoryUsage.rss();
  let peak = idle;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  try {
    const result = await reader.read(file);
    return { result, aboveIdleMb: (Math.max(peak, process.memoryUsage.rss()) - idle) / MB };
  } finally {
    clearInterval(sample);
  }
}

describe('file bombs', () => {
  it('reads the price lists as before (the thread has loaded its readers)', async () => {
    expect(await reader.read({ bytes: priceListSheet(1, 'xlsx') })).toMatchObject({ state: 'read' });
    expect(await reader.read({ bytes: priceListPdf(1) })).toMatchObject({ state: 'read' });
  });

  it('stops a zip entry that says 1,000 bytes and unpacks to a gigabyte at the limit, memory staying low', async () => {
    const { result, aboveIdleMb } = await peakWhileReading({ bytes: lyingZipBomb(1024) });
    expect(result).toMatchObject({ state: 'unreadable', reason: 'too-big' });
    expect(aboveIdleMb).toBeLessThan(150);
  });

  it('refuses a PDF whose content stream inflates to a gigabyte before PDF.js reads it, memory staying low', async () => {
    const { result, aboveIdleMb } = await peakWhileReading({ bytes: pdfFlateBomb(1024) });
    expect(result).toMatchObject({ state: 'unreadable', reason: 'too-big' });
    expect(aboveIdleMb).toBeLessThan(150);
  });

  it('counts a filter it does not run at its worst ratio, and lets a small stream through', () => {
    const limits = readLimitsOf(DEFAULT_READER_OPTIONS);
    // A twice-deflated stream: only the first Flate is run, the second counts at 1,032 to one.
    expect(() => guardPdf(pdfFlateBomb(1, '[/FlateDecode /FlateDecode]'), limits)).toThrow('too-big');
    expect(() => guardPdf(pdfFlateBomb(1), limits)).not.toThrow();
    expect(() => guardPdf(priceListPdf(1), limits)).not.toThrow();
  });
});
