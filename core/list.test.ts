import { describe, expect, it } from 'vitest';
import { isCalendarDate, listSlugBase, versionFieldsSchema } from './list';
import { defaultListName, isExpired, listPaths, localDate, validityLabel } from './list-text';

describe('list names and slugs', () => {
  it('names a list from the description’s first line, 60 characters at most', () => {
    expect(defaultListName('  Weekly prices  \nfruit')).toBe('Weekly prices');
    expect(defaultListName('')).toBe('Untitled list');
    expect(defaultListName('\r\n')).toBe('Untitled list');
    expect(defaultListName('🥕'.repeat(61))).toBe(`${'🥕'.repeat(59)}…`);
  });

  it('makes a slug of lower-case letters, digits and single hyphens', () => {
    expect(listSlugBase('Weekly Price List (Oct)')).toBe('weekly-price-list-oct');
    expect(listSlugBase('Crème brûlée — Menü')).toBe('creme-brulee-menu');
    expect(listSlugBase('🍅🍅')).toBe('list');
    expect(listSlugBase(`${'a'.repeat(59)} b`)).toBe('a'.repeat(59));
  });

  it('builds the stable address and its images from handle and slug', () => {
    expect(listPaths.stable('green-grocer', 'weekly-prices')).toBe('/green-grocer/lists/weekly-prices');
    expect(listPaths.qr('green-grocer', 'weekly-prices', 'svg')).toBe('/qr/green-grocer/lists/weekly-prices.svg');
    expect(listPaths.card('green-grocer', 'weekly-prices', true)).toBe(
      '/qr/green-grocer/lists/weekly-prices/card.png?download=1',
    );
  });
});

describe('validity dates', () => {
  it('accepts real calendar dates only', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('26-10-31')).toBe(false);
  });

  it('reads absent and empty dates as none, and names the field of a wrong one', () => {
    expect(versionFieldsSchema.parse({ validFrom: '', validUntil: ' 2026-10-31 ' })).toMatchObject({
      validFrom: null,
      validUntil: '2026-10-31',
    });
    const result = versionFieldsSchema.safeParse({ validFrom: '2026-10-32' });
    expect(result.error?.issues[0]?.message).toBe('Valid from must be a date (YYYY-MM-DD).');
  });

  it('writes "Valid until 31 Oct" (the year only when it is not this one) and marks a version expired after its last day', () => {
    const today = '2026-10-20';
    expect(validityLabel(null, '2026-10-31', today)).toBe('Valid until 31 Oct');
    expect(validityLabel('2026-10-01', '2027-01-31', today)).toBe('Valid from 1 Oct until 31 Jan 2027');
    expect(validityLabel('2026-11-01', null, today)).toBe('Valid from 1 Nov');
    expect(validityLabel(null, null, today)).toBeNull();
    expect(isExpired('2026-10-31', '2026-10-31')).toBe(false);
    expect(isExpired('2026-10-31', '2026-11-01')).toBe(true);
    expect(isExpired(null, '2026-11-01')).toBe(false);
  });

  it('takes today from the viewer’s own calendar', () => {
    expect(localDate(new Date(2026, 9, 5, 23, 59))).toBe('2026-10-05');
  });
});
