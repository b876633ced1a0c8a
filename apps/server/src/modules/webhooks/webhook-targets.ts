import dns from 'node:dns';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

/**
 * SSRF guard for webhook addresses: a tenant must not make the server call its own loopback, the cloud
 * metadata address or the private network behind it. Checked on the literal host when a subscription is
 * saved, and on the address actually connected to at delivery time (a name may resolve elsewhere later:
 * DNS rebinding), unless the operator allows private targets (WEBHOOK_ALLOW_PRIVATE_TARGETS).
 */

const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) blocked.addSubnet(net6, prefix, 'ipv6');

/** Whether an IP literal is loopback, private, link-local, unspecified or otherwise not a public host. */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '');
  const family = net.isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    // IPv4-mapped (::ffff:127.0.0.1) reaches the IPv4 host: judge the IPv4 part.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(bare, 'ipv6');
  }
  return false;
}

export const PRIVATE_TARGET_MESSAGE = 'The address points to a loopback or private network, which webhooks may not call';

/** Save-time check of an address's host as written: an IP literal in a private range, or a localhost name. */
export function privateTargetProblem(address: string): string | null {
  let host: string;
  try {
    host = new URL(address).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null; // the format check reports it
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return PRIVATE_TARGET_MESSAGE;
  return isPrivateAddress(host) ? PRIVATE_TARGET_MESSAGE : null;
}

export class PrivateTargetError extends Error {
  constructor(address: string) {
    super(`${PRIVATE_TARGET_MESSAGE} (${address})`);
    this.name = 'PrivateTargetError';
  }
}

/**
 * A net/http `lookup` that refuses private results, so the check applies to the very address the socket
 * connects to (no window between checking and connecting).
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(new PrivateTargetError(bad.address), '', 0);
    if (!list.length) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};
