import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The first visit to a public page loads the entry chunk only, and zod must stay out of it (ADR
 * 0062): a bundler keeps a module's top-level schema calls, so one value import of a module that
 * builds schemas downloads zod. This walks the static imports from the entry (lazy `import()`
 * chunks are left out, as the bundler leaves them) and fails on any module in it that imports zod.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const ENTRY = join(ROOT, 'web/main.tsx');

/** A module's static value imports (not `import type`, not `import()`), as written. */
function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of source.matchAll(/^\s*import\s+(?:(type\s+)?([^'";]*?)\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    const [, typeOnly, clause = '', specifier] = match as unknown as [string, string | undefined, string | undefined, string];
    if (typeOnly) continue;
    // `import { type A, type B } from` brings in nothing at run time.
    const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
    if (names?.split(',').every((n) => !n.trim() || n.trim().startsWith('type '))) continue;
    found.push(specifier);
  }
  return found;
}

function resolveLocal(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every local module `entry` loads statically, with the packages each imports. */
function modulesFrom(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    const specifiers = staticImports(file);
    seen.set(
      file,
      specifiers.filter((s) => !s.startsWith('.')),
    );
    for (const specifier of specifiers) {
      const local = resolveLocal(file, specifier);
      if (local) queue.push(local);
    }
  }
  return seen;
}

describe('the first visit’s modules', () => {
  it('import no zod, in core/ or anywhere else the entry reaches', () => {
    const modules = modulesFrom(ENTRY);
    expect([...modules.keys()].some((file) => file.includes('/core/'))).toBe(true);
    const withZod = [...modules].filter(([, packages]) => packages.includes('zod')).map(([file]) => relative(ROOT, file));
    expect(withZod).toEqual([]);
  });

  it('leave out what a visitor’s first look at a profile does not use (ADR 0193)', () => {
    const modules = [...modulesFrom(ENTRY).keys()].map((file) => relative(ROOT, file));
    expect(modules).toContain('web/features/profile/trade-access.tsx');
    // Reading typed contact details (settings, invites), asking for trade access, following on the way back from sign-in.
    for (const elsewhere of [
      'core/business-contact.ts',
      'web/features/profile/trade-access-form.tsx',
      'web/ui/form-field.tsx',
      'web/features/profile/follow-question.tsx',
      'web/lib/follow-intent.ts',
    ]) {
      expect(modules).not.toContain(elsewhere);
    }
  });

  it('are walked far enough to see zod where it is imported', () => {
    const modules = modulesFrom(join(ROOT, 'core/feed.ts'));
    expect([...modules.values()].some((packages) => packages.includes('zod'))).toBe(true);
  });
});
