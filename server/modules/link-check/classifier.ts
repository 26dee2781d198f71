import type { LinkFile, LinkHealth } from '../../../core/link-check';
import { type FetchOutcome, MAX_REDIRECTS } from './fetcher';
import { isSignInPage, type Provider } from './providers';

/** What one fetch says about a link: its health, what the file is, and why (for the admin page). */
export interface Verdict {
  health: LinkHealth;
  file: LinkFile | null;
  /** 304: the file is as it was at the last check. */
  notModified: boolean;
  detail: string | null;
}

const verdict = (health: LinkHealth, detail: string | null, file: LinkFile | null = null): Verdict => ({
  health,
  file,
  notModified: false,
  detail,
});

/** The file name a Content-Disposition header gives: RFC 6266's filename* (UTF-8) first, then filename. */
export function dispositionFileName(header: string | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2] ?? null;
  return name ? name.slice(0, 300) : null;
}

/** The file's name, type, size and last change, as the answer's headers tell them. */
export function fileOf(headers: Record<string, string>, bodyLength: number | null): LinkFile {
  const type = headers['content-type']?.split(';')[0]?.trim().toLowerCase() || null;
  const length = Number(headers['content-length']);
  const modified = headers['last-modified'] ? Date.parse(headers['last-modified']) : Number.NaN;
  return {
    name: dispositionFileName(headers['content-disposition']),
    type,
    size: Number.isFinite(length) && headers['content-length'] !== undefined ? length : bodyLength,
    modifiedAt: Number.isFinite(modified) ? modified : null,
  };
}

const isHtml = (headers: Record<string, string>) => /^(text\/html|application\/xhtml)/i.test(headers['content-type'] ?? '');

/**
 * Reads a fetch's outcome as a link's health (docs/decisions/0151). What the provider's pages say
 * is the provider's to read (providers.ts); the rest is HTTP: a sign-in redirect or 401/403 is a
 * file not shared publicly; 404/410 a file that is gone; 408, 429, 5xx and no answer at all are
 * the provider's trouble, never the supplier's; a page that is not the file is not a file we can open.
 */
export function classify(outcome: FetchOutcome, provider: Provider | undefined, pageOnly = false): Verdict {
  switch (outcome.kind) {
    case 'failed':
      return verdict('unreachable', outcome.reason);
    case 'too-many-redirects':
      return verdict('not-a-file', `too many redirects (more than ${MAX_REDIRECTS}) from ${new URL(outcome.url).hostname}`);
    case 'unreadable':
      return verdict('not-a-file', `can't read the file: ${outcome.reason}`);
    case 'refused':
      return verdict('not-a-file', `refused: ${outcome.reason}`);
    case 'left': {
      let location: URL | null = null;
      try {
        location = new URL(outcome.location);
      } catch {}
      if (location && isSignInPage(location)) return verdict('needs-sign-in', `redirected to sign in at ${location.hostname}`);
      return verdict('not-a-file', `redirected off the provider to ${location?.hostname ?? 'an unreadable address'}`);
    }
    case 'answer':
      break;
  }
  const { status, headers, body } = outcome;
  if (status === 304) return { ...verdict('ok', null), notModified: true };
  if (status === 401 || status === 403) return verdict('needs-sign-in', `${status} from ${new URL(outcome.url).hostname}`);
  if (status === 404 || status === 410) return verdict('not-found', `${status} from ${new URL(outcome.url).hostname}`);
  if (status === 408 || status === 429 || status >= 500)
    return verdict('unreachable', `${status} from ${new URL(outcome.url).hostname}`);
  if (status !== 200 && !(status > 200 && status < 300))
    return verdict('not-a-file', `${status} from ${new URL(outcome.url).hostname}`);
  if (pageOnly) return verdict('unchecked', 'the page is there; the provider shows its files in its own app');
  if (isHtml(headers)) {
    const said = provider?.page?.(body?.toString('utf8') ?? '') ?? null;
    if (said?.health === 'ok') return verdict('ok', 'a file too large to scan', { ...fileOf({}, null), name: said.name });
    if (said) return verdict(said.health, `the provider's page says ${said.health}`);
    return verdict('not-a-file', 'an HTML page, not a file');
  }
  return verdict('ok', null, fileOf(headers, body?.length ?? null));
}
