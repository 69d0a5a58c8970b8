/**
 * The one outbound-address policy: every connection the server opens on a user's behalf (data
 * sources, model providers, and later HTTP steps) checks the address it actually connects to.
 *
 * - Always refused: link-local (cloud metadata at 169.254.169.254), unspecified, broadcast,
 *   multicast and reserved addresses, whatever the settings say.
 * - Public addresses are always allowed.
 * - Loopback and private ranges are allowed per purpose by two instance settings:
 *   OUTBOUND_DATABASE_NETWORKS (default `private,loopback`: teams connect to their own
 *   databases, often on the same machine), OUTBOUND_HTTP_NETWORKS (default `public`: none) and
 *   OUTBOUND_MODEL_NETWORKS (model providers; default `public`: none), plus
 *   OUTBOUND_ALLOWED_HOSTS (host names, addresses or CIDR ranges allowed for every purpose).
 *
 * Names are resolved once and the connection goes to the checked address (`pinnedSocket`,
 * `guardedLookup`), so a name that resolves elsewhere on a second lookup (DNS rebinding) gains
 * nothing. Every spelling of an address (`127.1`, `2130706433`, `0x7f000001`, `[::ffff:7f00:1]`)
 * reaches the check as the address the system would connect to.
 */
import dns from 'node:dns';
import net from 'node:net';

export type NetworkKind = 'public' | 'private' | 'loopback';
export type OutboundPurpose = 'database' | 'http' | 'model';

/** Plain data (it crosses into query worker threads). */
export interface OutboundPolicy {
  database: NetworkKind[];
  http: NetworkKind[];
  /** Model providers (OpenAI-compatible APIs). */
  model: NetworkKind[];
  /** Host names (lower case), addresses or CIDR ranges allowed for every purpose. */
  allowedHosts: string[];
}

export const DEFAULT_OUTBOUND_POLICY: OutboundPolicy = {
  database: ['public', 'private', 'loopback'],
  http: ['public'],
  model: ['public'],
  allowedHosts: [],
};

type Classification = NetworkKind | 'forbidden';

function blockList(ranges: [string, number, 'ipv4' | 'ipv6'][]) {
  const list = new net.BlockList();
  for (const [address, prefix, family] of ranges) list.addSubnet(address, prefix, family);
  return list;
}

const FORBIDDEN = blockList([
  ['0.0.0.0', 8, 'ipv4'], // "this network", with the unspecified 0.0.0.0
  ['169.254.0.0', 16, 'ipv4'], // link-local: cloud metadata services
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, with the broadcast 255.255.255.255
  ['::', 128, 'ipv6'], // unspecified
  ['fe80::', 10, 'ipv6'], // link-local
  ['ff00::', 8, 'ipv6'], // multicast
  ['64:ff9b::', 96, 'ipv6'], // NAT64: an IPv4 address in disguise
  ['2002::', 16, 'ipv6'], // 6to4: likewise
]);
const LOOPBACK = blockList([
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
]);
const PRIVATE = blockList([
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['198.18.0.0', 15, 'ipv4'], // benchmarking networks
  ['fc00::', 7, 'ipv6'], // unique local
]);

/** `::ffff:127.0.0.1` and `::ffff:7f00:1` are IPv4 addresses. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (net.isIPv4(bare)) return { address: bare, family: 'ipv4' };
  const mapped = /^(?:0*:)*:?ffff:(.+)$/.exec(bare)?.[1];
  if (mapped && net.isIPv6(bare)) {
    if (net.isIPv4(mapped)) return { address: mapped, family: 'ipv4' };
    const [high, low] = mapped.split(':').map((part) => parseInt(part, 16));
    if (high !== undefined && low !== undefined && !Number.isNaN(high) && !Number.isNaN(low)) {
      return {
        address: [high >> 8, high & 255, low >> 8, low & 255].join('.'),
        family: 'ipv4',
      };
    }
  }
  return { address: bare, family: 'ipv6' };
}

export function classifyAddress(address: string): Classification {
  const ip = unmapped(address);
  if (FORBIDDEN.check(ip.address, ip.family)) return 'forbidden';
  if (LOOPBACK.check(ip.address, ip.family)) return 'loopback';
  if (PRIVATE.check(ip.address, ip.family)) return 'private';
  return 'public';
}

/** Refused by the policy; the message names the host, never the port or what listens there. */
export class AddressNotAllowedError extends Error {
  readonly code = 'ADDRESS_NOT_ALLOWED';
  readonly host: string;
  readonly kind: Classification;

