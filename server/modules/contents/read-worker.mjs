// Reads fetched files in a worker thread (docs/decisions/0160). The reading itself is TypeScript
// (read-task.ts, sharing core/'s line and diff rules): tsx's tsImport loads it inside the thread,
// where neither `--import tsx` nor vitest's transform reaches (ADR 0087).
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

// Reading is background work (docs/decisions/0156, 0158): a lower priority for this thread alone
// (Linux keeps a nice value per thread), so the event loop answering requests wins the CPU. Lowering
// needs no privilege; where it fails, the thread reads at normal priority.
try {
  setPriority(workerData?.nice ?? 10);
} catch {}

/** @type {Promise<typeof import('./read-task.ts')> | undefined} */
let task;

/** @param {import('./read-task.ts').ReadTask} input */
export default async function read(input) {
  task ??= tsImport('./read-task.ts', import.meta.url);
  return (await task).runTask(input);
}
