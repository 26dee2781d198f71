import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARING_MESSAGES } from '../../../core/sharing';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../tests/fixtures/app';
import { aUser } from '../../../tests/fixtures/factories';

/** Reads a QR code back out of a PNG, as a phone camera would. */
function decodePng(bytes: Buffer): { text: string | null; width: number; height: number } {
  const png = PNG.sync.read(bytes);
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return { text: code?.data ?? null, width: png.width, height: png.height };
}

const TRICKY_NAME = `<script>"&' $& Bakery`;

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'freshlist-web-'));
  copyFileSync(join(import.meta.dirname, '../../../web/index.html'), join(webRoot, 'index.html'));
  t = await buildTestApp({}, { webRoot });
  await aUser(t.db, { handle: 'green-grocer', name: 'Green Grocer' });
  await aUser(t.db, { handle: 'tricky', name: TRICKY_NAME });
});
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('QR codes made by our server', () => {
  it("draws a handle's QR as a 160x160 PNG that decodes to the profile URL", async () => {
    const res = await t.app.inject('/qr/green-grocer.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(decodePng(res.rawPayload)).toEqual({ text: `${TEST_PUBLIC_URL}/green-grocer`, width: 160, height: 160 });
  });

  it('draws the same code as SVG at the size asked for', async () => {
    const res = await t.app.inject('/qr/green-grocer.svg?size=320');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body).toMatch(/^<svg[^>]* width="320" height="320"/);
    const png = Buffer.from(new Resvg(res.body).render().asPng());
    expect(decodePng(png)).toEqual({ text: `${TEST_PUBLIC_URL}/green-grocer`, width: 320, height: 320 });
  });

  it('draws any page of this site from data, size and format', async () => {
    const data = `${TEST_PUBLIC_URL}/follow/green-grocer`;
    const res = await t.app.inject(`/qr?${new URLSearchParams({ data, size: '256', format: 'png' })}`);
    expect(res.statusCode).toBe(200);
    expect(decodePng(res.rawPayload)).toEqual({ text: data, width: 256, height: 256 });
  });

  it('carries the address it checked, never a second one hidden behind a line break (issue 16)', async () => {
    const smuggled = `/qr?data=${TEST_PUBLIC_URL}/%0d%0ahttps://other.example/`;
    const refused = await t.app.inject(smuggled);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SHARING_MESSAGES.dataNotNormal);

    const padded = `  ${TEST_PUBLIC_URL}/follow/green-grocer?from=card  `;
    const res = await t.app.inject(`/qr?${new URLSearchParams({ data: padded, size: '200' })}`);
    expect(res.statusCode).toBe(200);
    expect(decodePng(res.rawPayload).text).toBe(`${TEST_PUBLIC_URL}/follow/green-grocer?from=card`);
  });

  it.each([
    ['/qr/green-grocer.png?size=10', SHARING_MESSAGES.size],
    ['/qr/green-grocer.png?size=5000', SHARING_MESSAGES.size],
    ['/qr/green-grocer.png?size=12.5', SHARING_MESSAGES.size],
    ['/qr/green-grocer.png?size=abc', SHARING_MESSAGES.size],
    ['/qr/green-grocer.gif', SHARING_MESSAGES.format],
    ['/qr/Not_A_Handle.png', SHARING_MESSAGES.handle],
    ['/qr/admin.png', SHARING_MESSAGES.handle],
    ['/qr?size=160', SHARING_MESSAGES.dataRequired],
    [`/qr?data=${encodeURIComponent(`${TEST_PUBLIC_URL}/${'a'.repeat(500)}`)}`, SHARING_MESSAGES.dataTooLong],
    [`/qr?data=${encodeURIComponent('https://evil.example/login')}`, SHARING_MESSAGES.dataOffSite],
    [`/qr?data=${encodeURIComponent('http://localhost:3000@evil.example/')}`, SHARING_MESSAGES.dataOffSite],
    [`/qr?data=${encodeURIComponent('http://localhost:30000/x')}`, SHARING_MESSAGES.dataOffSite],
    [`/qr?data=${encodeURIComponent('javascript:alert(1)')}`, SHARING_MESSAGES.dataOffSite],
    [`/qr?data=${encodeURIComponent(`${TEST_PUBLIC_URL}/x`)}&format=jpeg`, SHARING_MESSAGES.format],
  ])('refuses %s with a readable 400', async (url, message) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message });
  });

  it('is cacheable: an ETag, and 304 without a body when the client has it', async () => {
    const first = await t.app.inject('/qr/green-grocer.png?size=200');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=86400');

    const again = await t.app.inject({ url: '/qr/green-grocer.png?size=200', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const otherSize = await t.app.inject({ url: '/qr/green-grocer.png?size=201', headers: { 'if-none-match': etag } });
    expect(otherSize.statusCode).toBe(200);
  });
});

