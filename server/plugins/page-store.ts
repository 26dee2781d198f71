import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { coalescedReads } from './coalesced-reads';
import { compiledOnce } from './compiled-once';
import { type DB, prepared } from './db';

/** A page as it is stored and sent: its status and the whole page, gzipped (docs/decisions/0116). */
export interface StoredPage {
  status: number;
  gzip: Buffer;
}

export interface RenderedAhead {
  page: StoredPage;
  /** Absent: the page is not one to store (it shows something other than a handle's data). */
  storable: { version: number; freshUntil: number } | undefined;
}

/** An upsert's new row in place of the old one, every column (a mark's status and body are null). */
const REPLACED = {
  build: sql.ref<string>('excluded.build'),
  version: sql.ref<number>('excluded.version'),
  fresh_until: sql.ref<number>('excluded.fresh_until'),
  rendered_at: sql.ref<number>('excluded.rendered_at'),
  status: sql.ref<number | null>('excluded.status'),
  body: sql.ref<Buffer | null>('excluded.body'),
};

/** Pages rendered per pass before the renderer lets requests in again. */
const BATCH = 50;
/** How often the renderer scans every handle: pages whose texts aged, a new build, changes a quicker look missed. */
const IDLE_MS = 30_000;
/** After a change is heard: a look at what changed, once for a burst of writes. */
const AFTER_CHANGE_MS = 500;
/**
 * How long a page that is not stored (its render failed, or it shows no handle's data) stays so
 * before the renderer tries it again, unless its handle's version moves first. A failure may pass
 * (a lost connection), and the mark takes the version current when it is written, which may be
 * newer than the one the render read: ten minutes heal both, and a page that never renders costs
 * one try in ten minutes, not one a pass.
 */
export const NOT_STORED_FOR_MS = 10 * 60 * 1000;

const SOURCE_ROOTS = ['core', 'db', 'server', 'web'];
const ROOT = join(import.meta.dirname, '..', '..');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
  );
  return nested.flat();
}

/**
 * What a stored page was rendered with: the built web app (its index.html names every chunk by
 * hash) and the source the server renders and loads pages from. Any change, even one that only
 * moves a head tag, renders every page again rather than serve one the new code would not.
 */
export async function renderBuild(webBuild: string): Promise<string> {
  const hash = createHash('sha256').update(webBuild);
  const files = (await Promise.all(SOURCE_ROOTS.map((d) => sourceFiles(join(ROOT, d))))).flat().sort();
  for (const file of files) {
    if (/\.test\.tsx?$/.test(file) || !/\.(tsx?|css|mjs)$/.test(file)) continue;
    hash
      .update(relative(ROOT, file))
      .update('\u0000')
      .update(await readFile(file));
  }
  return hash.digest('base64url').slice(0, 22);
}

/**
 * Profile pages rendered ahead and kept in the database (docs/decisions/0115). A stored page is
 * served only while its handle's page version is the one its data was read at, the build is
 * this one, and its relative ages still read the same; anything else renders live as before.
 * A renderer in the server keeps the stored pages caught up, letting requests in between pages:
 * what changed, half a second after a change is heard (an index range of the versions), and
 * every 30 s whatever is missing, outdated or aged (a scan of every handle).
 */
