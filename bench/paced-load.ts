import { Agent, request } from 'node:http';

/** One request of a paced load: where and with which headers. */
export interface PacedRequest {
  path: string;
  headers: Record<string, string>;
}

export interface PacedRun {
  /** Requests scheduled (rate × seconds) and answered. */
  total: number;
  /** From the first scheduled moment to the last answer. */
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  /** Errors and answers of 400 or more (a redirect is an answer). */
  failures: number;
  /** How late the generator itself sent, at p99 (its own lag is part of each latency above). */
  sendLagP99Ms: number;
  /** Requests still unanswered TIMEOUT_MS after the last was due: cut off, and counted in `failures`. */
  unanswered: number;
}

/**
 * Connections at most, as the burst generator had: a request due while all are busy waits for one,
 * and that wait is in its latency.
 */
const CONNECTIONS = 100;

/**
 * A request unanswered this long counts as failed (and as this long). Once the last request is due,
 * the rest get this long in all: a server that fell behind would otherwise drain its backlog for
 * minutes (issue 44: 10 s of load took 160 s on a loaded host), with the target missed long before.
 */
const TIMEOUT_MS = 30_000;

const quantile = (sorted: Float64Array, q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/**
 * An open-loop load (issue 28, docs/decisions/0121): request i is due at start + i / rate, sent when
 * due whether or not earlier ones were answered, and its latency is counted from when it was due.
 * A server that stalls for 100 ms shows 100 ms on every request due meanwhile, instead of the
 * generator waiting with it (coordinated omission); and a second's requests arrive one by one, not
 * as autocannon's `overallRate` sends them, each connection's share back to back when the second
 * starts.
 */
export async function pacedLoad(
  url: string,
  next: () => PacedRequest,
  options: { rate: number; seconds: number },
): Promise<PacedRun> {
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const count = Math.round(options.rate * options.seconds);
  const latencies = new Float64Array(count);
  const lags = new Float64Array(count);
  let failures = 0;
  let unanswered = 0;
  let sent = 0;
  let answered = 0;
  let lastAnswer = 0;
  const start = performance.now() + 50;
  const dueAt = (i: number) => start + (1000 * i) / options.rate;

  /** Each request not yet answered: how to end it as failed. */
  const open = new Map<number, () => void>();
  const send = (i: number) => {
    const due = dueAt(i);
    lags[i] = performance.now() - due;
    const { path, headers } = next();
    let over = false;
    const done = (failed: boolean) => {
      if (over) return;
      over = true;
      lastAnswer = performance.now();
      latencies[i] = lastAnswer - due;
      if (failed) failures++;
      answered++;
      open.delete(i);
      if (answered === count) finish();
    };
    const req = request({ host: target.hostname, port: target.port, path, headers, agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => done((res.statusCode ?? 500) >= 400));
      res.on('error', () => done(true));
    });
    req.on('error', () => done(true));
    req.setTimeout(TIMEOUT_MS, () => req.destroy());
    // A request still waiting for one of the connections has no socket to time out.
    open.set(i, () => {
      unanswered++;
      done(true);
      req.destroy();
    });
    req.end();
  };
  const cutOff = () => {
    for (const end of [...open.values()]) end();
  };

  let finish = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  // A timer a millisecond apart sends whatever fell due since (timers are not exact; lateness is counted).
  const tick = () => {
    const now = performance.now();
    while (sent < count && dueAt(sent) <= now) send(sent++);
    if (sent < count) setTimeout(tick, Math.max(0, Math.min(1, dueAt(sent) - performance.now())));
    else setTimeout(cutOff, TIMEOUT_MS).unref();
  };
  setTimeout(tick, Math.max(0, start - performance.now()));
  await finished;
  agent.destroy();
  latencies.sort();
  lags.sort();
  return {
    total: count,
    seconds: (lastAnswer - start) / 1000,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    failures,
    sendLagP99Ms: quantile(lags, 0.99),
    unanswered,
  };
}
