import { randomBytes } from 'node:crypto';
import { HttpClient } from './http-client';

/**
 * The traffic the nginx topology test sends through the proxy (tests/reliability/nginx-topology.test.ts):
 * people who write (a post, then a follow, again and again), a signed-in reader of the feed and
 * visitors of public pages, every answer recorded so the test can say which request got what.
 */

/** One request and what came back: a status, or the error fetch threw (no answer at all). */
export interface Exchange {
  who: string;
  method: string;
  path: string;
  status: number | 'no answer';
  cacheStatus: string | null;
  /** A post resent with the same upload key after this answer. */
  resent?: true;
}

export interface Writer {
  handle: string;
  /** The session cookie, `freshlist_session=…`. */
  cookie: string;
}

/** What the server acknowledged (2xx): each must be in the database afterwards. */
export interface Acknowledged {
  posts: Array<{ handle: string; key: string; id: number }>;
  follows: Array<{ handle: string; followed: string }>;
}

/** An answer that says the process behind nginx went away, which an upload page may send again with its key. */
const GONE_UPSTREAM = new Set([502, 503, 504]);
const POST_ATTEMPTS = 4;

export class Traffic {
  readonly exchanges: Exchange[] = [];
  readonly acknowledged: Acknowledged = { posts: [], follows: [] };
  private writesDone = 0;
  private writersLeft = 0;
  private readonly writeListeners: Array<{ at: number; resolve(): void }> = [];

  constructor(readonly baseUrl: string) {}

  /** A client through nginx, signed in with `cookie` when given. */
  client(cookie?: string): HttpClient {
    const http = new HttpClient(this.baseUrl);
    if (cookie) {
      const eq = cookie.indexOf('=');
      http.jar.set(cookie.slice(0, eq), cookie.slice(eq + 1));
    }
    return http;
  }

  /** Sends one request and records it; the response's body is read (or null when there was no answer). */
  async send(who: string, http: HttpClient, method: string, path: string, json?: unknown) {
    const exchange: Exchange = { who, method, path, status: 'no answer', cacheStatus: null };
    this.exchanges.push(exchange);
    try {
      const response = await http.request(method, path, json === undefined ? {} : { json });
      exchange.status = response.status;
      exchange.cacheStatus = response.headers.get('x-cache-status');
      const text = await response.text();
      return { exchange, body: text };
    } catch {
      return { exchange, body: null };
    }
  }

  /** Resolves once `count` writes have been acknowledged. */
  writesAcknowledged(count: number): Promise<void> {
    if (this.writesDone >= count) return Promise.resolve();
    return new Promise((resolve) => this.writeListeners.push({ at: count, resolve }));
  }

  private acknowledge(): void {
    this.writesDone += 1;
    for (const listener of this.writeListeners.filter((l) => l.at <= this.writesDone)) listener.resolve();
  }

  /** True while a writer is still writing: the readers read until then. */
  get writing(): boolean {
    return this.writersLeft > 0;
  }

  /** `rounds` times: a new post (resent with its key after a gone-upstream answer), then a follow. */
  async write(writer: Writer, follows: readonly string[], rounds: number): Promise<void> {
    const http = this.client(writer.cookie);
    for (let round = 0; round < rounds; round++) {
      const key = `nginx-${writer.handle}-${round}-${randomBytes(6).toString('hex')}`;
      const post = { url: `https://drive.google.com/file/d/${key}/view`, description: `Round ${round} of ${writer.handle}` };
      for (let attempt = 1; attempt <= POST_ATTEMPTS; attempt++) {
        const { exchange, body } = await this.send(writer.handle, http, 'POST', '/api/posts', { ...post, idempotencyKey: key });
        if (exchange.status === 200 || exchange.status === 201) {
          this.acknowledged.posts.push({ handle: writer.handle, key, id: JSON.parse(body ?? '{}').post.id });
          this.acknowledge();
          break;
        }
        if (exchange.status !== 'no answer' && !GONE_UPSTREAM.has(exchange.status)) break;
        exchange.resent = true;
      }
      const followed = follows[round % follows.length] ?? '';
      const { exchange } = await this.send(writer.handle, http, 'PUT', `/api/follows/${followed}`);
      if (exchange.status === 200) {
        this.acknowledged.follows.push({ handle: writer.handle, followed });
        this.acknowledge();
      }
    }
  }

  /** Runs the writers to their end while `readers` read in loops until the last writer is done. */
  async run(writers: Array<() => Promise<void>>, readers: Array<() => Promise<void>>): Promise<void> {
    this.writersLeft = writers.length;
    const writing = writers.map((write) =>
      write().finally(() => {
        this.writersLeft -= 1;
      }),
    );
    const reading = readers.map(async (read) => {
      while (this.writing) await read();
    });
    await Promise.all([...writing, ...reading]);
  }
}
