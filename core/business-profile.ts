import { z } from 'zod';
import { contactFromFreeText, readPhone, readSocial, readWebsite } from './business-contact';
import { SOCIAL_NETWORKS, type SocialNetwork, type Socials } from './contact-links';
import { DISPLAY_NAME_MAX_LENGTH } from './handle';
import { INVITE_MESSAGES } from './invite';
import { hasControlCharacters, TEXT_MESSAGES } from './text';
import { isTrade, TRADE_IDS } from './trades';

/**
 * A business profile (issue 15 §3): what an approved owner edits at /settings/profile and what
 * /{handle}, /follow/{handle}, link previews, the QR card and /explore show. The stored fields are
 * the spec's users fields (description, phone, links, socials) plus trades and area.
 */

export const BIO_MAX_LENGTH = 300;
export const AREA_MAX_LENGTH = 80;

export const PROFILE_MESSAGES = {
  displayNameEmpty: INVITE_MESSAGES.displayNameEmpty,
  tooLong: (field: string, max: number) => `${field} can be at most ${max} characters.`,
  bioTooLong: `Bio must be ${BIO_MAX_LENGTH} characters or less.`,
  trade: 'Choose trades from the list.',
  saved: 'Profile saved.',
  notApproved: 'Only the holder of an approved handle has a business profile.',
} as const;

/** Logo uploads: what the browser checks before sending and the server enforces (docs/decisions/0099). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The stored logo's width and height in pixels. */
export const LOGO_SIZE = 256;
/**
 * Decoding more would take seconds and hundreds of megabytes (40 megapixels took 160 MB each,
 * issue 33); a 12-megapixel phone photo still fits. docs/decisions/0132.
 */
export const LOGO_MAX_PIXELS = 16_000_000;
export const LOGO_MAX_SIDE = 10_000;

export const LOGO_MESSAGES = {
  empty: 'Choose an image to upload.',
  type: 'The logo must be a PNG, JPEG or WebP image.',
  tooLarge: 'The logo must be 2 MB or smaller.',
  dimensions: `The logo has too many pixels: at most ${LOGO_MAX_SIDE.toLocaleString('en-US')} pixels a side and 16 megapixels in all.`,
  unreadable: 'This image could not be read. Save it again as PNG or JPEG and try once more.',
  removed: 'Logo removed.',
  none: 'This profile has no logo.',
  busy: 'Logos are being processed for other people right now. Please try again in a moment.',
} as const;

const rawText = (max: number) => z.string().max(max).default('');

/** PUT /api/profile: every field as the form sends it; empty means "none". */
export const businessProfileInputSchema = z
  .object({
    displayName: rawText(1000),
    bio: rawText(5000),
    phone: rawText(200),
    website: rawText(2000),
    area: rawText(1000),
    trades: z.array(z.string().max(40)).max(40).default([]),
    instagram: rawText(500),
    facebook: rawText(500),
    linkedin: rawText(500),
    whatsapp: rawText(500),
  })
  .transform((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const displayName = v.displayName.trim();
    if (!displayName) issue('displayName', PROFILE_MESSAGES.displayNameEmpty);
    else if (displayName.length > DISPLAY_NAME_MAX_LENGTH) {
      issue('displayName', PROFILE_MESSAGES.tooLong('Display name', DISPLAY_NAME_MAX_LENGTH));
    } else if (hasControlCharacters(displayName)) issue('displayName', TEXT_MESSAGES.controlCharacters('Display name'));

    const bio = v.bio.trim();
    if ([...bio].length > BIO_MAX_LENGTH) issue('bio', PROFILE_MESSAGES.bioTooLong);
    else if (hasControlCharacters(bio, { multiline: true })) issue('bio', TEXT_MESSAGES.controlCharacters('Bio'));

    const area = v.area.trim().replace(/\s+/g, ' ');
    if (area.length > AREA_MAX_LENGTH) issue('area', PROFILE_MESSAGES.tooLong('Area', AREA_MAX_LENGTH));
    else if (hasControlCharacters(v.area.trim(), { multiline: false })) issue('area', TEXT_MESSAGES.controlCharacters('Area'));

    const trades = [...new Set(v.trades)];
    if (!trades.every(isTrade)) issue('trades', PROFILE_MESSAGES.trade);

    const read = (field: string, raw: string, reader: (text: string) => { value: string } | { problem: string }) => {
      if (!raw.trim()) return null;
      if (hasControlCharacters(raw)) {
        issue(field, TEXT_MESSAGES.controlCharacters(field[0]!.toUpperCase() + field.slice(1)));
        return null;
      }
      const result = reader(raw);
      if ('problem' in result) issue(field, result.problem);
      return 'value' in result ? result.value : null;
    };
    const phone = read('phone', v.phone, readPhone);
    const website = read('website', v.website, readWebsite);
    const socials: Socials = {};
    for (const network of SOCIAL_NETWORKS) {
      const value = read(network, v[network], (text) => readSocial(network, text));
      if (value) socials[network] = value;
    }
    // Trades in the list's order, whatever order the boxes were ticked in.
    const ordered = TRADE_IDS.filter((id) => trades.includes(id));
    return { displayName, bio, phone, website, area: area || null, trades: ordered, socials };
  });
