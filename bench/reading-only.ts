import { sql } from 'kysely';
import { contentsMarkdown, contentsTargets } from './contents-bench';
import { createBenchDatabase } from './database';
import type { BenchOptions } from './options';
import { benchReading } from './reading-bench';

/**
 * `--reading-only`: issue 30's reading part alone, on a fresh database holding one supplier's list
 * and nothing else (no network, directory or 5 M lines to seed): a minute instead of seven, for
 * before/after comparisons of the event loop's share of a reading. The lines table is small here,
 * which changes the database's work, not the event loop's.
 */
export async function runReadingOnly(options: BenchOptions, log: (line: string) => void): Promise<void> {
  for (const kind of options.databases) {
    log(`\n== ${kind}: reading only`);
    const bench = await createBenchDatabase(kind, options.databaseUrl);
    try {
      const database = await bench.open();
      try {
        await sql`
          with u as (
            insert into users (email, display_name, created_at) values ('reader@example.com', 'Reader', 0) returning id
          ), h as (insert into handles (handle, user_id, created_at) select 'reading-bench', id, 0 from u)
          insert into lists (user_id, slug, name, created_at, audience) select id, 'prices', 'Prices', 0, 'public' from u`.execute(
          database.db,
        );
        const reading = await benchReading({ files: options.readingFiles, db: database.db, log });
        const run = { seed: { seconds: 0, lines: 0, lists: 1 }, cells: [], reading };
        console.log([`### ${kind}`, ...contentsMarkdown(run).slice(-3)].join('\n'));
        for (const target of contentsTargets(run).slice(1))
          console.log(`- ${target.what}: ${target.measured} (${target.pass ? 'met' : 'not met'})`);
      } finally {
        await database.close();
      }
    } finally {
      if (options.keep) log(`kept the database: ${bench.location}`);
      else await bench.drop();
    }
  }
}
