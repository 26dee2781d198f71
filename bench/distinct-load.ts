import { connect, type Socket } from 'node:net';
import { distribution } from './stats';

export interface LoadRequest {
  path: string;
  /** Extra request headers (a session cookie). */
  headers?: Record<string, string>;
}

export interface LoadRun {
  total: number;
  /** Responses outside 2xx, and requests whose connection failed. */
  failures: number;
  /** Seconds from the first request to the last response. */
  seconds: number;
  p50Ms: number;
  p99Ms: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * Sends each request once, over `connections` keep-alive connections to one loopback server,
 * each connection taking the next request when its last response is in. The requests are written
 * as bytes before the clock starts, so the load generator's own cost per request stays as small as
 * autocannon's for a repeated request; autocannon's per-request `setupRequest`, rebuilding each
 * request, cost more than the server's work on a cheap route (docs/decisions/0109). Answers must
 * carry a Content-Length (the server's JSON and pages do).
 */
export async function sendEachOnce(url: string, requests: LoadRequest[], connections: number): Promise<LoadRun> {
  const { hostname, port } = new URL(url);
  const wire = requests.map((r) =>
    Buffer.from(
      `GET ${r.path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: keep-alive\r\n${Object.entries(r.headers ?? {})
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}\r\n`,
    ),
  );
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;

  async function worker(): Promise<void> {
    const socket: Socket = connect(Number(port), hostname);
    socket.setNoDelay(true);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    let buffered: Buffer = Buffer.alloc(0);
    let waiting: ((ok: boolean) => void) | null = null;
    let bodyLeft = -1;
    let status = 0;
    const settle = (ok: boolean) => {
      const done = waiting;
      waiting = null;
      done?.(ok);
    };
    socket.on('data', (chunk: Buffer) => {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      if (bodyLeft < 0) {
        const end = buffered.indexOf(HEADER_END);
        if (end < 0) return;
        const head = buffered.subarray(0, end).toString('latin1');
        status = Number(head.slice(9, 12));
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        if (!length) {
          socket.destroy(new Error(`no Content-Length in the answer to a bench request: ${head.split('\r\n')[0]}`));
          return;
        }
        bodyLeft = Number(length[1]);
        buffered = buffered.subarray(end + HEADER_END.length);
      }
      if (buffered.length >= bodyLeft) {
        buffered = buffered.subarray(bodyLeft);
        bodyLeft = -1;
        settle(status >= 200 && status < 300);
      }
    });
    socket.on('error', () => settle(false));
    socket.on('close', () => settle(false));
    try {
      while (next < wire.length) {
        const request = wire[next++]!;
        const started = performance.now();
        const ok = await new Promise<boolean>((resolve) => {
          waiting = resolve;
          socket.write(request);
        });
        latencies.push(performance.now() - started);
        if (!ok) failures++;
        if (socket.destroyed) break;
      }
    } finally {
      socket.destroy();
    }
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(connections, wire.length) }, worker));
  const seconds = (performance.now() - started) / 1000;
  const d = distribution(latencies);
  return { total: latencies.length, failures: failures + (wire.length - latencies.length), seconds, p50Ms: d.p50, p99Ms: d.p99 };
}
