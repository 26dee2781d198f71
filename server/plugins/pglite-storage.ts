import { closeSync, existsSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { PGLITE_EXTENSIONS } from './pglite-extensions';

type PostgresModOptions = Parameters<NodeFS['init']>[1];

interface NodeStream {
  nfd: number;
  node: unknown;
}

interface EmscriptenModule {
  NODEFS: {
    stream_ops: { fsync?: (stream: NodeStream) => number };
    realPath(node: unknown): string;
  };
}

export interface PGliteStorageOptions {
  parsers?: PGliteOptions['parsers'];
  /** Sees every file PostgreSQL flushes to disk (the durability test watches the WAL this way). */
  onFsync?: (path: string) => void;
  /** A data-folder dump (dumpDataDir) to start a new folder from: the restore of a backup. */
  loadDataDir?: Blob;
}

/**
 * PGlite's Node filesystem writes straight to the data folder, but PostgreSQL inside it runs with
 * fsync off and Emscripten's fsync does nothing, so a commit sits in the OS cache and a power cut
 * can lose it (or, at a checkpoint, tear the database). This filesystem gives Emscripten a real
 * fsync, so PostgreSQL's own commit and checkpoint flushes reach the disk before a write is
 * acknowledged.
 */
class DurableNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly onFsync?: (path: string) => void,
  ) {
    super(dataDir);
  }

  override async init(pg: PGlite, options: PostgresModOptions) {
    const result = await super.init(pg, options);
    const onFsync = this.onFsync;
    result.emscriptenOpts.preRun = [
      ...(result.emscriptenOpts.preRun ?? []),
      (mod: EmscriptenModule) => {
        mod.NODEFS.stream_ops.fsync = (stream) => {
          fsyncSync(stream.nfd);
          onFsync?.(mod.NODEFS.realPath(stream.node));
          return 0;
        };
      },
    ];
    return result;
  }
}

/** Flushes every file and folder below dir: a new database folder is written without PostgreSQL's flushes. */
function fsyncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) fsyncTree(path);
    else if (entry.isFile()) fsyncPath(path);
  }
  fsyncPath(dir);
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

// fsync on (PGlite starts with -F), and the WAL flushed with fsync: Emscripten's fdatasync is a no-op.
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
  '-c',
  'synchronous_commit=on',
  // PGlite's default of 128 MB sits inside the process's WebAssembly memory on top of the OS page
  // cache that already holds the data folder; 32 MB keeps a small business's whole database hot
  // and takes about 140 MB off the server's resident memory (ADR 0072).
  '-c',
  'shared_buffers=32MB',
];

/** PGlite on a data folder, with acknowledged commits on disk. */
export async function createDurablePGlite(dataDir: string, options: PGliteStorageOptions = {}): Promise<PGlite> {
  const isNew = !existsSync(join(dataDir, 'PG_VERSION'));
  const client = await PGlite.create({
    fs: new DurableNodeFS(dataDir, options.onFsync),
    startParams: DURABLE_START_PARAMS,
    extensions: PGLITE_EXTENSIONS,
    ...(options.parsers ? { parsers: options.parsers } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  if (isNew) fsyncTree(dataDir);
  return client;
}
