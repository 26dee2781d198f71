import { PROFILE_MESSAGES } from '../../../core/business-profile';
import { type DeliveryTerms, nextDelivery, publicTerms } from '../../../core/delivery-terms';
import { deliveryTermsSchema, type PublicTermsAnswer } from '../../../core/delivery-terms-api';
import { POST_MESSAGES } from '../../../core/post-text';
import { forbidden, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { looksLikeHandle } from './public-service';
import { profilesRepository } from './repository';

/**
 * Stored terms as the rule reads them. They were checked when saved; a value that no longer reads
 * (a hand edit, a bug) counts as no terms rather than breaking every page that shows them.
 */
function readStored(stored: unknown): DeliveryTerms | null {
  const parsed = deliveryTermsSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** Ordering terms (issue 40 §1, docs/decisions/0207): the owner keeps them, anyone reads their public part. */
export function termsService(db: DB) {
  const repo = profilesRepository(db);

  return {
    /** The owner's terms with where orders go; null until first saved. */
    async own(userId: string): Promise<DeliveryTerms | null> {
      const row = await repo.termsOf(userId);
      if (!row) throw forbidden(PROFILE_MESSAGES.notApproved);
      return readStored(row.terms);
    },

    /** Stores terms that deliveryTermsInputSchema has checked. */
    async save(userId: string, terms: DeliveryTerms): Promise<DeliveryTerms> {
      if (!(await repo.setTerms(userId, JSON.stringify(terms)))) throw forbidden(PROFILE_MESSAGES.notApproved);
      return terms;
    },

    /** A holder's terms without their order addresses, and the next delivery as of `nowMs`. */
    async publicTerms(handle: string, nowMs: number): Promise<PublicTermsAnswer> {
      const row = looksLikeHandle(handle) ? await repo.termsByHandle(handle) : undefined;
      if (!row) throw notFound(POST_MESSAGES.profileNotFound);
      const terms = readStored(row.terms);
      if (!terms) return { terms: null, nextDelivery: null };
      return { terms: publicTerms(terms), nextDelivery: nextDelivery(terms, nowMs) };
    },
  };
}

/** For other modules (baskets, orders): the full stored terms of a handle's holder, order addresses included. */
export async function termsOfHandle(db: DB, handle: string): Promise<DeliveryTerms | null> {
  const row = await profilesRepository(db).termsByHandle(handle);
  return row ? readStored(row.terms) : null;
}
