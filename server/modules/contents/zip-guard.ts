import { Unzip, UnzipInflate } from 'fflate';
import { zipEntries } from './file-format';
import { type ReadLimits, Unreadable } from './read-types';

/**
 * A spreadsheet's zip looked at before the spreadsheet reader unpacks it (docs/decisions/0160):
 * what its entries declare, then what they really unpack to, counted as they stream out and
 * stopped at the limit (a zip bomb lies about its sizes), and the rows of each XLSX sheet counted
 * on the way (a million-row sheet is told in a tenth of the time the reader would take).
 */

const SHEET = /^xl\/worksheets\/[^/]+\.xml$/;
const ROW_TAG = /<(?:\w+:)?row[\s>/]/g;
const SLICE = 4 * 1024;

export function guardZip(bytes: Uint8Array, limits: ReadLimits): void {
  let entries: ReturnType<typeof zipEntries>;
  try {
    entries = zipEntries(bytes);
  } catch {
    throw new Unreadable('corrupted');
  }
  const declared = entries.reduce((sum, e) => sum + e.declaredBytes, 0);
  const packedTight = entries.some(
    (e) => e.declaredBytes > 10 * 1024 * 1024 && e.declaredBytes > 100 * Math.max(1, e.compressedBytes),
  );
  if (declared > limits.maxUnzippedBytes || packedTight) throw new Unreadable('too-big');

  let unpacked = 0;
  let problem: Unreadable | undefined;
  const unzip = new Unzip((file) => {
    const rowsCounted = SHEET.test(file.name);
    let rows = 0;
    let tail = '';
    file.ondata = (error, chunk) => {
      if (problem) return;
      if (error) {
        problem = new Unreadable('corrupted');
        return;
      }
      unpacked += chunk.length;
      if (unpacked > limits.maxUnzippedBytes) problem = new Unreadable('too-big');
      // Counted in pieces of 64 KB: strings as long as the chunk would outlive it on the heap.
      for (let at = 0; rowsCounted && !problem && at < chunk.length; at += 64 * 1024) {
        const text =
          tail + Buffer.from(chunk.buffer, chunk.byteOffset + at, Math.min(64 * 1024, chunk.length - at)).toString('latin1');
        rows += text.match(ROW_TAG)?.length ?? 0;
        // A tag cut between two pieces is counted with the next one; a whole one is not kept.
        const open = text.slice(text.lastIndexOf('<'));
        tail = open.length < 12 && !/^<(?:\w+:)?row[\s>/]/.test(open) && text.includes('<') ? open : '';
        if (rows > limits.maxLines) problem = new Unreadable('too-big');
      }
      if (problem) file.terminate();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    // In slices (docs/decisions/0212): one push inflates all it is given before the count is
    // looked at, and a slice of 4 KB unpacks to 4 MB at most.
    for (let at = 0; at < bytes.length && !problem; at += SLICE)
      unzip.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.length);
  } catch {
    problem ??= new Unreadable('corrupted');
  }
  if (problem) throw problem;
}
