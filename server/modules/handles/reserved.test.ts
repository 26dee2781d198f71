import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLE_MESSAGES, handleProblem } from '../../../core/handle';
import { PAGE_KEYS, PAGES } from '../../../core/pages';
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
    expect(free, 'add these to SERVER_RESERVED_HANDLES in core/handle.ts').toEqual([]);
  });

  it('cover the first segment of every page of the route table', () => {
    const segments = handleLikeSegments(PAGE_KEYS.map((key) => PAGES[key].path));
    expect(segments).toContain('dashboard');
    expect(segments).toContain('chat-form-creator');
    const free = segments.filter((s) => handleProblem(s) !== HANDLE_MESSAGES.reserved);
    expect(free, 'a page of core/pages.ts is not reserved').toEqual([]);
  });
});
