/**
 * How a business profile's contact details are written, read and linked (issue 15 §3): the phone,
 * the website (https only) and four social accounts. Each reader takes what people paste (a
 * username, "@name", a full link with tracking parameters) and keeps one stored form, from which
 * the link is made again; so a stored value can never become a link elsewhere.
 */

import { phoneDigits, SOCIAL_NETWORKS, type SocialNetwork, type Socials } from './contact-links';
import { completeLink } from './link-completion';

export const WEBSITE_MAX_LENGTH = 200;
const PHONE_MIN_DIGITS = 6;
const PHONE_MAX_DIGITS = 20;

export const CONTACT_MESSAGES = {
  websiteHttps: 'Website must start with https://',
  websiteInvalid: 'Website must be a full address, like https://example.com',
  websiteTooLong: `Website can be at most ${WEBSITE_MAX_LENGTH} characters.`,
  phone: `Phone must be a phone number: ${PHONE_MIN_DIGITS} to ${PHONE_MAX_DIGITS} digits, with spaces, + - ( ) allowed.`,
  instagram: 'Instagram: enter your username or your profile link (instagram.com/…).',
  facebook: 'Facebook: enter your page name or its link (facebook.com/…).',
  linkedin: 'LinkedIn: enter your link (linkedin.com/in/… or linkedin.com/company/…).',
  whatsapp: 'WhatsApp: enter the number with its country code, like +44 7700 900123.',
} as const;

type Read = { value: string } | { problem: string };

/** A URL the person typed, with or without its scheme; null when it is not one. */
function parseLoose(raw: string): URL | null {
  if (/\s/.test(raw)) return null;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return null;
  }
}

/** The path segments of a link to one of `hosts` or a subdomain (www., m., uk.); null for any other text. */
function pathOn(raw: string, hosts: readonly string[]): string[] | null {
  if (!/[./]/.test(raw)) return null;
  const url = parseLoose(raw);
  if (!url || !['http:', 'https:'].includes(url.protocol)) return null;
  const host = url.hostname.toLowerCase();
  if (!hosts.some((h) => host === h || host.endsWith(`.${h}`))) return null;
  return url.pathname.split('/').filter(Boolean);
}

/** The website: https only (completed when typed without it), a real host, no credentials; stored as the browser writes it. */
export function readWebsite(raw: string): Read {
  const text = completeLink(raw);
  if (text.length > WEBSITE_MAX_LENGTH) return { problem: CONTACT_MESSAGES.websiteTooLong };
  if (!/^https:\/\//i.test(text)) return { problem: CONTACT_MESSAGES.websiteHttps };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: CONTACT_MESSAGES.websiteInvalid };
  }
  if (/\s/.test(text) || url.username || url.password || !/^[^.]+(\.[^.]+)+$/.test(url.hostname)) {
    return { problem: CONTACT_MESSAGES.websiteInvalid };
  }
  if (url.href.length > WEBSITE_MAX_LENGTH) return { problem: CONTACT_MESSAGES.websiteTooLong };
  return { value: url.href };
}

/** A phone number as written (spaces tidied): digits, spaces and + - ( ) . only, + only first. */
export function readPhone(raw: string): Read {
  const text = raw.trim().replace(/\s+/g, ' ');
  const digits = phoneDigits(text).length;
  if (!/^\+?[0-9 ()./-]+$/.test(text) || digits < PHONE_MIN_DIGITS || digits > PHONE_MAX_DIGITS) {
    return { problem: CONTACT_MESSAGES.phone };
  }
  return { value: text };
}

/** The hosts each network's links live on (with or without www. or m.). */
const HOSTS: Record<SocialNetwork, readonly string[]> = {
  instagram: ['instagram.com', 'instagr.am'],
  facebook: ['facebook.com', 'fb.com'],
  linkedin: ['linkedin.com'],
  whatsapp: ['wa.me', 'api.whatsapp.com', 'whatsapp.com'],
};

const INSTAGRAM_NAME = /^[a-z0-9._]{1,30}$/;
const FACEBOOK_NAME = /^[a-z0-9.-]{2,50}$/;
const LINKEDIN_SLUG = /^[a-z0-9_%-]{2,100}$/i;

function readInstagram(text: string): string | null {
  const path = pathOn(text, HOSTS.instagram);
  const name = (path ? (path[0] ?? '') : text.replace(/^@/, '')).toLowerCase();
  return INSTAGRAM_NAME.test(name) ? name : null;
}

