import { constants, gunzipSync, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

/**
 * A page's bytes as sent, plain or gzipped, each made once when first asked for: a page kept or
 * stored is compressed once, not on every visit (docs/decisions/0116).
 */
export class PageBytes {
  #plain: Buffer | undefined;
  #gzip: Buffer | undefined;

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
}

/** The smallest gzip: a page is compressed once and sent many times, mostly to phones. */
export const gzipPage = (bytes: Buffer) => gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });

/** Whether the request's Accept-Encoding takes gzip (a quality of 0 refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  return header !== undefined && negotiate(header, ['gzip', 'identity']) === 'gzip';
}
