/**
 * How a buyer's postcode or town is matched against the areas a business serves (issue 40 §1,
 * docs/decisions/0207): pure and zod-free, for delivery-terms.ts's servesArea and the form's rules.
 */

/** A postcode as compared: capitals, single spaces; a UK postcode typed without its space gets it. */
export function normalizePostcode(text: string): string {
  const code = text.trim().toUpperCase().replace(/\s+/g, ' ');
  return /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/.test(code) ? `${code.slice(0, -3)} ${code.slice(-3)}` : code;
}

/** A town as compared: no case, accents or punctuation ("Saint-Émilion" is "saint emilion"). */
export const normalizeTown = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Whether `prefix` covers `postcode`. Digits only (ZIP, PLZ): the postcode starts with them.
 * Letters only (a UK area, 'E'): the postcode's leading letters are exactly those, so 'E' is not
 * 'EC'. Otherwise a whole district or more ('E1', 'E14 5'): 'E1' covers 'E1 6AN', never 'E14 5AB'.
 */
export function postcodeCovers(prefix: string, postcode: string): boolean {
  const p = normalizePostcode(prefix);
  const code = normalizePostcode(postcode);
  if (!p || !code) return false;
  if (/^\d+$/.test(p)) return code.replace(/\s/g, '').startsWith(p);
  if (/^[A-Z]+$/.test(p)) return /^[A-Z]+/.exec(code)?.[0] === p;
  return code === p || code.startsWith(p.includes(' ') ? p : `${p} `);
}

/**
 * Every normalized prefix that covers `postcode` by postcodeCovers's rule ('BS8 1AB': 'BS', 'BS8',
 * 'BS8 1', 'BS8 1A', 'BS8 1AB'): the directory finds businesses whose stored prefixes are among them
 * (docs/decisions/0207). Each is a start of the postcode, with or without its spaces.
 */
export function coveringPrefixes(postcode: string): string[] {
  const code = normalizePostcode(postcode);
  const compact = code.replace(/\s/g, '');
  const starts = [code, compact].flatMap((text) => Array.from({ length: text.length }, (_, i) => text.slice(0, i + 1)));
  return [...new Set(starts)].filter((p) => normalizePostcode(p) === p && postcodeCovers(p, code));
}
