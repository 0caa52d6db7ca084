import ipaddr from 'ipaddr.js';

// Cloud metadata endpoints are link-local / unique-local already; they are named separately
// so refusals can say why, since these are the addresses SSRF attacks actually aim at.
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

/** Why an address is not public, or null when it is a public unicast address. */
export function describeNonPublicAddress(ip: string): string | null {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (!ipaddr.isValid(bare)) return 'not an IP address';
  const addr = ipaddr.parse(bare);
  if (addr.kind() === 'ipv4') return describeAddress(addr);
  const v6 = addr as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (!embedded) return describeAddress(v6);
  if (embedded.length === 0)
    return `${v6.toString()} is a local-use NAT64 address with no fixed IPv4 position`;
  // The packet really goes to the IPv4 address(es) inside, through a translator or tunnel that may
  // well sit on this network, so the IPv6 form is exactly as public as what it carries.
  for (const v4 of embedded) {
    const reason = describeAddress(v4);
    if (reason) return `${v6.toString()} carries ${v4.toString()}, and ${reason}`;
  }
  return null;
}

export function isPublicAddress(ip: string): boolean {
  return describeNonPublicAddress(ip) === null;
}

function describeAddress(addr: ipaddr.IPv4 | ipaddr.IPv6): string | null {
  const normalized = addr.toString();
  if (METADATA_ADDRESSES.has(normalized)) return `${normalized} is a cloud metadata address`;
  const range = addr.range();
  if (range === 'unicast') return null;
  return `${normalized} is ${RANGE_NAMES[range] ?? `in the reserved range "${range}"`}`;
}

/**
 * The IPv4 addresses an IPv6 address embeds, null when it is a plain IPv6 address, or an empty
 * list when it is an embedding whose IPv4 cannot be located (refused). Teredo embeds two.
 */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const b = v6.toByteArray();
  const range = v6.range();
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (SIIT translated).
  if (range === 'ipv4Mapped' || range === 'rfc6145') return [ipv4From(b.slice(12, 16))];
  // ::a.b.c.d (the deprecated IPv4-compatible form); :: and ::1 keep their own IPv6 meaning.
  if (range !== 'unspecified' && range !== 'loopback' && b.slice(0, 12).every((x) => x === 0)) {
    return [ipv4From(b.slice(12, 16))];
  }
  if (range === 'rfc6052') {
    const isWellKnown = b[4] === 0 && b[5] === 0;
    // 64:ff9b::/96 is fixed. In the local-use 64:ff9b:1::/48 the operator picks the prefix length
    // (48 to 96) and so the IPv4 position; only the common /96 layout (zeros between) is readable.
    if (isWellKnown || b.slice(6, 12).every((x) => x === 0)) return [ipv4From(b.slice(12, 16))];
    return [];
  }
  if (range === '6to4') return [ipv4From(b.slice(2, 6))];
  // 2001:0::/32: the Teredo server's IPv4 in bits 32-64, the client's (obfuscated by XOR) in the last 32.
  if (range === 'teredo') return [ipv4From(b.slice(4, 8)), ipv4From(b.slice(12, 16).map((x) => x ^ 0xff))];
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
};
