import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasControlCharacters, TEXT_MESSAGES } from '../../../core/text';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../tests/fixtures/app';
import { aPost, as, aUser, type TestUser } from '../../../tests/fixtures/factories';

/**
 * Issue 16: rows stored before the control-character rule (or names from a sign-in provider)
 * must still draw, and new requests carrying such characters are refused with a clear message.
 */

/** Every control PostgreSQL text can hold: C0 except NUL, DEL, C1. */
const CONTROLS = [
  ...Array.from({ length: 0x1f }, (_, i) => String.fromCharCode(i + 1)),
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
];
/** What XML 1.0 allows in a document (section 2.2). */
const XML_CHAR = /^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;

const names = {
  backspace: 'Green\bGrocer',
  'start-of-heading': '\u0001Fresh Fish',
  escape: 'Bakery \u001b[31mRed\u001b[0m',
  every: `All${CONTROLS.join('')}Controls`,
};

let t: TestApp;
let webRoot: string;
let writer: TestUser;
let asker: TestUser;
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'freshlist-web-'));
  copyFileSync(join(import.meta.dirname, '../../../web/index.html'), join(webRoot, 'index.html'));
  t = await buildTestApp({}, { webRoot });
  for (const [handle, name] of Object.entries(names)) {
    const user = await aUser(t.db, { handle, name });
    await aPost(t.db, user, { description: `Menu${CONTROLS.join('')}\nsecond\tline` });
  }
  writer = await aUser(t.db, { handle: 'writer', name: 'Writer' });
  asker = await aUser(t.db, { name: 'Asker' });
});
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('display names holding control characters, as stored', () => {
  it.each(Object.keys(names))('draws the card of %s, its QR still opening the profile', async (handle) => {
    const res = await t.app.inject(`/qr/${handle}/card.png`);
    expect(res.statusCode).toBe(200);
    const png = PNG.sync.read(res.rawPayload);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(`${TEST_PUBLIC_URL}/${handle}`);
  });

  it.each(Object.keys(names))('gives %s an Atom feed that is XML', async (handle) => {
    const res = await t.app.inject(`/${handle}/feed.atom`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(XML_CHAR);
    expect(XMLValidator.validate(res.body)).toBe(true);
    expect(res.body).toContain('second\tline');
  });

  it.each(Object.keys(names))('gives %s link-preview tags and a manifest without them', async (handle) => {
    const html = (await t.app.inject(`/${handle}`)).body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<title>@${handle} · Freshlist</title>`);
    expect(head).toContain(`(@${handle}) on Freshlist" />`);
    expect(hasControlCharacters(head, { multiline: true })).toBe(false);
    const manifest = await t.app.inject(`/${handle}/manifest.webmanifest`);
    expect(hasControlCharacters(manifest.json().name)).toBe(false);
  });

  it('draws what is left of the name', async () => {
    const html = (await t.app.inject('/backspace')).body;
    expect(html).toContain('<meta property="og:title" content="GreenGrocer (@backspace) on Freshlist" />');
  });
});

describe('new text with control characters, refused on the server', () => {
  it.each(['\b', '\u0001', '\u001b', '\u007f', '\u0085', '\u009b'].map((c) => [c.charCodeAt(0).toString(16), c]))(
    'refuses a name with U+%s',
    async (_, control) => {
      const res = await t.app.inject(
        as(asker, { method: 'POST', url: '/api/invite-requests', payload: { name: `Green${control}Grocer`, handle: 'green-x' } }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(TEXT_MESSAGES.controlCharacters('Name'));
    },
  );

  it('keeps tab and newline in multi-line fields, and refuses other controls there', async () => {
    const ok = await t.app.inject(
      as(asker, {
        method: 'POST',
        url: '/api/invite-requests',
        payload: { name: 'Green Grocer', handle: 'green-y', description: 'line one\r\n\tline two' },
      }),
    );
    expect(ok.statusCode).toBe(201);
    const refused = await t.app.inject(
      as(asker, {
        method: 'POST',
        url: '/api/invite-requests',
        payload: { name: 'Green Grocer', handle: 'green-z', description: 'bell\u0007' },
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TEXT_MESSAGES.controlCharacters('The description'));
  });

  it('refuses a post description with an escape sequence, with the rule the upload page shows', async () => {
    const res = await t.app.inject(
      as(writer, {
        method: 'POST',
        url: '/api/posts',
        payload: { url: 'https://docs.google.com/document/d/abc', description: 'Menu \u001b[2J' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TEXT_MESSAGES.controlCharacters('Description'));
  });
});
