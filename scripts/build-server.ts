/**
 * The server as one ES module, dist/node/main.mjs (issues 38 and 44, docs/decisions/0211): `npm
 * start` and the tests' child servers run it on bare Node. Through tsx a server spent about 3 s of
 * CPU compiling its TypeScript at every start; the bundle starts in a fraction of that.
 *
 * Packages stay in node_modules (imported as they are). Each file's `import.meta.url` and
 * `import.meta.dirname` still name the file as it is in the source tree, computed from the bundle's
 * own place at run time, so the worker threads' files, the fonts and dist/web are found as before
 * wherever the checkout lives.
 */
import { readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = join(ROOT, 'dist/node/main.mjs');

/** `import.meta.url` and `.dirname` of a source file, as seen from the bundle's folder. */
function sourceLocations(outDir: string): Plugin {
  return {
    name: 'source-locations',
    setup(b) {
      b.onLoad({ filter: /\.(ts|tsx)$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        const fromBundle = relative(outDir, args.path).split('\\').join('/');
        const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
        const folder = `__sourceFolder(new URL(${JSON.stringify(`${dirname(fromBundle)}/`)}, import.meta.url))`;
        const contents = text.replaceAll('import.meta.dirname', folder).replaceAll('import.meta.url', url);
        return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
      });
    },
  };
}

/** Builds the bundle at `outfile` (written whole, then moved in place: a server never starts on half a file). */
export async function buildServerBundle(outfile = SERVER_BUNDLE): Promise<string> {
  const staging = join(dirname(outfile), `.building-${process.pid}`);
  const partial = join(staging, basename(outfile));
  await build({
    entryPoints: [join(ROOT, 'server/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: partial,
    // Beside it, read only by `node --enable-source-maps`: an inline map made Node parse 2.5 MB more at start.
    sourcemap: 'linked',
    // Styles a shared web module imports mean nothing to the server.
    loader: { '.css': 'empty' },
    banner: {
      js: "import { fileURLToPath as __fileURLToPath } from 'node:url';\nconst __sourceFolder = (url) => __fileURLToPath(url).replace(/\\/$/, '');",
    },
    plugins: [sourceLocations(dirname(outfile))],
    logLevel: 'warning',
  });
  await rename(`${partial}.map`, `${outfile}.map`);
  await rename(partial, outfile);
  await rm(staging, { recursive: true, force: true });
  return outfile;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  await buildServerBundle();
}
