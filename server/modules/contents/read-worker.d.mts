import type { ReadTask, TaskResult } from './read-task';

/** See read-worker.mjs: one file read (or two snapshots compared) in a worker thread. */
export default function read(task: ReadTask): Promise<TaskResult>;
