import { constants, inflateSync } from 'node:zlib';
import { type ReadLimits, Unreadable } from './read-types';

/**
 * A PDF's streams measured before PDF.js reads it (docs/decisions/0212): PDF.js inflates a stream
 * whole into one growing buffer, outside the thread's heap limit, so a 400 KB file can take a
 * gigabyte. Each FlateDecode stream is inflated here with an output bound and dropped; a filter
 * not run here counts at its worst ratio. Past the bound of one stream, or of all, "too big".
 */

/** What one byte of a filter's input may unpack to at most (LZW: a 4,096-byte string per 12-bit code). */
const WORST_RATIO: Record<string, number> = {
  FlateDecode: 1032,
  Fl: 1032,
  LZWDecode: 2731,
  LZW: 2731,
  RunLengthDecode: 64,
  RL: 64,
};
const FLATE = new Set(['FlateDecode', 'Fl']);

/** The filters a stream's dictionary names; `null` when it names them in a way not read here (a reference). */
function filtersOf(dictionary: string): string[] | null {
  const at = dictionary.lastIndexOf('/Filter');
  if (at < 0) return [];
  const value = dictionary.slice(at + 7).trimStart();
  const names = /^(\[[^\]]*\]|\/[^\s/<>[\]()]+)/.exec(value)?.[1];
  if (!names) return null;
  return [...names.matchAll(/\/([^\s/<>[\]()]+)/g)].map((m) => m[1] as string);
}

/** Where a stream's data starts after its keyword (CR LF or LF), or -1 for a keyword that is not one. */
function dataStart(pdf: Buffer, keyword: number): number {
  let at = keyword + 6;
  if (pdf[at] === 0x0d) at++;
  return pdf[at] === 0x0a ? at + 1 : pdf[keyword + 6] === 0x0d ? at : -1;
}

/** The bytes a stream's first Flate filter gives, up to `bound`; Infinity past it, null when it is not deflate data. */
function inflatedLength(data: Buffer, bound: number): number | null {
  try {
    // Trailing bytes after the deflate data (endstream, the next objects) are ignored by zlib.
    return inflateSync(data, { maxOutputLength: bound, finishFlush: constants.Z_SYNC_FLUSH }).length;
  } catch (error) {
    return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? Number.POSITIVE_INFINITY : null;
  }
}

export function guardPdf(bytes: Uint8Array, limits: ReadLimits): void {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const streamBound = limits.maxPdfStreamBytes;
  let total = 0;
  for (let keyword = pdf.indexOf('stream'); keyword >= 0; keyword = pdf.indexOf('stream', keyword + 6)) {
    if (pdf[keyword - 1] === 0x64) continue; // endstream
    const start = dataStart(pdf, keyword);
    if (start < 0) continue;
    const objectAt = pdf.lastIndexOf('obj', keyword);
    const dictionary = pdf.toString('latin1', Math.max(0, objectAt), keyword);
    if (!/>>\s*$/.test(dictionary)) continue;
    const end = pdf.indexOf('endstream', start);
    const raw = (end < 0 ? pdf.length : end) - start;
    const filters = filtersOf(dictionary) ?? ['LZWDecode'];
    let size = raw;
    let rest = filters;
    if (filters[0] && FLATE.has(filters[0])) {
      // Encrypted or damaged data does not inflate here: it counts at the filter's worst ratio.
      const inflated = inflatedLength(pdf.subarray(start), Math.min(streamBound, limits.maxUnzippedBytes - total) + 1);
      if (inflated !== null) [size, rest] = [inflated, filters.slice(1)];
    }
    for (const filter of rest) size *= WORST_RATIO[filter] ?? 1;
    total += size;
    if (size > streamBound || total > limits.maxUnzippedBytes) throw new Unreadable('too-big');
  }
}
