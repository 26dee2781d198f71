import { z } from 'zod';
import { businessCardSchema } from './business-profile';
import { publicPostSchema } from './feed';

/** Spec 9: the QR image on the connect page and the printable card. */
export const QR_IMAGE_SIZE = 160;
export const QR_CARD_WIDTH = 600;
export const QR_CARD_HEIGHT = 800;

export const QR_MIN_SIZE = 64;
export const QR_MAX_SIZE = 1024;
/** A profile URL with the longest handle is far below this; longer data makes unreadably dense codes. */
export const QR_MAX_DATA_LENGTH = 500;

export const QR_FORMATS = ['png', 'svg'] as const;
export type QrFormat = (typeof QR_FORMATS)[number];

export const SHARING_MESSAGES = {
  size: `Size must be a whole number from ${QR_MIN_SIZE} to ${QR_MAX_SIZE}.`,
  format: 'Format must be png or svg.',
  dataRequired: 'Data is required.',
  dataTooLong: `Data can be at most ${QR_MAX_DATA_LENGTH} characters.`,
  dataOffSite: 'QR codes can only point to pages on Freshlist.',
  dataNotNormal:
    'Data must be a full address written as a browser writes it: no spaces, line breaks or characters that need encoding.',
  handle: 'That is not a handle.',
  busy: 'Too many images are being drawn right now. Please try again in a moment.',
  unknownHandle: 'No one has that handle.',
  listSlug: 'That is not a list address.',
  unknownList: 'There is no such list.',
} as const;

/** A query-string size: digits only, within bounds; absent means the spec's 160. */
export const qrSizeSchema = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw === '') return QR_IMAGE_SIZE;
    const n = /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isInteger(n) || n < QR_MIN_SIZE || n > QR_MAX_SIZE) {
      ctx.addIssue({ code: 'custom', message: SHARING_MESSAGES.size });
      return z.NEVER;
    }
    return n;
  });

export const qrFormatSchema = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw === '') return 'png' as QrFormat;
    if (!(QR_FORMATS as readonly string[]).includes(raw)) {
      ctx.addIssue({ code: 'custom', message: SHARING_MESSAGES.format });
      return z.NEVER;
    }
    return raw as QrFormat;
  });

export const qrDataSchema = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (!raw) {
      ctx.addIssue({ code: 'custom', message: SHARING_MESSAGES.dataRequired });
      return z.NEVER;
    }
    if (raw.length > QR_MAX_DATA_LENGTH) {
      ctx.addIssue({ code: 'custom', message: SHARING_MESSAGES.dataTooLong });
      return z.NEVER;
    }
    return raw;
  });

/**
 * Whether a QR code may carry this text: only a URL of this site, so the endpoint cannot be used
 * as a free QR service for anyone's links (phishing stickers with our name on them).
 */
export function isOwnSiteUrl(data: string, publicUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(data);
  } catch {
    return false;
  }
  const site = new URL(publicUrl);
  return url.origin === site.origin && url.username === '' && url.password === '' && data.startsWith(`${site.origin}/`);
}

/**
 * The address a QR code for `data` carries: the parsed URL, so what is drawn is what was checked.
 * The URL parser drops tabs and line breaks a phone would still read, so `{site}/\r\nhttps://other/`
 * passes as this site yet would show a second address; text that is not its own parsed form is refused.
 */
export function qrDataFor(data: string, publicUrl: string): { url: string } | { problem: string } {
  const raw = data.trim();
  if (!isOwnSiteUrl(raw, publicUrl)) {
    // Off-site unless the parsed form is ours (then only the writing is wrong).
    let parsed: string | null = null;
    try {
      parsed = new URL(raw).href;
    } catch {}
    return { problem: parsed && isOwnSiteUrl(parsed, publicUrl) ? SHARING_MESSAGES.dataNotNormal : SHARING_MESSAGES.dataOffSite };
  }
  const url = new URL(raw).href;
  return url === raw ? { url } : { problem: SHARING_MESSAGES.dataNotNormal };
}

/** The stable address a list's QR code encodes (docs/decisions/0102). */
export function listUrl(publicUrl: string, handle: string, slug: string): string {
  return `${profileUrl(publicUrl, handle)}/lists/${slug}`;
}

/** The profile URL a handle's QR code encodes. */
export function profileUrl(publicUrl: string, handle: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/${handle}`;
}

/** Paths of the images the server makes for a handle. */
export const sharingPaths = {
  qr: (handle: string, format: QrFormat = 'png', size?: number) =>
    `/qr/${encodeURIComponent(handle)}.${format}${size ? `?size=${size}` : ''}`,
  card: (handle: string, download = false) => `/qr/${encodeURIComponent(handle)}/card.png${download ? '?download=1' : ''}`,
  feed: (handle: string) => `/${encodeURIComponent(handle)}/feed.atom`,
  manifest: (handle: string) => `/${encodeURIComponent(handle)}/manifest.webmanifest`,
};

/** A handle's public face: what anyone may see (never an email; a phone only when the owner published one). */
export const publicProfileSchema = z.object({
  handle: z.string(),
  displayName: z.string(),
  /** The business card the owner filled in at /settings/profile (issue 15 §3). */
  business: businessCardSchema,
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** A web app manifest: a profile added to a phone's home screen opens that profile. */
export const webManifestSchema = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  background_color: z.string(),
  theme_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string().optional() })),
});
export type WebManifest = z.infer<typeof webManifestSchema>;

/** What the connect page (/follow/{handle}) shows. */
export const connectPageSchema = z.object({
  profile: publicProfileSchema,
  latestPost: publicPostSchema.nullable(),
});
export type ConnectPage = z.infer<typeof connectPageSchema>;
