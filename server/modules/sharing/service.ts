import { createHash } from 'node:crypto';
import { LIST_SLUG_MAX_LENGTH, LIST_SLUG_PATTERN } from '../../../core/list';
import {
  listUrl,
  type PublicProfile,
  profileUrl,
  type QrFormat,
  qrDataFor,
  SHARING_MESSAGES,
  sharingPaths,
  type WebManifest,
} from '../../../core/sharing';
import { printableText } from '../../../core/text';
import type { Config } from '../../config';
import { badRequest, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import type { ReadCache } from '../../read-cache/read-cache';
import { handleTag } from '../../read-cache/read-tags';
import { listsService } from '../lists/service';
import { looksLikeHandle, publicProfilesService } from '../profiles/public-service';
import { profilesService } from '../profiles/service';
import { atomFeed } from './atom';
import type { ImageRenderer } from './image-renderer';
import { type CardContent, cardTask, type QrImage, qrTask } from './qr';

/** Bumped when the drawing changes, so caches let go of old images. */
const IMAGE_VERSION = '2';

const looksLikeSlug = (text: string) => text.length <= LIST_SLUG_MAX_LENGTH && LIST_SLUG_PATTERN.test(text);

const etagOf = (...parts: Array<string | number>) =>
  `"${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 27)}"`;

/** How many posts a handle's feed lists. */
export const FEED_ENTRIES = 20;

export interface CachedFeed {
  etag: string;
  /** The newest post's time; null for a feed without entries. */
  lastModified: number | null;
  render(): string;
}

export interface CachedImage {
  etag: string;
  /** Made only when the client does not already hold this version. */
  render(): Promise<QrImage>;
}

/** QR codes, the printable card, a handle's Atom feed and home-screen manifest. */
export function sharingService(db: DB, config: Config, renderer: ImageRenderer, reads?: ReadCache) {
  const logos = profilesService(db);
  const profiles = publicProfilesService(db, reads);
  const lists = listsService(db);

  function qrImage(data: string, size: number, format: QrFormat): CachedImage {
    const etag = etagOf('qr', IMAGE_VERSION, format, size, data);
    return { etag, render: () => renderer.draw(etag, () => qrTask(data, size, format)) };
  }

  /** A printable card, with the holder's logo beside the handle when they have one. */
  function cardImage(kind: string, content: CardContent, profile: PublicProfile | undefined): CachedImage {
    const logo = profile?.business.logo;
    // The logo's version (its hash) is in the URL; a card without one keeps the ETag it always had.
    const etag = logo
      ? etagOf(kind, IMAGE_VERSION, content.handle, content.displayName, content.url, logo.url)
      : etagOf(kind, IMAGE_VERSION, content.handle, content.displayName, content.url);
    const task =
      logo && profile
        ? async () => cardTask({ ...content, logoPng: await logos.logoPng(profile.handle) })
        : () => cardTask(content);
    return { etag, render: () => renderer.draw(etag, task) };
  }

  return {
    /** A handle's public face for pages and previews; undefined when no one holds it. */
    publicProfile: (raw: string) => profiles.face(raw),

    /** A handle's Atom feed; its ETag and Last-Modified come from what it lists, before it is written. */
    async feed(handle: string): Promise<CachedFeed> {
      const profile = await this.publicProfile(handle);
      if (!profile) throw notFound(SHARING_MESSAGES.unknownHandle);
      const newest = await profiles.newestLists(profile.handle, FEED_ENTRIES);
      // Everything an entry shows: an edit, a new version or new dates make a new ETag.
      const shown = newest.flatMap((p) => [
        p.id,
        p.createdAt,
        p.editedAt ?? 0,
        p.validFrom ?? '',
        p.validUntil ?? '',
        p.list.name,
        p.list.versions,
      ]);
      return {
        etag: etagOf('feed', IMAGE_VERSION, profile.handle, profile.displayName, ...shown),
        lastModified: newest.length > 0 ? Math.max(...newest.map((p) => Math.max(p.createdAt, p.editedAt ?? 0))) : null,
        render: () => atomFeed({ publicUrl: config.publicUrl, profile, posts: newest, now: Date.now() }),
      };
    },

    profileUrl: (handle: string) => profileUrl(config.publicUrl, handle),

    /** A QR code for a URL of this site only. */
    qrForData(data: string, size: number, format: QrFormat): CachedImage {
      const checked = qrDataFor(data, config.publicUrl);
      if ('problem' in checked) throw badRequest(checked.problem);
      return qrImage(checked.url, size, format);
    },

    /**
     * The QR code of a handle's profile URL. It needs no lookup: the image only repeats a public
     * address, and the invitation page shows one for a handle not taken yet.
     */
    qrForHandle(handle: string, size: number, format: QrFormat): CachedImage {
      if (!looksLikeHandle(handle)) throw badRequest(SHARING_MESSAGES.handle);
      return qrImage(profileUrl(config.publicUrl, handle), size, format);
    },

    /** The 600x800 card of a handle someone holds, with its display name and logo. */
    async card(handle: string): Promise<CachedImage> {
      if (!looksLikeHandle(handle)) throw badRequest(SHARING_MESSAGES.handle);
      const profile = await this.publicProfile(handle);
      if (!profile) throw notFound(SHARING_MESSAGES.unknownHandle);
      const content = { handle: profile.handle, displayName: profile.displayName, url: profileUrl(config.publicUrl, handle) };
      return cardImage('card', content, profile);
    },

    /** The QR code of a list's stable address; like a handle's, it needs no lookup. */
    qrForList(handle: string, slug: string, size: number, format: QrFormat): CachedImage {
      if (!looksLikeHandle(handle)) throw badRequest(SHARING_MESSAGES.handle);
      if (!looksLikeSlug(slug)) throw badRequest(SHARING_MESSAGES.listSlug);
      return qrImage(listUrl(config.publicUrl, handle, slug), size, format);
    },

    /** The 600x800 card of a list: its QR code, @handle, the list's name and the owner's logo. */
    async listCard(handle: string, slug: string): Promise<CachedImage> {
      if (!looksLikeHandle(handle)) throw badRequest(SHARING_MESSAGES.handle);
      if (!looksLikeSlug(slug)) throw badRequest(SHARING_MESSAGES.listSlug);
      const load = () => lists.atAddress(handle, slug);
      const list = reads ? await reads.get(`list:${handle}:${slug}`, load, { tags: [handleTag(handle)] }) : await load();
      if (!list) throw notFound(SHARING_MESSAGES.unknownList);
      const content = { handle: list.handle, displayName: list.name, url: listUrl(config.publicUrl, list.handle, list.slug) };
      return cardImage('list-card', content, await this.publicProfile(list.handle));
    },

    /** The home-screen manifest of a profile: same icons as the app, opening at the profile. */
    profileManifest(profile: PublicProfile): WebManifest {
      const path = `/${profile.handle}`;
      return {
        id: path,
        name: `${printableText(profile.displayName).trim() || `@${profile.handle}`} on Freshlist`,
        short_name: `@${profile.handle}`,
        description: `The latest lists from @${profile.handle} on Freshlist.`,
        start_url: path,
        scope: '/',
        display: 'standalone',
        background_color: '#f6f8f6',
        theme_color: '#1f7a4d',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      };
    },

    cardUrl: (handle: string) => `${config.publicUrl}${sharingPaths.card(handle)}`,
  };
}

export type SharingService = ReturnType<typeof sharingService>;
