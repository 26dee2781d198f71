import { z } from 'zod';

/**
 * Control characters (C0, DEL, C1) in free text: invisible, they break the XML of the Atom feed
 * and the QR card, and can hide text in logs and CSV files (issue 16).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this rule's job
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Multi-line text keeps tab and line breaks (a textarea sends \r\n). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Characters XML 1.0 forbids besides the controls: lone surrogates and U+FFFE, U+FFFF. */
const XML_FORBIDDEN = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/g;

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

/**
 * Text safe to draw or to put in XML and HTML, for rows stored before the rule below: controls
 * removed; on one line, tab and line breaks become spaces; what XML forbids becomes U+FFFD.
 */
export function printableText(text: string, { multiline = false }: TextShape = {}): string {
  const lines = multiline ? text : text.replace(/[\t\n\r]+/g, ' ');
  return lines.replace(new RegExp(CONTROL_BUT_LINES.source, 'g'), '').replace(XML_FORBIDDEN, '\ufffd');
}

/**
 * The rule for free-text fields of requests: `z.string().check(noControlCharacters('Display name'))`.
 * Its message names the field, so a form can show it beside the input.
 */
export function noControlCharacters(label: string, shape: TextShape = {}) {
  return z.refine<string>((text) => !hasControlCharacters(text, shape), { message: TEXT_MESSAGES.controlCharacters(label) });
}
