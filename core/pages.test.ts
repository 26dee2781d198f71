import { describe, expect, it } from 'vitest';
import { isReservedHandle, PAGE_RESERVED_HANDLES } from './handle';
import { NOTE_SLUGS } from './note-pages';
import { PAGE_KEYS, PAGES, pageFirstSegments, pagePath } from './pages';

describe('the route table', () => {
  it('fills parameters, each encoded as one path segment', () => {
    expect(pagePath('dashboard')).toBe('/dashboard');
    expect(pagePath('invite', { handle: 'green-grocer' })).toBe('/invite/green-grocer');
    expect(pagePath('chatFormResponses', { formId: 'a/b c' })).toBe('/chat-form-creator/a%2Fb%20c/responses');
    expect(pagePath('profile', { handle: 'x?y' })).toBe('/x%3Fy');
  });

  it('has one page per notes slug, under /admin/', () => {
    for (const slug of NOTE_SLUGS) expect(pagePath(`note-${slug}`)).toBe(`/admin/${slug}`);
  });

  it('gives every page a distinct path and a title', () => {
    const paths = PAGE_KEYS.map((key) => PAGES[key].path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const key of PAGE_KEYS) expect(PAGES[key].title, key).not.toBe('');
  });

  it('reserves the first segment of every page as a handle', () => {
    expect(pageFirstSegments()).toContain('chat-form-creator');
    expect(pageFirstSegments()).not.toContain(':handle');
    for (const segment of PAGE_RESERVED_HANDLES) expect(isReservedHandle(segment), segment).toBe(true);
  });
});
