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

/** A module's lazy imports (`import('…')`), resolved to files. */
function lazyImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)]
    .map((match) => resolveLocal(file, match[1]!))
    .filter((found): found is string => found !== null);
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

  it('leave out what a visitor’s first look at a profile does not use (ADRs 0193, 0219)', () => {
    const modules = [...modulesFrom(ENTRY).keys()].map((file) => relative(ROOT, file));
    expect(modules).toContain('web/features/profile/profile-page.tsx');
    expect(modules).toContain('web/ui/follow-button.tsx');
    for (const elsewhere of [
      // The profile's cards, a rendered part its HTML preloads: a list's page, which carries the entry too, shows none (ADR 0230).
      'web/features/profile/profile-lists.tsx',
      'web/ui/post-card.tsx',
      'web/ui/list-parts.tsx',
      'web/ui/copy-button.tsx',
      'web/lib/use-cursor-pages.ts',
      'web/lib/contents-api.ts',
      // Analytics' sending, loaded once the visitor accepted (ADR 0230).
      'web/lib/analytics-sender.ts',
      'core/redact.ts',
      'core/change-summary.ts',
      // Reading typed contact details (settings, invites), asking for trade access, following on the way back from sign-in.
      'core/business-contact.ts',
      'web/features/profile/trade-access-form.tsx',
      'web/ui/form-field.tsx',
      'web/ui/follow-question.tsx',
      'web/lib/follow-intent.ts',
      // A signed-in viewer's follow, unfollow and its notice, and a follower's bell.
      'web/ui/follow-toggle.tsx',
      'core/follow-text.ts',
      'web/lib/follows-api.ts',
      'web/ui/follow-bell.tsx',
      // Parts only some profiles show, which the server renders complete all the same (web/lib/rendered-part.ts).
      'web/features/profile/trade-access.tsx',
      'web/features/profile/no-such-business.tsx',
      'web/features/profile/profile-ordering.tsx',
    ]) {
      expect(modules).not.toContain(elsewhere);
    }
  });

  it('take from a shared module only what a profile shows, not its neighbours used by other pages (ADR 0219)', () => {
    const modules = [...modulesFrom(ENTRY).keys()].map((file) => relative(ROOT, file));
    // What the profile shows is in the entry, in small modules of its own (its cards' words load with the cards, ADR 0230).
    expect(modules).toContain('core/terms-path.ts');
    // Lazily loaded pages import their neighbours from the entry chunk, which would keep them in it whole:
    // price patterns, delivery dates, the list page's and the API's texts.
    for (const elsewhere of [
      'core/list-changes.ts',
      'core/list-price.ts',
      'core/delivery-terms.ts',
      'core/delivery-areas.ts',
      'core/link-check-text.ts',
      'core/list-messages.ts',
      'core/trade-text.ts',
    ]) {
      expect(modules).not.toContain(elsewhere);
    }
  });

  it('name only the chunks a profile may load later, not every page’s (ADR 0219)', () => {
    // Each lazy import names its chunk and the chunks and styles it needs inside the entry: the
    // other pages are named in the page table's chunk (web/app/lazy-pages.ts), loaded by the router.
    const lazy = [...new Set([...modulesFrom(ENTRY).keys()].flatMap(lazyImports))].map((file) => relative(ROOT, file));
    expect(lazy.sort()).toEqual([
      'web/app/lazy-pages.ts',
      // A list's page, where its QR card leads, loads its code alone, not through the page table (issue 39).
      'web/features/lists/list-page.tsx',
      'web/features/profile/no-such-business.tsx',
      // The profile's cards, preloaded beside the entry on a profile (ADR 0230).
      'web/features/profile/profile-lists.tsx',
      'web/features/profile/profile-ordering.tsx',
      // Analytics' sending, once the visitor accepted.
      'web/lib/analytics-sender.ts',
      'web/ui/follow-bell.tsx',
      'web/ui/follow-question.tsx',
      'web/ui/follow-toggle.tsx',
    ]);
  });

  it('leave out of a list page’s first load what a visitor’s first look at its prices does not use (issue 39)', () => {
    const page = join(ROOT, 'web/features/lists/list-page.tsx');
    const modules = [...modulesFrom(page).keys()].map((file) => relative(ROOT, file));
    // The table stays the server's HTML until it is used (price-table-slot.tsx, ADR 0225).
    expect(modules).toContain('web/features/lists/price-table-slot.tsx');
    for (const elsewhere of [
      // The table's code: filter, sort, the basket's slot and quantities, Compare and Alert me, their texts;
      // and the follow call, made when Follow is pressed.
      'web/features/lists/price-table.tsx',
      'web/features/lists/basket-slot.tsx',
      'web/features/lists/basket-store.ts',
      'web/features/lists/quantity-input.tsx',
      'web/ui/item-alert.tsx',
      'core/price-table-text.ts',
      'core/compare-link.ts',
      'core/list-price.ts',
      'core/unit-price-text.ts',
      'core/order-quantity.ts',
      'web/lib/follows-api.ts',
      // The basket's panel, loaded with a first quantity, a saved basket or "Order again".
      'web/features/lists/basket.tsx',
      'web/features/lists/basket-again.tsx',
      'web/lib/orders-api.ts',
      'web/lib/order-desk-api.ts',
      // The filter's matching, loaded with the first letter typed.
      'web/features/lists/price-filter.ts',
      // A signed-in viewer's Alert me form, the owner's Check now, the enquiry of a list without prices.
      'web/ui/item-alert-button.tsx',
      'web/lib/alerts-api.ts',
      'web/ui/check-now-button.tsx',
      'web/features/lists/list-enquiry.tsx',
      // Parts only some lists show, rendered complete on the server all the same: a gone list, a broken file,
      // what the owner's file could not give, the next delivery (rendered once mounted).
      'web/features/lists/list-gone.tsx',
      'web/features/lists/list-unavailable.tsx',
      'web/features/lists/owner-reading.tsx',
      'web/ui/next-delivery.tsx',
      // Neighbours of what the page shows: pack patterns (the server tells which rows take fractions), the
      // order's rules and texts, delivery dates, the API's list and trade messages, the link check's texts.
      'core/unit-price.ts',
      'core/order-rules.ts',
      'core/delivery-terms.ts',
      'core/list-messages.ts',
      'core/trade-text.ts',
      'core/link-check-text.ts',
    ]) {
      expect(modules).not.toContain(elsewhere);
    }
    const lazy = [...new Set([...modulesFrom(page).keys()].flatMap(lazyImports))].map((file) => relative(ROOT, file));
    expect(lazy).toEqual(expect.arrayContaining(['web/features/lists/price-table.tsx', 'web/lib/follows-api.ts']));
    // Once the table's code is in, the basket's panel and the Alert me form still wait for their own use.
    const table = join(ROOT, 'web/features/lists/price-table.tsx');
    const tableModules = [...modulesFrom(table).keys()].map((file) => relative(ROOT, file));
    expect(tableModules).not.toContain('web/features/lists/basket.tsx');
    expect(tableModules).not.toContain('web/ui/item-alert-button.tsx');
    const tableLazy = [...new Set(tableModules.map((file) => join(ROOT, file)).flatMap(lazyImports))].map((file) =>
      relative(ROOT, file),
    );
    expect(tableLazy).toEqual(expect.arrayContaining(['web/features/lists/basket.tsx', 'web/ui/item-alert-button.tsx']));
  });

  it('carry a global sheet without the admin area’s, the chat form’s or the dashboard’s rules (ADR 0230)', () => {
    // Every public page carries the entry's sheet inside its HTML: these rules live in their pages' own sheets.
    const css = readFileSync(join(ROOT, 'web/styles.css'), 'utf8');
    for (const selector of [
      '.admin-',
      '.review-card',
      '.responses-bar',
      '.data-table',
      '.chat-',
      '.decline-request',
      '.quick-action',
    ]) {
      expect(css).not.toContain(selector);
    }
  });

  it('are walked far enough to see zod where it is imported', () => {
    const modules = modulesFrom(join(ROOT, 'core/feed.ts'));
    expect([...modules.values()].some((packages) => packages.includes('zod'))).toBe(true);
  });
});