function readFacebook(text: string): string | null {
  const path = pathOn(text, HOSTS.facebook);
  if (path) {
    const id = parseLoose(text)?.searchParams.get('id');
    if (path[0] === 'profile.php' && id && /^\d{1,20}$/.test(id)) return `profile.php?id=${id}`;
    const name = (path[0] === 'pages' ? path.at(-1) : path[0])?.toLowerCase() ?? '';
    return FACEBOOK_NAME.test(name) ? name : null;
  }
  const name = text.replace(/^@/, '').toLowerCase();
  return FACEBOOK_NAME.test(name) ? name : null;
}

function readLinkedIn(text: string): string | null {
  const path = pathOn(text, HOSTS.linkedin) ?? (/^(in|company)\//.test(text) ? text.split('/').filter(Boolean) : null);
  const [kind, slug] = path ?? [];
  if ((kind !== 'in' && kind !== 'company') || !slug || !LINKEDIN_SLUG.test(slug)) return null;
  return `${kind}/${slug}`;
}

function readWhatsApp(text: string): string | null {
  const path = pathOn(text, HOSTS.whatsapp);
  const number = path ? (path[0] === 'send' ? (parseLoose(text)?.searchParams.get('phone') ?? '') : (path[0] ?? '')) : text;
  if (!/^\+?[0-9 ()./-]+$/.test(number.trim())) return null;
  const digits = phoneDigits(number);
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

const READERS: Record<SocialNetwork, (text: string) => string | null> = {
  instagram: readInstagram,
  facebook: readFacebook,
  linkedin: readLinkedIn,
  whatsapp: readWhatsApp,
};

/** One social account as pasted, in its stored form (a username, a page, a LinkedIn path, digits). */
export function readSocial(network: SocialNetwork, raw: string): Read {
  const value = READERS[network](raw.trim());
  return value === null ? { problem: CONTACT_MESSAGES[network] } : { value };
}

/** Stored socials (users.socials holds them as a JSON object): unknown keys and bad values are dropped. */
export function parseStoredSocials(stored: string | null): Socials {
  if (!stored) return {};
  let data: unknown;
  try {
    data = JSON.parse(stored);
  } catch {
    return {};
  }
  if (typeof data !== 'object' || data === null) return {};
  const out: Socials = {};
  for (const network of SOCIAL_NETWORKS) {
    const value = (data as Record<string, unknown>)[network];
    if (typeof value === 'string' && value !== '') out[network] = value;
  }
  return out;
}

/** The socials as users.socials stores them: null when there are none. */
export function storeSocials(socials: Socials): string | null {
  const present = SOCIAL_NETWORKS.filter((network) => socials[network]);
  return present.length === 0 ? null : JSON.stringify(Object.fromEntries(present.map((n) => [n, socials[n]])));
}

/** Every link-looking piece of free text (`https://…`, `www.…`, `name.tld/…`), and every `@name`. */
function pieces(text: string): { links: string[]; mentions: string[] } {
  const links = text.match(/\b(?:https?:\/\/|www\.)[^\s,;<>"]+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\/[^\s,;<>"]*/gi) ?? [];
  const mentions = text.match(/(?<![\w@.])@[a-z0-9._]{1,30}\b/gi) ?? [];
  return { links: links.map((l) => l.replace(/[.)]+$/, '')), mentions };
}

/**
 * What an invite or invite request's free text says about socials and a website (issue 15 §3):
 * links to the four networks, a bare "@name" as Instagram (the form's hint names it first), and the
 * first other https link as the website. What cannot be read is left for the owner to fill in.
 */
export function contactFromFreeText(
  socialsText: string | null,
  linksText: string | null,
): { socials: Socials; website?: string } {
  const socials: Socials = {};
  let website: string | undefined;
  for (const text of [socialsText ?? '', linksText ?? '']) {
    const { links, mentions } = pieces(text);
    for (const link of links) {
      const network = SOCIAL_NETWORKS.find((n) => pathOn(link, HOSTS[n]) !== null);
      if (network) {
        const value = READERS[network](link);
        if (value !== null) socials[network] ??= value;
        continue;
      }
      const read = /^https:\/\//i.test(link) ? readWebsite(link) : null;
      if (!website && read && 'value' in read) website = read.value;
    }
    if (text === socialsText && !socials.instagram) {
      const mention = mentions.map((m) => readInstagram(m)).find((name) => name !== null);
      if (mention) socials.instagram = mention;
    }
  }
  return website ? { socials, website } : { socials };
}
