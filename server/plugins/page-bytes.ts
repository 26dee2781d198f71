import { crc32, gunzipSync, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

/**
 * A page's bytes as sent, plain or gzipped, each made once when first asked for: a page kept or
 * stored is compressed once, not on every visit (docs/decisions/0116).
 */
export class PageBytes {
  #plain: Buffer | undefined;
  #gzip: Buffer | undefined;
  #tag: string | undefined;

  private constructor(plain: Buffer | undefined, gzip: Buffer | undefined) {
    this.#plain = plain;
    this.#gzip = gzip;
  }

  static plain(bytes: Buffer): PageBytes {
    return new PageBytes(bytes, undefined);
  }

  static gzipped(bytes: Buffer): PageBytes {
    return new PageBytes(undefined, bytes);
  }

  plain(): Buffer {
    this.#plain ??= gunzipSync(this.#gzip as Buffer);
    return this.#plain;
  }

  gzip(): Buffer {
    this.#gzip ??= gzipPage(this.#plain as Buffer);
    return this.#gzip;
  }

  /**
   * A weak entity tag for both encodings (the same page either way): a browser coming back asks
   * with it and gets a 304 instead of the page when nothing changed. It names the plain page by
   * its CRC-32 and length, which a gzip stream carries in its last 8 bytes: a stored page is not
   * hashed on every visit, and the same page rendered live or stored gets the same tag
   * (docs/decisions/0117).
   */
  tag(): string {
    this.#tag ??= this.#plain ? tagOf(crc32(this.#plain), this.#plain.length) : gzipTag(this.#gzip as Buffer);
    return this.#tag;
  }
}

const hex = (n: number) => n.toString(16).padStart(8, '0');
const tagOf = (crc: number, length: number) => `W/"${hex(crc)}-${hex(length)}"`;

/** A gzip stream's header and trailer alone take this many bytes. */
const GZIP_MIN_BYTES = 18;

/**
 * The tag of a gzip stream's content from its trailer: CRC-32, then the length modulo 2^32, both
 * little-endian. Bytes too short to be gzip are tagged as they are.
 */
function gzipTag(gzip: Buffer): string {
  const end = gzip.length;
  if (end < GZIP_MIN_BYTES) return tagOf(crc32(gzip), end);
  return tagOf(uint32LE(gzip, end - 8), uint32LE(gzip, end - 4));
}

/** Read by hand: PGlite gives a bytea as a plain Uint8Array, without Buffer's readers. */
const uint32LE = (bytes: Uint8Array, at: number) =>
  ((bytes[at] as number) |
    ((bytes[at + 1] as number) << 8) |
    ((bytes[at + 2] as number) << 16) |
    ((bytes[at + 3] as number) << 24)) >>>
  0;

/**
 * zlib's default level: a page's ~28 KB become ~6.3 KB in ~0.3 ms; the best level saves another
 * ~0.5% for a quarter more time, and a live render pays it on the request's path.
 */
const gzipPage = (bytes: Buffer) => gzipSync(bytes);

/** Whether the request's Accept-Encoding takes gzip (a quality of 0 refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  return header !== undefined && negotiate(header, ['gzip', 'identity']) === 'gzip';
}
