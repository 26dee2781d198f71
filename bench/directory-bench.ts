import { sql } from 'kysely';
import { directoryQuerySchema } from '../core/directory';
import { directoryService } from '../server/modules/directory/service';
import type { DB } from '../server/plugins/db';
import { type Distribution, distribution, measure } from './stats';

export type DirectoryQueryKind = 'one word' | 'two words' | 'typo' | 'browse';

/** The searches timed, each with a word its first results must contain (a fast wrong answer must not pass). */
export const DIRECTORY_QUERIES: Array<{ kind: DirectoryQueryKind; query: Record<string, string>; expect: RegExp | null }> = [
  { kind: 'one word', query: { q: 'farm' }, expect: /farm/i },
  { kind: 'one word', query: { q: 'bakery' }, expect: /bakery/i },
  { kind: 'one word', query: { q: 'bristol' }, expect: null },
  { kind: 'one word', query: { q: 'organic' }, expect: null },
  { kind: 'one word', query: { q: 'kalo' }, expect: /kalo/i },
  { kind: 'two words', query: { q: 'green farm' }, expect: /green.*farm/i },
  { kind: 'two words', query: { q: 'fish devon' }, expect: null },
  { kind: 'two words', query: { q: 'honey bakery' }, expect: /honey.*bakery/i },
  { kind: 'two words', query: { q: 'smoked salmon' }, expect: null },
  { kind: 'typo', query: { q: 'grene farm' }, expect: /green.*farm/i },
  { kind: 'typo', query: { q: 'bakry' }, expect: /bakery/i },
  { kind: 'typo', query: { q: 'harbor fisheries' }, expect: /harbour.*fisheries/i },
  { kind: 'typo', query: { q: 'creme patisserie' }, expect: /crème.*pâtisserie/i },
  { kind: 'typo', query: { q: 'muller creamery' }, expect: /müller.*creamery/i },
  { kind: 'browse', query: {}, expect: null },
  { kind: 'browse', query: { trade: 'fish' }, expect: null },
  { kind: 'browse', query: { area: 'somerset' }, expect: null },
  { kind: 'browse', query: { q: 'farm', trade: 'dairy', area: 'devon' }, expect: null },
];

export interface DirectoryCell {
  kind: DirectoryQueryKind;
  query: Record<string, string>;
  /** Entries on the first page (at most 20) and the name at the top. */
  results: number;
  top: string | null;
  time: Distribution;
}

/**
 * Directory searches as the API runs them (the app's directory service, in process: the server's
 * time without HTTP), first page, a signed-in viewer (their Follow states are part of each answer).
 */
export async function benchDirectory(
  db: DB,
  viewerId: string,
  options: { requests: number; cellSeconds: number; log(line: string): void },
): Promise<DirectoryCell[]> {
  const directory = directoryService(db);
  const cells: DirectoryCell[] = [];
  for (const { kind, query, expect } of DIRECTORY_QUERIES) {
    const parsed = directoryQuerySchema.parse(query);
    const first = await directory.search(parsed, viewerId);
    const top = first.entries[0]?.displayName ?? null;
    // A name the search should put first, when the seeded names hold one (random names may not).
    const named = expect
      ? (
          await sql<{
            found: boolean;
          }>`select exists (select 1 from users where display_name ~* ${expect.source}) as found`.execute(db)
        ).rows[0]?.found
      : false;
    if (first.entries.length === 0 || (expect && named && !expect.test(top ?? ''))) {
      throw new Error(`directory search ${JSON.stringify(query)} found ${top ?? 'nothing'}, expected ${expect ?? 'results'}`);
    }
    const time = distribution(
      await measure(
        async () => {
          await directory.search(parsed, viewerId);
          return undefined;
        },
        { requests: options.requests, budgetMs: options.cellSeconds * 1000 },
      ),
    );
    cells.push({ kind, query, results: first.entries.length, top, time });
    options.log(
      `  ${kind} ${JSON.stringify(query)}: p50 ${time.p50.toFixed(2)} p99 ${time.p99.toFixed(2)} ms (n=${time.n}), top "${top}"`,
    );
  }
  return cells;
}
