import ipaddr from 'ipaddr.js';

// Cloud metadata endpoints are link-local / unique-local already; they are named separately
// so refusals can say why, since these are the addresses SSRF attacks actually aim at.
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

/** Why an address is not public, or null when it is a public unicast address. */
export function describeNonPublicAddress(ip: string): string | null {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (!ipaddr.isValid(bare)) return 'not an IP address';
  let addr = ipaddr.parse(bare);
  if (addr.kind() === 'ipv6') {
    const v6 = addr as ipaddr.IPv6;
    // Mapped, NAT64 and 6to4 forms carry an IPv4 address that is what really gets reached.
    const embedded = embeddedIPv4(v6);
    if (embedded) addr = embedded;
  }
  const normalized = addr.toString();
  if (METADATA_ADDRESSES.has(normalized)) return `${normalized} is a cloud metadata address`;
  const range = addr.range();
  if (range === 'unicast') return null;
  return `${normalized} is ${RANGE_NAMES[range] ?? `in the reserved range "${range}"`}`;
}

export function isPublicAddress(ip: string): boolean {
  return describeNonPublicAddress(ip) === null;
}

function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  const range = v6.range();
  const bytes = v6.toByteArray();
  if (range === 'rfc6052') return ipv4From(bytes.slice(12, 16));
  if (range === '6to4') return ipv4From(bytes.slice(2, 6));
  return null;
}

function ipv4From(bytes: number[]): ipaddr.IPv4 {
  return ipaddr.fromByteArray(bytes) as ipaddr.IPv4;
}

const RANGE_NAMES: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private network address',
  uniqueLocal: 'a unique-local address',
  reserved: 'a reserved address',
  teredo: 'a Teredo tunnel address',
};
