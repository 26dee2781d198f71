/** Emails and phone numbers out of text that is not meant to hold them; no zod, so the browser's first visit can load it. */

const EMAIL = /[^\s@<>()[\]"',;:/]+(?:@|%40)[^\s@<>()[\]"',;:/]+\.[A-Za-z]{2,}/g;
/** Seven to fifteen digits (E.164) with the spaces, dots, dashes and brackets people write numbers with. */
const PHONE = /\+?\(?\d[\d\s().-]{5,22}\d/g;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Analytics store no one's email or phone number (issue 33): free text someone typed or an error
 * repeated can hold them, so they are replaced by `[email]` and `[phone]` on the way in (the
 * browser does the same before sending). A date (2026-03-14) is not a phone number.
 */
export function redactPersonal(text: string): string {
  return text.replace(EMAIL, '[email]').replace(PHONE, (match) => {
    const digits = match.replace(/\D/g, '').length;
    return digits < 7 || digits > 15 || DATE.test(match.trim()) ? match : '[phone]';
  });
}
