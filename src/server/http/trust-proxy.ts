import { isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';

/**
 * Which hops in front of the portal may write X-Forwarded-For (decision 184): none, the nearest
 * `hops` addresses, or the proxies at the named addresses and ranges. The client is the right-most
 * address that is not a trusted proxy, so entries a client writes on the left change nothing.
 */
export type TrustedProxies =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'addresses'; addresses: readonly string[] };

/** proxy-addr's names for the loopback, link-local and private (unique-local) ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

/** `10.0.0.1`, `10.0.0.0/8`, `fd00::/8`, `10.0.0.0/255.0.0.0`, or a named range. */
function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(prefix) === 4;
}

/**
 * Reads TRUST_PROXY. `true` is refused: it trusted every entry of the header, which the client
 * writes, so rotating it gave every guess a fresh client address.
 */
export function parseTrustedProxies(value: string): TrustedProxies | { problem: string } {
  const text = value.trim().toLowerCase();
  if (['', 'false', '0', 'no'].includes(text)) return { kind: 'none' };
  if (['true', 'yes'].includes(text)) {
    return {
      problem:
        "'true' would trust every X-Forwarded-For entry, which clients write; set the number of proxies in front of the portal (1, 2) or their addresses and CIDR ranges (10.0.0.0/8,fd00::/8)",
    };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) return { problem: `a hop count of 1 to ${MAX_HOPS}` };
    return { kind: 'hops', hops };
  }
  const addresses = text.split(',').map((entry) => entry.trim());
  const bad = addresses.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    return {
      problem: `not a hop count nor a list of addresses and CIDR ranges: ${bad.map((entry) => `'${entry}'`).join(', ')}`,
    };
  }
  return { kind: 'addresses', addresses };
}

/**
 * Fastify's trustProxy for the setting. Fastify no longer takes a bare hop count (it could not
 * tell a proxy from a client that connects directly), so hops become its documented trust
 * function: the nearest `hops` peers are proxies, whatever their address.
 */
export function fastifyTrustProxy(trusted: TrustedProxies): FastifyServerOptions['trustProxy'] {
  if (trusted.kind === 'none') return false;
  if (trusted.kind === 'addresses') return [...trusted.addresses];
  const { hops } = trusted;
  return (_address: string, hop: number) => hop < hops;
}
