import pg from 'pg';
import { processCpuSeconds } from './cpu';

/** How the server's renderer caught up with every handle's profile page (docs/decisions/0115). */
export interface StoredPagesRun {
  handles: number;
  /** Pages stored (the rest are handles whose page is not one to store, such as a reserved name). */
  stored: number;
  seconds: number;
  /** The server's CPU while it caught up, a page; it also answered nothing else meanwhile. */
  serverCpuMs: number | null;
}

/** A renderer that has not caught up by then is reported as far as it got. */
const WAIT_LIMIT_MS = 10 * 60_000;

/**
 * Waits until the server has rendered and stored the profile page of every handle at its current
 * version, as it does after a deploy or on a fresh database, and reports how long that took.
 * PostgreSQL only: the embedded database is held by the server process.
 */
export async function awaitStoredPages(
  databaseUrl: string,
  serverPid: number,
  log: (line: string) => void,
): Promise<StoredPagesRun> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  const cpuBefore = processCpuSeconds(serverPid);
  try {
    for (let last = -1; ; ) {
      const { rows } = await client.query<{ handles: number; done: number; stored: number }>(`
        select count(*)::int as handles,
          count(r.path) filter (where r.version = h.page_version)::int as done,
          count(r.path) filter (where r.version = h.page_version and r.body is not null)::int as stored
        from handles h left join rendered_pages r on r.path = '/' || h.handle`);
      const { handles, done, stored } = rows[0]!;
      const seconds = (performance.now() - started) / 1000;
      if (done >= handles || performance.now() - started > WAIT_LIMIT_MS) {
        const cpuAfter = processCpuSeconds(serverPid);
        const serverCpuMs =
          cpuBefore === null || cpuAfter === null || stored === 0 ? null : ((cpuAfter - cpuBefore) * 1000) / stored;
        return { handles, stored, seconds, serverCpuMs };
      }
      if (Math.floor(seconds / 10) !== last) {
        last = Math.floor(seconds / 10);
        log(`stored pages: ${done.toLocaleString('en-US')} of ${handles.toLocaleString('en-US')} handles ...`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end();
  }
}
