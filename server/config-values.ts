import { z } from 'zod';
import { DEFAULT_BLOCKED_HOSTS, DEFAULT_PROVIDERS, type LinkProvider } from '../core/link';

/** The parsers of server/config.ts's variables that take more than one line of zod. */

export const emailList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'must be a comma-separated list of email addresses' })));

export const optionalString = z
  .string()
  .optional()
  .transform((s) => (s?.trim() ? s.trim() : undefined));

/** A host name as the URL parser reads it (lower case, IDN as punycode, no trailing dot), or null. */
export function hostEntry(raw: string): string | null {
  const text = raw.trim().replace(/\.$/, '');
  if (!text || /[\s/\\:@?#[\]]/.test(text)) return null;
  try {
    const host = new URL(`https://${text}/`).hostname;
    return /^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host) ? host : null;
  } catch {
    return null;
  }
}

/** LINK_BLOCKED_HOSTS: `bit.ly,tinyurl.com`. */
export const hostList = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined || !text.trim()) return DEFAULT_BLOCKED_HOSTS;
    const hosts: string[] = [];
    for (const raw of text.split(',').filter((h) => h.trim())) {
      const host = hostEntry(raw);
      if (!host) {
        ctx.addIssue({
          code: 'custom',
          message: `'${raw.trim()}' is not a host name (comma-separated, e.g. bit.ly,tinyurl.com)`,
        });
        return z.NEVER;
      }
      hosts.push(host);
    }
    return hosts;
  });

/** LINK_PROVIDERS: `Google Drive=drive.google.com,docs.google.com; Dropbox=dropbox.com`. */
export const providerList = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined || !text.trim()) return DEFAULT_PROVIDERS;
    const providers: LinkProvider[] = [];
    for (const entry of text.split(';').filter((p) => p.trim())) {
      const [name, hostText, ...rest] = entry.split('=');
      const hosts = (hostText ?? '')
        .split(',')
        .filter((h) => h.trim())
        .map(hostEntry);
      if (!name?.trim() || rest.length > 0 || hosts.length === 0 || hosts.some((h) => h === null)) {
        ctx.addIssue({
          code: 'custom',
          message: `'${entry.trim()}' is not Name=host,host (entries separated by ';', e.g. Dropbox=dropbox.com)`,
        });
        return z.NEVER;
      }
      // The spec's message names four providers: the first four listed.
      providers.push({ name: name.trim(), hosts: hosts as string[], namedInMessage: providers.length < 4 });
    }
    return providers;
  });

/** MAIL_FROM: `hello@freshlist.example` or `Freshlist <hello@freshlist.example>`; no control characters. */
export const MAIL_FROM_PATTERN = /^(?:([^\p{Cc}<>"]+?)\s*<([^\s<>@]+@[^\s<>@]+)>|([^\s<>@]+@[^\s<>@]+))$/u;

/** MAIL_FROM split into its name and (lower-cased) address. */
export function mailFrom(text: string): { name: string; address: string } {
  const match = MAIL_FROM_PATTERN.exec(text);
  return { name: match?.[1]?.trim() ?? '', address: (match?.[2] ?? match?.[3] ?? text).toLowerCase() };
}
