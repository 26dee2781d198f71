/**
 * From a change the watcher records to the follower's mail, on a simulated clock: the `list-changed`
 * job waits for a worker's poll (pg-boss, JOBS_POLL_MS), the mail worker's next round hands the
 * change out (EMAIL_POLL_MS) and the mail goes in that round, unless the follower had a mail about
 * the business within the hour: then it waits for the hour's end, gathered into the mail already
 * queued (server/modules/email/instant-hand-out.ts, ADR 0214). Push goes with the mail. A follower's
 * quiet hours are their own choice and are left out.
 */
export interface MailTiming {
  jobsPollMs: number;
  emailPollMs: number;
  instantIntervalMs: number;
  /** A queued mail this close to going is not gathered into (GATHER_MARGIN_MS). */
  gatherMarginMs: number;
}

export interface MailOutcome {
  at: number;
  /** The follower's hour held it (a mail about the business went less than an hour before). */
  held: boolean;
}

const nextTick = (t: number, every: number, phase: number) => Math.ceil((t - phase) / every) * every + phase;

/** One follower on instant per business (a list is its business here); `random` places each poll within its interval. */
export function instantMails(timing: MailTiming, random: () => number) {
  const instantAt = new Map<number, number>();
  const emailPhase = random() * timing.emailPollMs;
  return {
    /** When the follower is mailed about a change of `business` recorded at `recordedAt`. */
    mailFor(business: number, recordedAt: number): MailOutcome {
      const jobRan = recordedAt + random() * timing.jobsPollMs;
      const handOut = nextTick(jobRan, timing.emailPollMs, emailPhase);
      const last = instantAt.get(business);
      if (last !== undefined && last > handOut + timing.gatherMarginMs) return { at: last, held: true };
      const at =
        last !== undefined && last > handOut
          ? last
          : last === undefined || last + timing.instantIntervalMs <= handOut
            ? handOut
            : last + timing.instantIntervalMs;
      instantAt.set(business, at);
      // A mail due later goes out in the first round at or after its time.
      return { at: at === handOut ? handOut : nextTick(at, timing.emailPollMs, emailPhase), held: at !== handOut };
    },
  };
}
