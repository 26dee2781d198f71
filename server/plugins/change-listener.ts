import pg from 'pg';
import { CHANGES_CHANNEL, type Changes } from './db-changes';

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/**
 * Keeps one PostgreSQL connection listening on CHANGES_CHANNEL and hands each notice to `changes`.
 * `changes` is live only while the connection listens; when it drops, nothing is cached (and
 * everything cached is forgotten) until a new connection listens again.
 */
export function listenForChanges(
  connectionString: string,
  changes: Changes,
  log: (message: string) => void,
): { ready: Promise<void>; close(): Promise<void> } {
  let current: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_FIRST_MS;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const lost = (client: pg.Client, error?: Error) => {
    if (client !== current) return;
    current = null;
    client.end().catch(() => {});
    if (changes.live) changes.setLive(false);
    if (closed) return;
    log(`database: change notifications lost${error ? `: ${error.message}` : ''}; reconnecting`);
    retry = setTimeout(connect, delay);
    retry.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  async function connect() {
    const client = new pg.Client({ connectionString });
    current = client;
    client.on('notification', (message) => changes.heard(message.payload ?? ''));
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
    } catch (error) {
      lost(client, error as Error);
      return;
    }
    if (closed || client !== current) return;
    delay = RECONNECT_FIRST_MS;
    changes.setLive(true);
    markReady();
  }

  void connect();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      if (changes.live) changes.setLive(false);
      markReady();
      await client?.end().catch(() => {});
    },
  };
}
