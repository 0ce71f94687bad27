/**
 * Which network addresses the gateway may ever reach on a caller's behalf (server-side request
 * forgery): an allow-list of public addresses, in every spelling of IPv4 and IPv6. The guarded
 * fetcher (platforms/video-check.ts) checks every resolved address with it before connecting, and
 * argument validation (functions/runtime/validation.ts) refuses every URL argument whose host is
 * written as a loopback, private, link-local or metadata address, or names the local machine.
 */
import { BlockList, isIP } from 'node:net';

// Address policy: an allow-list. IPv4 is public unless it lies in a range that is not globally
// reachable; IPv6 is public only inside global unicast (2000::/3) outside its special ranges.
// IPv4-mapped, -translated and -compatible IPv6 addresses are judged by the IPv4 address inside.
// Anything that does not parse as an address is refused.

/** [first address, prefix length] of the IPv4 ranges that are not globally reachable. */
const IPV4_LOOPBACK: [string, number][] = [['127.0.0.0', 8]];
const IPV4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (also some cloud metadata services)
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
/** Special ranges inside IPv6 global unicast (2000::/3). */
const IPV6_BLOCKED_GLOBAL = new BlockList();
IPV6_BLOCKED_GLOBAL.addSubnet('2001::', 23, 'ipv6'); // IETF protocol assignments (Teredo embeds IPv4)
IPV6_BLOCKED_GLOBAL.addSubnet('2001:db8::', 32, 'ipv6'); // documentation
IPV6_BLOCKED_GLOBAL.addSubnet('2002::', 16, 'ipv6'); // 6to4 (embeds IPv4)
IPV6_BLOCKED_GLOBAL.addSubnet('3fff::', 20, 'ipv6'); // documentation

/**
 * An IPv4 address written in any spelling the URL standard and inet_aton accept: dotted decimal,
 * fewer parts (`127.1`), one number (`2130706433`), hexadecimal (`0x7f000001`) or octal
 * (`0177.0.0.1`) parts. Returns it as a 32-bit number, or undefined when it is not one.
 */
export function parseIpv4(text: string): number | undefined {
  const parts = text.replace(/\.$/, '').split('.');
  if (parts.length > 4) return undefined;
  const numbers = parts.map((part) => {
    if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    if (/^0[0-7]+$/.test(part)) return parseInt(part, 8);
    if (/^(0|[1-9]\d*)$/.test(part)) return Number(part);
    return NaN;
  });
  if (numbers.some((n) => !Number.isSafeInteger(n))) return undefined;
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return undefined;
  return numbers.reduce((sum, n, i) => sum + n * 256 ** (3 - i), 0) + last;
}

export function ipv4Text(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

function inIpv4Range(value: number, [first, bits]: [string, number]): boolean {
  const size = 2 ** (32 - bits);
  return Math.floor(value / size) === Math.floor(parseIpv4(first)! / size);
}

/** The 16 bytes of an IPv6 address (zone id ignored), or undefined when it is not one. */
function parseIpv6(text: string): number[] | undefined {
  let address = text.replace(/%.*$/, '');
  if (isIP(address) !== 6) return undefined;
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const v4 = parseIpv4(dotted[2])!;
    address = `${dotted[1]}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const [head, tail] = address.split('::');
  const first = head ? head.split(':') : [];
  const last = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? first : [...first, ...Array<string>(8 - first.length - last.length).fill('0'), ...last];
  return groups.flatMap((group) => {
    const n = parseInt(group, 16);
    return [n >> 8, n & 255];
  });
}

export type AddressClass = 'public' | 'loopback' | 'blocked';

function classifyIpv4(value: number): AddressClass {
  if (IPV4_LOOPBACK.some((range) => inIpv4Range(value, range))) return 'loopback';
  if (IPV4_BLOCKED.some((range) => inIpv4Range(value, range))) return 'blocked';
  return 'public';
}

/** Classifies one IP address, IPv4 (in any spelling) or IPv6. Anything else is 'blocked'. */
export function classifyAddress(address: string): AddressClass {
  const v4 = parseIpv4(address);
  if (v4 !== undefined) return classifyIpv4(v4);
  const bytes = parseIpv6(address);
  if (!bytes) return 'blocked';
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const embedded = () => classifyIpv4(bytes[12] * 2 ** 24 + bytes[13] * 2 ** 16 + bytes[14] * 2 ** 8 + bytes[15]);
  if (zeros(0, 15) && bytes[15] === 1) return 'loopback'; // ::1
  // IPv4-mapped ::ffff:a.b.c.d and IPv4-translated ::ffff:0:a.b.c.d
  if (zeros(0, 10) && bytes[10] === 255 && bytes[11] === 255) return embedded();
  if (zeros(0, 8) && bytes[8] === 255 && bytes[9] === 255 && zeros(10, 12)) return embedded();
  // IPv4-compatible ::a.b.c.d (deprecated, never public) and the unspecified address ::
  if (zeros(0, 12)) return embedded() === 'loopback' ? 'loopback' : 'blocked';
  if ((bytes[0] & 0xe0) !== 0x20) return 'blocked'; // outside global unicast 2000::/3
  return IPV6_BLOCKED_GLOBAL.check(address.replace(/%.*$/, ''), 'ipv6') ? 'blocked' : 'public';
}

/**
 * Why the gateway refuses a URL by its host as written (no DNS): the host is an address that is not
 * public (in any spelling), or a name of the local machine (`localhost`, `*.localhost`). Loopback is
 * allowed only when `allowLoopback` (the test-only setting). Undefined when the host is acceptable
 * as written (a host name is checked again, resolved, by the guarded fetcher) or the text is no URL.
 */
export function refusedUrlHost(raw: string, allowLoopback: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const v4 = parseIpv4(host);
  const literal = isIP(host) ? host : v4 !== undefined ? ipv4Text(v4) : undefined;
  if (!literal) {
    if (/^(.+\.)?localhost\.?$/i.test(host) && !allowLoopback) return `${host} names the local machine`;
    return undefined;
  }
  const kind = classifyAddress(literal);
  if (kind === 'public' || (kind === 'loopback' && allowLoopback)) return undefined;
  return `${literal} is ${kind === 'loopback' ? 'a loopback (local machine) address' : 'a private, link-local or reserved network address'}`;
}
