import { describe, expect, it } from 'vitest';
import { coveringPrefixes, normalizePostcode, postcodeCovers } from './delivery-areas';

describe('coveringPrefixes', () => {
  it('lists exactly the stored prefixes postcodeCovers accepts (the directory filters by them)', () => {
    const stored = [
      'BS',
      'BS8',
      'BS8 1',
      'BS8 1AB',
      'BS1',
      'B',
      'E',
      'E1',
      'E14',
      'EC',
      'EC1A',
      '9',
      '90',
      '902',
      '90210',
      '1012',
      '1012 AB',
      'SW1A 1AA',
    ];
    for (const code of ['BS8 1AB', 'bs81ab', 'E1 6AN', 'E14 5AB', 'EC1A 1BB', '90210', '1012 AB', 'SW1A1AA', 'Bath']) {
      const keys = coveringPrefixes(code);
      for (const prefix of stored)
        expect(keys.includes(normalizePostcode(prefix)), `${prefix} / ${code}`).toBe(postcodeCovers(prefix, code));
    }
    // Shortest first, as the doc comment lists them; 'B' is another area, not a start of 'BS'.
    expect(coveringPrefixes('bs8 1ab')).toEqual(['BS', 'BS8', 'BS8 1', 'BS8 1A', 'BS8 1AB']);
  });
});
