import type { FastifyInstance } from 'fastify';
import type { FileFetchedListener } from '../../fetched-file';
import { fileReader } from './reader';
import { contentsService, DEFAULT_ARCHIVE_LIMITS } from './service';

/**
 * Reading fetched files into versions: made once by the composition root (`modules/index.ts`),
 * which hands `recordFetched` to the link watcher and the rest to the contents routes.
 */
export function contentsReading(app: FastifyInstance) {
  const reader = fileReader();
  app.addHook('onClose', () => reader.close());
  // A readable change is what followers are told of ("list updated"), queued with its version (ADR 0203).
  const service = contentsService(
    app.db,
    reader,
    DEFAULT_ARCHIVE_LIMITS,
    (change, trx) =>
      app.jobs.send('list-changed', { listId: change.listId, userId: change.userId, at: change.seenAt, seenBy: 'reading' }, trx),
    // Every version read, a list's first too, is checked against the item alerts (docs/decisions/0209).
    (stored, trx) => app.jobs.send('item-alerts', stored, trx),
  );
  /** Every file the link watcher reads whole (issue 29) becomes a version when it reads differently. */
  const recordFetched: FileFetchedListener = async (file) => {
    const { fileName, contentType, ...rest } = file;
    const reading = await service.recordFetchedFile({
      ...rest,
      fileName: fileName ?? undefined,
      contentType: contentType ?? undefined,
    });
    if (reading.state === 'unreadable')
      app.log.info({ listId: file.listId, versionId: reading.versionId }, 'contents: file unreadable');
    // For a file whose bytes change on every fetch, a kept version is the watcher's "changed" (ADR 0157).
    // "Check now" says what its followers are told of (ADR 0208): the stored version's counts.
    return { changed: reading.stored, ...(reading.changed && reading.diff ? { announced: reading.diff.counts } : {}) };
  };
  return { reader, service, recordFetched };
}

export type ContentsReading = ReturnType<typeof contentsReading>;
