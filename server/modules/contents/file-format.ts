import { unzipSync } from 'fflate';
import type { FileFormat } from '../../../core/list-contents';

/**
 * Which reader a file needs, from its first bytes before its name or type (a Google export, a
 * Dropbox download and a mislabelled upload all say different things about the same file).
 */

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export interface ZipEntry {
  name: string;
  /** What the entry says it unpacks to: a zip bomb says a lot, or lies (the thread's memory cap then ends it). */
  declaredBytes: number;
  compressedBytes: number;
}

/** The entries of a zip as its central directory declares them, nothing unpacked. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const entries: ZipEntry[] = [];
  unzipSync(bytes, {
    filter(file) {
      entries.push({ name: file.name, declaredBytes: file.originalSize, compressedBytes: file.size });
      return false;
    },
  });
  return entries;
}

function zipFormat(bytes: Uint8Array): FileFormat | null {
  let names: string[];
  try {
    names = zipEntries(bytes).map((e) => e.name);
  } catch {
    return 'xlsx'; // a damaged zip: the spreadsheet reader says it is corrupted
  }
  if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
  if (names.includes('content.xml')) return 'ods';
  return null;
}

const TEXT_TYPES = /^text\/|^application\/(json|csv)/;

export function fileFormat(bytes: Uint8Array, contentType?: string, fileName?: string): FileFormat | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) return 'pdf'; // %PDF
  if (startsWith(bytes, ZIP)) return zipFormat(bytes);
  // An old .xls, or an XLSX saved with a password (encrypted inside an OLE container).
  if (startsWith(bytes, OLE)) return 'xls';
  const type = (contentType ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
  const name = (fileName ?? '').toLowerCase();
  if (type.includes('csv') || type.includes('tab-separated') || /\.(csv|tsv)$/.test(name)) return 'csv';
  if (type.includes('spreadsheet') || /\.(xlsx|ods)$/.test(name)) return 'xlsx';
  if (type === 'application/pdf' || name.endsWith('.pdf')) return 'pdf';
  const head = bytes.subarray(0, 4096);
  if (TEXT_TYPES.test(type) || /\.(txt|text|md)$/.test(name) || !head.includes(0)) return 'text';
  return null;
}
