import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { type ListLine, lineOfText } from '../../../core/list-lines';
import { guardPdf } from './pdf-guard';
import { type ReadLimits, Unreadable } from './read-types';

/**
 * A PDF's text layer, page by page, through Mozilla's PDF.js (docs/decisions/0160). Words on one
 * baseline make one line, left to right, so a price list's rows read as they are printed. No
 * script in the file runs (isEvalSupported false); fonts are never loaded (text needs none).
 */

/** Words whose baselines differ by less than this (in PDF points) are on one line. */
const SAME_LINE = 2.5;

function linesOfPage(items: TextItem[], where: string | undefined): ListLine[] {
  const rows: { y: number; words: { x: number; text: string }[] }[] = [];
  for (const item of items) {
    if (!item.str.trim()) continue;
    const x = item.transform[4] as number;
    const y = item.transform[5] as number;
    const row = rows.find((r) => Math.abs(r.y - y) < SAME_LINE);
    if (row) row.words.push({ x, text: item.str });
    else rows.push({ y, words: [{ x, text: item.str }] });
  }
  rows.sort((a, b) => b.y - a.y);
  return rows
    .map((row) =>
      lineOfText(
        row.words
          .sort((a, b) => a.x - b.x)
          .map((w) => w.text)
          .join(' '),
        where,
      ),
    )
    .filter((l): l is ListLine => l !== undefined);
}

function failure(error: unknown): Unreadable {
  const name = error instanceof Error ? error.name : '';
  return new Unreadable(name === 'PasswordException' ? 'password' : 'corrupted');
}

export async function readPdf(bytes: Uint8Array, limits: ReadLimits): Promise<ListLine[]> {
  guardPdf(bytes, limits);
  const loading = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const pdf = await loading.promise.catch((error: unknown) => {
      throw failure(error);
    });
    if (pdf.numPages > limits.maxPages) throw new Unreadable('too-big');
    const lines: ListLine[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const items = content.items.filter((i): i is TextItem => 'str' in i);
      lines.push(...linesOfPage(items, pdf.numPages > 1 ? `Page ${n}` : undefined));
      page.cleanup();
      if (lines.length > limits.maxLines) throw new Unreadable('too-big');
    }
    if (lines.length === 0) throw new Unreadable('no-text');
    return lines;
  } catch (error) {
    throw error instanceof Unreadable ? error : failure(error);
  } finally {
    await loading.destroy();
  }
}
