import { logoPath } from '../../../core/business-profile';
import { coveringPrefixes } from '../../../core/delivery-areas';
import { DIRECTORY_PAGE_SIZE, type DirectoryPage, type DirectoryQuery, hasSearchWords } from '../../../core/directory';
import { isTrade } from '../../../core/trades';
import type { DB } from '../../plugins/db';
import { contentsSearchService } from '../contents/service';
import { directoryRepository } from './repository';

/** The directory at /explore: search, filters and pages over every held handle (issue 15 §4). */
export function directoryService(db: DB) {
  const repo = directoryRepository(db);
  const items = contentsSearchService(db);
  return {
    async search(query: DirectoryQuery, viewerId: string | null): Promise<DirectoryPage> {
      // The words resolved once (typos by pg_trgm) for the three statements of a search (docs/decisions/0192).
      const terms = hasSearchWords(query.q) ? await repo.searchTerms(query.q) : null;
      // Suppliers found by what they sell (issue 30 §4): their best current line, ranked with names.
      const itemMatches = terms ? await items.bestItemMatches(terms, viewerId) : [];
      const listOf = new Map(itemMatches.map((m) => [m.userId, m.listId]));
      const rows = await repo.search({
        itemMatches,
        terms,
        trade: query.trade,
        area: hasSearchWords(query.area) ? query.area : null,
        // Who serves this place by servesArea's rule: a covering postcode prefix, the town, or no area named.
        deliversTo: hasSearchWords(query.deliversTo)
          ? { postcodePrefixes: coveringPrefixes(query.deliversTo), town: query.deliversTo }
          : null,
        day: query.day,
        viewerId,
        limit: DIRECTORY_PAGE_SIZE + 1,
        offset: (query.page - 1) * DIRECTORY_PAGE_SIZE,
      });
      const page = rows.slice(0, DIRECTORY_PAGE_SIZE);
      const matches = terms
        ? await items.matches(
            terms,
            page.flatMap((r) => listOf.get(r.userId) ?? []),
            viewerId,
          )
        : new Map();
      const entries = page.map(({ logoVersion, following, isOwner, userId, ...row }) => ({
        ...row,
        fileChangedAt: row.fileChangedAt === null ? null : Number(row.fileChangedAt),
        match: matches.get(listOf.get(userId) ?? 0) ?? null,
        trades: row.trades.filter(isTrade),
        logo: logoVersion ? { url: logoPath(row.handle, logoVersion), width: 256, height: 256 } : null,
        isOwner,
        following: viewerId && !isOwner ? following : null,
      }));
      return { entries, page: query.page, nextPage: rows.length > DIRECTORY_PAGE_SIZE ? query.page + 1 : null };
    },
  };
}
