import { vi } from 'vitest';

/**
 * A stand-in browser for the site's stores under Vitest: an address (with history.replaceState
 * moving it), a localStorage holding a session token, location.assign recorded, and a fetch that
 * answers from the test's handler like the API (404 in the error shape when it has no answer).
 */

export type Answer = { status: number; body: unknown };
export type Handler = (method: string, path: string, body: unknown) => Answer | undefined;

export interface StandInBrowser {
  /** Every request the stores made, in order. */
  calls: { method: string; path: string; body: unknown }[];
  /** Every address handed to location.assign. */
  assigned: string[];
  /** The current address. */
  href(): string;
}

export function installStandInBrowser(address: string, answer: Handler): StandInBrowser {
  let href = address;
  const browser: StandInBrowser = { calls: [], assigned: [], href: () => href };
  const storage = new Map<string, string>([['access_token', 'tok']]);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, String(v)),
    removeItem: (k: string) => void storage.delete(k),
  });
  vi.stubGlobal('location', {
    get href() {
      return href;
    },
    get search() {
      return new URL(href).search;
    },
    get pathname() {
      return new URL(href).pathname;
    },
    assign: (url: string) => void browser.assigned.push(url),
  });
  vi.stubGlobal('history', { state: null, replaceState: (_s: unknown, _t: string, url: string) => void (href = new URL(url, href).href) });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = String(input);
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      browser.calls.push({ method, path, body });
      const reply = answer(method, path, body) ?? { status: 404, body: { message: 'Not found' } };
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return browser;
}
