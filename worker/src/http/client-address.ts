import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppContext } from '../app-context.ts';

/**
 * The address a request comes from, for sign-in throttling and per-address rate limits.
 *
 * - Node (`@hono/node-server`): the socket's remote address. A header there is whatever the caller
 *   wrote, so none is believed.
 * - Workers: the entry passes Cloudflare's `CF-Connecting-IP` as the `clientAddress` binding
 *   (Cloudflare sets that header itself and overwrites one sent by the client).
 * - Behind a reverse proxy (`TRUST_PROXY=true`): the proxy's `X-Forwarded-For` — its last entry,
 *   the one the proxy nearest to us appended, since earlier entries come from the client — or
 *   else `X-Real-IP`.
 */
export function clientAddress(c: Context<AppContext>): string {
  if (c.get('platform').env.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').pop()?.trim() || c.req.header('x-real-ip')?.trim();
    const address = forwarded ? normaliseAddress(forwarded) : null;
    if (address) return address;
  }
  const socket = socketAddress(c);
  if (socket) return normaliseAddress(socket) ?? 'unknown';
  const bound = c.env?.clientAddress;
  if (typeof bound === 'string' && bound) return normaliseAddress(bound) ?? 'unknown';
  return 'unknown';
}

/**
 * What limits and throttles count by: an IPv4 address as is, an IPv6 address by its /64 prefix,
 * since one subscriber usually holds a whole /64 and could otherwise step around every limit by
 * changing the low bits.
 */
export function clientKey(c: Context<AppContext>): string {
  return addressKey(clientAddress(c));
}

export function addressKey(address: string): string {
  if (!address.includes(':')) return address;
  const hextets = expandIpv6(address);
  return hextets ? `${hextets.slice(0, 4).join(':')}::/64` : address;
}

function socketAddress(c: Context<AppContext>): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // Not on Node: there is no socket to ask.
    return undefined;
  }
}

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const IPV6 = /^[0-9a-f:]{2,39}$/i;

/** An IPv4 address (also when IPv4-mapped) or an IPv6 address in lower case; null when neither. */
export function normaliseAddress(raw: string): string | null {
  let address = raw.trim();
  // A bracketed IPv6 address, or an IPv4 address with a port, as some proxies write them.
  if (address.startsWith('[')) address = address.slice(1, address.indexOf(']') > 0 ? address.indexOf(']') : undefined);
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.indexOf(':'));
  address = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) address = mapped[1]!;
  if (IPV4.test(address)) return address;
  return IPV6.test(address) && expandIpv6(address) ? address : null;
}

function expandIpv6(address: string): string[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const all = [...head, ...Array<string>(missing).fill('0'), ...tail];
  if (all.some((h) => !/^[0-9a-f]{1,4}$/.test(h))) return null;
  return all.map((h) => h.replace(/^0+(?=.)/, ''));
}
