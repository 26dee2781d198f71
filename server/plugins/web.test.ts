import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webPlugin } from './web';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'freshlist-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><head><title>Freshlist</title></head><body></body></html>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1);\n//# sourceMappingURL=index-abc.js.map\n');
  writeFileSync(join(root, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["secret.tsx"]}');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function webApp(sourceMaps: boolean) {
  const app = Fastify();
  await app.register(webPlugin, { root, sourceMaps });
  await app.ready();
  return app;
}

describe('the web app files', () => {
  it('in production serves the scripts but not their source maps', async () => {
    const app = await webApp(false);
    expect((await app.inject('/assets/index-abc.js')).statusCode).toBe(200);
    const map = await app.inject('/assets/index-abc.js.map');
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.tsx');
    await app.close();
  });

  it.each([
    '/assets/index-abc.js.%6dap',
    '/assets/index-abc.js%2emap',
    '/assets/index-abc.js%252emap',
    '/assets/index-abc.js.%4dAP',
    '/assets/index-abc.js.map/',
    '/assets/index-abc.js.map?x=1',
    '/assets/index-abc%2ejs%2emap',
  ])('in production serves no source map at %s', async (url) => {
    const app = await webApp(false);
    const map = await app.inject(url);
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.tsx');
    await app.close();
  });

  it('outside production serves source maps for debugging', async () => {
    const app = await webApp(true);
    const map = await app.inject('/assets/index-abc.js.map');
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('secret.tsx');
    await app.close();
  });
});
