import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../tests/fixtures/app';
import { aPost, as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { anImage } from '../../../tests/fixtures/images';

let t: TestApp;
let webRoot: string;
let owner: TestUser;
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'freshlist-web-'));
  copyFileSync(join(import.meta.dirname, '../../../web/index.html'), join(webRoot, 'index.html'));
  t = await buildTestApp({}, { webRoot });
  owner = await aUser(t.db, { handle: 'card-farm', name: 'Card Farm' });
});
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const tag = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)" />`).exec(html)?.[1];

/** The card's pixel at (x, y) as [r, g, b], and the QR code read back out of it. */
function readCard(bytes: Buffer, x: number, y: number) {
  const png = PNG.sync.read(bytes);
  const at = (y * png.width + x) * 4;
  return {
    pixel: [...png.data.subarray(at, at + 3)],
    qr: jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null,
  };
}

describe('the business profile in link previews and on the QR card', () => {
  it("puts the owner's bio and area in the preview, and the logo in the summary card", async () => {
    await t.app.inject(
      as(owner, {
        method: 'PUT',
        url: '/api/profile',
        payload: { displayName: 'Card Farm', bio: 'Eggs & "heritage" apples.\nOrders by Thursday.', area: 'Frome, Somerset' },
      }),
    );
    const html = (await t.app.inject('/card-farm')).body;
    const description =
      'Eggs &amp; &quot;heritage&quot; apples. Orders by Thursday. (Frome, Somerset): the latest lists from Card Farm (@card-farm) on Freshlist.';
    expect(tag(html, 'description')).toBe(description);
    expect(tag(html, 'og:description')).toBe(description);
    expect(tag(html, 'twitter:image')).toBe(`${TEST_PUBLIC_URL}/qr/card-farm/card.png`);

    const { logo } = (
      await t.app.inject({
        method: 'PUT',
        url: '/api/profile/logo',
        headers: { cookie: owner.cookie, 'content-type': 'image/png' },
        payload: await anImage('png', { width: 64, height: 64 }),
      })
    ).json();
    const after = (await t.app.inject('/card-farm')).body;
    expect(tag(after, 'twitter:image')).toBe(`${TEST_PUBLIC_URL}${logo.url}`);
    expect(tag(after, 'og:image')).toBe(`${TEST_PUBLIC_URL}/qr/card-farm/card.png`);
  });

  it("draws the logo beside the handle on the card and on its lists' cards, which still scan, under a new ETag", async () => {
    await t.app.inject({ method: 'DELETE', url: '/api/profile/logo', headers: { cookie: owner.cookie } });
    const list = await aPost(t.db, owner, { description: 'Weekly prices' });
    const listCard = `/qr/card-farm/lists/${list.listSlug}/card.png`;
    const listUrl = `${TEST_PUBLIC_URL}/card-farm/lists/${list.listSlug}`;
    const plain = await t.app.inject('/qr/card-farm/card.png');
    const plainList = await t.app.inject(listCard);
    // Where the logo goes, the card's pale background shows without one.
    expect(readCard(plain.rawPayload, 104, 612)).toEqual({ pixel: [246, 248, 246], qr: `${TEST_PUBLIC_URL}/card-farm` });
    expect(readCard(plainList.rawPayload, 104, 612)).toEqual({ pixel: [246, 248, 246], qr: listUrl });

    await t.app.inject({
      method: 'PUT',
      url: '/api/profile/logo',
      headers: { cookie: owner.cookie, 'content-type': 'image/png' },
      payload: await anImage('png', { width: 64, height: 64 }),
    });
    const withLogo = await t.app.inject('/qr/card-farm/card.png');
    expect(withLogo.statusCode).toBe(200);
    expect(withLogo.headers.etag).not.toBe(plain.headers.etag);
    const read = readCard(withLogo.rawPayload, 104, 612);
    expect(read.qr).toBe(`${TEST_PUBLIC_URL}/card-farm`);
    // The test logo is one colour, #1f7a4d (WebP keeps it within a step or two).
    expect(read.pixel.map((c, i) => Math.abs(c - [31, 122, 77][i]!) <= 4)).toEqual([true, true, true]);

    // A list's card carries the owner's logo too, and still opens the list's stable address.
    const listWithLogo = await t.app.inject(listCard);
    expect(listWithLogo.headers.etag).not.toBe(plainList.headers.etag);
    const readList = readCard(listWithLogo.rawPayload, 104, 612);
    expect(readList.qr).toBe(listUrl);
    expect(readList.pixel.map((c, i) => Math.abs(c - [31, 122, 77][i]!) <= 4)).toEqual([true, true, true]);
  });
});
