import { connect, createServer, type Socket } from 'node:net';

export interface Link {
  /** Round trip time: half of it each way, and one whole round trip for each new connection's handshake. */
  latencyMs: number;
  downBitsPerSecond: number;
  upBitsPerSecond: number;
}

/** Pieces small enough that connections sharing the link take turns, as packets do. */
const PIECE = 8 * 1024;

/** One direction of the link: bytes leave one after another at its rate, and arrive half a round trip later. */
function direction(bitsPerSecond: number, oneWayMs: number) {
  let busyUntil = 0;
  return (bytes: number): number => {
    const now = performance.now();
    const start = Math.max(now, busyUntil);
    busyUntil = start + (bytes * 8 * 1000) / bitsPerSecond;
    return busyUntil + oneWayMs - now;
  };
}

/**
 * A TCP proxy on 127.0.0.1 that makes the loopback a slow phone's connection: each new connection
 * waits one round trip (the handshake), every byte takes half a round trip each way, and all
 * connections share one downlink and one uplink of the given rates. Chromium's own network
 * emulation is not used: the version here applies its latency to some requests only and ignores
 * the throughput.
 */
export async function throttleProxy(
  target: { host: string; port: number },
  link: Link,
): Promise<{ url: string; close(): Promise<void> }> {
  const down = direction(link.downBitsPerSecond, link.latencyMs / 2);
  const up = direction(link.upBitsPerSecond, link.latencyMs / 2);
  const sockets = new Set<Socket>();

  /** Forwards from one socket to the other through a direction, in order, ending after the last piece. */
  function forward(from: Socket, to: Socket, delay: (bytes: number) => number) {
    let last = Promise.resolve();
    const later = (ms: number, action: () => void) => {
      const at = new Promise<void>((resolve) => setTimeout(resolve, ms));
      last = Promise.all([last, at]).then(action);
    };
    from.on('data', (chunk: Buffer) => {
      for (let i = 0; i < chunk.length; i += PIECE) {
        const piece = chunk.subarray(i, i + PIECE);
        later(delay(piece.length), () => {
          if (!to.destroyed) to.write(piece);
        });
      }
    });
    from.on('end', () => later(link.latencyMs / 2, () => to.end()));
    from.on('error', () => to.destroy());
  }

  const server = createServer((client) => {
    client.pause();
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    forward(upstream, client, down);
    forward(client, upstream, up);
    // The handshake: nothing the browser sends can arrive before a round trip has passed.
    setTimeout(() => client.resume(), link.latencyMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the throttling proxy has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
