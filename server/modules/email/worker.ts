import type { FastifyBaseLogger } from 'fastify';
import pMap from 'p-map';
import type { DB } from '../../plugins/db';
import { listChangeRepository } from './list-change-repository';
import { type MailLookups, mailRenderer, type RenderOutcome } from './render';
import { type ClaimedMail, emailRepository, type MailOutcome } from './repository';
import { type MailTransport, PermanentMailError } from './transport';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Attempts a mail gets; the waits between them (then it is failed). */
export const MAX_ATTEMPTS = 5;
const BACKOFF_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR];
/** A claimed mail is this worker's for this long; after that another worker may take it (a crash). */
export const LEASE_MS = 5 * MINUTE;
/**
 * Mails claimed at once. Their outcomes are recorded together, after the batch, while the next one
 * is sent: a crash sends the mails of at most two batches once more (docs/decisions/0096). Smaller
 * batches cost a commit, and on PGlite a flush, per batch.
 */
const BATCH = 50;
/** Mails in flight at once, over as many pooled SMTP connections (transport.ts). */
export const SENDING_AT_ONCE = 8;

/** Finished mail stays this long in the outbox (the admin view, the development mailbox), then goes. */
export const KEEP_MS = 30 * DAY;

/**
 * The Message-ID of an outbox row: the same for every attempt, so a mail sent again after a crash
 * is recognisably the same mail. Row id and write time together stay unique even across a restored
 * or rebuilt database.
 */
export const messageIdOf = (mail: { id: number; createdAt: number }, host: string) =>
  `<${mail.id}.${mail.createdAt.toString(36)}@${host}>`;

interface ClaimedBatch {
  batch: ClaimedMail[];
  /** Null when nothing was due. */
  lookups: MailLookups | null;
}

export interface MailerOptions {
  db: DB;
  transport: MailTransport;
  publicUrl: string;
  siteHost: string;
  ownerEmail: string | undefined;
  /** SUPPORT_EMAIL: the Reply-To of mails that name no one else, and the address the account-deleted mail gives. */
  supportEmail?: string | undefined;
  from: { name: string; address: string };
  digestHourUtc: number;
  /** A handle's instant mails are at least this far apart (EMAIL_INSTANT_INTERVAL_MS); default an hour. */
  instantIntervalMs?: number;
  /** How long a claim is this worker's (EMAIL_LEASE_MS); default LEASE_MS. */
  leaseMs?: number;
  /** Sends a mail's alert to the person's opted-in devices as well (web push, docs/decisions/0214). */
  push?: (userId: string, message: { title: string; body: string; url: string }) => Promise<unknown>;
  log: FastifyBaseLogger;
  now?: () => number;
}

/** The mails that are alerts: held in quiet hours (migration 2920) and pushed beside the mail. */
const PUSHED_KINDS = new Set(['item-alert', 'list-update', 'list-changed']);

/** A push's line: the mail's first line of text after its heading, shortened. */
const pushLine = (text: string) => (text.split('\n').find((l, i) => i > 0 && l.trim() !== '') ?? '').trim().slice(0, 180);

/** The digest periods that have ended by `now`: yesterday (UTC) and last week (Monday to Monday). */
export function duePeriods(now: number, digestHourUtc: number) {
  const today = Math.floor(now / DAY) * DAY;
  if (now < today + digestHourUtc * HOUR) return null;
  // 1970-01-01 was a Thursday: Monday 00:00 UTC is 4 days after each multiple of a week.
  const week = 7 * DAY;
  const monday = Math.floor((today - 4 * DAY) / week) * week + 4 * DAY;
  return {
    daily: { from: today - DAY, to: today },
    weekly: { from: monday - week, to: monday },
  };
}

/**
 * The outbox worker of one process: claims due mails, renders and delivers them, records the
 * outcome; queues digests when a period has ended. `deliverDue` and `scheduleDigests` are what
 * the timer calls, and what tests call by hand with a controlled clock.
 */
