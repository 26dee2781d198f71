import { isIP } from 'node:net';

/** Where a mapped host is connected to instead of what DNS says (LINK_FETCH_HOST_MAP, tests and local stubs only). */
export interface HostMapEntry {
  /** A host name, or `*.domain` for any subdomain of domain. */
  pattern: string;
  address: string;
  port: number;
}

const NAME = /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$/;

/**
 * Reads `host=ip:port,*.domain=ip:port` (IPv6 as `[::1]:9443`); throws a one-line message for a bad
 * entry. An empty text is no map.
 */
export function parseHostMap(text: string): HostMapEntry[] {
  const entries: HostMapEntry[] = [];
  for (const raw of text.split(',').filter((e) => e.trim())) {
    const entry = raw.trim();
    const match = /^([^=\s]+)=(?:\[([0-9a-fA-F:.]+)\]|([0-9.]+)):(\d{1,5})$/.exec(entry);
    const pattern = match?.[1]?.toLowerCase().replace(/\.$/, '') ?? '';
    const address = match?.[2] ?? match?.[3] ?? '';
    const port = Number(match?.[4]);
    if (!match || !NAME.test(pattern) || isIP(address) === 0 || port < 1 || port > 65535) {
      throw new Error(
        `'${entry}' is not host=ip:port (e.g. drive.google.com=127.0.0.1:9443,*.dl.dropboxusercontent.com=127.0.0.1:9443)`,
      );
    }
    entries.push({ pattern, address, port });
  }
  return entries;
}

/** The entry a host name is mapped by: its own name first, then the longest `*.domain` it is a subdomain of. */
export function mappedTarget(map: readonly HostMapEntry[], host: string): HostMapEntry | undefined {
  const name = host.toLowerCase().replace(/\.$/, '');
  const exact = map.find((e) => e.pattern === name);
  if (exact) return exact;
  return map
    .filter((e) => e.pattern.startsWith('*.') && name.endsWith(e.pattern.slice(1)))
    .sort((a, b) => b.pattern.length - a.pattern.length)[0];
}
