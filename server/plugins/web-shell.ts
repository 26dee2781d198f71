import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The id of the JSON script with a rendered page's data, as web/lib/preloaded.tsx reads it. */
const PRELOADED_SCRIPT_ID = 'preloaded';

/** The page without the defaults a provider's tags replace: its own title, description and manifest. */
function withoutDefaults(html: string, head: string): string {
  let page = html;
  if (head.includes('<title>')) page = page.replace(/<title>[^<]*<\/title>\s*/, '');
  if (head.includes('name="description"')) page = page.replace(/<meta name="description"[^>]*>\s*/, '');
  if (head.includes('rel="manifest"')) page = page.replace(/<link rel="manifest"[^>]*>\s*/, '');
  return page;
}

/** Adds a provider's tags to the page, in place of the defaults they replace. */
export function withHead(html: string, head: string): string {
  // A function replacement: '$&' in a display name must stay text, not become a replace pattern.
  return withoutDefaults(html, head).replace('</head>', () => `  ${head}\n  </head>`);
}

/**
 * A style sheet's text inside a style element (nothing in it can close the element early), and a
 * disabled link that names its file, which a browser does not fetch: Vite's loader of a lazy
 * chunk looks for a stylesheet link before it fetches a sheet the chunk needs, and without one it
 * downloaded every sheet already in the page again (issue 39: 5 KB of a list page's first visit).
 */
const inlineStyle = (css: string, href: string) =>
  `<style>${css.replaceAll('</style', '<\\/style')}</style><link rel="stylesheet" href="${href}" disabled>`;

/**
 * The shell with the build's style sheets inside it instead of linked: a rendered page paints as
 * soon as its HTML is in, without a second round trip for styles that the scripts' download would
 * slow down on a poor connection (docs/decisions/0108).
 */
function withInlineStyles(html: string, root: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (link, href: string) => {
    const file = join(root, href);
    if (!existsSync(file)) return link;
    return inlineStyle(readFileSync(file, 'utf8'), href);
  });
}

