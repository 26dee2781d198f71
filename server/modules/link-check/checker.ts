import { hostMatches } from '../../../core/link';
import { type LinkCheckResult, type LinkFile, type LinkHealth, linkHealthMessage } from '../../../core/link-check';
import { classify } from './classifier';
import type { Fetcher } from './fetcher';
import { providerOf, type Target } from './providers';

/** What the last check of a link kept, to ask "changed since?" next time. */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
  sha256: string | null;
}

export interface CheckOutcome {
  health: LinkHealth;
  provider: string | null;
  file: LinkFile | null;
  detail: string | null;
  validators: Validators;
  /** Whether the file differs from the one the validators describe (null: no earlier check to compare with, or no file). */
  changed: boolean | null;
  /** The whole file, when it was read whole (a 200 within the byte cap); null after a 304 or when too large. */
  bytes: Buffer | null;
  /** 'lines': `changed` by bytes means nothing (a fresh export every time); what the file reads as decides (ADR 0157). */
  compare?: 'lines';
}

export interface CheckLimits {
  maxBytes: number;
  timeoutMs: number;
}

/** The result the upload form and the API show. */
export function resultOf(outcome: Pick<CheckOutcome, 'health' | 'provider' | 'file'>): LinkCheckResult {
  return {
    health: outcome.health,
    provider: outcome.provider,
    message: linkHealthMessage(outcome.health, outcome.provider),
    file: outcome.health === 'ok' ? outcome.file : null,
  };
}

const NONE: Validators = { etag: null, lastModified: null, sha256: null };

/**
 * Checks one link: turns it into the address that answers with the file (providers.ts), fetches it
 * with the last validators, and says what it found and whether the file changed. Links to the
 * site itself are not fetched.
 */
export async function checkLink(
  fetcher: Fetcher,
  link: string,
  options: CheckLimits & { siteHost: string; previous?: Validators | null },
): Promise<CheckOutcome> {
  const url = new URL(link);
  const provider = providerOf(url.hostname);
  const name = provider?.name ?? null;
  const base = { provider: name, file: null, validators: NONE, changed: null, bytes: null };
  if (hostMatches(url.hostname, options.siteHost)) return { ...base, health: 'unchecked', detail: 'a page of this site' };
  const target: Target = provider ? provider.target(url) : { kind: 'file', url: url.href };
  if (target.kind === 'not-a-file') return { ...base, health: 'not-a-file', detail: target.reason };

  const previous = options.previous ?? null;
  const pageOnly = target.kind === 'page-only';
  const outcome = await fetcher.fetch({
    url: target.url,
    maxBytes: pageOnly ? 64 * 1024 : options.maxBytes,
    timeoutMs: options.timeoutMs,
    etag: pageOnly ? null : previous?.etag,
    lastModified: pageOnly ? null : previous?.lastModified,
  });
  const verdict = classify(outcome, provider, pageOnly);
  if (verdict.health !== 'ok' || outcome.kind !== 'answer') return { ...base, health: verdict.health, detail: verdict.detail };
  if (verdict.notModified) {
    return { ...base, health: 'ok', detail: 'not modified', validators: previous ?? NONE, changed: false };
  }
  const validators: Validators = {
    etag: outcome.headers.etag ?? null,
    lastModified: outcome.headers['last-modified'] ?? null,
    sha256: outcome.sha256,
  };
  const whole = outcome.status === 200 && !outcome.truncated && verdict.detail === null && outcome.body !== null;
  return {
    ...base,
    health: 'ok',
    file: verdict.file,
    detail: verdict.detail,
    validators,
    changed: previous ? hasChanged(previous, validators) : null,
    bytes: whole ? outcome.body : null,
    ...(target.kind === 'file' && target.compare ? { compare: target.compare } : {}),
  };
}

/** Compared by content when both sides have a hash; else by the provider's validators. */
function hasChanged(before: Validators, now: Validators): boolean {
  if (before.sha256 && now.sha256) return before.sha256 !== now.sha256;
  if (before.etag && now.etag) return before.etag !== now.etag;
  if (before.lastModified && now.lastModified) return before.lastModified !== now.lastModified;
  return true;
}
