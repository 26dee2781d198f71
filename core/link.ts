import { z } from 'zod';
import { completeLink } from './link-completion';
import { hasControlCharacters, TEXT_MESSAGES } from './text';
import { characterCount } from './text-rules';

export const LINK_MAX_LENGTH = 500;
export const DESCRIPTION_MAX_LENGTH = 300;

export interface LinkProvider {
  /** The name people know the service by, shown in the /upload hint. */
  name: string;
  hosts: string[];
  /** Whether the 'Only trusted domains' message names it (the spec names four). */
  namedInMessage: boolean;
}

export interface LinkPolicy {
  /** The product's own host name (from PUBLIC_URL). */
  siteHost: string;
  providers: LinkProvider[];
  blocked: string[];
}

export const DEFAULT_BLOCKED_HOSTS = ['bit.ly', 'tinyurl.com', 't.co', 'goo.gl', 'ow.ly', 'grabify.link', 'iplogger.org'];

export const DEFAULT_PROVIDERS: LinkProvider[] = [
  { name: 'Google Drive', hosts: ['drive.google.com', 'docs.google.com'], namedInMessage: true },
  { name: 'Dropbox', hosts: ['dropbox.com'], namedInMessage: true },
  { name: 'OneDrive', hosts: ['onedrive.live.com'], namedInMessage: true },
  { name: 'Box', hosts: ['box.com'], namedInMessage: true },
  { name: 'iCloud', hosts: ['icloud.com'], namedInMessage: false },
  { name: 'WeTransfer', hosts: ['wetransfer.com'], namedInMessage: false },
  { name: 'MEGA', hosts: ['mega.nz'], namedInMessage: false },
];

export function defaultLinkPolicy(siteHost: string): LinkPolicy {
  return { siteHost, providers: DEFAULT_PROVIDERS, blocked: DEFAULT_BLOCKED_HOSTS };
}

export const LINK_MESSAGES = {
  https: 'Link must start with https://',
  structure: 'Invalid URL structure.',
  suspicious: 'Shortened or suspicious URLs are not allowed.',
  tooLong: 'Link is too long.',
  descriptionTooLong: 'Description must be 300 characters or less.',
} as const;

/** A development machine's own name: no one shares a list from it, so the message leaves it out (issue 43). */
const isLocalHost = (host: string) => /^(localhost|127\.\d+\.\d+\.\d+|\[?::1\]?)$|\.localhost$/i.test(host);

export function untrustedDomainMessage(policy: LinkPolicy): string {
  const site = isLocalHost(policy.siteHost) ? [] : [policy.siteHost];
  const names = [...site, ...policy.providers.filter((p) => p.namedInMessage).map((p) => p.name)];
  return `Only trusted domains are allowed (${names.join(', ')}).`;
}

/** A host matches an entry when it equals it or is a subdomain of it. */
export function hostMatches(host: string, entry: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  const e = entry.toLowerCase();
  return h === e || h.endsWith(`.${e}`);
}

export function allowedHosts(policy: LinkPolicy): string[] {
  return [policy.siteHost, `qr.${policy.siteHost}`, ...policy.providers.flatMap((p) => p.hosts)];
}

export { completeLink } from './link-completion';
export { characterCount } from './text-rules';

/** The parsed link, or a message for the first of rules 1-2 it breaks. */
function parseLink(link: string): URL | string {
  if (!link.toLowerCase().startsWith('https://')) return LINK_MESSAGES.https;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return LINK_MESSAGES.structure;
  }
  // A share link never carries credentials; 'https://drive.google.com@evil.com' is evil.com.
  if (url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '') {
    return LINK_MESSAGES.structure;
  }
  return url;
}

/**
 * Checks a link by the spec's rules in the spec's order; returns the first broken rule's message.
 * Hosts are compared as the URL parser reads them (lower case, IDN as punycode), the way a browser
 * would resolve them; a trusted host on a non-default port is not the trusted service.
 */
export function linkProblem(raw: string, policy: LinkPolicy): string | null {
  const link = raw.trim();
  const url = parseLink(link);
  if (typeof url === 'string') return url;
  if (policy.blocked.some((entry) => hostMatches(url.hostname, entry))) return LINK_MESSAGES.suspicious;
  if (url.port !== '' || !allowedHosts(policy).some((entry) => hostMatches(url.hostname, entry))) {
    return untrustedDomainMessage(policy);
  }
  // Both as typed and as stored: the stored form (normalisedLink) can be longer once percent-encoded.
  if (Math.max(link.length, url.href.length) > LINK_MAX_LENGTH) return LINK_MESSAGES.tooLong;
  return null;
}

/**
 * The form a link is stored and shown in: as the URL parser reads it (tabs and line breaks gone,
 * backslashes as slashes, full-width dots as dots), so what people see is where the link goes.
 */
export function normalisedLink(raw: string): string {
  const url = parseLink(raw.trim());
  return typeof url === 'string' ? raw.trim() : url.href;
}

/**
 * Where a stored link may send a browser: its parsed form (ASCII only, safe for a Location header)
 * when it passes the rules as they are now, else null.
 */
export function openableUrl(stored: string, policy: LinkPolicy): string | null {
  if (linkProblem(stored, policy) !== null) return null;
  const url = parseLink(stored.trim());
  return typeof url === 'string' ? null : url.href;
}

export function descriptionProblem(raw: string): string | null {
  if (characterCount(raw.trim()) > DESCRIPTION_MAX_LENGTH) return LINK_MESSAGES.descriptionTooLong;
  return hasControlCharacters(raw, { multiline: true }) ? TEXT_MESSAGES.controlCharacters('Description') : null;
}

/** A post's description, trimmed, by the spec's rule: the same when posting and when editing. */
export const descriptionSchema = z
  .string()
  .default('')
  .transform((s) => s.trim())
  .superRefine((text, ctx) => {
    const problem = descriptionProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The body of a new post, checked by the same rules the browser shows. */
export function newPostSchema(policy: LinkPolicy) {
  return z.object({
    url: z
      .string({ error: LINK_MESSAGES.https })
      .default('')
      .transform(completeLink)
      .superRefine((url, ctx) => {
        const problem = linkProblem(url, policy);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .transform(normalisedLink),
    description: descriptionSchema,
    /** Optional; the upload page sends one per attempt, so a double submission stores one post. */
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,100}$/, 'The upload key must be 16 to 100 letters, digits, - or _.')
      .optional(),
  });
}
