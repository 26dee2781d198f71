import type { DrawTask } from './qr';

/** See draw-worker.mjs: one drawing, PNG bytes or SVG text. */
export default function draw(task: DrawTask): Promise<Uint8Array | string>;