describe('the printable QR card', () => {
  it('is a 600x800 PNG whose QR opens the profile, offered as a download', async () => {
    const res = await t.app.inject('/qr/green-grocer/card.png?download=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('attachment; filename="freshlist-green-grocer-card.png"');
    expect(decodePng(res.rawPayload)).toEqual({ text: `${TEST_PUBLIC_URL}/green-grocer`, width: 600, height: 800 });
  });

  it('draws a display name with markup in it as text, and answers 304 to a held copy', async () => {
    const res = await t.app.inject('/qr/tricky/card.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBeUndefined();
    const again = await t.app.inject({ url: '/qr/tricky/card.png', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('needs a handle someone holds', async () => {
    const unknown = await t.app.inject('/qr/nobody-here/card.png');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SHARING_MESSAGES.unknownHandle);
    const malformed = await t.app.inject('/qr/Bad%20Handle/card.png');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(SHARING_MESSAGES.handle);
  });
});

describe('link previews in the HTML the server sends', () => {
  const tag = (html: string, property: string) =>
    new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)" />`).exec(html)?.[1];

  it('gives a profile a title, description, canonical URL, Open Graph and Twitter tags', async () => {
    const res = await t.app.inject('/green-grocer');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>@green-grocer · Freshlist</title>');
    expect(html).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/green-grocer" />`);
    expect(tag(html, 'og:title')).toBe('Green Grocer (@green-grocer) on Freshlist');
    expect(tag(html, 'og:url')).toBe(`${TEST_PUBLIC_URL}/green-grocer`);
    expect(tag(html, 'og:image')).toBe(`${TEST_PUBLIC_URL}/qr/green-grocer/card.png`);
    expect(tag(html, 'og:type')).toBe('profile');
    expect(tag(html, 'twitter:card')).toBe('summary');
    expect(tag(html, 'description')).toMatch(/^The latest lists from Green Grocer/);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(
      `<link rel="alternate" type="application/atom+xml" title="Green Grocer (@green-grocer) on Freshlist" href="${TEST_PUBLIC_URL}/green-grocer/feed.atom" />`,
    );
  });

  it("points a profile's home-screen manifest at that profile", async () => {
    const html = (await t.app.inject('/green-grocer')).body;
    expect(html.match(/rel="manifest"/g)).toHaveLength(1);
    expect(html).toContain('<link rel="manifest" href="/green-grocer/manifest.webmanifest" />');

    const res = await t.app.inject('/green-grocer/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.json()).toMatchObject({
      id: '/green-grocer',
      name: 'Green Grocer on Freshlist',
      short_name: '@green-grocer',
      start_url: '/green-grocer',
      display: 'standalone',
    });
    expect(res.json().icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);
    expect((await t.app.inject('/nobody-here/manifest.webmanifest')).statusCode).toBe(404);
  });

  it('gives the connect page its own title and URL', async () => {
    const html = (await t.app.inject('/follow/green-grocer')).body;
    expect(html).toContain('<title>Follow @green-grocer · Freshlist</title>');
    expect(tag(html, 'og:title')).toBe('Follow Green Grocer (@green-grocer) on Freshlist');
    expect(tag(html, 'og:url')).toBe(`${TEST_PUBLIC_URL}/follow/green-grocer`);
  });

  it('escapes a display name full of markup', async () => {
    const html = (await t.app.inject('/tricky')).body;
    const escaped = '&lt;script&gt;&quot;&amp;&#39; $&amp; Bakery (@tricky) on Freshlist';
    expect(html).toContain('<title>@tricky · Freshlist</title>');
    expect(tag(html, 'og:title')).toBe(escaped);
    expect(tag(html, 'twitter:title')).toBe(escaped);
    expect(html).not.toContain(TRICKY_NAME);
    // The app's own scripts only: its code and the data the page was rendered from (docs/decisions/0108).
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script id="preloaded" type="application/json">',
      '<script type="module" src="/main.tsx">',
    ]);
  });

  it('gives unknown handles and other pages no profile tags', async () => {
    // An unknown handle's profile says so with a 404 (issue 43), rendered on the server with the
    // site's own tags; '/follow/' is the profile of 'follow', a reserved word no one can hold.
    for (const path of ['/nobody-here', '/follow/']) {
      const unknown = await t.app.inject(path);
      expect(unknown.statusCode, path).toBe(404);
      expect(unknown.body, path).toContain('<title>Freshlist</title>');
      expect(unknown.body, path).not.toContain('og:title');
      expect(unknown.body, path).not.toContain('rel="canonical"');
    }
    for (const path of ['/follow/nobody-here', '/dashboard', '/admin']) {
      const html = (await t.app.inject(path)).body;
      expect(html, path).toContain('<title>Freshlist</title>');
      expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
      expect(html, path).not.toContain('og:title');
    }
  });
});
