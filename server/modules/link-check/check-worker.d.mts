import type { CheckTask } from './check-task';

/** See check-worker.mjs: one link checked in the link checks' thread. */
export default function check(task: CheckTask): Promise<unknown>;
