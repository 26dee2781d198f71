import { describe, expect, it } from 'vitest';
import { PAGE_KEYS, PAGES, type PageEntry } from '../../core/pages';
import { loadPageComponent, RENDERED_PAGE_MODULES } from '../../web/app/router';

const rendered = PAGE_KEYS.filter((key) => (PAGES[key] as PageEntry).rendered);

describe('pages rendered on the server', () => {
  it('are the public pages of issues 20, 31, 39 and 43, and only public ones', () => {
    expect(rendered.sort()).toEqual([
      'compare',
      'explore',
      'follow',
      'home',
      'list',
      'listChanges',
      'profile',
      'tellYourFriends',
    ]);
    for (const key of rendered) expect(['public', 'visitor']).toContain(PAGES[key].access);
  });

  it.each(rendered.filter((key) => key !== 'profile'))(
    'name the source of %s, whose chunk brings its styles, as the router loads it',
    async (key) => {
      const module = RENDERED_PAGE_MODULES[key];
      expect(module).toBeDefined();
      const exports = (await import(`../../web/${module}`)) as Record<string, unknown>;
      expect(Object.values(exports)).toContain(await loadPageComponent(key));
    },
  );
});
