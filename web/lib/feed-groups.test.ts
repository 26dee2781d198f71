import { describe, expect, it } from 'vitest';
import type { PublicPost } from '../../core/feed';
import { groupFeed } from './feed-groups';

let id = 0;
const post = (handle: string, validUntil: string | null = null): PublicPost => ({
  id: ++id,
  handle,
  url: 'https://drive.google.com/x',
  description: '',
  createdAt: 1_000 - id,
  editedAt: null,
  validFrom: null,
  validUntil,
  list: { id, slug: `l${id}`, name: `List ${id}`, versions: 1, audience: 'public' },
  locked: false,
  fileChangedAt: null,
  unavailable: false,
  business: { displayName: handle.toUpperCase(), logo: null },
});

describe('the feed in blocks', () => {
  it('puts each business once, where its newest list is, and expired lists after the current ones', () => {
    const posts = [post('farm'), post('farm'), post('bakery', '2020-01-01'), post('farm'), post('fish'), post('bakery')];
    const { current, expired } = groupFeed(posts, '2026-11-25');
    expect(current.map((g) => [g.handle, g.posts.map((p) => p.id)])).toEqual([
      ['farm', [posts[0]!.id, posts[1]!.id, posts[3]!.id]],
      ['fish', [posts[4]!.id]],
      ['bakery', [posts[5]!.id]],
    ]);
    expect(expired.map((g) => [g.handle, g.posts.map((p) => p.id)])).toEqual([['bakery', [posts[2]!.id]]]);
    expect(current[0]!.business).toEqual({ displayName: 'FARM', logo: null });
  });

  it('counts a list as current through its last valid day', () => {
    const { current, expired } = groupFeed([post('farm', '2026-11-25')], '2026-11-25');
    expect([current.length, expired.length]).toEqual([1, 0]);
  });
});