  constructor(host: string, kind: Classification) {
    super(
      kind === 'forbidden'
        ? `Connections to "${host}" are not allowed: it is a link-local, multicast or reserved address.`
        : `Connections to "${host}" are not allowed: it is a ${kind === 'loopback' ? 'loopback (this machine)' : 'private network'} address. An administrator can allow it in the instance settings.`,
    );
    this.name = 'AddressNotAllowedError';
    this.host = host;
    this.kind = kind;
  }
}

function allowListed(policy: OutboundPolicy, host: string, address: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  const ip = unmapped(address);
  for (const entry of policy.allowedHosts) {
    if (entry === name) return true;
    const [range, prefix] = entry.split('/');
    if (!range || !net.isIP(range)) continue;
    const family = net.isIPv4(range) ? 'ipv4' : 'ipv6';
    const bits = prefix === undefined ? (family === 'ipv4' ? 32 : 128) : Number(prefix);
    try {
      if (blockList([[range, bits, family]]).check(ip.address, ip.family)) return true;
    } catch {
      // A malformed range was refused by the configuration already.
    }
  }
  return false;
}

/** Throws AddressNotAllowedError unless `address` (which `host` resolved to) may be reached. */
export function checkAddress(
  policy: OutboundPolicy,
  purpose: OutboundPurpose,
  host: string,
  address: string,
): void {
  const kind = classifyAddress(address);
  if (kind === 'forbidden') throw new AddressNotAllowedError(host, kind);
  if (kind === 'public' || policy[purpose].includes(kind)) return;
  if (allowListed(policy, host, address)) return;
  throw new AddressNotAllowedError(host, kind);
}

/** Resolves `host` the way a connection would and checks every address; the first is used. */
export async function resolveAllowed(
  policy: OutboundPolicy,
  purpose: OutboundPurpose,
  host: string,
): Promise<{ address: string; family: 4 | 6 }> {
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(bare)
    ? [{ address: bare, family: net.isIPv4(bare) ? 4 : 6 }]
    : await dns.promises.lookup(bare, { all: true });
  if (addresses.length === 0)
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  for (const { address } of addresses) checkAddress(policy, purpose, host, address);
  const [first] = addresses;
  return { address: first!.address, family: first!.family === 6 ? 6 : 4 };
}

/** A `lookup` for sockets (and undici's connector) that only answers with allowed addresses. */
export function guardedLookup(
  policy: OutboundPolicy,
  purpose: OutboundPurpose,
): net.LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(policy, purpose, hostname).then(
      ({ address, family }) => {
        if ((options as dns.LookupOptions).all) {
          (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, [
            { address, family },
          ]);
        } else callback(null, address, family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/**
 * An unconnected socket whose `connect(port, host)` goes to `address` (already checked). The
 * drivers keep the host name for TLS (server name and certificate check).
 */
export function pinnedSocket(address: string): net.Socket {
  const socket = new net.Socket();
  const connect = socket.connect.bind(socket) as (port: number, host: string) => net.Socket;
  (socket as unknown as { connect: (port: number) => net.Socket }).connect = (port: number) =>
    connect(port, address);
  return socket;
}

const KINDS = new Set<NetworkKind>(['public', 'private', 'loopback']);

/** `private,loopback` → the kinds; public is always allowed. Throws on an unknown word. */
export function parseNetworks(value: string): NetworkKind[] {
  const kinds = value
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter(Boolean);
  for (const kind of kinds) {
    if (!KINDS.has(kind as NetworkKind)) throw new Error(`unknown network "${kind}"`);
  }
  return [...new Set<NetworkKind>(['public', ...(kinds as NetworkKind[])])];
}

/** `db.internal, 10.0.0.0/8, 192.168.1.20` → lower-case entries. Throws on a bad range. */
export function parseAllowedHosts(value: string): string[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  for (const entry of entries) {
    const [range, prefix, extra] = entry.split('/');
    if (prefix === undefined) continue;
    const max = net.isIPv4(range ?? '') ? 32 : net.isIPv6(range ?? '') ? 128 : -1;
    if (extra !== undefined || max < 0 || !/^\d+$/.test(prefix) || Number(prefix) > max) {
      throw new Error(`"${entry}" is not an address range`);
    }
  }
  return entries;
}
