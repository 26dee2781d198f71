import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasControlCharacters, noControlCharacters, printableText, TEXT_MESSAGES } from './text';

const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
];
const LINE_CHARACTERS = ['\t', '\n', '\r'];
/** What XML 1.0 allows in a document (section 2.2). */
const XML_CHAR = /^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;

describe('control characters in free text', () => {
  it.each(CONTROLS.map((c) => [c.charCodeAt(0).toString(16).padStart(4, '0'), c]))('finds U+%s', (_, c) => {
    expect(hasControlCharacters(`Green${c}Grocer`)).toBe(true);
    expect(hasControlCharacters(`Green${c}Grocer`, { multiline: true })).toBe(!LINE_CHARACTERS.includes(c));
  });

  it('leaves ordinary text alone, accents, emoji and right-to-left included', () => {
    for (const text of ['Green Grocer', 'Café Müller', '🍅 Tomatoes', 'مخبز', 'a\u00a0b', 'x\u200by']) {
      expect(hasControlCharacters(text)).toBe(false);
      expect(printableText(text)).toBe(text);
    }
  });

  it('makes stored text printable: controls gone, one line stays one line', () => {
    expect(printableText('Green\bGrocer\u0001\u001b[31m')).toBe('GreenGrocer[31m');
    expect(printableText('Green\tGrocer\r\nBakery')).toBe('Green Grocer Bakery');
    expect(printableText('line one\r\n\tline two\u0085', { multiline: true })).toBe('line one\r\n\tline two');
    expect(printableText('lone \ud800 surrogate \uffff')).toBe('lone \ufffd surrogate \ufffd');
    expect(printableText('pair 🍅 kept')).toBe('pair 🍅 kept');
  });

  it('gives XML-safe text for any input (fuzzed)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.boolean(), (text, multiline) => {
        const out = printableText(text, { multiline });
        return XML_CHAR.test(out) && !hasControlCharacters(out, { multiline }) && (multiline || !/[\t\n\r]/.test(out));
      }),
      { numRuns: 200 },
    );
  }, 30_000); // a few milliseconds alone; the shared test machine can be many times slower

  it('refuses them in a schema with a message naming the field; multi-line fields keep tab and newline', () => {
    const form = z.object({
      displayName: z.string().check(noControlCharacters('Display name')),
      notes: z.string().check(noControlCharacters('Notes', { multiline: true })),
    });
    const refused = form.safeParse({ displayName: 'Green\u001bGrocer', notes: 'ok' });
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['displayName'], message: TEXT_MESSAGES.controlCharacters('Display name') }),
    ]);
    expect(TEXT_MESSAGES.controlCharacters('Display name')).toBe('Display name cannot contain control characters.');
    expect(form.safeParse({ displayName: 'Green Grocer', notes: 'a\tb\r\nc' }).success).toBe(true);
    expect(form.safeParse({ displayName: 'Green\nGrocer', notes: 'ok' }).success).toBe(false);
    expect(form.safeParse({ displayName: 'ok', notes: 'bell\u0007' }).success).toBe(false);
  });
});
