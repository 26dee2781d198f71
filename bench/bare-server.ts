import { createServer } from 'node:http';
import pg from 'pg';
import { coalescedReads } from '../server/plugins/coalesced-reads';

/**
 * A reference for the bench, not the app (docs/decisions/0117): `node:http` with no framework,
 * reading a stored profile page with the app's statement, coalesced by the app's coalescedReads,
 * and sending it with the headers it needs. How far the app's cold profile page is from it shows
 * what the framework costs; how far it is from the ceiling, what any server here costs.
 * Run by bench/bare-reference.ts with DATABASE_URL, PORT and BUILD (the stored pages' build).
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const build = process.env.BUILD;
const STORED = `select r.path, r.status, r.body from rendered_pages r
  join handles h on h.handle = r.handle and h.page_version = r.version
  where r.path = any($1::text[]) and r.build = $2 and r.fresh_until > $3`;
type Row = { path: string; status: number; body: Buffer };
const read = coalescedReads(async (paths: string[]) => {
  const { rows } = await pool.query<Row>({ name: 'stored', text: STORED, values: [paths, build, Date.now()] });
  return new Map(rows.map((row) => [row.path, row]));
});

const OK = '{"status":"ok"}';
createServer((request, response) => {
  if (request.url === '/healthz') {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': OK.length });
    response.end(OK);
    return;
  }
  read(request.url ?? '/').then(
    (row) => {
      if (!row) {
        response.writeHead(404, { 'content-length': 0 });
        response.end();
        return;
      }
      response.writeHead(row.status, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'gzip',
        vary: 'accept-encoding',
        'content-length': row.body.length,
      });
      response.end(row.body);
    },
    () => {
      response.writeHead(500, { 'content-length': 0 });
      response.end();
    },
  );
}).listen(Number(process.env.PORT), '127.0.0.1');
