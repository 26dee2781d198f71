import type { PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/**
 * The PostgreSQL extensions the schema uses (the directory's search, docs/decisions/0098), loaded
 * into every embedded database: PostgreSQL ships them as contrib modules, PGlite as bundles that must
 * be named when the database opens, or `create extension` and the functions behind the indexes fail.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent } satisfies NonNullable<PGliteOptions['extensions']>;