export function pageStore(
  db: DB,
  options: {
    build: string;
    render(handle: string): Promise<RenderedAhead | null>;
    log: FastifyBaseLogger;
    /** Tests shorten NOT_STORED_FOR_MS. */
    notStoredForMs?: number;
  },
) {
  const { build, notStoredForMs = NOT_STORED_FOR_MS } = options;
  // A page of one path or several (reads that arrived together), by `path = any(…)`.
  const storedPages = compiledOnce(db, (_shape: 'any', paths: string[], at: string, now: number) =>
    db
      .selectFrom('rendered_pages as r')
      .innerJoin('handles as h', (join) => join.onRef('h.handle', '=', 'r.handle').onRef('h.page_version', '=', 'r.version'))
      .select(['r.path', 'r.status', 'r.body'])
      .where('r.path', '=', sql<string>`any(${paths}::text[])`)
      .where('r.build', '=', at)
      .where('r.fresh_until', '>', now)
      .modifyEnd(prepared),
  );
  const read = coalescedReads(async (paths: string[]) => {
    const rows = await storedPages('any', paths, build, Date.now());
    const found = new Map<string, StoredPage>();
    for (const row of rows)
      if (row.body !== null && row.status !== null) found.set(row.path, { status: row.status, gzip: row.body });
    return found;
  });

  async function due(now: number): Promise<string[]> {
    const rows = await sql<{ handle: string }>`
      select h.handle from handles h
      left join rendered_pages r on r.path = '/' || h.handle
      where r.path is null or r.build <> ${build} or r.version <> h.page_version or r.fresh_until <= ${now}
      limit ${BATCH}`.execute(db);
    return rows.rows.map((r) => r.handle);
  }

  async function save(handle: string, rendered: RenderedAhead | null, now: number): Promise<void> {
    const page = rendered?.storable ? rendered.page : null;
    const version = rendered?.storable?.version;
    const values = {
      path: `/${handle}`,
      handle,
      build,
      fresh_until: rendered?.storable?.freshUntil ?? now + notStoredForMs,
      rendered_at: now,
      status: page?.status ?? null,
      body: page?.gzip ?? null,
    };
    // A handle no one holds is not stored: its page is a redirect, and its row is gone.
    if (version === undefined) {
      await db
        .insertInto('rendered_pages')
        .columns(['path', 'handle', 'build', 'version', 'fresh_until', 'rendered_at'])
        .expression((eb) =>
          eb
            .selectFrom('handles')
            .select([
              sql.val(values.path).as('path'),
              'handle',
              sql.val(build).as('build'),
              'page_version',
              sql.val(values.fresh_until).as('fresh_until'),
              sql.val(now).as('rendered_at'),
            ])
            .where('handle', '=', handle),
        )
        .onConflict((oc) =>
          oc
            .column('path')
            .doUpdateSet(REPLACED)
            // Another server may have stored this version meanwhile: its page stays.
            .where((eb) =>
              eb.or([
                eb('rendered_pages.body', 'is', null),
                eb('rendered_pages.build', '<>', eb.ref('excluded.build')),
                eb('rendered_pages.version', '<', eb.ref('excluded.version')),
              ]),
            ),
        )
        .execute();
      return;
    }
    await db
      .insertInto('rendered_pages')
      .values({ ...values, version })
      .onConflict((oc) =>
        oc
          .column('path')
          .doUpdateSet(REPLACED)
          // Two renderers (two servers) may race: a render of older data never replaces a newer one.
          .where('rendered_pages.version', '<=', (eb) => eb.ref('excluded.version')),
      )
      .execute();
  }

  /** Handles whose page changed after this version were not looked at yet; unknown until the first full pass ends. */
  let seen: number | undefined;

  /** Handles changed since `seen`, oldest change first, and whether each one's stored page is already current. */
  async function changedSince(after: number) {
    const rows = await sql<{ handle: string; version: number; current: boolean }>`
      select h.handle, h.page_version as version,
        coalesce(r.version = h.page_version and r.build = ${build}, false) as current
      from handles h left join rendered_pages r on r.path = '/' || h.handle
      where h.page_version > ${after}
      order by h.page_version
      limit ${BATCH}`.execute(db);
    return rows.rows;
  }

  async function renderEach(handles: string[]): Promise<void> {
    for (const handle of handles) {
      if (stopped) return;
      const now = Date.now();
      try {
        await save(handle, await options.render(handle), now);
      } catch (error) {
        options.log.warn({ err: error, handle }, 'stored page: not rendered; its page renders live');
        // Marked as not to store until its data or the build changes, so a page that cannot be
        // rendered is not tried again on every pass. A handle gone meanwhile has no row to mark.
        await save(handle, null, now).catch(() => {});
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Everything missing, outdated or aged (a scan of every handle); true when more is left. */
  async function fullPass(): Promise<boolean> {
    const top = await sql<{ top: number | null }>`select max(page_version) as top from handles`.execute(db);
    const handles = await due(Date.now());
    await renderEach(handles);
    const more = handles.length === BATCH;
    if (!more) seen = Math.max(seen ?? 0, top.rows[0]?.top ?? 0);
    return more;
  }

  /**
   * What changed since the last look (an index range of the versions' sequence). A change whose
   * version was taken before one already seen but committed after it is left to the next full pass:
   * its page is not served meanwhile, only rendered live.
   */
  async function changesPass(): Promise<boolean> {
    if (seen === undefined) return fullPass();
    const rows = await changedSince(seen);
    await renderEach(rows.filter((r) => !r.current).map((r) => r.handle));
    const last = rows.at(-1);
    if (last) seen = Math.max(seen, last.version);
    return rows.length === BATCH;
  }

  const pending = { full: false, changes: false };
  /** The passes running now, if any. */
  let draining: Promise<void> | undefined;
  let stopped = true;
  let fullTimer: NodeJS.Timeout | undefined;
  let changesTimer: NodeJS.Timeout | undefined;

  /** Runs the passes asked for, the full one first, one at a time, until none is left. */
  async function drain(): Promise<void> {
    while (!stopped && (pending.full || pending.changes)) {
      const kind = pending.full ? 'full' : 'changes';
      pending[kind] = false;
      try {
        if (await (kind === 'full' ? fullPass() : changesPass())) pending[kind] = true;
      } catch (error) {
        options.log.warn({ err: error }, 'stored pages: pass failed; trying again later');
      }
    }
  }

  function ask(kind: 'full' | 'changes') {
    pending[kind] = true;
    if (stopped) return;
    draining ??= drain().finally(() => {
      draining = undefined;
    });
  }

  return {
    /** The stored page of `path` when it may be served now, else undefined. */
    read,
    start() {
      stopped = false;
      ask('full');
      fullTimer = setInterval(() => ask('full'), IDLE_MS);
      fullTimer.unref();
    },
    /** Data changed somewhere: look at what changed soon, once for a burst of writes. */
    changed() {
      if (stopped || changesTimer) return;
      changesTimer = setTimeout(() => {
        changesTimer = undefined;
        ask('changes');
      }, AFTER_CHANGE_MS);
      changesTimer.unref();
    },
    /** Stops, once the page being rendered now (if any) is saved. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(fullTimer);
      clearTimeout(changesTimer);
      changesTimer = undefined;
      await draining;
    },
  };
}