/** A chunk in the build's manifest: its file, its style sheets and the chunks it imports statically. */
interface ManifestChunk {
  file?: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/**
 * The style sheets a chunk needs, by manifest key, imported chunks' first (the order Vite loads
 * them in), each once, without those in `skip` (the entry's, already in the shell).
 */
function cssOfChunk(manifest: Record<string, ManifestChunk>, key: string, skip: Set<string>, seen = new Set<string>()): string[] {
  if (seen.has(key) || skip.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return [];
  const imported = (chunk.imports ?? []).flatMap((child) => cssOfChunk(manifest, child, skip, seen));
  return [...new Set([...imported, ...(chunk.css ?? [])])];
}

/** The entry chunks and every chunk they import: what the shell itself already loads. */
function entryChunks(manifest: Record<string, ManifestChunk>): Set<string> {
  const chunks = new Set<string>();
  const add = (key: string) => {
    if (chunks.has(key)) return;
    chunks.add(key);
    for (const child of manifest[key]?.imports ?? []) add(child);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) add(key);
  return chunks;
}

/**
 * The style sheets a lazily loaded page's chunk brings, by its source path (the build's manifest),
 * inline: the browser would only fetch them once the page's code ran. That includes the sheets of
 * the shared chunks the page imports (docs/decisions/0194), not only the page's own.
 */
function chunkStylesOf(root: string, manifest: Record<string, ManifestChunk>): (module: string) => string {
  const inEntry = entryChunks(manifest);
  const styles = new Map<string, string>();
  return (module) => {
    let html = styles.get(module);
    if (html === undefined) {
      html = cssOfChunk(manifest, module, inEntry)
        .filter((file) => existsSync(join(root, file)))
        .map((file) => inlineStyle(readFileSync(join(root, file), 'utf8'), `/${file}`))
        .join('');
      styles.set(module, html);
    }
    return html;
  };
}

function readManifest(root: string): Record<string, ManifestChunk> {
  const manifestFile = join(root, '.vite', 'manifest.json');
  return existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
}

/** The source of the table of every page's code but the profile's and a list's, as the build's manifest names it (web/app/lazy-pages.ts). */
export const LAZY_PAGES_MODULE = 'app/lazy-pages.ts';

/**
 * A link that fetches the page table's chunk beside the entry's, where the router will need it at
 * once: without it, a page's code would wait for the entry, then the table, then itself. A
 * profile's rendered page does without it (docs/decisions/0219), and so does a list's.
 */
function lazyPagesPreload(manifest: Record<string, ManifestChunk>): string {
  const file = manifest[LAZY_PAGES_MODULE]?.file;
  return file ? `<link rel="modulepreload" crossorigin href="/${file}">` : '';
}

/**
 * What a rendered page's code loads through, preloaded beside the entry: the page table, or a
 * page the entry imports itself (a list's page, issue 39), its chunk and the chunks it imports.
 */
function pagePreloadOf(manifest: Record<string, ManifestChunk>, pagesPreload: string): (module: string) => string {
  const inEntry = entryChunks(manifest);
  const ownChunks = new Set(Object.values(manifest).flatMap((chunk) => (chunk.isEntry ? (chunk.dynamicImports ?? []) : [])));
  return (module) => {
    if (!ownChunks.has(module)) return pagesPreload;
    const files = new Set<string>();
    const add = (key: string) => {
      const file = manifest[key]?.file;
      if (inEntry.has(key) || !file || files.has(file)) return;
      files.add(file);
      for (const child of manifest[key]?.imports ?? []) add(child);
    };
    add(module);
    return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  };
}

/**
 * The built app's shell as rendered pages fill it (docs/decisions/0108, 0113), made once from the
 * build in `root` (null: not built, every page is empty): no framework in it, so the bench's
 * reference without the framework (bench/bare-server.ts) sends the very same bytes.
 */
export function shellPages(root: string | null) {
  const builtHtml = root ? readFileSync(join(root, 'index.html'), 'utf8') : '';
  const manifest = root ? readManifest(root) : {};
  const pagesPreload = lazyPagesPreload(manifest);
  // A client-rendered page (any but the rendered ones) loads its code through the page table.
  const indexHtml = builtHtml.replace('</head>', () => `${pagesPreload}</head>`);
  const renderedShell = root ? withInlineStyles(builtHtml, root) : '';
  // The rendered shell cut where a page's own parts go, once: a page is then a few concatenations.
  const [shellHead = '', shellBody = ''] = renderedShell.split('</head>');
  // A rendered page's HTML takes the place of the shell's root and its <noscript> line (that line is for client-rendered pages).
  const [bodyStart = '', bodyEnd = ''] = shellBody.split(/<div id="root">(?:<noscript>[\s\S]*?<\/noscript>)?<\/div>/);
  const heads = new Map<string, Buffer>();
  /** The shell's head without the defaults the page's tags replace (title, description, manifest). */
  const headFor = (tags: string) => {
    const key = ['<title>', 'name="description"', 'rel="manifest"'].map((t) => (tags.includes(t) ? '1' : '0')).join('');
    let cut = heads.get(key);
    if (cut === undefined) {
      cut = Buffer.from(withoutDefaults(shellHead, tags));
      heads.set(key, cut);
    }
    return cut;
  };
  const chunkStyles = root ? chunkStylesOf(root, manifest) : () => '';
  const pagePreload = pagePreloadOf(manifest, pagesPreload);
  const chunkBytes = new Map<string, Buffer>();
  /** A lazily loaded page's styles, and the chunks it is loaded through (all rendered pages but the profile). */
  const lazyPageHead = (module: string) => {
    let bytes = chunkBytes.get(module);
    if (bytes === undefined) {
      bytes = Buffer.from(chunkStyles(module) + pagePreload(module));
      chunkBytes.set(module, bytes);
    }
    return bytes;
  };
  // The shell's fixed parts as bytes, once: only a page's own parts are encoded per render
  // (docs/decisions/0113), not the ~15 KB of styles around them.
  const fixed = {
    head: Buffer.from(shellHead),
    bodyStart: Buffer.from(`</head>${bodyStart}<div id="root">`),
    rootEnd: Buffer.from(`</div><script id="${PRELOADED_SCRIPT_ID}" type="application/json">`),
    bodyEnd: Buffer.from(`</script>${bodyEnd}`),
  };

  return {
    indexHtml,
    /** The built app's identity: its index.html names every chunk by content hash. */
    build: createHash('sha256').update(indexHtml).digest('base64url'),
    /** The whole page: the shell, the head's tags, a lazy page's styles and page table, the root's HTML and its data. */
    page: (tags: string | null, rootHtml: string, preloadedJson: string, module?: string) =>
      Buffer.concat([
        ...(tags ? [headFor(tags), Buffer.from(`  ${tags}\n  `)] : [fixed.head]),
        ...(module ? [lazyPageHead(module)] : []),
        fixed.bodyStart,
        Buffer.from(rootHtml),
        fixed.rootEnd,
        Buffer.from(preloadedJson),
        fixed.bodyEnd,
      ]),
  };
}
