import { createBenchDatabase } from './database';
import type { BenchOptions } from './options';
import { benchOrders, type OrdersCell, ordersMarkdown, ordersTargets } from './orders-bench';

/**
 * Issue 40's cells (bench/orders-bench.ts) on a fresh database holding only their own rows: a
 * supplier's 5,000-line list, its buyers and 10,000 orders. About a minute: part of the default
 * run, and alone with `--orders-only`.
 */
export async function runOrders(kind: 'postgres' | 'pglite', options: BenchOptions, log: (line: string) => void) {
  log(`\n== ${kind}: orders`);
  const bench = await createBenchDatabase(kind, options.databaseUrl);
  try {
    const database = await bench.open();
    try {
      return await benchOrders(database.db, { requests: options.requests, log });
    } finally {
      await database.close();
    }
  } finally {
    if (options.keep) log(`kept the orders database: ${bench.location}`);
    else await bench.drop();
  }
}

/** `--orders-only`: the cells and their targets, nothing else. */
export async function runOrdersOnly(options: BenchOptions, log: (line: string) => void): Promise<void> {
  for (const kind of options.databases) {
    const cells: OrdersCell[] = await runOrders(kind, options, log);
    console.log([`### ${kind}`, ...ordersMarkdown(cells)].join('\n'));
    for (const target of ordersTargets(cells))
      console.log(`- ${target.what}: ${target.measured} (${target.pass ? 'met' : 'not met'})`);
  }
}

/** The cells of every database run, for the report. */
export function ordersReport(runs: Array<{ kind: string; cells: OrdersCell[] }> | undefined): string {
  return (runs ?? []).map((run) => [`\n### Orders on ${run.kind}`, ...ordersMarkdown(run.cells)].join('\n')).join('\n');
}
