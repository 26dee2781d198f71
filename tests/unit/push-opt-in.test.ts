import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { keyBytes } from '../../web/features/settings/push-device';

const WEB = resolve(import.meta.dirname, '../../web');

describe('the device opt-in (issue 41 §4)', () => {
  it('turns the server’s VAPID key into the 65 bytes of an uncompressed P-256 point', () => {
    const { publicKey } = webpush.generateVAPIDKeys();
    const bytes = keyBytes(publicKey);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(Buffer.from(bytes).toString('base64url')).toBe(publicKey);
  });

  it('is loaded with import() only, so its code and the service worker stay off every other page', () => {
    const sources = readdirSync(WEB, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    const staticImporters = sources.filter((file) =>
      /^\s*import\s+(?!type\s)[^;]*from\s+['"][./]*[^'"]*push-device['"]/m.test(readFileSync(join(WEB, file), 'utf8')),
    );
    expect(staticImporters).toEqual([]);
    const settings = readFileSync(join(WEB, 'features/settings/device-notifications.tsx'), 'utf8');
    expect(settings).toContain("import('./push-device')");
  });

  it('has a service worker that shows a pushed alert and opens its page, on Freshlist only, when tapped', async () => {
    const handlers = new Map<string, (event: unknown) => void>();
    const shown: Array<{ title: string; options: { body: string; data: { url: string } } }> = [];
    const opened: string[] = [];
    const self = {
      location: { origin: 'https://freshlist.example' },
      addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
      registration: { showNotification: async (title: string, options: never) => void shown.push({ title, options }) },
      clients: { matchAll: async () => [], openWindow: async (url: string) => void opened.push(url) },
    };
    runInNewContext(readFileSync(join(WEB, 'public/push-sw.js'), 'utf8'), { self, URL });
    const waited: Promise<unknown>[] = [];
    const waitUntil = (p: Promise<unknown>) => void waited.push(p);
    const message = {
      title: 'Walnuts is under 10.00 €/kg at Walnut Grove',
      body: 'Walnuts 9.00 €/kg',
      url: 'https://freshlist.example/compare',
    };
    handlers.get('push')?.({ data: { json: () => message, text: () => JSON.stringify(message) }, waitUntil });
    const tap = (url: string) => handlers.get('notificationclick')?.({ notification: { close() {}, data: { url } }, waitUntil });
    tap(message.url);
    tap('https://elsewhere.example/phish');
    await Promise.all(waited);
    expect(shown).toEqual([
      { title: message.title, options: expect.objectContaining({ body: message.body, data: { url: message.url } }) },
    ]);
    expect(opened).toEqual(['https://freshlist.example/compare', 'https://freshlist.example/']);
  });
});
