import { parseStoredSocials, storeSocials } from '../../../core/business-contact';
import {
  type BusinessCard,
  type BusinessProfileInput,
  type Logo,
  logoPath,
  type OwnBusinessProfile,
  PROFILE_MESSAGES,
  profileFromInvite,
} from '../../../core/business-profile';
import { isTrade } from '../../../core/trades';
import { forbidden } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { logoAsPng, processLogo } from './logo-image';
import { type ProfileRow, profilesRepository } from './repository';

/** A stored profile as anyone may see it. */
export function toCard(row: ProfileRow): BusinessCard {
  const logo: Logo | null =
    row.logoVersion !== null
      ? { url: logoPath(row.handle, row.logoVersion), width: row.logoWidth ?? 0, height: row.logoHeight ?? 0 }
      : null;
  return {
    bio: row.description ?? '',
    logo,
    phone: row.phone,
    website: row.links,
    area: row.area,
    trades: row.trades.filter(isTrade),
    socials: parseStoredSocials(row.socials),
  };
}

export interface PublicBusinessProfile {
  handle: string;
  userId: string;
  displayName: string;
  card: BusinessCard;
}

/** Business profiles (issue 15 §3): the owner edits, everyone reads. */
export function profilesService(db: DB) {
  const repo = profilesRepository(db);

  async function own(userId: string): Promise<OwnBusinessProfile> {
    const row = await repo.byUser(userId);
    if (!row) throw forbidden(PROFILE_MESSAGES.notApproved);
    return { handle: row.handle, displayName: row.displayName, ...toCard(row) };
  }

  return {
    /** A held handle's public face with its business card; undefined when no one holds it. */
    async publicProfile(handle: string): Promise<PublicBusinessProfile | undefined> {
      const row = await repo.byHandle(handle);
      return row && { handle: row.handle, userId: row.userId, displayName: row.displayName, card: toCard(row) };
    },

    own,

    async update(userId: string, input: BusinessProfileInput): Promise<OwnBusinessProfile> {
      const updated = await repo.update(userId, {
        displayName: input.displayName,
        description: input.bio,
        phone: input.phone,
        links: input.website,
        socials: storeSocials(input.socials),
        trades: input.trades,
        area: input.area,
      });
      if (!updated) throw forbidden(PROFILE_MESSAGES.notApproved);
      return own(userId);
    },

    async uploadLogo(userId: string, bytes: Uint8Array): Promise<Logo> {
      const logo = await processLogo(bytes);
      await repo.setLogo(userId, { ...logo, now: Date.now() });
      const card = (await own(userId)).logo;
      if (!card) throw forbidden(PROFILE_MESSAGES.notApproved);
      return card;
    },

    removeLogo: (userId: string) => repo.deleteLogo(userId),

    logo: (handle: string) => repo.logo(handle),

    /** A handle's logo as PNG, for the QR card's renderer (which reads no WebP); null without one. */
    async logoPng(handle: string): Promise<Buffer | null> {
      const logo = await repo.logo(handle);
      return logo ? logoAsPng(logo.image) : null;
    },
  };
}

/**
 * Carries what an accepted invite says (phone, socials, links, description) into the new holder's
 * profile, inside the acceptance's transaction; fields the person already filled in stay.
 */
export async function carryInviteIntoProfile(
  trx: DB,
  userId: string,
  invite: { phone: string | null; socials: string | null; links: string | null; description: string | null },
): Promise<void> {
  const found = profileFromInvite(invite);
  await profilesRepository(trx).fillEmpty(userId, {
    description: found.bio,
    phone: found.phone,
    links: found.website,
    socials: storeSocials(found.socials),
  });
}
