import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../app-context.ts';
import type { Platform } from '../platform/context.ts';
import { parseEnv } from '../platform/env.ts';
import { addressKey, clientAddress, clientKey, normaliseAddress } from './client-address.ts';

/** A bare app that answers the address and key it sees; the platform carries only the env. */
function probe(env: Record<string, string> = {}) {
  const platform = { env: parseEnv({ APP_ENV: 'test', ...env }) } as Platform;
  const app = new Hono<AppContext>()
    .use('*', async (c, next) => {
      c.set('platform', platform);
      await next();
    })
    .get('/', (c) => c.json({ address: clientAddress(c), key: clientKey(c) }));
  return async (headers: Record<string, string>, bindings: Record<string, unknown> = {}) => {
    const res = await app.request('/', { headers }, { platform, ...bindings });
    return (await res.json()) as { address: string; key: string };
  };
}

const nodeSocket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
const FORGED = { 'cf-connecting-ip': '1.1.1.1', 'x-forwarded-for': '2.2.2.2', 'x-real-ip': '3.3.3.3' };

describe('client address', () => {
  it('on Node is the socket address; headers a caller wrote are ignored', async () => {
    const ask = probe();
    expect(await ask(FORGED, nodeSocket('::ffff:192.0.2.10'))).toEqual({ address: '192.0.2.10', key: '192.0.2.10' });
  });

  it('on Workers is the address the entry passes from CF-Connecting-IP, never a header the app reads itself', async () => {
    const ask = probe();
    expect(await ask(FORGED, { clientAddress: '198.51.100.4' })).toEqual({ address: '198.51.100.4', key: '198.51.100.4' });
    expect(await ask(FORGED)).toEqual({ address: 'unknown', key: 'unknown' });
  });

  it('behind a trusted proxy is the last X-Forwarded-For entry, else X-Real-IP', async () => {
    const ask = probe({ TRUST_PROXY: 'true' });
    const socket = nodeSocket('10.0.0.2');
    expect((await ask({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9' }, socket)).address).toBe('203.0.113.9');
    expect((await ask({ 'x-real-ip': '203.0.113.10' }, socket)).address).toBe('203.0.113.10');
    expect((await ask({ 'x-forwarded-for': 'garbage' }, socket)).address).toBe('10.0.0.2');
    expect((await ask({}, socket)).address).toBe('10.0.0.2');
  });

  it('counts IPv6 clients by their /64', async () => {
    const ask = probe();
    expect(await ask({}, nodeSocket('2001:db8:1:2:aaaa::1'))).toEqual({ address: '2001:db8:1:2:aaaa::1', key: '2001:db8:1:2::/64' });
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
  });

  it('normalises what proxies write and refuses what is no address', () => {
    expect(normaliseAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normaliseAddress('192.0.2.1:8080')).toBe('192.0.2.1');
    expect(normaliseAddress('fe80::1%eth0')).toBe('fe80::1');
    for (const bad of ['', 'unknown', '999.1.1.1', '1:2:3', 'a::b::c', '<script>']) expect(normaliseAddress(bad)).toBeNull();
  });
});
