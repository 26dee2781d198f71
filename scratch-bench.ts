import { benchDirectory } from './bench/directory-bench';
import { openDatabase } from './server/plugins/db';
const h = await openDatabase(process.argv[2]!.startsWith('postgres') ? { databaseUrl: process.argv[2]!, dataDir: 'x', listen: false } : { dataDir: process.argv[2]!, listen: false });
const viewer = (await h.db.selectFrom('users').select('id').where('email', 'like', 'reader-follows-%').executeTakeFirstOrThrow()).id;
await benchDirectory(h.db, viewer, { requests: Number(process.argv[3] ?? 100), cellSeconds: 5, log: (l) => console.log(l) });
await h.close();
