import { z } from 'zod';

import { CONTROL_BUT_LINES, hasControlCharacters, TEXT_MESSAGES, type TextShape } from './text-rules';

export { hasControlCharacters, TEXT_MESSAGES, type TextShape } from './text-rules';

/** Characters XML 1.0 forbids besides the controls: lone surrogates and U+FFFE, U+FFFF. */
const XML_FORBIDDEN = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/g;

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

/**
 * A person's name as a sign-in provider gives it, made safe to store (issue 42: one arrived with
 * CR/LF): line breaks and tabs become one space, other controls go, the ends are trimmed.
 */
export function signInName(name: string): string {
  return printableText(name).replace(/ {2,}/g, ' ').trim();
}
