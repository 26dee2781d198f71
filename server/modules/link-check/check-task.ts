import { move, transferableSymbol, valueSymbol } from 'piscina';
import { type CheckLimits, type CheckOutcome, checkLink, type Validators } from './checker';
import { linkFetchDispatcher } from './dispatcher';
import { createFetcher, type Fetcher } from './fetcher';
import { isSignInPage } from './providers';

/** What the thread builds its fetcher from (its workerData): plain data, as all that crosses to a thread. */
export interface CheckThreadSetup {
  allowedHosts: string[];
  hostMap: Array<{ pattern: string; address: string; port: number }>;
  userAgent: string;
  connectTimeoutMs: number;
  connectionsPerHost: number;
  extraCa?: string[];
}

/** One link to check, as the main thread asks for it. */
export interface CheckTask extends CheckLimits {
  link: string;
  siteHost: string;
  previous: Validators | null;
}

let fetcher: Fetcher | undefined;

/**
 * What the link check thread does (docs/decisions/0191): every check's network work (its own undici
 * dispatcher, TLS, redirects, reading and hashing the body) and its classification. The thread's
 * fetcher is made on its first check and kept: its sockets stay open between checks.
 */
export async function runCheck(task: CheckTask, setup: CheckThreadSetup): Promise<unknown> {
  fetcher ??= createFetcher({
    dispatcher: linkFetchDispatcher(setup),
    allowedHosts: setup.allowedHosts,
    userAgent: setup.userAgent,
    stopAt: isSignInPage,
  });
  const outcome: CheckOutcome = await checkLink(fetcher, task.link, task);
  if (!outcome.bytes) return outcome;
  // The file's bytes are moved to the main thread, not copied there; a body that shares a pooled
  // buffer with others is copied here first (moving it would take its neighbours too).
  const whole = outcome.bytes.byteOffset === 0 && outcome.bytes.buffer.byteLength === outcome.bytes.length;
  const bytes = whole ? outcome.bytes : new Uint8Array(outcome.bytes);
  return move({ [transferableSymbol]: [bytes.buffer], [valueSymbol]: { ...outcome, bytes } });
}
