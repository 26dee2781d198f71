import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { hostMatches } from '../../../core/link';
import { type HostMapEntry, mappedTarget } from '../../config-host-map';
import { addressProblem } from './address-rules';

/** The fetcher would not connect: a host outside the rules, or an address it must never reach. */
export class FetchRefused extends Error {
  override name = 'FetchRefused';
}

export interface DispatcherOptions {
  /** Hosts the fetcher may contact (and their subdomains): the link rules' plus the providers' download hosts. */
  allowedHosts: readonly string[];
  hostMap: readonly HostMapEntry[];
  connectTimeoutMs: number;
  /** Sockets kept per origin. */
  connectionsPerHost: number;
  /**
   * Certificates trusted besides Node's own set: only the in-process tests' stub authority (a
   * process cannot add to NODE_EXTRA_CA_CERTS once started). Left out, TLS uses Node's default
   * roots plus NODE_EXTRA_CA_CERTS, untouched.
   */
  extraCa?: string[];
}

/** Where a host is connected to: its map entry, or the first address DNS gives, when every address it gives is public. */
export async function resolveTarget(host: string, options: Pick<DispatcherOptions, 'allowedHosts' | 'hostMap'>) {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (!options.allowedHosts.some((entry) => hostMatches(name, entry)))
    throw new FetchRefused(`${name} is not a host links may lead to`);
  const mapped = mappedTarget(options.hostMap, name);
  if (mapped) return { address: mapped.address, port: mapped.port };
  if (isIP(name.replace(/^\[|\]$/g, '')) !== 0) throw new FetchRefused(`${name} is an address, not a host name`);
  // Every address the name has must be public: a name that also points inside is refused whole,
  // and the socket goes to an address checked here, so DNS cannot change its answer in between.
  const addresses = await lookup(name, { all: true, verbatim: true });
  if (addresses.length === 0) throw new Error(`${name} has no address`);
  for (const { address } of addresses) {
    const problem = addressProblem(address);
    if (problem) throw new FetchRefused(`${name} resolves to ${problem}`);
  }
  return { address: (addresses[0] as { address: string }).address, port: null };
}

/**
 * The fetcher's own undici dispatcher: it resolves names itself (or through LINK_FETCH_HOST_MAP),
 * refuses hosts outside the rules and addresses inside any network, and connects to the checked
 * address with the host's own name for TLS (SNI and the certificate check). No cookie jar exists
 * in undici, and nothing here adds credentials.
 */
export function linkFetchDispatcher(options: DispatcherOptions): Agent {
  const connector = buildConnector({
    timeout: options.connectTimeoutMs,
    ...(options.extraCa ? { ca: options.extraCa } : {}),
  });
  return new Agent({
    connections: options.connectionsPerHost,
    pipelining: 1,
    keepAliveTimeout: 10_000,
    connect(connect, callback) {
      const host = connect.hostname;
      resolveTarget(host, options).then(
        (target) =>
          connector(
            { ...connect, hostname: target.address, port: String(target.port ?? connect.port), servername: host },
            callback,
          ),
        (error: Error) => callback(error, null),
      );
    },
  });
}
