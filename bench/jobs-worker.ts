import Fastify from 'fastify';
import { mailLinkBroken } from '../server/modules/email/service';
import { type DB, dbPlugin, openDatabase } from '../server/plugins/db';
import { jobsPlugin } from '../server/plugins/jobs';

/**
 * The jobs bench's worker (bench/jobs-bench.ts), a process of its own: the app's queue
 * (server/plugins/jobs.ts, its fetch, transaction and complete) on the bench's database, with
 * bench handlers in place of the modules' own, so the handlers' work is known and can be taken out
 * of the process's CPU (ADR 0224). Every handler's CPU is summed here: the queue runs one job at a
 * time, so the process's CPU while a handler runs is that handler's.
 *
 * argv: DATABASE_URL, shape ('noop' | 'real'), the 304 server's address for check-shaped jobs.
 */
const [databaseUrl, shape, checkUrl] = process.argv.slice(2) as [string, 'noop' | 'real', string];
const send = (message: unknown) => process.send?.(message);

let handlerCpuUs = 0;
let handled = 0;
function timed<T>(work: (data: T, db: DB) => Promise<unknown>) {
  return async (data: T, db: DB) => {
    const before = process.cpuUsage();
    try {
      await work(data, db);
    } finally {
      const used = process.cpuUsage(before);
      handlerCpuUs += used.user + used.system;
      handled += 1;
    }
  };
}

/** A link check as the watcher makes it: a conditional request, answered 304, nothing written. */
async function check(): Promise<void> {
  const res = await fetch(checkUrl, { headers: { 'if-none-match': '"bench"' } });
  await res.arrayBuffer();
}

const database = await openDatabase({ databaseUrl, dataDir: 'unused', listen: false });
const app = Fastify({ logger: { level: 'warn' } });
await app.register(dbPlugin, { database, closeOnShutdown: true });
await app.register(jobsPlugin, {
  settings: { role: 'worker', pollMs: 500, leaseS: 300, concurrency: Number(process.env.JOBS_CONCURRENCY ?? 4) },
});
await app.ready();

const noop = async () => {};
// A mail job queues one mail in the outbox, in the job's transaction (the link-broken job's own handler).
app.jobs.handle(
  'link-broken',
  timed(
    shape === 'noop'
      ? noop
      : (broken: { userId: string; listId: number; at: number }, trx) => mailLinkBroken(trx, broken, broken.at),
  ),
);
// Its policy runs it outside a transaction, as a check waits on the network (ADR 0208).
app.jobs.handle('check-now', timed(shape === 'noop' ? noop : check));

process.on('message', async (message: { ask: 'handlers' } | { ask: 'direct'; jobs: number; userId: string; listId: number }) => {
  if (message.ask === 'handlers') {
    send({ handlerCpuMs: handlerCpuUs / 1000, handled });
    return;
  }
  // The control: the same mails written by the same function, each in its own transaction, no queue.
  const started = performance.now();
  const before = process.cpuUsage();
  for (let i = 0; i < message.jobs; i++) {
    await database.db.transaction().execute((trx) => mailLinkBroken(trx, message, Date.now()));
  }
  const used = process.cpuUsage(before);
  send({ seconds: (performance.now() - started) / 1000, cpuMs: (used.user + used.system) / 1000 });
});
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
send({ ready: true });