export type BusinessProfileInput = z.output<typeof businessProfileInputSchema>;

const socialsSchema = z.object({
  instagram: z.string().optional(),
  facebook: z.string().optional(),
  linkedin: z.string().optional(),
  whatsapp: z.string().optional(),
});

export const logoSchema = z.object({ url: z.string(), width: z.number(), height: z.number() });
export type Logo = z.infer<typeof logoSchema>;

/** The business card anyone may see: what the owner chose to publish (decisions.md), never an email. */
export const businessCardSchema = z.object({
  bio: z.string(),
  logo: logoSchema.nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  area: z.string().nullable(),
  trades: z.array(z.string()),
  socials: socialsSchema,
});
export type BusinessCard = z.infer<typeof businessCardSchema>;

export const EMPTY_CARD: BusinessCard = { bio: '', logo: null, phone: null, website: null, area: null, trades: [], socials: {} };

/** GET and PUT /api/profile: the owner's own profile as the form shows it. */
export const ownBusinessProfileSchema = businessCardSchema.extend({ handle: z.string(), displayName: z.string() });
export type OwnBusinessProfile = z.infer<typeof ownBusinessProfileSchema>;

/** Where a logo is served; the version (a hash of the image) makes each new logo a new address. */
export const logoPath = (handle: string, version: string) =>
  `/api/profiles/${encodeURIComponent(handle)}/logo?v=${encodeURIComponent(version)}`;

/** PUT /api/profile/logo's answer. */
export const logoResponseSchema = z.object({ logo: logoSchema.nullable() });

/** The form's starting values from a stored profile. */
export function formValues(
  profile: OwnBusinessProfile,
): Record<'displayName' | 'bio' | 'phone' | 'website' | 'area', string> & Record<SocialNetwork, string> & { trades: string[] } {
  return {
    displayName: profile.displayName,
    bio: profile.bio,
    phone: profile.phone ?? '',
    website: profile.website ?? '',
    area: profile.area ?? '',
    trades: profile.trades,
    instagram: profile.socials.instagram ? `@${profile.socials.instagram}` : '',
    facebook: profile.socials.facebook ? `facebook.com/${profile.socials.facebook}` : '',
    linkedin: profile.socials.linkedin ? `linkedin.com/${profile.socials.linkedin}` : '',
    whatsapp: profile.socials.whatsapp ? `+${profile.socials.whatsapp}` : '',
  };
}

/** Text clipped to `max` characters at a word where possible, with an ellipsis. */
function clipWords(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * What an accepted invite (or the invite request behind it) carries into the profile (issue 15 §3):
 * the description as the bio, the phone when it reads as one, socials and a website found in the
 * free text. Only what reads cleanly; the owner edits the rest.
 */
export function profileFromInvite(invite: {
  phone: string | null;
  socials: string | null;
  links: string | null;
  description: string | null;
}): { bio: string | null; phone: string | null; website: string | null; socials: Socials } {
  const description = invite.description?.trim() ?? '';
  const phone = invite.phone ? readPhone(invite.phone) : null;
  const found = contactFromFreeText(invite.socials, invite.links);
  return {
    bio: description && !hasControlCharacters(description, { multiline: true }) ? clipWords(description, BIO_MAX_LENGTH) : null,
    phone: phone && 'value' in phone ? phone.value : null,
    website: found.website ?? null,
    socials: found.socials,
  };
}
