import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's parts import one way only (issue 28, docs/architecture.md): each module
 * (`server/modules/<name>`), the plugins, and each other file of `server/` is one part, and no
 * two parts reach each other, directly or round a loop. An import that closes a loop is an arrow back
 * up: move what both need down (to `db/`, `core/` or a server file) or let the lower part read it itself.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const SERVER = join(ROOT, 'server');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The part a file belongs to; null outside `server/`. */
function partOf(file: string): string | null {
  const path = relative(ROOT, file);
  if (!path.startsWith('server/')) return null;
  const module = /^server\/modules\/([^/]+)\//.exec(path)?.[1];
  if (module) return `modules/${module}`;
  if (path.startsWith('server/plugins/')) return 'plugins';
  // The read cache's folder holds two parts: the cache, which reads the plugins' change notices,
  // and its tag names, which the session plugin uses.
  return basename(path).replace(/\.tsx?$/, '');
}

/** Every import between two parts (type imports too: they tie the parts' code as much), with the file that makes it. */
function arrows(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sources(SERVER)) {
    const from = partOf(file);
    if (!from) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\s[^;]*?from\s+['"](\.[^'"]+)['"]/gm)) {
      const to = partOf(`${resolve(dirname(file), match[1] as string)}.ts`);
      if (!to || to === from) continue;
      const out = graph.get(from) ?? new Map<string, string>();
      if (!out.has(to)) out.set(to, relative(ROOT, file));
      graph.set(from, out);
    }
  }
  return graph;
}

/** The imports that close a loop: for each part, those into a part that reaches back to it. */
function loops(graph: Map<string, Map<string, string>>): string[] {
  const reaches = (from: string, to: string) => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length > 0) {
      const part = stack.pop() as string;
      if (part === to) return true;
      if (seen.has(part)) continue;
      seen.add(part);
      stack.push(...(graph.get(part)?.keys() ?? []));
    }
    return false;
  };
  const found: string[] = [];
  for (const [from, out] of graph) {
    for (const [to, file] of out) if (reaches(to, from)) found.push(`${from} → ${to} (${file})`);
  }
  return found.sort();
}

/** Each module's own Fastify decorators (`app.decorate('name', …)`), by name. */
function decoratorOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of sources(join(SERVER, 'modules'))) {
    const part = partOf(file) as string;
    for (const match of readFileSync(file, 'utf8').matchAll(/\.decorate\(\s*['"](\w+)['"]/g))
      owners.set(match[1] as string, part);
  }
  return owners;
}

/** Every read of another module's decorator (`app.linkWatcher` outside link-check): a hidden arrow the imports do not show. */
function decoratorReads(): string[] {
  const owners = decoratorOwners();
  const found: string[] = [];
  for (const file of sources(join(SERVER, 'modules'))) {
    const part = partOf(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/\b(?:app|scope|fastify|instance)\.(\w+)\b/g)) {
      const owner = owners.get(match[1] as string);
      if (owner && owner !== part) found.push(`${part} reads ${owner}'s app.${match[1]} (${relative(ROOT, file)})`);
    }
  }
  return [...new Set(found)].sort();
}

describe("the server's parts", () => {
  it('import one way only: no arrow back up', () => {
    expect(loops(arrows())).toEqual([]);
  });

  it("call each other through imports or jobs, never through another module's decorator (ADR 0203)", () => {
    // The check finds what it looks for: link-check decorates the app with its watcher.
    expect(decoratorOwners().get('linkWatcher')).toBe('modules/link-check');
    expect(decoratorReads()).toEqual([]);
  });
});
