import { availableParallelism } from 'node:os';
import { LRUCache } from 'lru-cache';
import { Piscina } from 'piscina';
import { contentTypes, type DrawTask, type QrImage } from './qr';

export interface ImageRendererOptions {
  /** Worker threads drawing at once; the event loop keeps a core of its own where it can. */
  threads: number;
  /** Bytes of drawn images kept in memory; the least recently sent go first. 0 keeps none. */
  cacheBytes: number;
  /** Drawings waiting for a thread; more are refused (503) rather than queued for seconds. */
  maxWaiting: number;
  /** A thread with nothing to draw for this long exits (its memory comes back). */
  idleTimeoutMs: number;
}

export const DEFAULT_RENDERER_OPTIONS: ImageRendererOptions = {
  threads: Math.max(1, Math.min(2, availableParallelism() - 1)),
  cacheBytes: 8 * 1024 * 1024,
  maxWaiting: 32,
  idleTimeoutMs: 60_000,
};

/** Every thread is busy and the waiting line is full. */
export class RendererBusyError extends Error {
  constructor() {
    super('image renderer busy');
  }
}

const sizeOf = (image: QrImage) => (typeof image.body === 'string' ? image.body.length * 2 : image.body.byteLength);

export interface ImageRenderer {
  /**
   * The image drawn for `key` (a digest of everything drawn), from memory or from a worker
   * thread; concurrent requests for one key share one drawing. Rejects with RendererBusyError.
   */
  draw(key: string, task: () => DrawTask | Promise<DrawTask>): Promise<QrImage>;
  readonly stats: { cached: number; cachedBytes: number; drawn: number; threads: number };
  /** Ends the worker threads (the app closes). */
  close(): Promise<void>;
}

/**
 * QR codes and cards drawn off the event loop (docs/decisions/0087): a 1024-pixel PNG costs a
 * third of a second of CPU, which on the main thread every other request would wait behind.
 */
export function imageRenderer(options: ImageRendererOptions = DEFAULT_RENDERER_OPTIONS): ImageRenderer {
  // Drawn images by what they show, within a byte budget, the least recently used going first.
  // An image larger than the budget (any image, with a budget of 0) is not kept.
  const cache = new LRUCache<string, QrImage>({ maxSize: Math.max(1, options.cacheBytes), sizeCalculation: sizeOf });
  const drawing = new Map<string, Promise<QrImage>>();
  let drawn = 0;
  // Made on the first drawing: most processes and most tests never draw one.
  let pool: Piscina | undefined;

  const poolOf = () => {
    pool ??= new Piscina({
      filename: new URL('./draw-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: options.idleTimeoutMs,
      // The worker is plain JavaScript: it needs none of the parent's flags (tsx, vitest's loader).
      execArgv: [],
    });
    return pool;
  };

  async function drawInWorker(key: string, describe: () => DrawTask | Promise<DrawTask>): Promise<QrImage> {
    const workers = poolOf();
    if (workers.queueSize >= options.maxWaiting) throw new RendererBusyError();
    // A task made synchronously goes to the pool at once, so the waiting line above stays exact.
    const described = describe();
    const task = described instanceof Promise ? await described : described;
    if (described instanceof Promise && workers.queueSize >= options.maxWaiting) throw new RendererBusyError();
    const body: Uint8Array | string = await workers.run(task);
    const image = {
      body: typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength),
      contentType: contentTypes[task.kind],
    };
    drawn += 1;
    cache.set(key, image);
    return image;
  }

  return {
    draw(key, task) {
      const cached = cache.get(key);
      if (cached) return Promise.resolve(cached);
      let pending = drawing.get(key);
      if (!pending) {
        pending = drawInWorker(key, task).finally(() => drawing.delete(key));
        drawing.set(key, pending);
      }
      return pending;
    },
    get stats() {
      return { cached: cache.size, cachedBytes: cache.calculatedSize, drawn, threads: pool?.threads.length ?? 0 };
    },
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
