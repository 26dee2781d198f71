/** The text rules without zod, for pages that must not load it (the public chat form, ADR 0104). */

/**
 * Control characters (C0, DEL, C1) in free text: invisible, they break the XML of the Atom feed
 * and the QR card, and can hide text in logs and CSV files (issue 16).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this rule's job
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Multi-line text keeps tab and line breaks (a textarea sends \r\n). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above
export const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export interface TextShape {
  /** Tab and line breaks are part of the text (descriptions, notes, answers). */
  multiline?: boolean;
}

export const TEXT_MESSAGES = {
  controlCharacters: (label: string) => `${label} cannot contain control characters.`,
} as const;

export function hasControlCharacters(text: string, { multiline = false }: TextShape = {}): boolean {
  return (multiline ? CONTROL_BUT_LINES : ANY_CONTROL).test(text);
}

/** Characters as a person counts them (code points), which is also what PostgreSQL counts. */
export function characterCount(text: string): number {
  return [...text].length;
}
