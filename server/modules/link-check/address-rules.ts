import ipaddr from 'ipaddr.js';

/**
 * Whether the fetcher may connect to an address: only ordinary public unicast. Everything else is
 * refused: loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16 with
 * the clouds' metadata address 169.254.169.254, fe80::/10), carrier-grade NAT (100.64/10, where
 * one cloud keeps its metadata service), unspecified, multicast, broadcast, reserved and
 * documentation ranges. An IPv6 address that carries an IPv4 one (::ffff:a.b.c.d, NAT64
 * 64:ff9b::/96, 6to4, Teredo) is refused too, unless it is the mapped form, which is judged as the
 * IPv4 address it maps.
 */
export function addressProblem(address: string): string | null {
  if (!ipaddr.isValid(address)) return `'${address}' is not an IP address`;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  if (range !== 'unicast') return `${address} is a ${range} address`;
  // ipaddr.js calls a few special IPv6 blocks 'unicast'; the metadata services' fd00:ec2::254 is
  // uniqueLocal already. Deprecated site-local fec0::/10 is not a public address either.
  if (parsed.kind() === 'ipv6' && parsed.match(ipaddr.parseCIDR('fec0::/10'))) return `${address} is a site-local address`;
  return null;
}
