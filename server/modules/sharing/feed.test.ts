import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_CARD } from '../../../core/business-profile';
import { SHARING_MESSAGES } from '../../../core/sharing';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../tests/fixtures/app';
import { aPost, aUser, type TestPost } from '../../../tests/fixtures/factories';
import { FEED_ENTRIES } from './service';

const T0 = Date.UTC(2026, 10, 1, 9, 30);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => name === 'entry' || name === 'link',
});

interface AtomLink {
  '@rel'?: string;
  '@href': string;
}
type Text = string | { '#text': string; '@type'?: string };
const text = (t: Text | undefined) => (typeof t === 'object' ? t['#text'] : t);

/** Parses an Atom document and checks what RFC 4287 requires of it (and the W3C validator checks). */
function parseAtom(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  const { feed } = parser.parse(xml);
  expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
  for (const field of ['id', 'title', 'updated']) expect(feed[field], `feed ${field}`).toBeTruthy();
  expect(feed.author?.name).toBeTruthy();
  expect(new Date(feed.updated).toISOString()).toBe(feed.updated);
  const entries = (feed.entry ?? []) as Array<Record<string, unknown>>;
  for (const entry of entries) {
    for (const field of ['id', 'title', 'updated']) expect(entry[field], `entry ${field}`).toBeTruthy();
    expect(new Date(String(entry.updated)).toISOString()).toBe(entry.updated);
  }
  expect(new Set(entries.map((e) => e.id)).size, 'entry ids are unique').toBe(entries.length);
  return { feed, entries, links: feed.link as AtomLink[] };
}

let t: TestApp;
let posts: TestPost[];
beforeAll(async () => {
  t = await buildTestApp();
  const grocer = await aUser(t.db, { handle: 'green-grocer', name: 'Green & "Fresh" <Grocer>' });
  await aUser(t.db, { handle: 'quiet-shop', name: 'Quiet Shop' });
  const other = await aUser(t.db, { handle: 'other-shop' });
  posts = [];
  for (let i = 0; i < FEED_ENTRIES + 1; i++) {
    posts.push(await aPost(t.db, grocer, { createdAt: T0 + i * 60_000, description: `Price list week ${i}` }));
  }
  posts.push(
    await aPost(t.db, grocer, { createdAt: T0 - 1, description: '<script>alert("x")</script> ]]> & more\nsecond line' }),
  );
  await aPost(t.db, other, { createdAt: T0 + 999_999_999 });
});
afterAll(() => t?.close());

describe("a handle's Atom feed", () => {
  it('parses as Atom and lists the newest posts first, linked through the counted redirect', async () => {
    const res = await t.app.inject('/green-grocer/feed.atom');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const { feed, entries, links } = parseAtom(res.body);

    expect(text(feed.title)).toBe('Green & "Fresh" <Grocer> (@green-grocer) on Freshlist');
    expect(feed.id).toBe(`${TEST_PUBLIC_URL}/green-grocer`);
    expect(links).toContainEqual({ '@rel': 'self', '@href': `${TEST_PUBLIC_URL}/green-grocer/feed.atom` });
    expect(links).toContainEqual({ '@rel': 'alternate', '@href': `${TEST_PUBLIC_URL}/green-grocer` });

    const newest = [...posts].sort((a, b) => b.createdAt - a.createdAt).slice(0, FEED_ENTRIES);
    expect(entries).toHaveLength(FEED_ENTRIES);
    expect(entries.map((e) => e.id)).toEqual(newest.map((p) => `${TEST_PUBLIC_URL}/api/posts/${p.id}/open`));
    expect(entries.map((e) => e.updated)).toEqual(newest.map((p) => new Date(p.createdAt).toISOString()));
    expect(entries.map((e) => text(e.title as Text))).toEqual(newest.map((p) => p.description));
    expect(feed.updated).toBe(new Date(newest[0]!.createdAt).toISOString());
  });

  it("keeps a description's markup as text", async () => {
    const oldest = posts.at(-1)!;
    await t.db
      .updateTable('posts')
      .set({ created_at: T0 + 10_000_000 })
      .where('id', '=', oldest.id)
      .execute();
    try {
      const { entries } = parseAtom((await t.app.inject('/green-grocer/feed.atom')).body);
      const entry = entries[0]!;
      expect(entry.id).toBe(`${TEST_PUBLIC_URL}/api/posts/${oldest.id}/open`);
      // type="html": a reader shows the escaped characters as the literal text the owner typed.
      expect(text(entry.title as Text)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; ]]&gt; &amp; more');
      expect(String(text(entry.content as Text))).toContain('&lt;script&gt;');
      expect(String(text(entry.content as Text))).not.toContain('<script>');
    } finally {
      await t.db.updateTable('posts').set({ created_at: oldest.createdAt }).where('id', '=', oldest.id).execute();
    }
  });

  it('is cacheable with ETag and Last-Modified', async () => {
    const first = await t.app.inject('/green-grocer/feed.atom');
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(new Date(lastModified).getTime()).toBe(Math.floor(Math.max(...posts.map((p) => p.createdAt)) / 1000) * 1000);

    const byTag = await t.app.inject({ url: '/green-grocer/feed.atom', headers: { 'if-none-match': etag } });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe('');
    const byDate = await t.app.inject({ url: '/green-grocer/feed.atom', headers: { 'if-modified-since': lastModified } });
    expect(byDate.statusCode).toBe(304);
    const older = new Date(new Date(lastModified).getTime() - 1000).toUTCString();
    expect((await t.app.inject({ url: '/green-grocer/feed.atom', headers: { 'if-modified-since': older } })).statusCode).toBe(
      200,
    );

    const grocer = await t.db
      .selectFrom('handles')
      .select('user_id')
      .where('handle', '=', 'green-grocer')
      .executeTakeFirstOrThrow();
    const added = await aPost(t.db, { id: grocer.user_id, handle: 'green-grocer' }, { createdAt: T0 + 20_000_000_000 });
    try {
      const changed = await t.app.inject({ url: '/green-grocer/feed.atom', headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
    } finally {
      await t.db.deleteFrom('posts').where('id', '=', added.id).execute();
    }
  });

  it('is a valid feed without entries for a handle that has not posted', async () => {
    const res = await t.app.inject('/quiet-shop/feed.atom');
    expect(res.statusCode).toBe(200);
    expect(res.headers['last-modified']).toBeUndefined();
    expect(parseAtom(res.body).entries).toEqual([]);
  });

  it('does not exist for an unknown handle', async () => {
    const res = await t.app.inject('/nobody-here/feed.atom');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SHARING_MESSAGES.unknownHandle);
  });
});

describe('the connect page data', () => {
  it("carries the handle's single latest post", async () => {
    const res = await t.app.inject('/api/connect/green-grocer');
    expect(res.statusCode).toBe(200);
    const newest = [...posts].sort((a, b) => b.createdAt - a.createdAt)[0]!;
    expect(res.json()).toMatchObject({
      profile: { handle: 'green-grocer', displayName: 'Green & "Fresh" <Grocer>', business: EMPTY_CARD },
      latestPost: {
        id: newest.id,
        handle: 'green-grocer',
        url: newest.url,
        description: newest.description,
        createdAt: newest.createdAt,
      },
    });
    expect((await t.app.inject('/api/connect/quiet-shop')).json().latestPost).toBeNull();
    expect((await t.app.inject('/api/connect/Green-Grocer')).json().profile.handle).toBe('green-grocer');
    expect((await t.app.inject('/api/connect/nobody-here')).statusCode).toBe(404);
  });
});
