import { sql } from 'kysely';
import { openDatabase } from './server/plugins/db';
import { directoryRepository } from './server/modules/directory/repository';
const h = await openDatabase(process.argv[2]!.startsWith('postgres') ? { databaseUrl: process.argv[2]!, dataDir: 'x', listen: false } : { dataDir: process.argv[2]!, listen: false });
const log = console.log; let captured: any;
console.log = (s: string) => { captured = JSON.parse(s); };
process.env.DEBUG_DIRECTORY = '1';
await directoryRepository(h.db).search({ q: process.argv[3]!, trade: null, area: null, viewerId: null, limit: 21, offset: 0 });
console.log = log;
for (let i = 0; i < 3; i++) {
const r = await sql.raw(`explain (analyze, buffers) ${captured.sql.replace(/\$(\d+)/g, (_: string, n: string) => { const v = captured.params[Number(n) - 1]; return v === null ? 'null' : `'${String(v).replace(/'/g, "''")}'`; })}`).execute(h.db);
if (i === 2) console.log((r.rows as any[]).map((x) => x['QUERY PLAN']).join('\n'));
}
await h.close();
