import { compiledOnce } from '../../plugins/compiled-once';
import { type DB, prepared } from '../../plugins/db';

/** A profile's stored fields, as the service turns them into a card. */
export interface ProfileRow {
  handle: string;
  userId: string;
  displayName: string;
  description: string | null;
  phone: string | null;
  links: string | null;
  socials: string | null;
  trades: string[];
  area: string | null;
  logoVersion: string | null;
  logoWidth: number | null;
  logoHeight: number | null;
}

export interface ProfileFields {
  displayName: string;
  description: string;
  phone: string | null;
  links: string | null;
  socials: string | null;
  trades: string[];
  area: string | null;
}

/** All SQL of business profiles: the profile columns of users (ordering terms among them) and the profile_logos table. */
export function profilesRepository(db: DB) {
  const profiles = () =>
    db
      .selectFrom('handles as h')
      .innerJoin('users as u', 'u.id', 'h.user_id')
      .leftJoin('profile_logos as l', 'l.user_id', 'h.user_id')
      .select([
        'h.handle',
        'h.user_id as userId',
        'u.display_name as displayName',
        'u.description',
        'u.phone',
        'u.links',
        'u.socials',
        'u.trades',
        'u.area',
        'l.version as logoVersion',
        'l.width as logoWidth',
        'l.height as logoHeight',
      ]);

  /** Compiled once (docs/decisions/0114): every public page and link preview starts here. */
  const profileByHandle = compiledOnce(db, (_shape: 'one', handle: string) =>
    profiles().where('h.handle', '=', handle).modifyEnd(prepared),
  );

  return {
    /** Every public page and link preview asks this: parsed once per connection (docs/decisions/0064). */
    byHandle: async (handle: string): Promise<ProfileRow | undefined> => (await profileByHandle('one', handle))[0],

    byUser: (userId: string): Promise<ProfileRow | undefined> => profiles().where('h.user_id', '=', userId).executeTakeFirst(),

    /** False when the person no longer holds a handle (removed since the request began). */
    async update(userId: string, fields: ProfileFields): Promise<boolean> {
      const row = await db
        .updateTable('users')
        .set({
          display_name: fields.displayName,
          description: fields.description,
          phone: fields.phone,
          links: fields.links,
          socials: fields.socials,
          trades: fields.trades,
          area: fields.area,
        })
        .where('id', '=', userId)
        .where((eb) => eb.exists(eb.selectFrom('handles').select('handle').where('user_id', '=', userId)))
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Fills the fields that are still empty, leaving anything the owner wrote. */
    async fillEmpty(
      userId: string,
      fields: { description: string | null; phone: string | null; links: string | null; socials: string | null },
    ): Promise<void> {
      await db
        .updateTable('users')
        .set((eb) => ({
          description: eb.fn.coalesce(eb.fn<string | null>('nullif', ['description', eb.val('')]), eb.val(fields.description)),
          phone: eb.fn.coalesce('phone', eb.val(fields.phone)),
          links: eb.fn.coalesce('links', eb.val(fields.links)),
          socials: eb.fn.coalesce('socials', eb.val(fields.socials)),
        }))
        .where('id', '=', userId)
        .execute();
    },

    async setLogo(
      userId: string,
      logo: { image: Uint8Array; contentType: string; width: number; height: number; version: string; now: number },
    ): Promise<void> {
      const values = {
        image: logo.image,
        content_type: logo.contentType,
        width: logo.width,
        height: logo.height,
        version: logo.version,
        updated_at: logo.now,
      };
      await db
        .insertInto('profile_logos')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },

    async deleteLogo(userId: string): Promise<void> {
      await db.deleteFrom('profile_logos').where('user_id', '=', userId).execute();
    },

    /** The holder's stored ordering terms (unchecked JSON, null when unset); undefined when no one holds the handle. */
    async termsByHandle(handle: string): Promise<{ terms: unknown } | undefined> {
      return db
        .selectFrom('handles as h')
        .innerJoin('users as u', 'u.id', 'h.user_id')
        .select('u.delivery_terms as terms')
        .where('h.handle', '=', handle)
        .executeTakeFirst();
    },

    /** The person's stored ordering terms; undefined when they hold no handle. */
    async termsOf(userId: string): Promise<{ terms: unknown } | undefined> {
      return db
        .selectFrom('handles as h')
        .innerJoin('users as u', 'u.id', 'h.user_id')
        .select('u.delivery_terms as terms')
        .where('h.user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Stores checked terms as JSON text; false when the person no longer holds a handle. */
    async setTerms(userId: string, termsJson: string): Promise<boolean> {
      const row = await db
        .updateTable('users')
        .set({ delivery_terms: termsJson })
        .where('id', '=', userId)
        .where((eb) => eb.exists(eb.selectFrom('handles').select('handle').where('user_id', '=', userId)))
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The logo of a handle's holder. */
    async logo(handle: string): Promise<{ image: Uint8Array; contentType: string; version: string } | undefined> {
      return db
        .selectFrom('handles as h')
        .innerJoin('profile_logos as l', 'l.user_id', 'h.user_id')
        .select(['l.image', 'l.content_type as contentType', 'l.version'])
        .where('h.handle', '=', handle)
        .executeTakeFirst();
    },
  };
}
