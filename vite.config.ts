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

/** React Router ships "use client" directives meant for server components; they mean nothing here. */
const rolldownOptions = {
  onwarn(warning: { code?: string }, warn: (warning: never) => void) {
    if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
    warn(warning as never);
  },
};

/**
 * React Router's production build: its package exports name only the development one, whose
 * warnings every visitor would download (remix-run/react-router#12532, #14102).
 */
const REACT_ROUTER_PRODUCTION = join(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs');

/**
 * Everything the entry imports statically (React, the router, the layout, the public profile) in
 * one chunk: a first visit needs all of it, and as five chunks it cost ~2.5 KB gzipped more in the
 * names they import from each other and in what gzip cannot share across files (docs/decisions/0193).
 * Pages loaded lazily still get chunks of their own.
 */
const FIRST_VISIT = { name: 'index', tags: ['$initial' as const] };

/**
 * The words a list's page and a profile's cards both show (dates, list labels, the change line), in
 * one chunk both load, and the cards' own code in another: left to themselves they fell into a dozen
 * small chunks, which cost the profile's first visit ~2 KB gzipped (docs/decisions/0230).
 */
const LIST_WORDS = {
  name: 'list-words',
  test: /[\\/](core[\\/](list-text|time|trade-labels|list-contents|link-health-text|post-text)|web[\\/]ui[\\/]changes-line)\.tsx?$/,
};
const POST_CARDS = {
  name: 'post-cards',
  test: /[\\/](web[\\/]ui[\\/](post-card|copy-button|load-more|list-parts)|web[\\/]lib[\\/](use-cursor-pages|contents-api))\.tsx?$/,
};

/**
 * Two builds from one source: the browser's (dist/web, `vite build`) and the server's render of
 * the public pages (dist/server/render-page.js, `vite build --ssr`, docs/decisions/0119): the same
 * components, with the style sheets left to the browser's build and the packages left to Node.
 */
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        root: 'web',
        publicDir: false,
        build: {
          outDir: '../dist/server',
          emptyOutDir: true,
          sourcemap: true,
          target: 'node20',
          ssr: 'app/render-page.tsx',
          rolldownOptions,
        },
      }
    : {
        root: 'web',
        publicDir: 'public',
        plugins: [precompress(join(import.meta.dirname, 'dist/web'))],
        resolve: { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] },
        build: {
          outDir: '../dist/web',
          emptyOutDir: true,
          sourcemap: true,
          // Which style sheets each page's chunk brings: a page rendered on the server carries them inline (server/plugins/web.ts).
          manifest: true,
          target: 'es2022',
          rolldownOptions: { ...rolldownOptions, output: { codeSplitting: { groups: [FIRST_VISIT, LIST_WORDS, POST_CARDS] } } },
        },
        server: {
          proxy: { '/api': 'http://localhost:3000', '/oidc': 'http://localhost:3000' },
        },
      },
);
