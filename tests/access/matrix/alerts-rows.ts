import { type ApiRow, type MatrixContext, signedIn } from './roles';

/** An alert of the actor's own, to pause or remove (none for the visitor, whose request is refused anyway). */
async function ownAlert(ctx: MatrixContext): Promise<number> {
  if (!ctx.actor) return 1;
  const row = await ctx.db
    .insertInto('item_alerts')
    .values({
      user_id: ctx.actor.id,
      item: 'burrata',
      query: "'burrata':*",
      kind: 'back',
      threshold: null,
      unit: null,
      currency: null,
      scope: 'all',
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** API rows: a person's own item alerts (#41 §3, docs/decisions/0209). Keep rows sorted by path. */
export const alertsRows: ApiRow[] = [
  { method: 'GET', path: '/api/alerts', expect: signedIn(200), why: 'the person’s own alerts' },
  {
    method: 'POST',
    path: '/api/alerts',
    expect: signedIn(201),
    request: () => ({ payload: { item: 'burrata', kind: 'under', threshold: 30, unit: 'kg', scope: 'all' } }),
    why: 'any signed-in person may watch an item in the lists they can read',
  },
  {
    method: 'DELETE',
    path: '/api/alerts/:id',
    expect: signedIn(200),
    request: async (ctx) => ({ url: `/api/alerts/${await ownAlert(ctx)}` }),
    why: 'only one’s own alert: another’s is a 404 (server/modules/alerts/routes.test.ts)',
  },
  {
    method: 'PATCH',
    path: '/api/alerts/:id',
    expect: signedIn(200),
    request: async (ctx) => ({ url: `/api/alerts/${await ownAlert(ctx)}`, payload: { paused: true } }),
    why: 'only one’s own alert: another’s is a 404 (server/modules/alerts/routes.test.ts)',
  },
];
