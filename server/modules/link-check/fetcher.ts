import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { type Dispatcher, request } from 'undici';
import { hostMatches } from '../../../core/link';
import { FetchRefused } from './dispatcher';

/** At most this many redirects are followed: providers use one or two. */
export const MAX_REDIRECTS = 4;
/** Of a page that is not the file (an error or a warning page), only this much is read. */
const PAGE_BYTES = 256 * 1024;

export interface FetchRequest {
  url: string;
  maxBytes: number;
  /** For the whole exchange, redirects included. */
  timeoutMs: number;
  /** Validators of the last check: If-None-Match / If-Modified-Since. */
  etag?: string | null;
  lastModified?: string | null;
}

export type FetchOutcome =
  /** The last answer: its body (when 200) up to maxBytes, hashed as it arrived. */
  | {
      kind: 'answer';
      url: string;
      status: number;
      headers: Record<string, string>;
      body: Buffer | null;
      /** The body went past maxBytes: `body` is its start only and `sha256` is null. */
      truncated: boolean;
      sha256: string | null;
    }
  /** A redirect that leaves the allowed hosts (a sign-in page, say): not followed. */
  | { kind: 'left'; url: string; location: string }
  /** More than MAX_REDIRECTS redirects: a loop, or a link that is not the file's (never the provider being down). */
  | { kind: 'too-many-redirects'; url: string }
  /** An answer whose bytes Freshlist can't read (an unknown or broken Content-Encoding). */
  | { kind: 'unreadable'; url: string; reason: string }
  /** The fetcher would not go there (a host outside the rules, an inside address). */
  | { kind: 'refused'; reason: string }
  /** No answer (timeout, DNS, connection, a body cut short). */
  | { kind: 'failed'; reason: string };

export interface Fetcher {
  fetch(request: FetchRequest): Promise<FetchOutcome>;
  close(): Promise<void>;
}

function headerMap(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

const DECODERS: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** Thrown while reading a body Freshlist can't decode: the answer is `unreadable`. */
class Undecodable extends Error {}

/**
 * The body's bytes as the file has them: a Content-Encoding the fetcher knows is decoded as it
 * streams (so the cap below counts decoded bytes, and a small bomb stops at it); another is refused.
 */
function decodedBody(body: Readable, encoding: string | undefined): AsyncIterable<Buffer> {
  const name = encoding?.trim().toLowerCase() ?? '';
  if (name === '' || name === 'identity') return body;
  const decoder = DECODERS[name];
  if (!decoder) throw new Undecodable(`sent as "${name.slice(0, 40)}", an encoding Freshlist can't read`);
  const stream = body.pipe(decoder()) as unknown as Readable;
  body.on('error', (error) => stream.destroy(error));
  return (async function* () {
    try {
      for await (const chunk of stream) yield chunk as Buffer;
    } catch (error) {
      if (body.destroyed && !body.readableEnded) throw error;
      throw new Undecodable(`its ${name} encoding is broken (${(error as Error).message})`);
    } finally {
      stream.destroy();
      body.destroy();
    }
  })();
}

/** Reads at most `limit` bytes of a body, hashing each chunk as it comes (never a whole file at once on the event loop). */
async function readCapped(body: AsyncIterable<Buffer>, limit: number) {
  const chunks: Buffer[] = [];
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of body) {
    if (size + chunk.length > limit) {
      // Leaving the loop ends the stream: the rest is never read.
      chunks.push(chunk.subarray(0, limit - size));
      return { body: Buffer.concat(chunks), truncated: true, sha256: null };
    }
    chunks.push(chunk);
    hash.update(chunk);
    size += chunk.length;
  }
  return { body: Buffer.concat(chunks), truncated: false, sha256: hash.digest('hex') };
}

/** The headers as they describe the decoded file: its encoded length is not its size. */
function decodedHeaders(headers: Record<string, string>): Record<string, string> {
  if (!headers['content-encoding'] || headers['content-encoding'].trim().toLowerCase() === 'identity') return headers;
  const { 'content-encoding': _encoding, 'content-length': _length, ...rest } = headers;
  return rest;
}

/**
 * The link fetcher: GET only, https only, on its own dispatcher (dispatcher.ts), redirects followed
 * by hand so each new address is checked against the allowed hosts before anything is sent to it.
 * It sends its User-Agent and the validators, nothing else: no cookies, no credentials, no referrer.
 */
export function createFetcher(options: {
  dispatcher: Dispatcher;
  allowedHosts: readonly string[];
  userAgent: string;
  /** Addresses never visited even on an allowed host: the providers' sign-in pages (the answer is `left`). */
  stopAt?: (url: URL) => boolean;
}): Fetcher {
  const allowed = (url: URL) =>
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    options.allowedHosts.some((entry) => hostMatches(url.hostname, entry));

  return {
    async fetch(input) {
      const signal = AbortSignal.timeout(input.timeoutMs);
      let url: URL;
      try {
        url = new URL(input.url);
      } catch {
        return { kind: 'refused', reason: 'not a URL' };
      }
      if (!allowed(url)) return { kind: 'refused', reason: `${url.hostname || url.href} is not a host links may lead to` };
      for (let hop = 0; ; hop++) {
        const headers: Record<string, string> = { 'user-agent': options.userAgent, accept: '*/*' };
        if (input.etag) headers['if-none-match'] = input.etag;
        if (input.lastModified) headers['if-modified-since'] = input.lastModified;
        let response: Dispatcher.ResponseData;
        try {
          response = await request(url, { method: 'GET', headers, dispatcher: options.dispatcher, signal });
        } catch (error) {
          const cause = error instanceof FetchRefused ? error : (error as { cause?: unknown }).cause;
          if (cause instanceof FetchRefused) return { kind: 'refused', reason: cause.message };
          return { kind: 'failed', reason: signal.aborted ? 'timed out' : ((error as Error).message ?? String(error)) };
        }
        const answer = headerMap(response.headers);
        if (response.statusCode >= 300 && response.statusCode < 400 && response.statusCode !== 304) {
          response.body.resume();
          const location = answer.location;
          if (!location) return { kind: 'failed', reason: `a ${response.statusCode} without a Location` };
          let next: URL;
          try {
            next = new URL(location, url);
          } catch {
            return { kind: 'left', url: url.href, location };
          }
          if (!allowed(next) || options.stopAt?.(next)) return { kind: 'left', url: url.href, location: next.href };
          if (hop >= MAX_REDIRECTS) return { kind: 'too-many-redirects', url: url.href };
          url = next;
          continue;
        }
        try {
          const limit = response.statusCode === 200 ? input.maxBytes : PAGE_BYTES;
          const read =
            response.statusCode === 304 ? null : await readCapped(decodedBody(response.body, answer['content-encoding']), limit);
          if (!read) response.body.resume();
          return {
            kind: 'answer',
            url: url.href,
            status: response.statusCode,
            headers: decodedHeaders(answer),
            body: read?.body ?? null,
            truncated: read?.truncated ?? false,
            sha256: read?.sha256 ?? null,
          };
        } catch (error) {
          if (error instanceof Undecodable) {
            // The rest is not wanted; undici reports the abort as an error, which nobody needs.
            response.body.on('error', () => {}).destroy();
            return { kind: 'unreadable', url: url.href, reason: error.message };
          }
          return {
            kind: 'failed',
            reason: signal.aborted ? 'timed out' : `the answer was cut short (${(error as Error).message})`,
          };
        }
      }
    },
    close: async () => {
      await (options.dispatcher as Dispatcher & { close(): Promise<void> }).close();
    },
  };
}
