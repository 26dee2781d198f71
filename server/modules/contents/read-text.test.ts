import { describe, expect, it, vi } from 'vitest';
import * as listLines from '../../../core/list-lines';
import { readText } from './read-sheets';

vi.mock('../../../core/list-lines', async (actual) => {
  const core = await actual<typeof listLines>();
  return { ...core, lineOfText: vi.fn(core.lineOfText) };
});

const limits = { maxLines: 10_000, maxPages: 200, maxUnzippedBytes: 100 * 1024 * 1024, maxPdfStreamBytes: 32 * 1024 * 1024 };

describe('plain text (docs/decisions/0212)', () => {
  it('stops a 4.8 MB text of one-letter lines at the line limit, reading no line past it', () => {
    const text = Buffer.from('a\n'.repeat(2_400_000));
    expect(() => readText(text, limits)).toThrow('too-big');
    expect(vi.mocked(listLines.lineOfText)).toHaveBeenCalledTimes(limits.maxLines + 1);
  });

  it('reads the lines of a short text as before, blank ones left out', () => {
    const text = Buffer.from('Price list\r\n\r\nTomatoes 2.10 €/kg\rBurrata 3.50 €\nlast');
    expect(readText(text, limits).map((l) => l.raw)).toEqual(['Price list', 'Tomatoes 2.10 €/kg', 'Burrata 3.50 €', 'last']);
  });
});
