import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { type Kysely, sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../db/schema';
import { emailRepository } from '../server/modules/email/repository';
import { mailNewPost } from '../server/modules/email/service';
import { type BenchDatabaseHandle, createBenchDatabase } from './database';
import type { BenchOptions } from './options';
import { startBenchServer } from './server';

type DB = Kysely<Database>;

/** Issue 18's targets: one post to 50,000 instant followers queued in ≤ 2 s, delivered at ≥ 500 mails/s. */
export const EMAIL_TARGETS = { queueSeconds: 2, mailsPerSecond: 500 } as const;

export interface EmailBench {
  followers: number;
  queued: number;
  /**
   * Wall time of the post's transaction (the post and its place in the handle's batch) plus the
   * worker's hand-out of the batch: one outbox row per follower who chose Instantly (ADR 0141).
   */
  queueSeconds: number;
  /** CPU of this process meanwhile (on PGlite the database works here; on PostgreSQL it is the server's). */
  queueCpuSeconds: number;
  received: number;
  /** From the first mail the sink received to the last. */
  deliverSeconds: number;
  mailsPerSecond: number;
  /** CPU the server used while delivering, per mail (less sensitive to a busy machine than the rate). */
  serverCpuMsPerMail: number | null;
  /** Message-IDs the sink received more than once. */
  duplicates: number;
  /** Queued mails the sink never received. */
  missing: number;
  /** Outbox rows in each state after the run. */
  states: Record<string, number>;
}

const HOLDER = 'bench-mail-farm';

/** CPU seconds a process has used (user + system), from /proc; null where there is none. */
function cpuSecondsOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are the 14th and 15th fields of the whole line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** A handle and `followers` members who follow it and chose instant list updates: set-based, one statement. */
export async function seedFollowers(db: DB, followers: number, now: number): Promise<string> {
  const holder = await db
    .insertInto('users')
    .values({ email: `${HOLDER}@bench.example`, display_name: 'Bench Mail Farm', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('handles').values({ handle: HOLDER, user_id: holder.id, created_at: now }).execute();
  await sql`
    with fans as (
      insert into users (email, display_name, created_at)
      select 'mail-fan-' || g || '@bench.example', 'Fan ' || g, ${now}::bigint from generate_series(1, ${followers}::int) g
      returning id, email
    ), follow as (
      insert into follows (follower_id, handle, followed_user_id, followed_at)
      select id, ${HOLDER}, ${holder.id}::uuid, ${now}::bigint from fans
    )
    insert into email_preferences (email, list_updates, unsubscribe_token, updated_at)
    select email, 'instant', md5(email), ${now}::bigint from fans`.execute(db);
  return holder.id;
}

/** What an SMTP server on 127.0.0.1 received: how many, when, and each Message-ID's count. Bodies are not kept. */
async function startSink() {
  const messageIds = new Map<string, number>();
  let received = 0;
  let first = 0;
  let last = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    size: 1024 * 1024,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 8192) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? '(none)';
        messageIds.set(id, (messageIds.get(id) ?? 0) + 1);
        received += 1;
        last = performance.now();
        if (received === 1) first = last;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stats: () => ({ received, seconds: (last - first) / 1000, messageIds }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Issue 18's bench: a handle with `followers` instant followers posts; the post's transaction
 * queues their mails (timed here, with the app's own `mailNewPost`). Then the real server (production
 * mode, SMTP_URL a sink in this process) delivers them; the sink counts mails and Message-IDs.
 */
export async function benchEmail(
  bench: BenchDatabaseHandle,
  followers: number,
  log: (line: string) => void,
): Promise<EmailBench> {
  const now = Date.now();
  let queued = 0;
  let queueSeconds = 0;
  let queueCpuSeconds = 0;
  let database = await bench.open();
  try {
    log(`email: ${followers.toLocaleString('en-US')} followers set to Instantly ...`);
    const holderId = await seedFollowers(database.db, followers, now);
    const started = performance.now();
    const cpu = process.cpuUsage();
    await database.db.transaction().execute(async (trx) => {
      const list = await trx
        .insertInto('lists')
        .values({ user_id: holderId, slug: 'price-list', name: 'Price list', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const post = await trx
        .insertInto('posts')
        .values({
          user_id: holderId,
          handle: HOLDER,
          list_id: list.id,
          url: 'https://drive.google.com/bench/list',
          description: 'List',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await mailNewPost(trx, { handle: HOLDER, postId: Number(post.id) });
    });
    // What the server's worker does first when it looks for due mail: the recipients, chosen now.
    queued = await emailRepository(database.db).handOutListBatches({ now, intervalMs: 3_600_000 });
    queueSeconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    queueCpuSeconds = (used.user + used.system) / 1e6;
    log(`email: queued ${queued} mails in ${queueSeconds.toFixed(2)} s (${queueCpuSeconds.toFixed(2)} s CPU here)`);
  } finally {
    // PGlite holds its folder: the server can open it only once this process closed it.
    await database.close();
  }

  const sink = await startSink();
  const server = await startBenchServer({ ...bench.serverEnv, SMTP_URL: sink.url, EMAIL_POLL_MS: '200' });
  let serverCpu: number | null = null;
  try {
    const cpuAtReady = cpuSecondsOf(server.pid);
    log('email: the server delivers ...');
    let previous = -1;
    let stalledSince = performance.now();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const { received } = sink.stats();
      if (received >= queued) break;
      if (received !== previous) {
        previous = received;
        stalledSince = performance.now();
      } else if (performance.now() - stalledSince > 60_000) {
        log(`email: no progress for 60 s at ${received} of ${queued}`);
        break;
      }
    }
    const cpuAtEnd = cpuSecondsOf(server.pid);
    serverCpu = cpuAtReady === null || cpuAtEnd === null ? null : cpuAtEnd - cpuAtReady;
    // A duplicate would come right after: give the worker a few polls.
    await new Promise((resolve) => setTimeout(resolve, 1500));
  } finally {
    await server.stop();
    await sink.close();
  }

  const { received, seconds, messageIds } = sink.stats();
  database = await bench.open();
  let states: Record<string, number>;
  try {
    const rows = await database.db
      .selectFrom('email_outbox')
      .select(['state', (eb) => eb.fn.countAll<string>().as('count')])
      .groupBy('state')
      .execute();
    states = Object.fromEntries(rows.map((r) => [r.state, Number(r.count)]));
  } finally {
    await database.close();
  }
  const result: EmailBench = {
    followers,
    queued,
    queueSeconds,
    queueCpuSeconds,
    received,
    deliverSeconds: seconds,
    mailsPerSecond: seconds > 0 ? (received - 1) / seconds : 0,
    serverCpuMsPerMail: serverCpu === null || received === 0 ? null : (1000 * serverCpu) / received,
    duplicates: [...messageIds.values()].filter((n) => n > 1).length,
    missing: Math.max(0, queued - messageIds.size),
    states,
  };
  log(
    `email: ${received} received in ${seconds.toFixed(1)} s (${result.mailsPerSecond.toFixed(0)} mails/s, ` +
      `${result.serverCpuMsPerMail?.toFixed(2) ?? 'n/a'} ms server CPU a mail), ` +
      `${result.duplicates} duplicates, ${result.missing} missing; outbox ${JSON.stringify(states)}`,
  );
  return result;
}

/** Issue 18 on its own fresh database: the feed network's 70,000 people are not needed. */
export async function runEmail(kind: 'postgres' | 'pglite', options: BenchOptions, log: (line: string) => void) {
  log(`\n== ${kind}: email`);
  const bench = await createBenchDatabase(kind, options.databaseUrl);
  try {
    return await benchEmail(bench, options.emailFollowers, log);
  } finally {
    if (options.keep) log(`kept the email database: ${bench.location}`);
    else await bench.drop();
  }
}
