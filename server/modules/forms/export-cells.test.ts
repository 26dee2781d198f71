import { describe, expect, it } from 'vitest';
import { csvAnswerCell, csvTextCell, exportTimeZone, submittedAtText, wallClock } from './export-cells';

describe('the cells of the responses downloads (#31)', () => {
  it('reads the time as the owner’s clock did, in a form a spreadsheet still sorts', () => {
    const at = Date.UTC(2026, 0, 15, 23, 30, 12);
    expect(submittedAtText(at, 'UTC')).toBe('2026-01-15 23:30');
    expect(submittedAtText(at, 'Europe/Berlin')).toBe('2026-01-16 00:30');
    expect(submittedAtText(at, 'America/New_York')).toBe('2026-01-15 18:30');
    expect(wallClock(at, 'Europe/Berlin').toISOString()).toBe('2026-01-16T00:30:12.000Z');
  });

  it('takes a time zone the runtime knows, else UTC', () => {
    expect(exportTimeZone('Europe/London')).toBe('Europe/London');
    expect(exportTimeZone('Not/AZone')).toBe('UTC');
    expect(exportTimeZone(undefined)).toBe('UTC');
  });

  it('keeps the formula apostrophe for text, not for a phone answer the phone rule made safe', () => {
    expect(csvTextCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvTextCell('+44 20')).toBe("'+44 20");
    expect(csvAnswerCell('+44 20 7946 0958', { type: 'phone' })).toBe('+44 20 7946 0958');
    expect(csvAnswerCell('+44 20 7946 0958', { type: 'text' })).toBe("'+44 20 7946 0958");
    expect(csvAnswerCell('=HYPERLINK("x")', { type: 'phone' })).toBe('\'=HYPERLINK("x")');
    expect(csvAnswerCell(undefined, undefined)).toBe('');
  });
});
