import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import type { EmailStatus } from '../../core/email';
import type { PendingInvitesResponse } from '../../core/invite';
import { recordFigures } from './figures';
import { HttpClient } from './http-client';
import { freshPostgresDatabase, type ServerProcess, startServerProcess, storageKinds, useFreshStorage } from './server-process';

const ADMIN = 'crash-admin@example.com';
/** As many as one admin may send in 10 minutes (ADMIN_MAIL_LIMIT, issue 33). */
const INVITES = 30;
/** The sink kills the server right after acknowledging this many mails: mid-batch, mid-delivery. */
const KILL_AFTER = 10;
/** A claim whose worker died is taken again after this; short, so the test need not wait 5 minutes. */
const LEASE_MS = '2000';

interface Received {
  messageId: string;
  to: string;
}

/**
 * An SMTP receiver that holds every mail until `open()`, so all of them are queued before any is
 * acknowledged, then calls `onAck` after acknowledging each. A mail counts as received when the
 * receiver acknowledged it (250), as a real one would: after the kill, later ones are refused.
 */
async function gatedReceiver(onAck: (count: number) => boolean) {
  const received: Received[] = [];
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let stopped = false;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 8192) head += chunk.toString('latin1');
      });
      stream.on('end', async () => {
        await gate;
        if (stopped) {
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        received.push({
          messageId: /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? '(none)',
          to: session.envelope.rcptTo[0]?.address ?? '',
        });
        callback();
        // Synchronously after the 250: the sender has not read it yet, let alone recorded it.
        if (onAck(received.length)) stopped = true;
      });
    },
  });
  // The killed sender's connections drop mid-conversation: expected here, not a failure of the test.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    open: () => open(),
    resume: () => {
      stopped = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Creates `count` invites as the admin: each is one mail in the outbox, written with the invite. */
async function invite(admin: HttpClient, count: number, prefix: string): Promise<string[]> {
  const invitees = Array.from({ length: count }, (_, i) => `${prefix}-${i}@example.com`);
  for (const [i, email] of invitees.entries()) {
    const created = await admin.request('POST', '/api/admin/invites', {
      json: { handle: `${prefix}-${i}`, email, displayName: `Shop ${i}` },
    });
    expect(created.status).toBe(201);
  }
  return invitees;
}

describe.each(storageKinds)('kill -9 during mail delivery, on %s', (kind) => {
  const storageOf = useFreshStorage(kind);

  it('after the restart every mail arrives, none more than twice, a repeat with the same Message-ID', async () => {
    let server: ServerProcess | undefined;
    let killedAt = 0;
    const receiver = await gatedReceiver((count) => {
      if (count !== KILL_AFTER || !server) return false;
      server.child.kill('SIGKILL');
      killedAt = count;
      return true;
    });
    const env = { ADMIN_EMAILS: ADMIN, SMTP_URL: receiver.url, EMAIL_POLL_MS: '200', EMAIL_LEASE_MS: LEASE_MS };
    try {
      server = await startServerProcess({ storage: storageOf(), env });
      const admin = new HttpClient(server.url);
      expect(await admin.signIn(ADMIN)).toBe(true);
      const invitees = await invite(admin, INVITES, 'crash-shop');
      // Every invite is queued (and some claimed); now the receiver answers, and kills at the tenth.
      receiver.open();
      const exit = await server.exited;
      expect(exit.signal).toBe('SIGKILL');
      expect(killedAt).toBe(KILL_AFTER);
      const beforeRestart = receiver.received.length;

      receiver.resume();
      server = await startServerProcess({ storage: storageOf(), env });
      const status = async () => (await (await admin.request('GET', `${server?.url}/api/admin/email`)).json()) as EmailStatus;
      await expect
        .poll(async () => (await status()).counts, { timeout: 60_000, interval: 500 })
        .toMatchObject({ sent: INVITES, queued: 0, sending: 0, failed: 0 });

      const byId = new Map<string, Received[]>();
      for (const mail of receiver.received) byId.set(mail.messageId, [...(byId.get(mail.messageId) ?? []), mail]);
      // None lost: each invitee got their invite; one Message-ID each, however often it came.
      expect(new Set(receiver.received.map((m) => m.to))).toEqual(new Set(invitees));
      expect(byId.size).toBe(INVITES);
      for (const copies of byId.values()) {
        expect(copies.length).toBeLessThanOrEqual(2);
        expect(new Set(copies.map((m) => m.to)).size).toBe(1);
      }
      const twice = [...byId.values()].filter((copies) => copies.length === 2).length;
      // The mail acknowledged just before the kill was never recorded as sent: it came again, the same mail.
      expect(twice).toBeGreaterThanOrEqual(1);
      expect(twice).toBeLessThanOrEqual(KILL_AFTER);

      // Each invite is marked sent once its mail is delivered.
      const invites = (await (await admin.request('GET', `${server.url}/api/admin/invites`)).json()) as PendingInvitesResponse;
      expect(invites.invites.filter((i) => i.sent)).toHaveLength(INVITES);

      recordFigures(`email-crash ${kind}`, {
        mails: INVITES,
        acknowledgedBeforeKill: beforeRestart,
        receivedInAll: receiver.received.length,
        deliveredTwice: twice,
        lost: INVITES - byId.size,
      });
    } finally {
      await server?.kill('SIGTERM');
      await receiver.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  it('deliver each mail exactly once', async () => {
    const database = await freshPostgresDatabase();
    const receiver = await gatedReceiver(() => false);
    const env = { ADMIN_EMAILS: ADMIN, SMTP_URL: receiver.url, EMAIL_POLL_MS: '100' };
    const servers: ServerProcess[] = [];
    try {
      const storage = { kind: 'postgres' as const, databaseUrl: database.url };
      servers.push(await startServerProcess({ storage, env }), await startServerProcess({ storage, env }));
      const admin = new HttpClient(servers[0]?.url ?? '');
      expect(await admin.signIn(ADMIN)).toBe(true);
      // Queued through one process while both workers poll; the receiver answers once all are queued.
      const invitees = await invite(admin, INVITES, 'shared-shop');
      receiver.open();
      // A mail is marked sent once the receiver has taken it: when every mail is, and none is being
      // sent, a second copy from the other process would have arrived already.
      const counts = async () =>
        ((await (await admin.request('GET', `${servers[1]?.url}/api/admin/email`)).json()) as EmailStatus).counts;
      await expect.poll(counts, { timeout: 60_000, interval: 250 }).toMatchObject({ sent: INVITES, queued: 0, sending: 0 });
      expect(receiver.received).toHaveLength(INVITES);
      expect(new Set(receiver.received.map((m) => m.messageId)).size).toBe(INVITES);
      expect(new Set(receiver.received.map((m) => m.to))).toEqual(new Set(invitees));
      recordFigures('email-two-processes postgres', { mails: INVITES, received: receiver.received.length });
    } finally {
      await Promise.all(servers.map((server) => server.kill('SIGTERM')));
      await receiver.close();
      await database.drop();
    }
  });
});
