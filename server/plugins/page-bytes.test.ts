import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageBytes } from './page-bytes';

const page = Buffer.from(`<!doctype html><html><body>${'Carrots and leeks. '.repeat(400)}</body></html>`);

describe('PageBytes', () => {
  it('gives a page the same tag whether it was made plain or gzipped', () => {
    const tag = PageBytes.plain(page).tag();
    expect(tag).toMatch(/^W\/"[0-9a-f]{8}-[0-9a-f]{8}"$/);
    expect(PageBytes.gzipped(gzipSync(page)).tag()).toBe(tag);
    // Another compression of the same page: other bytes, the same page, the same tag.
    expect(PageBytes.gzipped(gzipSync(page, { level: 1 })).tag()).toBe(tag);
    // As PGlite gives a bytea: a plain Uint8Array.
    expect(PageBytes.gzipped(new Uint8Array(gzipSync(page)) as Buffer).tag()).toBe(tag);
  });

  it('gives another page another tag, even of the same length', () => {
    const other = Buffer.from(page.toString().replace('Carrots', 'Parsnip'));
    expect(other.length).toBe(page.length);
    expect(PageBytes.plain(other).tag()).not.toBe(PageBytes.plain(page).tag());
    expect(PageBytes.gzipped(gzipSync(other)).tag()).not.toBe(PageBytes.gzipped(gzipSync(page)).tag());
  });

  it('sends each encoding of the same page', () => {
    const made = PageBytes.plain(page);
    expect(gunzipSync(made.gzip()).equals(page)).toBe(true);
    expect(PageBytes.gzipped(made.gzip()).plain().equals(page)).toBe(true);
  });

  it('tags bytes too short to be gzip without failing', () => {
    expect(PageBytes.gzipped(Buffer.from('x')).tag()).toMatch(/^W\/"[0-9a-f]{8}-00000001"$/);
  });
});
