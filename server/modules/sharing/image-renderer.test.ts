import { performance } from 'node:perf_hooks';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../tests/fixtures/app';
import { DEFAULT_RENDERER_OPTIONS, type ImageRenderer, imageRenderer, RendererBusyError } from './image-renderer';
import { cardTask, qrTask } from './qr';

const decode = (bytes: Buffer | string) => {
  const png = PNG.sync.read(bytes as Buffer);
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
};

describe('the image renderer (worker threads and a cache by content)', () => {
  let renderer: ImageRenderer | undefined;
  afterEach(() => renderer?.close());

  it('draws QR codes and cards in a worker thread, as the code on the main thread would', async () => {
    renderer = imageRenderer({ ...DEFAULT_RENDERER_OPTIONS, threads: 1 });
    const url = `${TEST_PUBLIC_URL}/green-grocer`;
    const png = await renderer.draw('png', () => qrTask(url, 300, 'png'));
    expect(png.contentType).toBe('image/png');
    expect(Buffer.isBuffer(png.body)).toBe(true);
    expect(decode(png.body)).toBe(url);
    const svg = await renderer.draw('svg', () => qrTask(url, 300, 'svg'));
    expect(svg).toMatchObject({ contentType: 'image/svg+xml; charset=utf-8', body: expect.stringMatching(/^<svg/) });
    const card = await renderer.draw('card', () => cardTask({ handle: 'green-grocer', displayName: 'Green Grocer', url }));
    expect(decode(card.body)).toBe(url);
    expect(renderer.stats).toMatchObject({ drawn: 3, cached: 3, threads: 1 });
  });

  it('draws one image once: repeated and concurrent requests for it share the drawing', async () => {
    renderer = imageRenderer({ ...DEFAULT_RENDERER_OPTIONS, threads: 1 });
    const task = () => qrTask(`${TEST_PUBLIC_URL}/x`, 512, 'png');
    const [a, b, c] = await Promise.all([renderer.draw('k', task), renderer.draw('k', task), renderer.draw('k', task)]);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(await renderer.draw('k', task)).toBe(a);
    expect(renderer.stats.drawn).toBe(1);
  });

  it('keeps at most its byte budget, dropping the least recently used image first', async () => {
    const one = imageRenderer({ ...DEFAULT_RENDERER_OPTIONS, threads: 1 });
    const size = (await one.draw('probe', () => qrTask(`${TEST_PUBLIC_URL}/a`, 200, 'svg'))).body.length * 2;
    await one.close();
    renderer = imageRenderer({ ...DEFAULT_RENDERER_OPTIONS, threads: 1, cacheBytes: Math.floor(size * 2.5) });
    const draw = (path: string) => renderer!.draw(path, () => qrTask(`${TEST_PUBLIC_URL}/${path}`, 200, 'svg'));
    await draw('a');
    await draw('b');
    await draw('a'); // a is now the most recently used
    await draw('c'); // over budget: b goes
    expect(renderer.stats).toMatchObject({ drawn: 3, cached: 2 });
    await draw('a');
    expect(renderer.stats.drawn).toBe(3);
    await draw('b');
    expect(renderer.stats.drawn).toBe(4);
    expect(renderer.stats.cachedBytes).toBeLessThanOrEqual(Math.floor(size * 2.5));
  });

  it('refuses drawings beyond its waiting line instead of queueing them for seconds', async () => {
    renderer = imageRenderer({ ...DEFAULT_RENDERER_OPTIONS, threads: 1, maxWaiting: 1 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => renderer!.draw(`busy-${i}`, () => qrTask(`${TEST_PUBLIC_URL}/${i}`, 1024, 'png'))),
    );
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((o) => o.reason instanceof RendererBusyError)).toBe(true);
    expect(outcomes.some((o) => o.status === 'fulfilled')).toBe(true);
    // Nothing is kept of a refusal: the same image draws once a thread is free.
    expect(decode((await renderer.draw('busy-5', () => qrTask(`${TEST_PUBLIC_URL}/5`, 160, 'png'))).body)).toBe(
      `${TEST_PUBLIC_URL}/5`,
    );
  });
});

describe('the server while QR codes are drawn', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('draws large QR codes off the event loop and answers /healthz meanwhile (issue 16)', async () => {
    // How much event-loop time one 1024-pixel PNG takes when drawn on the main thread, as before.
    const { default: drawHere } = await import('./draw-worker.mjs');
    const before = performance.eventLoopUtilization();
    await drawHere(qrTask(`${TEST_PUBLIC_URL}/calibration`, 1024, 'png'));
    const oneOnMainThread = performance.eventLoopUtilization(before).active;

    // Different addresses, so nothing comes from the cache.
    let drawnBeforeHealth = 0;
    let healthAnswered = false;
    const start = performance.eventLoopUtilization();
    const drawings = Array.from({ length: 4 }, async (_, i) => {
      const data = `${TEST_PUBLIC_URL}/follow/shop-${i}?t=${Date.now()}`;
      const res = await t.app.inject(`/qr?${new URLSearchParams({ data, size: '1024' })}`);
      if (!healthAnswered) drawnBeforeHealth += 1;
      return { data, res };
    });
    const health = await t.app.inject('/healthz');
    healthAnswered = true;
    const done = await Promise.all(drawings);
    const mainThreadWhileDrawing = performance.eventLoopUtilization(start).active;

    expect(health.statusCode).toBe(200);
    expect(drawnBeforeHealth).toBe(0);
    for (const { data, res } of done) {
      expect(res.statusCode).toBe(200);
      expect(decode(res.rawPayload)).toBe(data);
    }
    // CPU time compared with CPU time, not a clock: four drawings cost the event loop less than one used to.
    expect(mainThreadWhileDrawing, `main thread ${mainThreadWhileDrawing} ms; one drawing ${oneOnMainThread} ms`).toBeLessThan(
      oneOnMainThread,
    );
  });
});
