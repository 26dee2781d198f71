import { logoPath } from '../../../core/business-profile';
import { DIRECTORY_PAGE_SIZE, type DirectoryPage, type DirectoryQuery, hasSearchWords } from '../../../core/directory';
import { isTrade } from '../../../core/trades';
import type { DB } from '../../plugins/db';
import { directoryRepository } from './repository';

/** The directory at /explore: search, filters and pages over every held handle (issue 15 §4). */
export function directoryService(db: DB) {
  const repo = directoryRepository(db);
  return {
    async search(query: DirectoryQuery, viewerId: string | null): Promise<DirectoryPage> {
      const rows = await repo.search({
        q: hasSearchWords(query.q) ? query.q : null,
        trade: query.trade,
        area: hasSearchWords(query.area) ? query.area : null,
        viewerId,
        limit: DIRECTORY_PAGE_SIZE + 1,
        offset: (query.page - 1) * DIRECTORY_PAGE_SIZE,
      });
      const entries = rows.slice(0, DIRECTORY_PAGE_SIZE).map(({ logoVersion, following, isOwner, ...row }) => ({
        ...row,
        trades: row.trades.filter(isTrade),
        logo: logoVersion ? { url: logoPath(row.handle, logoVersion), width: 256, height: 256 } : null,
        isOwner,
        following: viewerId && !isOwner ? following : null,
      }));
      return { entries, page: query.page, nextPage: rows.length > DIRECTORY_PAGE_SIZE ? query.page + 1 : null };
    },
  };
}