export function createMailer(options: MailerOptions) {
  const repo = emailRepository(options.db);
  const renderer = mailRenderer(options.db, {
    publicUrl: options.publicUrl,
    ownerEmail: options.ownerEmail,
    supportEmail: options.supportEmail,
  });
  let now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let lastScheduled = '';
  const leaseMs = options.leaseMs ?? LEASE_MS;

  /** Renders and sends one claimed mail; what happened is recorded with its batch. */
  async function deliver(mail: ClaimedMail, lookups: MailLookups): Promise<MailOutcome> {
    const claim = { id: mail.id, attempts: mail.attempts };
    let rendered: RenderOutcome;
    try {
      rendered = await renderer.render(mail, now(), lookups);
    } catch (error) {
      options.log.error({ err: error, mailId: mail.id }, 'email: a mail could not be rendered');
      return { claim, outcome: { state: 'failed', error: `Could not be rendered: ${(error as Error).message}` } };
    }
    if ('cancel' in rendered) return { claim, outcome: { state: 'cancelled', reason: rendered.cancel } };
    const { to, subject, text, html, attachments, replyTo } = rendered.rendered;
    const record = { recipient: to.address, subject, text, html };
    try {
      await options.transport.send({
        from: options.from,
        to,
        subject,
        text,
        html,
        messageId: messageIdOf(mail, options.siteHost),
        unsubscribeUrl: rendered.unsubscribeUrl,
        attachments,
        replyTo,
      });
    } catch (error) {
      const message = (error as Error).message ?? String(error);
      if (error instanceof PermanentMailError || mail.attempts >= MAX_ATTEMPTS) {
        options.log.warn({ mailId: mail.id, err: error }, 'email: delivery failed for good');
        return { claim, outcome: { state: 'failed', error: message, rendered: record } };
      }
      const wait = BACKOFF_MS[mail.attempts - 1] ?? BACKOFF_MS.at(-1) ?? HOUR;
      return { claim, outcome: { state: 'queued', error: message, retryAt: now() + wait, rendered: record } };
    }
    if (mail.userId && options.push && PUSHED_KINDS.has(mail.kind)) {
      // A push that fails leaves the mail delivered: the device is told next time, or forgotten (404/410).
      await options
        .push(mail.userId, { title: subject, body: pushLine(text), url: options.publicUrl })
        .catch((error) => options.log.warn({ err: error, mailId: mail.id }, 'push: could not be sent'));
    }
    // Sent mail keeps who and what (the admin view); its body is kept only where someone reads it
    // from the outbox (the development mailbox) or may need to (a failure): 50,000 bodies of 3 KB
    // would be 150 MB of writes for a record nobody opens.
    const kept = options.transport.outcome === 'held' ? record : { recipient: to.address, subject, text: null, html: null };
    return { claim, outcome: { state: options.transport.outcome, rendered: kept, now: now() } };
  }

  /** Claims the next batch and loads its recipients and their preferences in bulk. */
  async function claimBatch(): Promise<ClaimedBatch> {
    const batch = await repo.claimDue(now(), leaseMs, MAX_ATTEMPTS, BATCH);
    return { batch, lookups: batch.length > 0 ? await renderer.lookupsFor(batch) : null };
  }

  return {
    /**
     * Delivers every mail due now, a batch at a time, SENDING_AT_ONCE in flight; while a batch is
     * being sent the next one is claimed and the last one recorded, so the database and the SMTP
     * server work at the same time. Returns how many it handled, once all are recorded.
     */
    async deliverDue(): Promise<number> {
      let handled = 0;
      await repo.failAbandoned(now(), MAX_ATTEMPTS);
      // Instant list mails get their recipients now, as they go (ADR 0141).
      await repo.handOutListBatches({ now: now(), intervalMs: options.instantIntervalMs ?? HOUR });
      await listChangeRepository(options.db).handOutListChanges({ now: now(), intervalMs: options.instantIntervalMs ?? HOUR });
      let next: Promise<ClaimedBatch> | null = claimBatch();
      let recording: Promise<unknown> = Promise.resolve();
      try {
        while (next) {
          const { batch, lookups }: ClaimedBatch = await next;
          if (!lookups) break;
          next = batch.length === BATCH ? claimBatch() : null;
          // Both are awaited on the next round: an error must not count as unhandled meanwhile.
          next?.catch(() => {});
          // At most SENDING_AT_ONCE in flight, outcomes in the batch's order.
          const outcomes = await pMap(batch, (mail) => deliver(mail, lookups), { concurrency: SENDING_AT_ONCE });
          await recording;
          // A batch's outcomes in one statement; what a delivery means to other tables, triggers keep (migration 2490).
          recording = repo.finishMany(outcomes);
          recording.catch(() => {});
          handled += batch.length;
        }
      } finally {
        await recording;
      }
      return handled;
    },

    /** Queues the digests of periods that have ended; once per person and period however often it runs, in however many processes. */
    async scheduleDigests(): Promise<number> {
      const at = now();
      const periods = duePeriods(at, options.digestHourUtc);
      if (!periods) return 0;
      const key = `${periods.daily.from}:${periods.weekly.from}`;
      if (key === lastScheduled) return 0;
      const queued =
        (await repo.queueListDigests({ period: 'daily', ...periods.daily, now: at })) +
        (await repo.queueListDigests({ period: 'weekly', ...periods.weekly, now: at })) +
        (await repo.queueFormDigests({ ...periods.daily, now: at }));
      await repo.prune(at - KEEP_MS);
      lastScheduled = key;
      return queued;
    },

    /** One round of the worker: digests first, then delivery. */
    async tick(): Promise<void> {
      await this.scheduleDigests();
      await this.deliverDue();
    },

    /** Tests move the clock. */
    useClock(clock: () => number): void {
      now = clock;
      lastScheduled = '';
    },

    start(pollMs: number): void {
      if (pollMs <= 0 || timer) return;
      const round = async () => {
        running = this.tick().catch((error) => options.log.warn({ err: error }, 'email: worker round failed'));
        await running;
        running = null;
        if (timer) timer = setTimeout(round, pollMs);
      };
      timer = setTimeout(round, Math.min(pollMs, 1000));
    },

    /** Stops polling and waits for a round in progress (its claims are recorded, not left to lease out). */
    async stop(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      options.transport.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
