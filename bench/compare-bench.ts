import { compareService } from '../server/modules/compare/service';
import type { DB } from '../server/plugins/db';
import { ITEM_QUERIES } from './contents-bench';
import { type Distribution, distribution, measure } from './stats';

/** One item compared across suppliers (issue 39 §3, docs/decisions/0205), as GET /api/compare asks it. */
export interface CompareCell {
  kind: string;
  item: string;
  following: boolean;
  lines: number;
  limited: boolean;
  time: Distribution;
}

/**
 * The compare service in process, as item-search cells are timed: the item searches' words (one
 * word, two words, a typo), and one word among the businesses a reader follows.
 */
export async function benchCompare(
  db: DB,
  viewerId: string,
  options: { requests: number; cellSeconds: number; log(line: string): void },
): Promise<CompareCell[]> {
  const comparisons = compareService(db);
  const queries = [
    ...ITEM_QUERIES.map((q) => ({ ...q, following: false })),
    { ...ITEM_QUERIES[0]!, kind: 'one word, followed only', following: true },
  ];
  const cells: CompareCell[] = [];
  for (const { kind, q, expect, following } of queries) {
    const query = { item: q, following };
    const first = await comparisons.compare(query, viewerId);
    const lines = first.groups.flatMap((g) => g.lines);
    if (!following && !lines.some((l) => expect.test(l.item)))
      throw new Error(`compare "${q}" answered ${lines.length} lines, none ${expect}`);
    const time = distribution(
      await measure(
        async () => {
          await comparisons.compare(query, viewerId);
          return undefined;
        },
        { requests: options.requests, budgetMs: options.cellSeconds * 1000 },
      ),
    );
    cells.push({ kind, item: q, following, lines: lines.length, limited: first.limited, time });
    options.log(
      `  compare ${kind} "${q}": p50 ${time.p50.toFixed(2)} p99 ${time.p99.toFixed(2)} ms (n=${time.n}), ${lines.length} lines`,
    );
  }
  return cells;
}

const ms = (n: number) => n.toFixed(2);

/** The report's lines (after the item searches'). */
export function compareMarkdown(cells: CompareCell[]): string[] {
  if (cells.length === 0) return [];
  return [
    '',
    'One item compared across suppliers (issue 39 §3), the compare service in process:',
    '',
    '| kind | item | lines | limited | p50 / p95 / p99 ms |',
    '| --- | --- | ---: | --- | --- |',
    ...cells.map(
      (c) =>
        `| ${c.kind} | ${c.item} | ${c.lines} | ${c.limited ? 'yes' : 'no'} | ${ms(c.time.p50)} / ${ms(c.time.p95)} / ${ms(c.time.p99)} |`,
    ),
  ];
}

/** Issue 39's target for the report's table. */
export function compareTargets(cells: CompareCell[]): { what: string; measured: string; pass: boolean | null }[] {
  if (cells.length === 0) return [];
  const worst = Math.max(...cells.map((c) => c.time.p99));
  return [{ what: 'Compare p99 ≤ 30 ms (one word, two words, a typo)', measured: `${ms(worst)} ms`, pass: worst <= 30 }];
}
