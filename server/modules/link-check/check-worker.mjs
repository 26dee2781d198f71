// The link checks' thread (docs/decisions/0191): the fetcher and the checker are TypeScript
// (check-task.ts); tsx's tsImport loads them inside the thread, where neither `--import tsx` nor
// vitest's transform reaches (ADRs 0087, 0160).
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

/** @type {Promise<typeof import('./check-task.ts')> | undefined} */
let task;

/** @param {import('./check-task.ts').CheckTask} input */
export default async function check(input) {
  task ??= tsImport('./check-task.ts', import.meta.url);
  return (await task).runCheck(input, workerData);
}
