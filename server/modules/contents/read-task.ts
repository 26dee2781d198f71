import type { FileFormat } from '../../../core/list-contents';
import { diffLines, type ListDiff } from '../../../core/list-diff';
import type { ListLine } from '../../../core/list-lines';
import { fileFormat } from './file-format';
import { hashesLiteral, jsonPieces, linesFromJson, storedHashes, toRow } from './line-rows';
import { type ReadResult, type ReadTask, type TaskResult, Unreadable } from './read-types';

export type { ReadLimits, ReadResult, ReadTask, TaskResult } from './read-types';

/**
 * What a worker thread does (docs/decisions/0160): read a file's bytes into lines, and compare them
 * with the list's previous snapshot; or compare two stored snapshots. Runs only in the thread.
 */

/**
 * About how many bytes of rows one insert statement takes (ADR 0195): the driver's handling of a
 * parameter this size holds the event loop for a fraction of a millisecond.
 */
const PIECE_BYTES = 256 * 1024;

async function linesOf(format: FileFormat, task: Extract<ReadTask, { kind: 'read' }>): Promise<ListLine[]> {
  // Each reader loads its library on its first file: a thread that reads CSV never parses PDF.js.
  if (format === 'pdf') return (await import('./read-pdf')).readPdf(task.bytes, task.limits);
  const { readCsv, readSpreadsheet, readText } = await import('./read-sheets');
  switch (format) {
    case 'xlsx':
    case 'ods':
    case 'xls':
      return readSpreadsheet(task.bytes, format, task.limits);
    case 'csv':
      return readCsv(task.bytes, task.limits);
    case 'text':
      return readText(task.bytes, task.limits);
  }
}

async function readFile(task: Extract<ReadTask, { kind: 'read' }>): Promise<ReadResult> {
  const started = performance.now();
  const format = fileFormat(task.bytes, task.contentType, task.fileName);
  const workerMs = () => Math.round(performance.now() - started);
  if (!format) return { state: 'unreadable', format: null, reason: 'unknown-format', workerMs: workerMs() };
  try {
    const lines = await linesOf(format, task);
    if (lines.length === 0)
      return { state: 'unreadable', format, reason: format === 'pdf' ? 'no-text' : 'empty', workerMs: workerMs() };
    if (lines.length > task.limits.maxLines) return { state: 'unreadable', format, reason: 'too-big', workerMs: workerMs() };
    const diff = task.previous === undefined ? null : cut(diffLines(linesFromJson(task.previous), lines), task.changesKept);
    const rows = lines.map(toRow);
    // Lines the previous version holds are stored already (ADR 0195): only the others go back.
    const stored = task.previous === undefined ? new Set<string>() : storedHashes(task.previous);
    return {
      state: 'read',
      format,
      newRows: jsonPieces(
        rows.filter((row) => !stored.has(row.hash)),
        PIECE_BYTES,
      ),
      hashes: hashesLiteral(rows),
      lineCount: rows.length,
      diff,
      workerMs: workerMs(),
    };
  } catch (error) {
    const reason = error instanceof Unreadable ? error.reason : 'corrupted';
    return { state: 'unreadable', format, reason, workerMs: workerMs() };
  }
}

/** Only the changes that will be kept cross back to the event loop; the counts stay whole. */
const cut = (diff: ListDiff, changesKept: number | undefined): ListDiff =>
  changesKept === undefined || diff.changes.length <= changesKept
    ? diff
    : { ...diff, changes: diff.changes.slice(0, changesKept) };

export async function runTask(task: ReadTask): Promise<TaskResult> {
  if (task.kind === 'read') return readFile(task);
  return cut(diffLines(linesFromJson(task.before), linesFromJson(task.after)), task.changesKept);
}
