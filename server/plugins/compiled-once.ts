import { type Compilable, CompiledQuery } from 'kysely';
import type { DB } from './db';

/** Stands for an argument while a query is compiled: its place in the parameters is found by identity. */
class Slot {
  constructor(readonly index: number) {}
}

interface Template {
  sql: string;
  /** Each parameter: a fixed value, or the Slot of the argument that goes there. */
  parameters: readonly unknown[];
}

/**
 * A hot read that Kysely builds and compiles once per shape, then sends with each call's values
 * (docs/decisions/0114). Otherwise every call builds the operation tree and compiles it again:
 * about 0.1 ms for a join with a lateral subquery, as much as PostgreSQL's own work for a cold
 * profile page.
 *
 * `build(shape, ...args)` receives stand-ins for the arguments. It may use them only as values (in
 * comparisons, limits, `sql` templates), never in JavaScript logic: whatever changes the SQL's text
 * (a cursor or none) is the `shape`, a small set of strings. Compiling checks that every argument
 * became a parameter, so a stand-in used any other way fails the first call, not a later one.
 */
export function compiledOnce<Shape extends string, Args extends unknown[], Row>(
  db: DB,
  build: (shape: Shape, ...args: Args) => Compilable<Row>,
): (shape: Shape, ...args: Args) => Promise<Row[]> {
  const templates = new Map<Shape, Template>();

  function compile(shape: Shape, arity: number): Template {
    const slots = Array.from({ length: arity }, (_, i) => new Slot(i));
    const compiled = build(shape, ...(slots as unknown as Args)).compile();
    const used = new Set(compiled.parameters.filter((p): p is Slot => p instanceof Slot).map((p) => p.index));
    const missing = slots.filter((s) => !used.has(s.index)).map((s) => s.index);
    if (missing.length > 0) throw new Error(`compiledOnce: argument(s) ${missing.join(', ')} did not become parameters`);
    return { sql: compiled.sql, parameters: compiled.parameters };
  }

  return async (shape, ...args) => {
    let template = templates.get(shape);
    if (!template) {
      template = compile(shape, args.length);
      templates.set(shape, template);
    }
    const parameters = template.parameters.map((p) => (p instanceof Slot ? args[p.index] : p));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(template.sql, parameters));
    return result.rows;
  };
}
