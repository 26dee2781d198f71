import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/** Files worth compressing, and the size below which compression does not pay (a header costs as much). */
const COMPRESSIBLE = /\.(js|css|svg|webmanifest|json)$/;
const MIN_BYTES = 1024;

/**
 * Brotli and gzip copies of the built assets, made once at build time: the server sends the
 * smallest the browser accepts (@fastify/static `preCompressed`), so a first visit on a slow
 * phone downloads what the bench's gzip figure says (docs/decisions/0108).
 */
function precompress(outDir: string): Plugin {
  return {
    name: 'freshlist-precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [precompress(join(import.meta.dirname, 'dist/web'))],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // Which style sheets each page's chunk brings: a page rendered on the server carries them inline (server/plugins/web.ts).
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      // React Router ships "use client" directives meant for server components; they mean nothing here.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/oidc': 'http://localhost:3000' },
  },
});
