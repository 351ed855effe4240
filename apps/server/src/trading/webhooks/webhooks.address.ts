import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { isLoopbackHost } from '@primeur/shared';

/**
 * Where a webhook may go (decision 1012), against server-side request forgery: a company must not make
 * the server call its own network (the database, the metadata service at 169.254.169.254, an admin
 * port on the loopback). An address is checked when the endpoint is saved AND before each delivery,
 * and the request connects to the very address that was checked (a name that resolved to a public
 * address at the check cannot lead elsewhere at the connection: DNS rebinding).
 */

/** The host's addresses (all of them: a name with one private address among public ones is refused). */
export type HostResolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const DNS_TIMEOUT_MS = 5_000;

export const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

export interface AddressPolicy {
  /** WEBHOOK_ALLOW_PRIVATE: every address allowed (a closed network). */
  allowPrivate: boolean;
  /** Not development or test: http:// and the local machine refused even when written as such. */
  production: boolean;
}

export type AddressRefusal = 'WEBHOOK_HTTPS_REQUIRED' | 'WEBHOOK_ADDRESS_REFUSED' | 'WEBHOOK_HOST_UNKNOWN';

export class AddressRefused extends Error {
  constructor(
    readonly code: AddressRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'AddressRefused';
  }
}

/** A checked destination: connect to `address`, speak to `hostname` (Host header, TLS name). */
export interface Target {
  url: URL;
  /** The host as written, without the brackets of an IPv6 literal. */
  hostname: string;
  address: string;
  family: 4 | 6;
}

const NOT_PUBLIC = new BlockList();
// IPv4: "this network", private (RFC 1918), shared address space (CGNAT), loopback, link-local (cloud
// metadata), IETF protocol assignments, documentation, 6to4 relay, benchmarking, multicast, reserved, broadcast.
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
// IPv6: unspecified, loopback, NAT64 and its local prefix (an IPv4 inside), discard, IETF assignments
// (Teredo among them), documentation, 6to4 (an IPv4 inside), unique local (fc00::/7), link-local,
// the old site-local, multicast.
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

/** An IPv4 written as IPv6 (::ffff:a.b.c.d, also in hex) is judged as the IPv4 it is. */
function unmapped(address: string): { address: string; family: 4 | 6 } {
  if (isIP(address) === 4) return { address, family: 4 };
  const m = /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (m) {
    const hi = parseInt(m[1]!, 16);
    const lo = parseInt(m[2]!, 16);
    return { address: `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, family: 4 };
  }
  const dotted = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted && isIP(dotted[1]!) === 4) return { address: dotted[1]!, family: 4 };
  return { address, family: 6 };
}

/** `public`, `loopback` (127/8, ::1) or `private` (every other range above). */
export function classify(address: string): 'public' | 'loopback' | 'private' {
  const a = unmapped(address);
  if (a.family === 4 ? a.address.startsWith('127.') : a.address === '::1') return 'loopback';
  return NOT_PUBLIC.check(a.address, a.family === 4 ? 'ipv4' : 'ipv6') ? 'private' : 'public';
}

const bare = (hostname: string) => (hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname);

/**
 * Whether an address may be called: a public one always; a private one only with WEBHOOK_ALLOW_PRIVATE;
 * the loopback also in development when the URL names the local machine itself (`localhost`,
 * `127.0.0.1`, `[::1]`), never through another name that resolves to it.
 */
function allowed(address: string, url: URL, policy: AddressPolicy) {
  if (policy.allowPrivate) return true;
  const kind = classify(address);
  if (kind === 'public') return true;
  return kind === 'loopback' && !policy.production && isLoopbackHost(url.hostname);
}

async function resolveWithin(resolve: HostResolver, hostname: string) {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      resolve(hostname),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('DNS timeout')), DNS_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks an endpoint's address and answers where to connect, or throws `AddressRefused`. The URL has
 * passed the shared schema (absolute http(s), no credentials, at most 2000 characters).
 */
export async function vet(raw: string, policy: AddressPolicy, resolve: HostResolver): Promise<Target> {
  const url = new URL(raw);
  const hostname = bare(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !policy.production && isLoopbackHost(url.hostname)))
    throw new AddressRefused('WEBHOOK_HTTPS_REQUIRED', 'The address must start with https://.');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(hostname)) addresses = [{ address: hostname, family: isIP(hostname) }];
  else {
    try {
      addresses = await resolveWithin(resolve, hostname);
    } catch {
      addresses = [];
    }
    if (!addresses.length) throw new AddressRefused('WEBHOOK_HOST_UNKNOWN', `The host ${hostname} could not be resolved.`);
  }
  const refused = addresses.find((a) => !allowed(a.address, url, policy));
  if (refused) throw new AddressRefused('WEBHOOK_ADDRESS_REFUSED', `The host ${hostname} leads to ${refused.address}, a ${classify(refused.address)} address.`);
  const first = addresses[0]!;
  return { url, hostname, address: first.address, family: first.family === 6 ? 6 : 4 };
}
