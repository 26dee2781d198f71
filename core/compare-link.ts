import { pagePath } from './pages';

/**
 * The link to compare one item across suppliers (issue 39 §3), without zod: the list's page, the
 * feed's change details and /explore's results carry it, and a first visit may load it.
 */

/** The most characters a compared item may have (the API refuses more). */
export const COMPARE_ITEM_MAX_LENGTH = 100;

/** A pack written after the item ("125g", "250 g", "6 x 1L", "2,5 kg", "6x12"): not a word to search by. A bare number ("Flour 00") stays. */
const PACK_TEXT =
  /(?<![\p{L}\d])\d+(?:[.,]\d+)?\s*(?:(?:x\s*\d+(?:[.,]\d+)?\s*)?(?:kgs?|g|gr|grams?|l|lt|ltr|litres?|liters?|ml|cl|dl|lbs?|oz|pcs?|pieces?)|x\s*\d+(?:[.,]\d+)?)(?![\p{L}\d])/giu;

/**
 * The words of an item worth comparing by: "Burrata 125g" and "Burrata 250 g" are both "Burrata",
 * since every word of a search must match. The item as written when nothing else is left.
 */
export function compareItemOf(text: string): string {
  const words = text
    .replace(PACK_TEXT, ' ')
    .replace(/[()[\]{}|;:,]+/g, ' ')
    .replace(/(?<![\p{L}\d])x(?![\p{L}\d])/giu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const item = /[\p{L}\p{N}]/u.test(words) ? words : text.trim().replace(/\s+/g, ' ');
  const chars = [...item];
  if (chars.length <= COMPARE_ITEM_MAX_LENGTH) return item;
  const cut = chars.slice(0, COMPARE_ITEM_MAX_LENGTH).join('');
  return cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length);
}

/** /compare's address: one item, and only the businesses the viewer follows when asked. */
export function comparePath(item: string, following = false): string {
  const params = new URLSearchParams({ item });
  if (following) params.set('following', '1');
  return `${pagePath('compare')}?${params}`;
}

/** The "Compare" link of an item line: its words without the pack. */
export const compareLinkOf = (item: string) => comparePath(compareItemOf(item));
