import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLE_MESSAGES, handleProblem } from '../../../core/handle';
import { routeCollector } from '../../../tests/access/routes';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';

const registered = routeCollector();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { onRoute: registered.onRoute });
});
afterAll(() => t.close());

/** First path segments that could be typed as a handle (no dots, parameters or wildcards). */
function handleLikeSegments(paths: string[]): string[] {
  const segments = paths.map((path) => path.split('/')[1] ?? '').filter((s) => /^[a-z0-9-]+$/.test(s));
  return [...new Set(segments)].sort();
}

describe('reserved handles', () => {
  it('cover the first segment of every server route, so /{handle} never shadows one', () => {
    const segments = handleLikeSegments(registered.routes().map((r) => r.path));
    expect(segments).toContain('api');
    const free = segments.filter((s) => handleProblem(s) !== HANDLE_MESSAGES.reserved);
    expect(free, 'add these to ROUTE_RESERVED_HANDLES in core/handle.ts').toEqual([]);
  });

  it('cover the first segment of every page of the web app', () => {
    const router = readFileSync(join(import.meta.dirname, '../../../web/app/router.tsx'), 'utf8');
    const paths = [...router.matchAll(/<Route\b[^>]*?\bpath="([^"]*)"/g)].map((m) => m[1] ?? '');
    const segments = handleLikeSegments(paths);
    expect(segments).toContain('dashboard');
    expect(segments).toContain('chat-form-creator');
    const free = segments.filter((s) => handleProblem(s) !== HANDLE_MESSAGES.reserved);
    expect(free, 'add these to ROUTE_RESERVED_HANDLES in core/handle.ts').toEqual([]);
  });
});
