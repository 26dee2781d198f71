import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { feedPageSchema } from '../core/feed';
import { fastSerializer } from './fast-serializer';

const compile = (schema: z.ZodType) => fastSerializer({ schema, method: 'GET', url: '/test' });
const post = (id: number) => ({
  id,
  handle: 'fresh-farm',
  url: 'https://drive.google.com/file/d/abc/view',
  description: 'Weekly "price" list </script>',
  createdAt: 1_700_000_000_000 + id,
  editedAt: null,
  validFrom: '2026-11-01',
  validUntil: null,
  list: { id: 7, slug: 'weekly-price-list', name: 'Weekly "price" list', versions: 2, audience: 'public' },
  locked: false,
  fileChangedAt: 1_700_000_500_000,
  unavailable: false,
});

describe('fastSerializer', () => {
  it('writes what the zod serializer writes for a feed page', () => {
    const page = { posts: [post(1), post(2)], nextCursor: '1700000000002_2', followingCount: 3 };
    expect(JSON.parse(compile(feedPageSchema)(page))).toEqual(feedPageSchema.parse(page));
    const last = { posts: [post(1)], nextCursor: null };
    expect(JSON.parse(compile(feedPageSchema)(last))).toEqual(last);
  });

  it('leaves out every property the schema does not declare', () => {
    const leaky = { posts: [{ ...post(1), email: 'owner@example.com', opens: 12 }], nextCursor: null, sessionId: 'secret' };
    const json = compile(feedPageSchema)(leaky);
    expect(json).not.toContain('owner@example.com');
    expect(json).not.toContain('secret');
    expect(JSON.parse(json)).toEqual({ posts: [post(1)], nextCursor: null });
  });

  it('fails on a missing required property instead of sending half an answer', () => {
    expect(() => compile(feedPageSchema)({ nextCursor: null })).toThrow(/posts/);
  });

  it('refuses at start a schema JSON Schema cannot express', () => {
    expect(() => compile(z.object({ at: z.date() }))).toThrow(/GET \/test/);
    expect(() => compile(z.string().transform((s) => s.length))).toThrow(/GET \/test/);
  });
});
